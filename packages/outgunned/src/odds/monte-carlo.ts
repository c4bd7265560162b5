import { type RandomState, rollDie, seedRandom } from '@tabletop/engine';
import { gritLostFromUnits } from '../dice/damage-control.js';
import type { DiceRules } from '../dice/dice-rules.js';
import { type Difficulty, meetsDifficulty, unitsFromImpossibleSets } from '../dice/difficulty.js';
import { unitsOf } from '../dice/successes.js';
import { playPolicy, type RerollPolicy } from './policies.js';

/**
 * Sampled odds, to check the exact ones and to measure what sampling costs.
 * It plays real rolls with the dice functions the ruleset uses.
 */
export interface SampledOdds {
  samples: number;
  successes: number;
  p_success: number;
  /** Sum of Grit lost over the samples where it is a number (Impossible's "all" is counted apart). */
  gritLostCounts: Map<number | 'all', number>;
}

export function sampleOdds(
  pool: number,
  difficulty: Difficulty,
  policy: RerollPolicy,
  samples: number,
  seed: string | RandomState,
  rules?: DiceRules,
): SampledOdds {
  const random = typeof seed === 'string' ? seedRandom(seed) : seed;
  const throwDie = () => rollDie(random, 6);
  let successes = 0;
  const gritLostCounts = new Map<number | 'all', number>();
  for (let sample = 0; sample < samples; sample++) {
    const roll = playPolicy(pool, difficulty, policy, throwDie, rules);
    if (meetsDifficulty(roll.dice, difficulty, rules)) successes++;
    const lost = gritLostFromUnits(
      unitsOf(roll.dice),
      unitsFromImpossibleSets(roll.dice),
      difficulty,
      rules,
    );
    gritLostCounts.set(lost, (gritLostCounts.get(lost) ?? 0) + 1);
  }
  return { samples, successes, p_success: successes / samples, gritLostCounts };
}

/** Samples one figure needs so that its standard error is at most `precision`. */
export function samplesForPrecision(probability: number, precision: number): number {
  return Math.ceil((probability * (1 - probability)) / (precision * precision));
}
