import { describe, expect, it } from 'vitest';
import {
  exampleScene,
  exampleSceneNames,
  fightInvariants,
  fightOptionsSchema,
  outgunnedFight,
  sensibleFightAction,
} from '../src/index.js';

describe('the sensible bot', () => {
  it.each(exampleSceneNames)(
    'plays %s to its end on every seat, every action accepted, the invariants holding',
    (name) => {
      const options = fightOptionsSchema.parse({ scene: exampleScene(name) });
      for (let fight = 0; fight < 30; fight++) {
        const state = outgunnedFight.setup(options, `bot/${fight}`);
        for (let actions = 0; state.outcome === null; actions++) {
          expect(actions).toBeLessThan(5000);
          const seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
          const action = sensibleFightAction(state, seat);
          expect(action, `nothing to do for ${seat}`).not.toBeNull();
          const outcome = outgunnedFight.apply(state, seat, action!);
          expect(outcome.ok ? 'accepted' : outcome.rejection.message).toBe('accepted');
          expect(fightInvariants(state)).toEqual([]);
        }
        expect(outgunnedFight.result(state)).not.toBeNull();
      }
    },
  );

  it('never goes Full Auto, lays down Covering Fire or takes Total Cover', () => {
    const options = fightOptionsSchema.parse({ scene: exampleScene('warehouse-ambush') });
    for (let fight = 0; fight < 20; fight++) {
      const state = outgunnedFight.setup(options, `plain/${fight}`);
      while (state.outcome === null) {
        const seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
        const action = sensibleFightAction(state, seat)!;
        expect(action.type).not.toBe('covering-fire');
        if (action.type === 'attack') expect(action.fullAuto).toBe(false);
        if (action.type === 'full-action') expect(action.kind).not.toBe('take-total-cover');
        outgunnedFight.apply(state, seat, action);
      }
    }
  });
});
