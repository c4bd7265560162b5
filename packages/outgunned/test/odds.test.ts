import { binomialTwoSidedTail, fourSigmaTail } from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import {
  applyReroll,
  type Difficulty,
  type ExactOdds,
  exactOdds,
  exactTable,
  gritLostFromUnits,
  meetsDifficulty,
  newRoll,
  type RerollPolicy,
  type Roll,
  rerollPolicies,
  rerollsAllowed,
  sampleOdds,
  tableDifficulties,
  unitsFromImpossibleSets,
  unitsOf,
} from '../src/index.js';

/*
 * The brute force plays every sequence of die faces through the same rule
 * functions the ruleset uses (applyReroll, rerollsAllowed, meetsDifficulty),
 * with no partitions and no multinomial law: first throws are all 6^n
 * ordered sequences, re-rolls all 6^k ordered sequences of the loose dice.
 * Only identical sorted dice share a memo entry.
 */

type Distribution = Map<string, number>;

/** Calls `visit` with every ordered sequence of `length` faces (the same array, changed in place). */
function everySequence(length: number, visit: (faces: number[]) => void): void {
  const faces = new Array<number>(length).fill(1);
  for (;;) {
    visit(faces);
    let position = length - 1;
    while (position >= 0 && faces[position] === 6) faces[position--] = 1;
    if (position < 0) return;
    faces[position]!++;
  }
}

function worthKey(roll: Roll): string {
  return `${unitsOf(roll.dice)}/${unitsFromImpossibleSets(roll.dice)}`;
}

function cloneRoll(roll: Roll): Roll {
  return { ...roll, dice: [...roll.dice], setAside: [...roll.setAside] };
}

function addTo(into: Distribution, key: string, probability: number): void {
  into.set(key, (into.get(key) ?? 0) + probability);
}

function countLoose(dice: number[]): number {
  return dice.filter((face) => dice.indexOf(face) === dice.lastIndexOf(face)).length;
}

/** Results of one re-roll of a roll, merged when the dice are the same; memoized on the sorted dice. */
const rerollMemo = new Map<string, { roll: Roll; p: number }[]>();

/** Every outcome of re-rolling the loose dice of `roll` with `kind`, then `next` on each result. */
function everyReroll(
  roll: Roll,
  kind: 'reroll' | 'free-reroll' | 'all-in',
  next: (result: Roll, probability: number) => void,
): void {
  const key = `${kind}:${[...roll.dice].sort().join('')}:${[...roll.setAside].sort().join('')}:${roll.rerolled}:${roll.lastRerollBetter}`;
  let results = rerollMemo.get(key);
  if (!results) {
    const merged = new Map<string, { roll: Roll; p: number }>();
    const loose = countLoose(roll.dice);
    everySequence(loose, (faces) => {
      const result = cloneRoll(roll);
      let index = 0;
      applyReroll(result, kind, () => faces[index++]!);
      const resultKey = `${[...result.dice].sort().join('')}:${[...result.setAside].sort().join('')}:${result.lastRerollBetter}`;
      const found = merged.get(resultKey);
      if (found) found.p += 6 ** -loose;
      else merged.set(resultKey, { roll: result, p: 6 ** -loose });
    });
    results = [...merged.values()];
    rerollMemo.set(key, results);
  }
  for (const { roll: result, p } of results) next(result, p);
}

function bruteForceFinal(
  dice: number[],
  difficulty: Difficulty,
  policy: RerollPolicy,
): Distribution {
  const outcome: Distribution = new Map();
  const roll = newRoll(dice);
  const short = (candidate: Roll) => !meetsDifficulty(candidate.dice, difficulty);
  if (policy === 'none' || !short(roll)) {
    addTo(outcome, worthKey(roll), 1);
    return outcome;
  }
  if (policy === 'free') {
    if (!rerollsAllowed(roll, 1).includes('free-reroll')) addTo(outcome, worthKey(roll), 1);
    else everyReroll(roll, 'free-reroll', (result, p) => addTo(outcome, worthKey(result), p));
    return outcome;
  }
  if (!rerollsAllowed(roll, 0).includes('reroll')) {
    addTo(outcome, worthKey(roll), 1);
    return outcome;
  }
  everyReroll(roll, 'reroll', (result, p) => {
    if (policy === 'allin' && short(result) && rerollsAllowed(result, 0).includes('all-in')) {
      everyReroll(result, 'all-in', (final, q) => addTo(outcome, worthKey(final), p * q));
    } else {
      addTo(outcome, worthKey(result), p);
    }
  });
  return outcome;
}

function bruteForceOdds(
  pool: number,
): Map<string, { p_success: number; losses: Map<string, number> }> {
  // Every ordered first throw, grouped by its sorted dice so each distinct throw is played once.
  const throws = new Map<string, { dice: number[]; count: number }>();
  everySequence(pool, (faces) => {
    const key = [...faces].sort().join('');
    const found = throws.get(key);
    if (found) found.count++;
    else throws.set(key, { dice: [...faces], count: 1 });
  });
  const total = 6 ** pool;
  const results = new Map<string, { p_success: number; losses: Map<string, number> }>();
  for (const difficulty of tableDifficulties) {
    for (const policy of rerollPolicies) {
      let success = 0;
      const losses = new Map<string, number>();
      for (const { dice, count } of throws.values()) {
        for (const [worth, probability] of bruteForceFinal(dice, difficulty, policy)) {
          const [units, impossibleUnits] = worth.split('/').map(Number) as [number, number];
          const weight = (count / total) * probability;
          const lost = gritLostFromUnits(units, impossibleUnits, difficulty);
          if (lost === 0) success += weight;
          losses.set(String(lost), (losses.get(String(lost)) ?? 0) + weight);
        }
      }
      results.set(`${difficulty.tier}/${difficulty.double}/${policy}`, {
        p_success: success,
        losses,
      });
    }
  }
  return results;
}

function lossesOf(odds: ExactOdds): Map<string, number> {
  return new Map(odds.grit_lost.map((entry) => [String(entry.lost), entry.p]));
}

describe('exact odds', () => {
  const table = exactTable();

  it('the table covers 2 to 9 dice, 7 difficulties and 4 re-roll policies', () => {
    expect(table).toHaveLength(8 * 7 * 4);
  });

  for (const pool of [2, 3, 4, 5, 6, 7, 8, 9]) {
    it(`exact odds equal a brute-force enumeration with ${pool} dice`, () => {
      const brute = bruteForceOdds(pool);
      for (const row of table.filter((candidate) => candidate.dice === pool)) {
        const expected = brute.get(`${row.difficulty}/${row.double}/${row.reroll}`)!;
        expect(row.p_success, JSON.stringify(row)).toBeCloseTo(expected.p_success, 12);
        const exactLosses = lossesOf(row);
        const keys = new Set([...exactLosses.keys(), ...expected.losses.keys()]);
        for (const key of keys) {
          expect(exactLosses.get(key) ?? 0, `${JSON.stringify(row)} lost ${key}`).toBeCloseTo(
            expected.losses.get(key) ?? 0,
            12,
          );
        }
      }
    });
  }

  it('the Grit lost on a Dangerous roll is a distribution that sums to 1, and 0 lost is success', () => {
    for (const row of table) {
      const sum = row.grit_lost.reduce((total, entry) => total + entry.p, 0);
      expect(sum).toBeCloseTo(1, 12);
      const none = row.grit_lost.find((entry) => entry.lost === 0)?.p ?? 0;
      expect(none).toBeCloseTo(row.p_success, 12);
    }
  });

  it('more dice never lower the odds', () => {
    for (const row of table) {
      if (row.dice === 9) continue;
      const bigger = table.find(
        (other) =>
          other.dice === row.dice + 1 &&
          other.difficulty === row.difficulty &&
          other.double === row.double &&
          other.reroll === row.reroll,
      )!;
      expect(bigger.p_success).toBeGreaterThanOrEqual(row.p_success - 1e-12);
    }
  });

  it('a Free Re-roll is never worse than no re-roll', () => {
    for (const row of table.filter((candidate) => candidate.reroll === 'free')) {
      const plain = exactOdds(row.dice, { tier: row.difficulty, double: row.double }, 'none');
      expect(row.p_success).toBeGreaterThanOrEqual(plain.p_success - 1e-12);
    }
  });

  it('a known figure: two dice make a Basic success one time in six', () => {
    expect(exactOdds(2, { tier: 'basic', double: false }, 'none').p_success).toBeCloseTo(1 / 6, 15);
    expect(exactOdds(2, { tier: 'critical', double: false }, 'none').p_success).toBe(0);
  });

  it('bad pools and double Impossible are refused with a clear error', () => {
    expect(() => exactOdds(10, { tier: 'basic', double: false }, 'none')).toThrow(/dice/);
    expect(() => exactOdds(5, { tier: 'impossible', double: true }, 'none')).toThrow(
      /double Impossible/,
    );
  });
});

describe('Monte Carlo agrees with every exact figure within 4 sigma', () => {
  const samples = 4000;
  const table = exactTable();
  for (let pool = 2; pool <= 9; pool++) {
    it(`${pool} dice`, () => {
      for (const row of table.filter((candidate) => candidate.dice === pool)) {
        const sampled = sampleOdds(
          pool,
          { tier: row.difficulty, double: row.double },
          row.reroll,
          samples,
          `mc:${pool}:${row.difficulty}:${row.double}:${row.reroll}`,
        );
        const figures: [string, number, number][] = [
          ['p_success', row.p_success, sampled.successes],
        ];
        const exactLosses = lossesOf(row);
        for (const [lost, count] of sampled.gritLostCounts) {
          figures.push([`lost ${lost}`, exactLosses.get(String(lost)) ?? 0, count]);
        }
        for (const [lost, p] of exactLosses) {
          if (!sampled.gritLostCounts.has(lost === 'all' ? 'all' : Number(lost)))
            figures.push([`lost ${lost}`, p, 0]);
        }
        for (const [name, p, count] of figures) {
          const tail = binomialTwoSidedTail(samples, p, count);
          expect(
            tail,
            `${JSON.stringify(row)} ${name}: ${count} in ${samples}`,
          ).toBeGreaterThanOrEqual(fourSigmaTail);
        }
      }
    });
  }
});

describe('the Monte Carlo check has teeth', () => {
  it('a figure from the wrong re-roll policy is caught', () => {
    const wrong = exactOdds(6, { tier: 'critical', double: false }, 'allin').p_success;
    const sampled = sampleOdds(6, { tier: 'critical', double: false }, 'none', 4000, 'teeth');
    expect(binomialTwoSidedTail(4000, wrong, sampled.successes)).toBeLessThan(fourSigmaTail);
  });
});
