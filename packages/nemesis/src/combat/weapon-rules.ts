import type { IntruderKind, Modifier, ModifierOf } from '../content/effects.js';
import type { CombatFace } from '../content/schema.js';
import type { ModifierHandler } from '../effects/handler.js';
import { lastingRule } from '../effects/lasting-rule.js';
import { injuriesFromFace } from './combat-die.js';

/**
 * A weapon's own rules for Shoot, read from its card. "Rolled" is the face
 * the die shows; a face swap (the Sawed-off's single as a double) comes
 * before the Injuries are counted; a floor ("at least 1 Injury") comes
 * next; then the extra Injuries; last, what the shot sets off in the room.
 * Re-rolls and the Prototype Rifle's overcharge are the shooter's choices,
 * asked by Shoot (combat/shoot.ts) between the roll and the count.
 */

/** A shot as the rules count it. */
export interface ShotCount {
  /** The face the die shows (after any re-roll). */
  rolled: CombatFace;
  /** The face the Injuries are counted from. */
  counted: CombatFace;
  injuries: number;
  /** The shooter spent one more ammo on a rolled double (Prototype Rifle). */
  overcharged: boolean;
  /** The shot puts Fire in the shooter's room. */
  fire: boolean;
  /** What each rule did, in words: "counts one crosshair as two". */
  notes: string[];
  /** The rules that changed the count, each once (a Weakness among them is told to the table). */
  applied: Modifier[];
}

/** The stage at which a rule acts on the count, in the order the stages come. */
type Stage = 'face' | 'floor' | 'bonus' | 'aftermath';
const stages: readonly Stage[] = ['face', 'floor', 'bonus', 'aftermath'];

/** A weapon rule: where it is read, and what it does to the count at its stage. */
export interface ShotRule<M> extends ModifierHandler {
  stage?: Stage;
  apply?(shot: ShotCount, rule: M): void;
  /** Times the shooter may roll again. */
  rerolls?(rule: M): number;
}

const readBy = 'Shoot (combat/shoot.ts), counted in combat/weapon-rules.ts';

/** How a face reads in the log. */
export function faceWords(face: CombatFace): string {
  switch (face) {
    case 'blank':
      return 'a blank';
    case 'creeper':
      return 'the Creeper face';
    case 'adult':
      return 'the Adult face';
    case 'single':
      return 'one crosshair';
    case 'double':
      return 'two crosshairs';
  }
}

const injuryWords = (amount: number) => `${amount} Injur${amount === 1 ? 'y' : 'ies'}`;

export const faceCountsAs: ShotRule<ModifierOf<'face-counts-as'>> = {
  readBy,
  stage: 'face',
  apply(shot, rule) {
    if (shot.rolled !== rule.from) return;
    shot.counted = rule.to;
    shot.notes.push(`${faceWords(rule.from)} counts as ${faceWords(rule.to)}`);
  },
};

export const minimumInjury: ShotRule<ModifierOf<'minimum-injury'>> = {
  readBy,
  stage: 'floor',
  apply(shot, rule) {
    if (rule.exceptFaces.includes(shot.rolled) || shot.injuries >= rule.amount) return;
    shot.injuries = rule.amount;
    shot.notes.push(
      `any face but ${rule.exceptFaces.map(faceWords).join(' or ')} deals at least ${injuryWords(rule.amount)}`,
    );
  },
};

export const extraInjury: ShotRule<ModifierOf<'extra-injury'>> = {
  readBy,
  stage: 'bonus',
  apply(shot, rule) {
    if (rule.when === 'wounding-hit') {
      if (shot.injuries === 0) return;
      shot.injuries += rule.amount;
      shot.notes.push(`+${injuryWords(rule.amount)} on a hit`);
      return;
    }
    if (!rule.faces?.includes(shot.rolled)) return;
    shot.injuries += rule.amount;
    shot.notes.push(`+${injuryWords(rule.amount)} on ${faceWords(shot.rolled)}`);
  },
};

export const combatReroll: ShotRule<ModifierOf<'combat-reroll'>> = {
  readBy,
  rerolls: (rule) => rule.times,
};

export const fireOnFace: ShotRule<ModifierOf<'fire-on-face'>> = {
  readBy,
  stage: 'aftermath',
  apply(shot, rule) {
    if (!rule.faces.includes(shot.rolled)) return;
    shot.fire = true;
    shot.notes.push(`${faceWords(shot.rolled)} sets the room on fire`);
  },
};

/** The Prototype Rifle: on a rolled double the shooter may spend one more ammo for one more Injury. */
const overchargeInjuries = 1;
export const overchargeFace: CombatFace = 'double';

export const overchargeOnDouble = lastingRule<ShotRule<Modifier>>({
  readBy,
  stage: 'bonus',
  apply(shot) {
    if (!shot.overcharged) return;
    shot.injuries += overchargeInjuries;
    shot.notes.push(`one more ammo spent for +${injuryWords(overchargeInjuries)}`);
  },
});

type ShotRuleKind = Exclude<Modifier['kind'], 'bespoke'>;

/** The rules of the table that a weapon can carry; the others (wounds, hand size) never touch a shot. */
const shotRules: { readonly [K in ShotRuleKind]?: ShotRule<ModifierOf<K>> } = {
  'face-counts-as': faceCountsAs,
  'minimum-injury': minimumInjury,
  'extra-injury': extraInjury,
  'combat-reroll': combatReroll,
  'fire-on-face': fireOnFace,
};

function shotRuleOf(rule: Modifier): ShotRule<Modifier> | undefined {
  if (rule.kind === 'bespoke')
    return rule.rule === 'overcharge-on-double' ? overchargeOnDouble : undefined;
  return shotRules[rule.kind];
}

/** Times the shooter may roll the die again with this weapon. */
export function rerollsAllowed(rules: readonly Modifier[]): number {
  let times = 0;
  for (const rule of rules) times += shotRuleOf(rule)?.rerolls?.(rule) ?? 0;
  return times;
}

/** Whether this roll lets the shooter spend one more ammo for one more Injury. */
export function overchargeOffered(rules: readonly Modifier[], rolled: CombatFace): boolean {
  return (
    rolled === overchargeFace &&
    rules.some((rule) => rule.kind === 'bespoke' && rule.rule === 'overcharge-on-double')
  );
}

/** Counts a shot: the face's own Injuries against this target, bent by the weapon's rules stage by stage. */
export function countShot(
  rolled: CombatFace,
  target: IntruderKind | 'egg',
  rules: readonly Modifier[],
  overcharged = false,
): ShotCount {
  const shot: ShotCount = {
    rolled,
    counted: rolled,
    injuries: 0,
    overcharged,
    fire: false,
    notes: [],
    applied: [],
  };
  for (const stage of stages) {
    if (stage === 'floor') shot.injuries = injuriesFromFace(shot.counted, target, 'shoot');
    for (const rule of rules) {
      const handler = shotRuleOf(rule);
      if (handler?.stage !== stage || !handler.apply) continue;
      // Every rule notes what it did, so a new note says this one changed the count.
      const noted = shot.notes.length;
      handler.apply(shot, rule);
      if (shot.notes.length > noted) shot.applied.push(rule);
    }
  }
  return shot;
}

/** Whether Shoot knows this rule (every one a weapon of the base game carries). */
export function isShotRule(rule: Modifier): boolean {
  return shotRuleOf(rule) !== undefined;
}
