import type { RangeBand, WeaponKind } from './heroes.js';

/** A weapon's modifier at one band: dice added or taken. */
export interface RangeModifier {
  dice: number;
}

type Row = readonly [
  RangeModifier | null,
  RangeModifier | null,
  RangeModifier | null,
  RangeModifier | null,
];

const plain = (dice: number): RangeModifier => ({ dice });
const cannot = null;

/**
 * Modifiers by range, Melee / Close / Medium / Long, from the fact sheet
 * (null: the weapon cannot hit at that band). Fists and melee weapons hit
 * in Melee only, with no modifier.
 */
const gunTable: Readonly<Partial<Record<WeaponKind, Row>>> = {
  pistol: [plain(0), plain(0), plain(0), plain(-2)],
  'machine-pistol': [plain(0), plain(1), plain(0), cannot],
  shotgun: [plain(1), plain(1), plain(-2), cannot],
  rifle: [plain(-2), plain(1), plain(1), plain(0)],
  'assault-rifle': [plain(0), plain(1), plain(1), plain(1)],
  'precision-rifle': [cannot, plain(-1), plain(0), plain(2)],
  smg: [plain(0), plain(1), plain(1), plain(0)],
  'machine-gun': [plain(-2), plain(0), plain(2), plain(1)],
  bow: [plain(-1), plain(0), plain(0), cannot],
  'throwing-knives': [plain(-1), plain(-1), plain(-2), cannot],
  'rocket-launcher': [plain(2), plain(2), plain(3), plain(3)],
  grenade: [plain(1), plain(1), plain(2), plain(2)],
};

/**
 * Firearms: the weapons that can empty a mag on purpose, going Full Auto or
 * laying down Covering Fire. Bows, knives and explosives are thrown or
 * loosed one at a time.
 */
const firearms: ReadonlySet<WeaponKind> = new Set([
  'pistol',
  'machine-pistol',
  'shotgun',
  'rifle',
  'assault-rifle',
  'precision-rifle',
  'smg',
  'machine-gun',
]);

export function isFirearm(kind: WeaponKind): boolean {
  return firearms.has(kind);
}

/** Weapons that shoot (or throw) use mags; fists and melee weapons do not. */
export function usesMags(kind: WeaponKind): boolean {
  return gunTable[kind] !== undefined;
}

/**
 * Weapons with the Explosive Feat: using them is always a Gamble for the
 * thrower and the people around (the chapter says always; the fact sheet
 * marks the Gamble at Melee and Close only, and the chapter wins).
 */
export function isExplosive(kind: WeaponKind): boolean {
  return kind === 'rocket-launcher' || kind === 'grenade';
}

/**
 * The modifier of a weapon at a band, or null when it cannot hit there.
 * Out of Range: only the precision rifle reaches (the chapter says a few
 * weapons such as a sniper rifle can); it keeps its Long modifier there.
 */
export function rangeModifier(kind: WeaponKind, band: RangeBand): RangeModifier | null {
  const row = gunTable[kind];
  if (row === undefined) return band === 'melee' ? plain(0) : null;
  switch (band) {
    case 'melee':
      return row[0];
    case 'close':
      return row[1];
    case 'medium':
      return row[2];
    case 'long':
      return row[3];
    case 'out-of-range':
      return kind === 'precision-rifle' ? row[3] : null;
  }
}

/** The Skill a weapon is usually rolled with (any other may be named). */
export function usualSkill(kind: WeaponKind): 'fight' | 'shoot' {
  return usesMags(kind) ? 'shoot' : 'fight';
}
