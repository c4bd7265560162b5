import type { Modifier, ModifierOf } from '../content/effects.js';
import { announce, type Game } from '../vocabulary/game.js';

/**
 * The Weaknesses in force: the rule of every Weakness card revealed on the
 * Intruder board. Each rule is read where it matters (a death check, a
 * Surprise Attack, a door), so a card revealed mid-game changes the very next
 * roll; face-down cards change nothing.
 */
export function weaknessesInForce<K extends Modifier['kind']>(
  game: Game,
  kind: K,
): ModifierOf<K>[] {
  const rules: ModifierOf<K>[] = [];
  for (const weakness of game.state.weaknesses) {
    if (!weakness.revealed) continue;
    const rule = game.tables.weaknessEffects.get(weakness.card);
    if (rule && isKind(rule, kind)) rules.push(rule);
  }
  return rules;
}

/**
 * A revealed Weakness changed an outcome (a roll, a door, a wound): the table
 * is told which, as openly as the outcome itself, so the log says why it went
 * that way. Called only where the rule made a difference, never where it
 * merely stood in force.
 */
export function weaknessApplies(game: Game, rule: Modifier, what: string): void {
  // The rules in force are the pack's own objects, so the card is found by identity.
  for (const [card, effect] of game.tables.weaknessEffects) {
    if (effect !== rule) continue;
    announce(game, 'weakness-applies', `The Weakness ${card}: ${what}`, { weakness: card });
    return;
  }
}

/** Tells the table each revealed Weakness of this kind changed the outcome at hand. */
export function weaknessesOfKindApply(game: Game, kind: Modifier['kind'], what: string): void {
  for (const rule of weaknessesInForce(game, kind)) weaknessApplies(game, rule, what);
}

function isKind<K extends Modifier['kind']>(rule: Modifier, kind: K): rule is ModifierOf<K> {
  return rule.kind === kind;
}

/** The Injuries one instance of Fire deals an Intruder. */
export function fireInjuries(game: Game): number {
  return weaknessesInForce(game, 'fire-injury').reduce((total, rule) => total + rule.extra, 1);
}

/** The token number a hand is compared with for a Surprise Attack. */
export function surpriseAttackNumber(game: Game, printed: number): number {
  return weaknessesInForce(game, 'surprise-attack-number').reduce(
    (number, rule) => Math.max(rule.minimum, number + rule.change),
    printed,
  );
}

/** Whether an Intruder of this kind breaks a closed door it meets (else it is stopped and the door holds). */
export function breaksDoors(game: Game, kind: string): boolean {
  return weaknessesInForce(game, 'doors-broken-by').every((rule) => rule.intruders.includes(kind));
}

/** The blood a death check must show at most, against the Intruder's injuries. */
export function killThresholdChange(game: Game): number {
  return weaknessesInForce(game, 'kill-threshold').reduce((total, rule) => total + rule.change, 0);
}

/** An Intruder of this kind was stopped by a closed door it would have broken but for a Weakness. */
export function doorHeldByWeakness(game: Game, kind: string): void {
  for (const rule of weaknessesInForce(game, 'doors-broken-by'))
    if (!rule.intruders.includes(kind))
      weaknessApplies(game, rule, `a ${kind} is stopped by a closed door`);
}

/**
 * The Weaknesses that bend a shot at this target with a weapon of this type:
 * a face read as another against some Intruders (Vital Places), more Injury
 * from one type of weapon (Vulnerability to Energy). They join the weapon's
 * own rules when the shot is counted.
 */
export function weaknessesOnShot(
  game: Game,
  target: string,
  weaponType: 'energy' | 'classic' | undefined,
): Modifier[] {
  return [
    ...faceWeaknessesAgainst(game, target),
    ...weaknessesInForce(game, 'extra-injury').filter(
      (rule) => rule.weapon === undefined || rule.weapon === weaponType,
    ),
  ];
}

/**
 * The Weaknesses that read a Combat die face as another against this target
 * (Vital Places: a blank is a single crosshair against Adults). A Melee
 * Attack rolls the same Combat die as a shot and reads the same results
 * table, so these hold in both; a Weakness tied to a weapon's type
 * (Vulnerability to Energy) needs a weapon, and a Melee has none.
 */
export function faceWeaknessesAgainst(game: Game, target: string): ModifierOf<'face-counts-as'>[] {
  return weaknessesInForce(game, 'face-counts-as').filter(
    (rule) => rule.against === undefined || rule.against.includes(target),
  );
}
