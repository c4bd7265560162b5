import {
  botChoice,
  botInput,
  ParallelIsmcts,
  type Seat,
  searchIsmcts,
  seedRandom,
} from '@tabletop/engine';
import {
  createNemesis,
  fateScores,
  ismctsNemesisBot,
  type NemesisAction,
  type NemesisState,
  nemesisOverrule,
  nemesisRolloutLimit,
  nemesisSearchOptions,
  nemesisSearchSetup,
  objectivesMetNow,
  type PlayerState,
  sensibleBot,
  survivalScore,
  survivorScore,
} from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const nemesis = createNemesis();
const sensible = sensibleBot(nemesis);
const searcher = ismctsNemesisBot(nemesis, { iterations: 30 });

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
    nemesis.apply(state, seat, botChoice(nemesis, sensible, state, seat, random));
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
      const action = botChoice(nemesis, searcher, state, seat, random);
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
      const fromState = botChoice(nemesis, searcher, state, seat, seedRandom('choice'));
      const fromTwin = botChoice(nemesis, searcher, twin, seat, seedRandom('choice'));
      expect(fromTwin).toEqual(fromState);
    }
  });

  it('searches alike in root-parallel workers and in one thread: each worker finds the root statistics of an in-thread search from the same re-deal and seed', async () => {
    const { state, seat } = stateWithAChoice('parallel alike', 4);
    const input = botInput(nemesis, state, seat, seedRandom('parallel alike'));
    const pool = new ParallelIsmcts(
      { module: '@tabletop/nemesis', name: 'nemesisSearchSetup', id: 'nemesis' },
      2,
    );
    try {
      const report = await pool.search(input, { iterations: 60 }, 'alike');
      // The workers' setup is the one the search options name.
      const setup = nemesisSearchSetup('nemesis');
      const stand = input.determinize(seedRandom('stand-in:alike'));
      const expected = [0, 1].flatMap(
        (index) =>
          searchIsmcts(
            setup.ruleset,
            {
              seat,
              determinize: (random) => setup.ruleset.determinize(stand, seat, random),
              random: seedRandom(`alike:${index}`),
            },
            { ...setup.options, iterations: 60 },
          ).root,
      );
      expect(report.iterations).toBe(120);
      expect(report.root).toEqual(expected);
    } finally {
      await pool.close();
    }
  });

  it('plays as the sensible bot where its search is too short to be sure of anything better', () => {
    // Fewer iterations than the visits an overrule needs: the search can never overrule.
    const hasty = ismctsNemesisBot(nemesis, { iterations: nemesisOverrule.visits - 1 });
    for (const seed of ['hasty 1', 'hasty 2', 'hasty 3']) {
      const { state, seat } = stateWithAChoice(seed, 3);
      const expected = botChoice(nemesis, sensible, state, seat, seedRandom(seed));
      expect(botChoice(nemesis, hasty, state, seat, seedRandom(seed))).toEqual(expected);
    }
  });

  it('scores survival: out of the ship high, dead 0, aboard in between and lower with wounds, a Larva or Intruders around', () => {
    const { state } = stateWithAChoice('scores', 2);
    const player = state.players[0]!;
    const aboard = { ...player, status: 'active' as const, lightWounds: 0, seriousWounds: [] };
    const alone = { ...state, intruders: [] };
    expect(survivalScore(alone, { ...player, status: 'escaped' })).toBe(0.8);
    expect(survivalScore(alone, { ...player, status: 'hibernating' })).toBe(0.8);
    expect(survivalScore(alone, { ...player, status: 'dead' })).toBe(0);
    const healthy = survivalScore(alone, aboard);
    const hurt = survivalScore(alone, { ...aboard, lightWounds: 2 });
    expect(healthy).toBeGreaterThan(hurt);
    expect(hurt).toBeGreaterThan(0);
    expect(survivalScore(alone, { ...aboard, larva: true })).toBeLessThan(healthy);
    expect(survivalScore(alone, { ...aboard, status: 'in-pod' })).toBeGreaterThan(healthy);
    expect(survivalScore(alone, { ...player, status: 'escaped' })).toBeGreaterThan(
      survivalScore(alone, { ...aboard, status: 'in-pod' }),
    );
    const intruder = { ...state.intruders[0], room: aboard.room } as (typeof state.intruders)[0];
    const beset = { ...state, intruders: [intruder] };
    expect(survivalScore(beset, aboard)).toBeLessThan(healthy);
    // Far from the Hibernatorium counts against, by the rooms between.
    expect(survivalScore(alone, aboard, () => 3)).toBeLessThan(
      survivalScore(alone, aboard, () => 1),
    );
    expect(survivalScore(alone, aboard, () => 0)).toBe(healthy);
    // An Intruder elsewhere changes nothing.
    expect(survivalScore({ ...state, intruders: [{ ...intruder, room: -1 }] }, aboard)).toBe(
      healthy,
    );
  });

  it('reads Objectives as met or not as things stand: a rival dead counts once dead', () => {
    const { state } = stateWithAChoice('objectives now', 2);
    const [first, second] = state.players as [PlayerState, PlayerState];
    // The Right Moment to Strike: Player 1 (seat 0) must not survive, or you alone survive.
    const striker = {
      ...second,
      status: 'active' as const,
      objectives: ['the-right-moment-to-strike'],
    };
    const bothAlive = { ...state, players: [{ ...first, status: 'active' as const }, striker] };
    expect(objectivesMetNow(nemesis.tables, bothAlive, striker)).toBe(false);
    const firstDead = { ...state, players: [{ ...first, status: 'dead' as const }, striker] };
    expect(objectivesMetNow(nemesis.tables, firstDead, striker)).toBe(true);
    // The search's score for a character still aboard rises with Objectives met.
    const evaluate = nemesisSearchOptions(nemesis).evaluate!;
    const calm = (players: PlayerState[]) => ({ ...state, intruders: [], players });
    const unmet = calm([{ ...first, status: 'escaped' as const }, striker]);
    const met = calm([{ ...first, status: 'dead' as const }, striker]);
    expect(evaluate(met)[striker.seat]!).toBeGreaterThan(evaluate(unmet)[striker.seat]!);
  });

  it('completes an action the search named as the sensible bot would, and leaves naming actions to the search', () => {
    const options = nemesisSearchOptions(nemesis);
    const state = nemesis.setup(nemesis.options.parse({ players: 3 }), 'complete');
    const random = seedRandom('complete');
    const seen = new Set<string>();
    for (let step = 0; step < 600 && state.over === null && seen.size < 2; step++) {
      const seat = actingSeat(state);
      const legal = nemesis.legalActions(state, seat);
      const kind = state.stack.at(-1)!.kind;
      const completed = options.complete!(state, seat, legal, seedRandom(`step ${step}`));
      if (kind === 'action-choice') {
        expect(completed).toEqual(
          botChoice(nemesis, sensible, state, seat, seedRandom(`step ${step}`)),
        );
        seen.add(kind);
      } else if (kind === 'player-turn') {
        expect(completed).toBeNull();
        seen.add(kind);
      }
      nemesis.apply(state, seat, botChoice(nemesis, sensible, state, seat, random));
    }
    expect([...seen].sort()).toEqual(['action-choice', 'player-turn']);
    // Without the ruleset, the search branches on every answer.
    expect(nemesisSearchOptions().complete).toBeUndefined();
  });

  it('counts the way to the Hibernatorium more as the Time track nears the chambers opening', () => {
    const { state } = stateWithAChoice('homeward', 2);
    const evaluate = nemesisSearchOptions(nemesis).evaluate!;
    const far = state.players[0]!;
    const calm = { ...state, intruders: [], round: 1 };
    const placed = (time: number, room: number) => ({
      ...calm,
      time,
      players: [
        {
          ...far,
          status: 'active' as const,
          room,
          lightWounds: 0,
          seriousWounds: [],
          larva: false,
        },
        ...state.players.slice(1),
      ],
    });
    const home = 11;
    const away = nemesis.tables.exits.findIndex(
      (exits, room) =>
        room !== home &&
        room > 0 &&
        exits.length > 0 &&
        !exits.some(
          (exit) =>
            exit.corridor !== 'technical' &&
            nemesis.tables.corridors[exit.corridor]!.ends.includes(home),
        ),
    );
    expect(away).toBeGreaterThan(0);
    const opening = nemesis.tables.time.hibernationOpensAfter;
    // At the start the distance does not count; once the chambers open it does.
    expect(evaluate(placed(0, away))[far.seat]).toBe(evaluate(placed(0, home))[far.seat]);
    expect(evaluate(placed(opening, away))[far.seat]).toBeLessThan(
      evaluate(placed(opening, home))[far.seat]!,
    );
  });

  it('scores a finished game by the victory check: a winner 1, a survivor short of their Objectives 0.7, the dead 0', () => {
    const { state } = stateWithAChoice('fates', 3);
    const fate = { character: null, death: null, objectives: [], drawn: [] };
    const over = {
      ...state,
      over: {
        ...(state.over ?? {}),
        victory: {
          fates: [
            { ...fate, seat: '0', survivedBy: 'escape-pod', winner: true },
            { ...fate, seat: '1', survivedBy: 'hibernation', winner: false },
            { ...fate, seat: '2', survivedBy: null, death: 'died during the game', winner: false },
          ],
        },
      },
    } as unknown as NemesisState;
    expect(fateScores(over)).toEqual({ '0': 1, '1': 0.7, '2': 0 });
    // A survivor's score is the caller's to choose; the hard level's play-outs score as the tree does.
    expect(fateScores(over, 0.5)).toEqual({ '0': 1, '1': 0.5, '2': 0 });
    expect(fateScores(over, survivorScore)).toEqual(fateScores(over));
  });

  it('cuts rollouts short after the rollout limit and scores them by survival, so a search visits few actions per iteration', () => {
    const { state, seat } = stateWithAChoice('cut short', 4);
    let applied = 0;
    const counting = {
      ...nemesis,
      applyLegal: (copy: NemesisState, actor: Seat, action: NemesisAction) => {
        applied++;
        return nemesis.applyLegal!(copy, actor, action);
      },
    };
    const options = nemesisSearchOptions();
    expect(options.rolloutLimit).toBe(nemesisRolloutLimit);
    const iterations = 20;
    searchIsmcts(counting, botInput(counting, state, seat, seedRandom('cut')), {
      ...options,
      iterations,
    });
    // Each iteration plays its tree path, which grows by at most one node an
    // iteration, then at most the rollout limit.
    expect(applied).toBeGreaterThan(iterations);
    expect(applied).toBeLessThanOrEqual(
      iterations * nemesisRolloutLimit + (iterations * (iterations + 1)) / 2,
    );
  });
});
