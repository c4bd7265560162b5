import { type FightOptions, type FightOptionsInput, fightOptionsSchema } from './options.js';
import { outgunnedFight } from './ruleset.js';
import type { FightState } from './state.js';

/**
 * Builds a fight for a scene test: options as the setup takes them, and
 * dice stacked to be thrown first, in order, so a scene replays roll by roll.
 */
export function buildFight(
  options: FightOptionsInput,
  stackedDice: number[] = [],
  seed = 'scene',
): FightState {
  const parsed: FightOptions = fightOptionsSchema.parse({
    ...options,
    stackedDice: [...(options.stackedDice ?? []), ...stackedDice],
  });
  return outgunnedFight.setup(parsed, seed);
}
