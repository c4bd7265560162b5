import { injuriesFromFace } from '../combat/shoot.js';
import type { ContentPack, Modifier } from '../content/index.js';
import type { CombatFace, Tables } from '../content/tables.js';
import type { IntruderKind } from '../flow/state.js';
import { type AttackDeckState, everyDraw } from './attack-deck.js';
import { clampProbability, Distribution } from './distribution.js';

/**
 * Exact odds of a Shoot or a Melee Attack on one Intruder: each face of the
 * Combat die, the injuries it deals, then the death check drawn from the
 * Intruder Attack deck as it stands, exactly as the rules code resolves them.
 *
 * A weapon's own rules (from the content pack) are counted only when asked
 * (`weaponRules: 'card'`): the Shoot the engine resolves today reads no
 * weapon rule, so by default the odds are the engine's.
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
  weaponRules?: WeaponRulesMode;
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
  /** `engine`: as the engine resolves it (no weapon rule); `card`: the weapon's rules as its card states them. */
  weapon_rules: WeaponRulesMode;
  /** Weapon rules these odds leave out (none the engine applies; bespoke ones in `card` mode). */
  weapon_rules_left_out: string[];
  faces: FaceOdds[];
  p_hit: number;
  p_dead: number;
  p_retreats: number;
  p_stays: number;
  /** Melee: the Serious Wound a miss costs the attacker. */
  p_serious_wound: number;
}

/** A weapon's rules, from a character's weapon or an item that is one. */
export function weaponRulesOf(pack: ContentPack, weapon: string): readonly Modifier[] {
  const found = pack.lookup.weapon[weapon]?.rules ?? pack.lookup.item[weapon]?.weapon?.rules;
  if (found === undefined) throw new RangeError(`there is no weapon "${weapon}"`);
  return found;
}

const countedRules = new Set(['face-counts-as', 'extra-injury', 'minimum-injury', 'combat-reroll']);

/** Injuries one rolled face deals, with the weapon's rules read as the card states them. */
function injuriesWithRules(
  rolled: CombatFace,
  kind: IntruderKind,
  rules: readonly Modifier[],
): number {
  let face = rolled;
  for (const rule of rules)
    if (rule.kind === 'face-counts-as' && rule.from === face) face = rule.to as CombatFace;
  let injuries = injuriesFromFace(face, kind, 'shoot');
  for (const rule of rules) {
    if (rule.kind === 'minimum-injury' && !rule.exceptFaces.includes(rolled))
      injuries = Math.max(injuries, rule.amount);
  }
  for (const rule of rules) {
    if (rule.kind !== 'extra-injury') continue;
    if (rule.when === 'wounding-hit' && injuries > 0) injuries += rule.amount;
    if (rule.when === 'face' && rule.faces?.includes(rolled)) injuries += rule.amount;
  }
  return injuries;
}

/** Each face with its chance and injuries; a weapon's re-roll is taken on any roll that misses. */
function faceOdds(
  tables: Tables,
  question: CombatQuestion,
  rules: readonly Modifier[],
): FaceOdds[] {
  const faces = tables.combatFaces;
  const injuriesOf = (face: CombatFace) =>
    rules.length === 0
      ? injuriesFromFace(face, question.kind, question.attack)
      : injuriesWithRules(face, question.kind, rules);
  let rerolls = 0;
  for (const rule of rules) if (rule.kind === 'combat-reroll') rerolls += rule.times;
  const odds = new Distribution<{ face: CombatFace; injuries: number }>(
    (entry) => `${entry.face}/${entry.injuries}`,
  );
  const roll = (p: number, rerollsLeft: number) => {
    for (const face of faces) {
      const injuries = injuriesOf(face);
      if (injuries === 0 && rerollsLeft > 0) roll(p / faces.length, rerollsLeft - 1);
      else odds.add({ face, injuries }, p / faces.length);
    }
  };
  roll(1, rerolls);
  return odds.entries().map(({ value, p }) => ({ ...value, p }));
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
    const outcome: DeathCheckOutcome =
      bloodShown && blood <= injuries ? 'dead' : retreat ? 'retreats' : 'stays';
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
  const mode = question.weaponRules ?? 'engine';
  let rules: readonly Modifier[] = [];
  let leftOut: string[] = [];
  if (question.attack === 'shoot') {
    if (question.weapon === undefined) throw new RangeError('a Shoot needs a weapon');
    const all = weaponRulesOf(pack, question.weapon);
    rules = mode === 'card' ? all.filter((rule) => countedRules.has(rule.kind)) : [];
    leftOut = all
      .filter((rule) => !rules.includes(rule))
      .map((rule) => (rule.kind === 'bespoke' ? rule.rule : rule.kind));
  }
  const faces = faceOdds(tables, question, rules);
  const outcomes = new Distribution<DeathCheckOutcome>((outcome) => outcome);
  let hit = 0;
  for (const face of faces) {
    if (face.injuries > 0) hit += face.p;
    for (const check of deathCheckOdds(
      tables,
      question.kind,
      face.injuries === 0 ? 0 : question.injuries + face.injuries,
      question.deck,
    ))
      outcomes.add(check.outcome, face.p * check.p);
  }
  return {
    attack: question.attack,
    weapon: question.attack === 'shoot' ? question.weapon! : null,
    kind: question.kind,
    injuries: question.injuries,
    weapon_rules: mode,
    weapon_rules_left_out: leftOut,
    faces,
    p_hit: clampProbability(hit),
    p_dead: outcomes.chance((outcome) => outcome === 'dead'),
    p_retreats: outcomes.chance((outcome) => outcome === 'retreats'),
    p_stays: outcomes.chance((outcome) => outcome === 'stays'),
    p_serious_wound: question.attack === 'melee' ? clampProbability(1 - hit) : 0,
  };
}
