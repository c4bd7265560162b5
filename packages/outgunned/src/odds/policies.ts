import type { DiceRules } from '../dice/dice-rules.js';
import { type Difficulty, meetsDifficulty } from '../dice/difficulty.js';
import { applyReroll, newRoll, type Roll, rerollsAllowed } from '../dice/reroll.js';
import { type DieSource, rollDice } from '../dice/roll.js';

/**
 * How a player uses re-rolls, for the odds:
 * - `none`: keep the first throw.
 * - `reroll`: Re-roll once when the throw falls short (it needs a success).
 * - `free`: Free Re-roll once when the throw falls short.
 * - `allin`: Re-roll when short; if that was better but still short, go All In.
 * A re-roll is only taken when some die is loose: with none, it could only lose.
 */
export const rerollPolicies = ['none', 'reroll', 'free', 'allin'] as const;
export type RerollPolicy = (typeof rerollPolicies)[number];

/** Plays one roll under a policy with the given dice; used by the sampler and the tests. */
export function playPolicy(
  pool: number,
  difficulty: Difficulty,
  policy: RerollPolicy,
  throwDie: DieSource,
  rules?: DiceRules,
): Roll {
  const roll = newRoll(rollDice(pool, throwDie));
  const short = () => !meetsDifficulty(roll.dice, difficulty, rules);
  if (policy === 'none' || !short()) return roll;
  if (policy === 'free') {
    if (rerollsAllowed(roll, 1).includes('free-reroll')) applyReroll(roll, 'free-reroll', throwDie);
    return roll;
  }
  if (!rerollsAllowed(roll, 0).includes('reroll')) return roll;
  applyReroll(roll, 'reroll', throwDie);
  if (policy === 'allin' && short() && rerollsAllowed(roll, 0).includes('all-in')) {
    applyReroll(roll, 'all-in', throwDie);
  }
  return roll;
}
