import { seedRandom } from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import { createTableRegistry } from '../src/registry.js';

describe('the server offers an ISMCTS bot seat for every ruleset', () => {
  for (const [id, table] of createTableRegistry()) {
    it(`${id}: the ismcts bot answers the first prompts with legal actions, from a re-dealt state`, () => {
      const { ruleset } = table;
      const bot = table.bots.ismcts;
      expect(bot).toBeDefined();
      const state = ruleset.setup(ruleset.options.parse({}), `ismcts seat ${id}`);
      const random = seedRandom(`ismcts bot ${id}`);
      for (let step = 0; step < 3 && ruleset.result(state) === null; step++) {
        const seat = ruleset.prompts(state)[0]!.seats[0]!;
        const seen = ruleset.determinize(state, seat, random);
        const action = bot!.choose(seen, seat, random);
        expect(ruleset.legalActions(state, seat)).toContainEqual(action);
        expect(ruleset.apply(state, seat, action).ok).toBe(true);
      }
    });
  }
});
