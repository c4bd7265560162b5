import { describe, expect, it } from 'vitest';
import { clonePlain } from '../src/clone.js';
import {
  type ConformanceSpec,
  checkApplyLegal,
  checkDeterminize,
  checkGeneratorsAgree,
  checkJsonRoundTrip,
  checkNoLeak,
  checkPlayouts,
  checkRejections,
  checkReplayDeterminism,
} from '../src/conformance.js';
import { conformanceSuite } from '../src/conformance-suite.js';
import {
  type DuelAction,
  type DuelOptions,
  type DuelState,
  type DuelView,
  diceDuel,
} from '../src/examples/dice-duel.js';
import { reject } from '../src/outcome.js';
import type { Ruleset } from '../src/ruleset.js';

type DuelRuleset = Ruleset<DuelState, DuelAction, DuelView, DuelOptions>;

function specFor(
  ruleset: DuelRuleset,
): ConformanceSpec<DuelState, DuelAction, DuelView, DuelOptions> {
  return {
    ruleset,
    optionsList: [{}, { health: 5 }],
    seeds: ['one', 'two', 'three'],
    invariant: (state) => (state.health.some((health) => health < 0) ? ['negative health'] : []),
  };
}

conformanceSuite(specFor(diceDuel));

describe('the conformance suite has teeth', () => {
  it('catches a view that leaks the generator state', () => {
    const leaky: DuelRuleset = { ...diceDuel, view: (state) => ({ ...state }) };
    const failures = checkNoLeak(specFor(leaky));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatch(/view of .* changes/);
  });

  it('catches an apply that calls Math.random', () => {
    const impure: DuelRuleset = {
      ...diceDuel,
      apply(state, seat, action) {
        const outcome = diceDuel.apply(state, seat, action);
        if (outcome.ok && Math.random() < 0.5) state.lastRoll = -1;
        return outcome;
      },
    };
    const failures = checkReplayDeterminism(specFor(impure));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toMatch(/differs from the original/);
  });

  it('catches an apply that changes the state before rejecting', () => {
    const sloppy: DuelRuleset = {
      ...diceDuel,
      apply(state, seat, action) {
        state.lastRoll = 0;
        if (seat !== String(state.turn)) return reject('not-your-turn', 'wait');
        return diceDuel.apply(state, seat, action);
      },
    };
    const failures = checkRejections(specFor(sloppy));
    expect(failures.length).toBeGreaterThan(0);
    expect(failures[0]).toMatch(/changed the state/);
  });

  it('catches an apply that throws on bad input', () => {
    const fragile: DuelRuleset = {
      ...diceDuel,
      apply(state, seat, action) {
        if (action.type.length > 4) return reject('long', 'too long');
        return diceDuel.apply(state, seat, action);
      },
    };
    expect(checkRejections(specFor(fragile)).join('\n')).toMatch(/apply threw/);
  });

  it('catches a game that never ends', () => {
    const endless: DuelRuleset = {
      ...diceDuel,
      apply(state, seat, action) {
        const outcome = diceDuel.apply(state, seat, action);
        state.health = [20, 20];
        state.winner = null;
        return outcome;
      },
    };
    const spec = { ...specFor(endless), maxActions: 300 };
    expect(checkPlayouts(spec).join('\n')).toMatch(/no result after 300 actions/);
  });

  it('catches a broken invariant', () => {
    const spec = {
      ...specFor(diceDuel),
      invariant: (state: DuelState) => (state.lastRoll === 6 ? ['rolled a six'] : []),
    };
    expect(checkPlayouts(spec).join('\n')).toMatch(/invariant: rolled a six/);
  });

  it('catches a state that is not plain data', () => {
    const classy: DuelRuleset = {
      ...diceDuel,
      setup: (options, seed) => ({
        ...diceDuel.setup(options, seed),
        // @ts-expect-error: a Date, which a state of plain data may not hold
        lastRoll: new Date(),
      }),
    };
    expect(checkPlayouts(specFor(classy)).join('\n')).toMatch(/Date, not plain data/);
  });

  it('catches a state that does not survive JSON', () => {
    const lossy: DuelRuleset = {
      ...diceDuel,
      setup: (options, seed) =>
        ({ ...diceDuel.setup(options, seed), extra: Number.NaN }) as DuelState,
    };
    expect(checkJsonRoundTrip(specFor(lossy)).join('\n')).toMatch(/JSON round trip/);
  });

  it('catches an applyLegal that does not do what apply does', () => {
    const careless: DuelRuleset = {
      ...diceDuel,
      applyLegal: (state, seat, action) => {
        const outcome = diceDuel.apply(state, seat, action);
        state.lastRoll = 0;
        return outcome;
      },
    };
    expect(checkApplyLegal(specFor(careless)).join('\n')).toMatch(/applyLegal and apply differ/);
    expect(checkApplyLegal(specFor({ ...diceDuel, applyLegal: diceDuel.apply }))).toEqual([]);
  });

  it('catches a result that scores a seat not at the table', () => {
    const miscounted: DuelRuleset = {
      ...diceDuel,
      result: (state) => {
        const result = diceDuel.result(state);
        return result && { ...result, scores: { ...result.scores, '7': 0 } };
      },
    };
    expect(checkPlayouts(specFor(miscounted)).join('\n')).toMatch(
      /scores seats 0, 1, 7, the table has 0, 1/,
    );
  });

  it('catches a determinize that keeps part of a secret', () => {
    const partial: DuelRuleset = {
      ...diceDuel,
      determinize(state, seat, random) {
        const copy = diceDuel.determinize(state, seat, random);
        (copy.random as number[])[0] = (state.random as number[])[0]!;
        return copy;
      },
    };
    expect(checkDeterminize(specFor(partial)).join('\n')).toMatch(
      /two states 0 cannot tell apart determinize differently/,
    );
  });

  it('catches a determinize that changes its input', () => {
    const impure: DuelRuleset = {
      ...diceDuel,
      determinize(state, seat, random) {
        state.lastRoll = 0;
        return diceDuel.determinize(state, seat, random);
      },
    };
    expect(checkDeterminize(specFor(impure)).join('\n')).toMatch(/changed its input/);
  });

  it('catches rules that change with the generator', () => {
    const moody: DuelRuleset = {
      ...diceDuel,
      setup: (options, seed, generator) => ({
        ...diceDuel.setup(options, seed, generator),
        ...(generator === 'crypto' ? { mood: 'suspicious' } : {}),
      }),
    };
    expect(checkGeneratorsAgree(specFor(moody)).join('\n')).toMatch(
      /setup gives states of different forms/,
    );
  });

  it('refuses to call a re-deal that changes nothing proof of no leak', () => {
    const spec = specFor({ ...diceDuel, determinize: (state) => clonePlain(state) });
    expect(checkNoLeak(spec)).toContain(
      'the re-deal never changed a state, so the no-leak check proved nothing',
    );
  });
});
