import { botChoice, seedRandom } from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import {
  exampleScene,
  exampleSceneNames,
  fightInvariants,
  fightOptionsSchema,
  listedAs,
  outgunnedFight,
  sensibleFightBot,
} from '../src/index.js';

describe('the sensible bot', () => {
  it.each(exampleSceneNames)(
    'plays %s to its end on every seat, every action one the rules list, the invariants holding',
    (name) => {
      const options = fightOptionsSchema.parse({ scene: exampleScene(name) });
      for (let fight = 0; fight < 30; fight++) {
        const state = outgunnedFight.setup(options, `bot/${fight}`);
        const random = seedRandom(`bots:bot/${fight}`);
        for (let actions = 0; state.outcome === null; actions++) {
          expect(actions).toBeLessThan(5000);
          const seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
          const action = botChoice(outgunnedFight, sensibleFightBot, state, seat, random);
          // Listing is dear, so the first fights check it; the others check that apply accepts.
          if (fight < 8)
            expect(listedAs(outgunnedFight.legalActions(state, seat), action)).toBeDefined();
          const outcome = outgunnedFight.apply(state, seat, action);
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
      const random = seedRandom(`bots:plain/${fight}`);
      while (state.outcome === null) {
        const seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
        const action = botChoice(outgunnedFight, sensibleFightBot, state, seat, random);
        expect(action.type).not.toBe('covering-fire');
        if (action.type === 'attack') expect(action.fullAuto).toBe(false);
        if (action.type === 'full-action') expect(action.kind).not.toBe('take-total-cover');
        outgunnedFight.apply(state, seat, action);
      }
    }
  });
});
