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

/** Stacks more dice on a fight in progress, thrown before the generator. */
export function stackDice(state: FightState, dice: number[]): void {
  state.stackedDice.push(...dice);
}
