import { describe, expect, it } from 'vitest';
import {
  botInput,
  diceDuel,
  ismctsBot,
  overruleIfBetter,
  ParallelIsmcts,
  pick,
  type RandomState,
  type Seat,
  searchIsmcts,
  seedRandom,
} from '../../src/index.js';
import { patientDuel } from './patient-duel.js';

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

  it('completes answers below the root by its `complete` option, in the tree and in rollouts, and still branches at the root', () => {
    const state = patientDuel.setup({ health: 5 }, 'complete');
    const input = botInput(patientDuel, state, '0', seedRandom('complete'));
    let completions = 0;
    const report = searchIsmcts(patientDuel, input, {
      iterations: 100,
      // Below the root every answer is given: the policy is never asked.
      complete: () => {
        completions++;
        return { type: 'roll' };
      },
      policy: () => {
        throw new Error('the rollout policy was asked where `complete` answers');
      },
    });
    expect(report.iterations).toBe(100);
    expect(completions).toBeGreaterThan(100);
    // The root is the observer's own choice: both answers are tried there.
    expect(report.root.map((child) => child.key).sort()).toEqual(
      [JSON.stringify({ type: 'roll' }), JSON.stringify({ type: 'wait' })].sort(),
    );
    // A completion of null leaves the choice to the tree and the policy.
    const branching = searchIsmcts(patientDuel, input, { iterations: 100, complete: () => null });
    expect(branching.iterations).toBe(100);
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

  it('root parallelism over two workers gives the same kind of answer: roll, from the summed statistics', async () => {
    const search = new ParallelIsmcts(
      {
        module: new URL('./patient-duel.ts', import.meta.url).href,
        name: 'patientSetup',
        id: 'patient-duel',
      },
      2,
    );
    try {
      const state = patientDuel.setup({ health: 5 }, 'parallel');
      const input = botInput(patientDuel, state, '0', seedRandom('parallel bot'));
      const report = await search.search(input, { iterations: 200 }, 'parallel');
      expect(report.iterations).toBe(400);
      const choice = await search.choose(input, { iterations: 200 }, 'parallel');
      expect(choice).toEqual({ type: 'roll' });
      const again = await search.choose(
        botInput(
          patientDuel,
          patientDuel.setup({ health: 5 }, 'another deal'),
          '0',
          seedRandom('x'),
        ),
        { iterations: 200 },
        'parallel',
      );
      expect(again).toEqual(choice);
    } finally {
      await search.close();
    }
  });

  it('keeps a default choice unless the search is sure of a better one: enough visits each and a mean above the margin', () => {
    const legal = [{ type: 'roll' }, { type: 'wait' }, { type: 'hold' }];
    const roll = JSON.stringify(legal[0]);
    const wait = JSON.stringify(legal[1]);
    const overrule = { visits: 5, margin: 0.1 };
    // The search clearly prefers rolling: the default (wait) is overruled.
    const clear = [
      { key: roll, visits: 20, reward: 16 },
      { key: wait, visits: 6, reward: 3 },
    ];
    expect(overruleIfBetter(legal, clear, legal[1], overrule)).toEqual(legal[0]);
    // Too close to call: the default stays.
    const close = [
      { key: roll, visits: 20, reward: 11 },
      { key: wait, visits: 6, reward: 3 },
    ];
    expect(overruleIfBetter(legal, close, legal[1], overrule)).toEqual(legal[1]);
    // The default hardly tried: it stays, however good the other looks.
    const untried = [
      { key: roll, visits: 20, reward: 20 },
      { key: wait, visits: 2, reward: 0 },
    ];
    expect(overruleIfBetter(legal, untried, legal[1], overrule)).toEqual(legal[1]);
    // Statistics from several workers are summed before comparing.
    const workers = [...close, { key: roll, visits: 20, reward: 20 }];
    expect(overruleIfBetter(legal, workers, legal[1], overrule)).toEqual(legal[0]);
    // The default being the most visited is simply kept.
    expect(overruleIfBetter(legal, clear, legal[0], overrule)).toEqual(legal[0]);
  });
});
