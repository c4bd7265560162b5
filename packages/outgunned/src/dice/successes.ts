/**
 * Sets and successes. Every group of two or more dice showing the same face
 * is one success; its size sets its tier. Tiers are counted in Basic units
 * (each tier is worth three of the one below), which turns "three for one"
 * into plain arithmetic.
 */

export const successTiers = ['basic', 'critical', 'extreme', 'impossible', 'jackpot'] as const;
export type SuccessTier = (typeof successTiers)[number];

/** Units of one success of each tier: the three-for-one ladder, continued up to Jackpot. */
export const unitsOfTier: Readonly<Record<SuccessTier, number>> = {
  basic: 1,
  critical: 3,
  extreme: 9,
  impossible: 27,
  jackpot: 81,
};

export interface DiceSet {
  face: number;
  size: number;
  tier: SuccessTier;
}

/** The tier of a set of `size` equal dice, or null for a single die. */
export function tierOfSetSize(size: number): SuccessTier | null {
  if (size < 2) return null;
  if (size >= 6) return 'jackpot';
  return successTiers[size - 2]!;
}

/** How many dice show each face (index 1 to 6; index 0 unused). */
export function faceCounts(dice: readonly number[]): number[] {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  for (const face of dice) counts[face] = (counts[face] ?? 0) + 1;
  return counts;
}

/** Every set in the dice, largest first (ties: higher face first). */
export function setsOf(dice: readonly number[]): DiceSet[] {
  const counts = faceCounts(dice);
  const sets: DiceSet[] = [];
  for (let face = 6; face >= 1; face--) {
    const size = counts[face]!;
    const tier = tierOfSetSize(size);
    if (tier !== null) sets.push({ face, size, tier });
  }
  return sets.sort((left, right) => right.size - left.size);
}

/** Total value of the successes in Basic units. */
export function unitsOf(dice: readonly number[]): number {
  let units = 0;
  for (const set of setsOf(dice)) units += unitsOfTier[set.tier];
  return units;
}

/** How many successes of each tier the dice show, before any three-for-one. */
export function countSuccesses(dice: readonly number[]): Record<SuccessTier, number> {
  const counts: Record<SuccessTier, number> = {
    basic: 0,
    critical: 0,
    extreme: 0,
    impossible: 0,
    jackpot: 0,
  };
  for (const set of setsOf(dice)) counts[set.tier]++;
  return counts;
}

/** Dice that belong to no set: the ones a re-roll throws again. */
export function looseDice(dice: readonly number[]): number[] {
  const counts = faceCounts(dice);
  return dice.filter((face) => counts[face] === 1);
}

/** Dice that belong to a set: the ones a re-roll keeps. */
export function keptDice(dice: readonly number[]): number[] {
  const counts = faceCounts(dice);
  return dice.filter((face) => (counts[face] ?? 0) >= 2);
}

export function describeSets(dice: readonly number[]): string {
  const sets = setsOf(dice);
  if (sets.length === 0) return 'no success';
  return sets.map((set) => `${set.tier} (${set.size}x${set.face})`).join(', ');
}
