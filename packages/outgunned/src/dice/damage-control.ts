import type { DiceRules } from './dice-rules.js';
import { defaultDiceRules } from './dice-rules.js';
import {
  type Difficulty,
  successesAtTierFromUnits,
  successesNeeded,
  unitsNeeded,
} from './difficulty.js';

/** Grit lost when a Dangerous roll fails: a number of boxes, or all of them (Impossible). */
export type GritLoss = number | 'all';

/**
 * Damage Control: a failed Dangerous roll costs the units it needed, less the
 * units it scored (a Basic saves 1 box, a Critical 3). Impossible failures
 * allow no Damage Control. `grantedUnits` are successes a friend gave in full
 * (protecting): they count like the hero's own.
 */
export function gritLostFromUnits(
  units: number,
  impossibleUnitsFromSets: number,
  difficulty: Difficulty,
  rules: DiceRules = defaultDiceRules,
): GritLoss {
  const scored = successesAtTierFromUnits(units, difficulty.tier, impossibleUnitsFromSets, rules);
  if (scored >= successesNeeded(difficulty)) return 0;
  if (difficulty.tier === 'impossible') return 'all';
  return Math.max(0, unitsNeeded(difficulty) - units);
}
