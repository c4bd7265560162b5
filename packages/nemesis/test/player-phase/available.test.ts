import { botChoice, seedRandom } from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import { randomBot } from '../../src/bots/index.js';
import { turnActionList } from '../../src/player-phase/player-actions.js';
import { createNemesis } from '../../src/ruleset.js';
import { playerOf } from '../../src/vocabulary/game.js';

const nemesis = createNemesis();

describe('listing the turn actions', () => {
  it('the quick answer of whether an action can be taken is always the refusal’s', () => {
    let compared = 0;
    for (const players of [1, 2, 3, 4, 5]) {
      const state = nemesis.setup(nemesis.options.parse({ players }), `available ${players}`);
      const random = seedRandom(`available ${players}`);
      for (let step = 0; step < 400 && state.over === null; step++) {
        const top = state.stack[state.stack.length - 1];
        if (top?.kind === 'player-turn') {
          const game = { state, tables: nemesis.tables, events: [] };
          const player = playerOf(state, top.seat)!;
          for (const action of turnActionList) {
            if (!action.available) continue;
            expect(action.available(game, player), action.type).toBe(
              action.unavailable(game, player) === null,
            );
            compared++;
          }
        }
        const seat = nemesis.prompts(state)[0]!.seats[0]!;
        nemesis.apply(state, seat, botChoice(nemesis, randomBot, state, seat, random));
      }
    }
    expect(compared).toBeGreaterThan(500);
  });
});
