import type { DiceRules } from './dice-rules.js';
import { defaultDiceRules } from './dice-rules.js';
import { type SuccessTier, setsOf, unitsOf, unitsOfTier } from './successes.js';

/** The four difficulty tiers; Jackpot is a result, never a difficulty. */
export const difficultyTiers = ['basic', 'critical', 'extreme', 'impossible'] as const;
export type DifficultyTier = (typeof difficultyTiers)[number];

/** A difficulty; `double` (2 Basic, 2 Critical, 2 Extreme) needs two successes of the tier. */
export interface Difficulty {
  tier: DifficultyTier;
  double: boolean;
}

export function successesNeeded(difficulty: Difficulty): number {
  return difficulty.double ? 2 : 1;
}

/** Units a roll must reach to beat the difficulty in full. */
export function unitsNeeded(difficulty: Difficulty): number {
  return successesNeeded(difficulty) * unitsOfTier[difficulty.tier];
}

/**
 * How many successes of `tier` the units can pay for, three for one both ways.
 * Without `threeExtremesMakeImpossible`, only sets of five or more (split
 * down as needed: a Jackpot is three Impossibles) make Impossible successes.
 */
export function successesAtTierFromUnits(
  units: number,
  tier: SuccessTier,
  impossibleUnitsFromSets: number,
  rules: DiceRules = defaultDiceRules,
): number {
  if (tier === 'impossible' && !rules.threeExtremesMakeImpossible) {
    return Math.floor(impossibleUnitsFromSets / unitsOfTier.impossible);
  }
  return Math.floor(units / unitsOfTier[tier]);
}

/** Units that come from sets of Impossible or higher, the only source of Impossibles as written. */
export function unitsFromImpossibleSets(dice: readonly number[]): number {
  let units = 0;
  for (const set of setsOf(dice)) if (set.size >= 5) units += unitsOfTier[set.tier];
  return units;
}

/** Successes of a tier in the dice, after three for one. */
export function successesAtTier(
  dice: readonly number[],
  tier: SuccessTier,
  rules: DiceRules = defaultDiceRules,
): number {
  return successesAtTierFromUnits(unitsOf(dice), tier, unitsFromImpossibleSets(dice), rules);
}

/** Does the roll beat the difficulty (both successes, when it is double)? */
export function meetsDifficulty(
  dice: readonly number[],
  difficulty: Difficulty,
  rules: DiceRules = defaultDiceRules,
): boolean {
  return successesAtTier(dice, difficulty.tier, rules) >= successesNeeded(difficulty);
}

export function describeDifficulty(difficulty: Difficulty): string {
  return difficulty.double ? `2 ${capitalize(difficulty.tier)}` : capitalize(difficulty.tier);
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Parses "basic", "critical", "2 basic", "double critical"...; null when it is not a difficulty. */
export function parseDifficulty(text: string): Difficulty | null {
  const words = text.trim().toLowerCase().split(/\s+/);
  const double = words.length === 2 && (words[0] === '2' || words[0] === 'double');
  const tierWord = double ? words[1] : words.length === 1 ? words[0] : undefined;
  const tier = difficultyTiers.find((candidate) => candidate === tierWord);
  if (tier === undefined) return null;
  if (double && tier === 'impossible') return null;
  return { tier, double };
}
