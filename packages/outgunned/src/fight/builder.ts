import {
  type FightOptions,
  type FightSetupInput,
  fightOptionsSchema,
  optionsFromSetup,
} from './options.js';
import { outgunnedFight } from './ruleset.js';
import type { FightState } from './state.js';

/**
 * Builds a fight for a scene test: the scene's fields and the rules in one
 * flat object, and dice stacked to be thrown first, in order, so a scene
 * replays roll by roll.
 */
export function buildFight(
  setup: FightSetupInput,
  stackedDice: number[] = [],
  seed = 'scene',
): FightState {
  const parsed: FightOptions = fightOptionsSchema.parse(
    optionsFromSetup({ ...setup, stackedDice: [...(setup.stackedDice ?? []), ...stackedDice] }),
  );
  return outgunnedFight.setup(parsed, seed);
}
