import { type Seat, seedRandom } from '@tabletop/engine';
import {
  createNemesis,
  ismctsNemesisBot,
  type NemesisState,
  sensibleBot,
  survivalScore,
} from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const nemesis = createNemesis();
const searcher = ismctsNemesisBot({ iterations: 30 });

function actingSeat(state: NemesisState): Seat {
  return nemesis.prompts(state)[0]!.seats[0]!;
}

/** A game played by the sensible bot until some seat has a choice of several actions. */
function stateWithAChoice(seed: string, players: number): { state: NemesisState; seat: Seat } {
  const state = nemesis.setup(nemesis.options.parse({ players }), seed);
  const random = seedRandom(`sensible:${seed}`);
  for (let step = 0; step < 400 && state.over === null; step++) {
    const seat = actingSeat(state);
    if (step > 40 && nemesis.legalActions(state, seat).length > 2) return { state, seat };
    nemesis.apply(state, seat, sensibleBot.choose(nemesis, state, seat, random));
  }
  throw new Error(`game ${seed} offered no choice`);
}

describe('the ISMCTS bot for Nemesis', () => {
  it('plays a whole two-player game with legal actions only, leaving the state it is handed as it was', () => {
    const state = nemesis.setup(nemesis.options.parse({ players: 2 }), 'ismcts game');
    const random = seedRandom('ismcts bot');
    let actions = 0;
    while (state.over === null) {
      const seat = actingSeat(state);
      const before = JSON.stringify(state);
      const action = searcher.choose(nemesis, state, seat, random);
      expect(JSON.stringify(state)).toBe(before);
      expect(nemesis.legalActions(state, seat)).toContainEqual(action);
      expect(nemesis.apply(state, seat, action).ok).toBe(true);
      actions++;
      expect(actions).toBeLessThan(2000);
    }
  });

  it('chooses alike in two states its seat cannot tell apart, given the same random', () => {
    for (const seed of ['same view 1', 'same view 2']) {
      const { state, seat } = stateWithAChoice(seed, 4);
      const twin = nemesis.determinize(state, seat, seedRandom(`twin:${seed}`));
      expect(JSON.stringify(nemesis.view(twin, seat))).toBe(
        JSON.stringify(nemesis.view(state, seat)),
      );
      expect(JSON.stringify(twin)).not.toBe(JSON.stringify(state));
      const fromState = searcher.choose(nemesis, state, seat, seedRandom('choice'));
      const fromTwin = searcher.choose(nemesis, twin, seat, seedRandom('choice'));
      expect(fromTwin).toEqual(fromState);
    }
  });

  it('scores survival: out of the ship 1, dead 0, aboard in between and lower with wounds', () => {
    const { state } = stateWithAChoice('scores', 2);
    const player = state.players[0]!;
    expect(survivalScore({ ...player, status: 'escaped' })).toBe(1);
    expect(survivalScore({ ...player, status: 'dead' })).toBe(0);
    const healthy = survivalScore({
      ...player,
      status: 'active',
      lightWounds: 0,
      seriousWounds: [],
    });
    const hurt = survivalScore({ ...player, status: 'active', lightWounds: 2, seriousWounds: [] });
    expect(healthy).toBeGreaterThan(hurt);
    expect(hurt).toBeGreaterThan(0);
  });
});
