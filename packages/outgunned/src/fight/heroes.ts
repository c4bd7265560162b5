/** The parts of a Hero sheet the fight uses. */

export const attributes = ['brawn', 'nerves', 'smooth', 'focus', 'crime'] as const;
export type Attribute = (typeof attributes)[number];

/** Any Attribute may pair with any Skill: the chapter rolls Smooth+Fight and Nerves+Drive. */
export const skills = [
  'endure',
  'fight',
  'force',
  'stunt',
  'cool',
  'drive',
  'shoot',
  'survival',
  'flirt',
  'leadership',
  'speech',
  'style',
  'detect',
  'fix',
  'heal',
  'know',
  'awareness',
  'dexterity',
  'stealth',
  'streetwise',
] as const;
export type Skill = (typeof skills)[number];

/** Each gives -1 to rolls with one Attribute; Tired gives none. */
export const conditions = [
  'hurt',
  'nervous',
  'like-a-fool',
  'distracted',
  'scared',
  'tired',
] as const;
export type Condition = (typeof conditions)[number];

export const conditionOfAttribute: Readonly<Record<Attribute, Condition>> = {
  brawn: 'hurt',
  nerves: 'nervous',
  smooth: 'like-a-fool',
  focus: 'distracted',
  crime: 'scared',
};

export const rangeBands = ['melee', 'close', 'medium', 'long', 'out-of-range'] as const;
export type RangeBand = (typeof rangeBands)[number];

export const coverKinds = ['none', 'partial', 'total'] as const;
export type Cover = (typeof coverKinds)[number];

export const weaponKinds = [
  'unarmed',
  'melee-weapon',
  'pistol',
  'machine-pistol',
  'shotgun',
  'rifle',
  'assault-rifle',
  'precision-rifle',
  'smg',
  'machine-gun',
  'bow',
  'throwing-knives',
  'rocket-launcher',
  'grenade',
] as const;
export type WeaponKind = (typeof weaponKinds)[number];

export interface Weapon {
  name: string;
  kind: WeaponKind;
  /** Whether a mag is in the weapon (always true for weapons without mags). */
  loaded: boolean;
}

/** Extra actions bought with extra successes; they lapse when the turn ends. */
export interface ExtraActions {
  quick: number;
  full: number;
  cool: number;
}

export interface Hero {
  seat: string;
  name: string;
  attributes: Record<Attribute, number>;
  skills: Record<Skill, number>;
  /** Grit boxes filled, 0 to 12. */
  grit: number;
  adrenaline: number;
  spotlight: number;
  conditions: Condition[];
  /** Bullets in the Death Roulette drum. */
  lethalBullets: number;
  weapons: Weapon[];
  /** Spare mags by weapon kind: one mag type per weapon type. */
  mags: Partial<Record<WeaponKind, number>>;
  /** Cash in hand, spent one at a time on mags where someone sells them. */
  cash: number;
  /** Free Re-rolls left from Feats. */
  freeRerolls: number;
  cover: Cover;
  /** Range band to each Enemy, by Enemy id. */
  ranges: Record<string, RangeBand>;
  /** Bonus dice on the next Reaction Roll, from friends' Covering Fire. */
  coveringFire: number;
  extraActions: ExtraActions;
  status: 'fighting' | 'left-for-dead';
}

export const gritBoxes = 12;
export const badBox = 8;
export const maxAdrenaline = 6;
export const maxSpotlight = 3;
/** For each weapon a Hero carries up to three spare mags, plus one in the weapon. */
export const maxSpareMagsPerWeapon = 3;

/** Four Conditions make a Hero Broken: -1 to every roll. */
export function isBroken(hero: Hero): boolean {
  return hero.conditions.length >= 4;
}

/** Extra actions lapse when the turn ends, unspent. */
export function lapseExtraActions(hero: Hero): void {
  hero.extraActions = { quick: 0, full: 0, cool: 0 };
}

/** Extra actions still to take this turn, of any kind. */
export function extraActionsLeft(hero: Hero): number {
  return hero.extraActions.quick + hero.extraActions.full + hero.extraActions.cool;
}

export function isFighting(hero: Hero): boolean {
  return hero.status === 'fighting';
}
