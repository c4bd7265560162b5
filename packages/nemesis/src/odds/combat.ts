import { injuriesFromFace } from '../combat/combat-die.js';
import {
  countShot,
  isShotRule,
  overchargeOffered,
  rerollsAllowed,
} from '../combat/weapon-rules.js';
import type { IntruderKind } from '../content/effects.js';
import type { ContentPack, Modifier } from '../content/index.js';
import type { CombatFace } from '../content/schema.js';
import type { Tables } from '../content/tables.js';
import { type AttackDeckState, everyDraw } from './attack-deck.js';
import { clampProbability, Distribution } from './distribution.js';

/**
 * Exact odds of a Shoot or a Melee Attack on one Intruder: each face of the
 * Combat die, the injuries it deals, then the death check drawn from the
 * Intruder Attack deck as it stands, exactly as the rules code resolves them.
 *
 * A Shoot counts the weapon's own rules as the engine does (the same
 * count, combat/weapon-rules.ts). Where the weapon leaves the shooter a
 * choice, the odds take the best one: a re-roll is taken when rolling again
 * gives a better chance to kill (on a tie, more Injuries expected; on a
 * further tie the roll is kept), and the Prototype Rifle's extra ammo is
 * always spent when there is one to spend (`ammo` says how many rounds the
 * weapon holds before the shot; unknown means enough).
 */
export type WeaponRulesMode = 'engine' | 'card';

export interface CombatQuestion {
  attack: 'shoot' | 'melee';
  /** The weapon shot with (ignored for Melee). */
  weapon?: string;
  kind: IntruderKind;
  /** Injuries the Intruder already has. */
  injuries: number;
  deck: AttackDeckState;
  /**
   * Kept for callers that asked for the card's rules: the engine now reads
   * them, so both modes give the same odds.
   */
  weaponRules?: WeaponRulesMode;
  /** Ammo on the weapon before the shot; unknown means enough for every choice. */
  ammo?: number;
}

export type DeathCheckOutcome = 'dead' | 'retreats' | 'stays';

export interface FaceOdds {
  face: CombatFace;
  p: number;
  injuries: number;
}

export interface CombatOdds {
  attack: 'shoot' | 'melee';
  weapon: string | null;
  kind: IntruderKind;
  injuries: number;
  /** The mode asked for; both count the weapon's rules as the engine does. */
  weapon_rules: WeaponRulesMode;
  /** Weapon rules these odds leave out: none the engine applies to a shot. */
  weapon_rules_left_out: string[];
  faces: FaceOdds[];
  p_hit: number;
  p_dead: number;
  p_retreats: number;
  p_stays: number;
  /** Melee: the Serious Wound a miss costs the attacker. */
  p_serious_wound: number;
  /** Shoot: the chance the shot sets the shooter's room on fire (the Flamethrower). */
  p_fire: number;
}

/** A weapon's rules, from a character's weapon or an item that is one. */
export function weaponRulesOf(pack: ContentPack, weapon: string): readonly Modifier[] {
  const found = pack.lookup.weapon[weapon]?.rules ?? pack.lookup.item[weapon]?.weapon?.rules;
  if (found === undefined) throw new RangeError(`there is no weapon "${weapon}"`);
  return found;
}

/** One way a shot can end: the face kept, the injuries and whether it set a fire. */
interface ShotEnd {
  face: CombatFace;
  injuries: number;
  fire: boolean;
}

/** What a kept face is worth to the shooter: the chance to kill, then the injuries. */
interface Worth {
  dead: number;
  injuries: number;
}

const tolerance = 1e-12;

function better(a: Worth, b: Worth): boolean {
  if (a.dead > b.dead + tolerance) return true;
  if (a.dead < b.dead - tolerance) return false;
  return a.injuries > b.injuries + tolerance;
}

/**
 * Every way the shot can end, with its chance. Each kept face is counted
 * with the weapon's rules; a re-roll is taken only when it is worth more
 * than the face showing.
 */
function shotEnds(
  tables: Tables,
  question: CombatQuestion,
  rules: readonly Modifier[],
): { end: ShotEnd; p: number }[] {
  const faces = tables.combatFaces;
  // The shot itself spends one round; the overcharge needs another.
  const spare = question.ammo === undefined ? true : question.ammo >= 2;
  const endOf = (face: CombatFace): ShotEnd => {
    if (question.attack === 'melee')
      return { face, injuries: injuriesFromFace(face, question.kind, 'melee'), fire: false };
    const overcharged = spare && overchargeOffered(rules, face);
    const shot = countShot(face, question.kind, rules, overcharged);
    return { face, injuries: shot.injuries, fire: shot.fire };
  };
  const deadChance = (injuries: number) =>
    injuries === 0
      ? 0
      : deathCheckOdds(tables, question.kind, question.injuries + injuries, question.deck)
          .filter((check) => check.outcome === 'dead')
          .reduce((sum, check) => sum + check.p, 0);
  const kept = new Map<CombatFace, Worth>();
  for (const face of faces) {
    const injuries = endOf(face).injuries;
    kept.set(face, { dead: deadChance(injuries), injuries });
  }
  // What rolling again is worth with `left` re-rolls still allowed after it.
  const rerollWorth = (left: number): Worth => {
    const worth = { dead: 0, injuries: 0 };
    for (const face of faces) {
      const value = bestWorth(face, left);
      worth.dead += value.dead / faces.length;
      worth.injuries += value.injuries / faces.length;
    }
    return worth;
  };
  const bestWorth = (face: CombatFace, left: number): Worth => {
    const keep = kept.get(face)!;
    if (left === 0) return keep;
    const again = rerollWorth(left - 1);
    return better(again, keep) ? again : keep;
  };
  const ends: { end: ShotEnd; p: number }[] = [];
  const roll = (p: number, left: number) => {
    for (const face of faces) {
      if (left > 0 && better(rerollWorth(left - 1), kept.get(face)!))
        roll(p / faces.length, left - 1);
      else ends.push({ end: endOf(face), p: p / faces.length });
    }
  };
  roll(1, question.attack === 'shoot' ? rerollsAllowed(rules) : 0);
  return ends;
}

/** The death check after an Intruder has this many injuries in all. */
export function deathCheckOdds(
  tables: Tables,
  kind: IntruderKind,
  injuries: number,
  deck: AttackDeckState,
): { outcome: DeathCheckOutcome; p: number; deck: AttackDeckState }[] {
  if (injuries <= 0) return [{ outcome: 'stays', p: 1, deck }];
  const cards = tables.intruderKinds.get(kind)?.deathCards ?? 0;
  if (cards === 0) return [{ outcome: 'dead', p: 1, deck }];
  return everyDraw(deck, cards, 'after').map((drawn) => {
    let blood = 0;
    let bloodShown = false;
    let retreat = false;
    for (const card of drawn.cards) {
      const value = tables.attackCards.get(card)!.blood;
      if (value === 'retreat') retreat = true;
      else {
        blood += value;
        bloodShown = true;
      }
    }
    const outcome: DeathCheckOutcome = retreat
      ? 'retreats'
      : bloodShown && blood <= injuries
        ? 'dead'
        : 'stays';
    return { outcome, p: drawn.p, deck: drawn.deck };
  });
}

export function combatOdds(
  pack: ContentPack,
  tables: Tables,
  question: CombatQuestion,
): CombatOdds {
  if (!tables.intruderKinds.has(question.kind))
    throw new RangeError(`there is no Intruder kind "${question.kind}"`);
  if (!Number.isInteger(question.injuries) || question.injuries < 0)
    throw new RangeError(`injuries must be a whole number from 0, not ${question.injuries}`);
  if (question.ammo !== undefined && (!Number.isInteger(question.ammo) || question.ammo < 1))
    throw new RangeError(`ammo must be a whole number from 1, not ${question.ammo}`);
  const mode = question.weaponRules ?? 'engine';
  let rules: readonly Modifier[] = [];
  if (question.attack === 'shoot') {
    if (question.weapon === undefined) throw new RangeError('a Shoot needs a weapon');
    rules = weaponRulesOf(pack, question.weapon);
  }
  const leftOut = rules
    .filter((rule) => !isShotRule(rule))
    .map((rule) => (rule.kind === 'bespoke' ? rule.rule : rule.kind));
  const faces = new Distribution<{ face: CombatFace; injuries: number }>(
    (entry) => `${entry.face}/${entry.injuries}`,
  );
  const outcomes = new Distribution<DeathCheckOutcome>((outcome) => outcome);
  let hit = 0;
  let fire = 0;
  for (const { end, p } of shotEnds(tables, question, rules)) {
    faces.add({ face: end.face, injuries: end.injuries }, p);
    if (end.injuries > 0) hit += p;
    if (end.fire) fire += p;
    for (const check of deathCheckOdds(
      tables,
      question.kind,
      end.injuries === 0 ? 0 : question.injuries + end.injuries,
      question.deck,
    ))
      outcomes.add(check.outcome, p * check.p);
  }
  return {
    attack: question.attack,
    weapon: question.attack === 'shoot' ? question.weapon! : null,
    kind: question.kind,
    injuries: question.injuries,
    weapon_rules: mode,
    weapon_rules_left_out: leftOut,
    faces: faces.entries().map(({ value, p }) => ({ ...value, p })),
    p_hit: clampProbability(hit),
    p_dead: outcomes.chance((outcome) => outcome === 'dead'),
    p_retreats: outcomes.chance((outcome) => outcome === 'retreats'),
    p_stays: outcomes.chance((outcome) => outcome === 'stays'),
    p_serious_wound: question.attack === 'melee' ? clampProbability(1 - hit) : 0,
    p_fire: clampProbability(fire),
  };
}
