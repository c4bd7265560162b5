import { describe, expect, it } from 'vitest';
import {
  botInput,
  type DuelState,
  type DuelView,
  diceDuel,
  ismctsBot,
  pick,
  type RandomState,
  type Ruleset,
  type Seat,
  seedRandom,
} from '../../src/index.js';

type PatientAction = { type: 'roll' } | { type: 'wait' };

/**
 * The dice duel with a choice: on your turn you may roll, or wait and let
 * the other roll. Waiting never helps, so a bot that searches should beat
 * one that picks at random.
 */
const patientDuel: Ruleset<DuelState, PatientAction, DuelView, { health: number }> = {
  ...(diceDuel as unknown as Ruleset<DuelState, PatientAction, DuelView, { health: number }>),
  id: 'patient-duel',
  legalActions(state, seat) {
    const rolls = diceDuel.legalActions(state, seat);
    return rolls.length === 0 ? [] : [{ type: 'wait' }, ...rolls];
  },
  apply(state, seat, action) {
    if (action.type !== 'wait') return diceDuel.apply(state, seat, { type: 'roll' });
    if (diceDuel.legalActions(state, seat).length === 0)
      return { ok: false, rejection: { code: 'not-your-turn', message: 'not your turn' } };
    state.turn = state.turn === 0 ? 1 : 0;
    return { ok: true, events: [] };
  },
};

const searcher = ismctsBot(patientDuel, { iterations: 300 });

function playGame(seed: string, ismctsSeat: Seat): Seat {
  const state = patientDuel.setup({ health: 6 }, seed);
  const botRandom: RandomState = seedRandom(`bot:${seed}`);
  for (let step = 0; step < 1000; step++) {
    const result = patientDuel.result(state);
    if (result !== null) return result.winners[0]!;
    const seat = String(state.turn);
    const action =
      seat === ismctsSeat
        ? searcher.choose(botInput(patientDuel, state, seat, botRandom))
        : pick(botRandom, patientDuel.legalActions(state, seat));
    expect(patientDuel.legalActions(state, seat)).toContainEqual(action);
    const outcome = patientDuel.apply(state, seat, action);
    expect(outcome.ok).toBe(true);
  }
  throw new Error(`game ${seed} did not end`);
}

describe('ISMCTS', () => {
  it('beats the random bot at the patient duel with p < 0.01 over 60 games, taking only legal actions', () => {
    const games = 60;
    let wins = 0;
    for (let game = 0; game < games; game++) {
      const seat = game % 2 === 0 ? '0' : '1';
      if (playGame(`patient-${game}`, seat) === seat) wins++;
    }
    // One-sided binomial test against a fair coin: P(X >= 40 | n = 60, p = 1/2) < 0.01.
    expect(wins).toBeGreaterThanOrEqual(40);
  });

  it('chooses alike in two states with the same view, given the same random', () => {
    const one = patientDuel.setup({ health: 5 }, 'first deal');
    const two = patientDuel.setup({ health: 5 }, 'second deal');
    for (const state of [one, two]) {
      diceDuel.apply(state, '0', { type: 'roll' });
    }
    // Same view by construction: copy what the seat sees, keep each generator.
    two.health = [...one.health];
    two.turn = one.turn;
    two.lastRoll = one.lastRoll;
    const seat = String(one.turn);
    const fromOne = searcher.choose(botInput(patientDuel, one, seat, seedRandom('same')));
    const fromTwo = searcher.choose(botInput(patientDuel, two, seat, seedRandom('same')));
    expect(fromTwo).toEqual(fromOne);
    expect(fromOne).toEqual({ type: 'roll' });
  });
});
