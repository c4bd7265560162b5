import { describe, expect, it } from 'vitest';
import {
  countFate,
  emptyTally,
  fractionFrom,
  mirroredSeats,
  normalUpperTail,
  orderedPValue,
  pairedShareDifference,
  pairedSignPValue,
  percentile,
  signTest,
} from '../figures.js';

describe("the paired sign test (McNemar's exact test)", () => {
  it('gives the binomial tail of the differing pairs at one half', () => {
    expect(pairedSignPValue(8, 0)).toBeCloseTo(1 / 256, 12);
    // 10 pairs, 5 each way: P(X >= 5) for X ~ Binomial(10, 1/2) = 638/1024.
    expect(pairedSignPValue(5, 5)).toBeCloseTo(638 / 1024, 12);
    // 9 against 1: (C(10,9) + C(10,10)) / 1024.
    expect(pairedSignPValue(9, 1)).toBeCloseTo(11 / 1024, 12);
  });

  it('is 1 with no differing pair and shrinks as more pairs go one way', () => {
    expect(pairedSignPValue(0, 0)).toBeCloseTo(1, 12);
    expect(pairedSignPValue(0, 7)).toBeCloseTo(1, 12);
    expect(pairedSignPValue(12, 2)).toBeLessThan(pairedSignPValue(10, 4));
  });
});

describe('the sign test over paired deals', () => {
  it('counts the deals each way and the ties, and gives the binomial tail of the untied ones', () => {
    const test = signTest([2, 1, -1, 0, 3, 0, 1]);
    expect(test).toMatchObject({ better: 4, worse: 1, ties: 2 });
    // 5 untied deals, 4 or more of them better: (C(5,4) + C(5,5)) / 32.
    // Printed to three significant digits.
    expect(test.p_value).toBeCloseTo(6 / 32, 2);
    expect(pairedSignPValue(4, 1)).toBeCloseTo(6 / 32, 12);
  });

  it('is 1 when nothing differs, and small only when the upper side is better', () => {
    expect(signTest([0, 0, 0]).p_value).toBe(1);
    const better = signTest(Array.from({ length: 20 }, (_, deal) => (deal < 17 ? 1 : -1)));
    const worse = signTest(Array.from({ length: 20 }, (_, deal) => (deal < 17 ? -1 : 1)));
    expect(better.p_value).toBeLessThan(0.01);
    expect(worse.p_value).toBeGreaterThan(0.99);
  });
});

describe('the ordered ladder of levels', () => {
  it('is shown ordered only as surely as its least sure step', () => {
    expect(orderedPValue([0.001, 0.2])).toBe(0.2);
    expect(orderedPValue([0.004])).toBe(0.004);
    expect(() => orderedPValue([])).toThrow(RangeError);
  });
});

describe('percentiles of decision times', () => {
  it('takes the nearest rank, whatever the order of the values', () => {
    const values = Array.from({ length: 100 }, (_, index) => (index * 37) % 100);
    expect(percentile(values, 0.95)).toBe(94);
    expect(percentile(values, 0.5)).toBe(49);
    expect(percentile([3], 0.95)).toBe(3);
    expect(() => percentile([], 0.5)).toThrow(RangeError);
  });
});

describe('mirrored pairs and their tallies', () => {
  it('a side sits at 0 and 1 in the first game of a pair and at 2 and 3 in the second', () => {
    expect(mirroredSeats(0)).toEqual(['0', '1']);
    expect(mirroredSeats(1)).toEqual(['2', '3']);
    expect(mirroredSeats(6)).toEqual(['0', '1']);
  });

  it('counts every character, survivors by how they survived, and winners', () => {
    const tally = emptyTally();
    countFate(tally, { survivedBy: 'escape-pod', winner: true });
    countFate(tally, { survivedBy: 'hibernation', winner: false });
    countFate(tally, { survivedBy: null, winner: false });
    expect(tally).toEqual({ characters: 3, survived: 2, won: 1 });
  });
});

describe('the normal upper tail of a paired difference', () => {
  it('gives the textbook tails, and a very small one as itself rather than 0', () => {
    expect(normalUpperTail(0)).toBeCloseTo(0.5, 6);
    expect(normalUpperTail(1.959964)).toBeCloseTo(0.025, 6);
    // P(Z > 5) = 2.8665e-7 and P(Z > 6) = 9.8659e-10, to five figures.
    expect(normalUpperTail(5) / 2.8665e-7).toBeCloseTo(1, 2);
    expect(normalUpperTail(6) / 9.8659e-10).toBeCloseTo(1, 3);
    // The two ways agree where they meet.
    expect(normalUpperTail(4.9999) / normalUpperTail(5)).toBeCloseTo(1, 2);
  });
});

describe('the paired difference of two shares over deals', () => {
  const deals = [
    { first: [1, 2], second: [0, 2] },
    { first: [2, 2], second: [1, 2] },
    { first: [0, 1], second: [0, 1] },
  ] as const;

  it('differences the ratios of sums, with a standard error by the delta method, deal by deal', () => {
    // Shares 3/5 and 1/5. Each deal's contribution, over 5/3 trials a deal: 0.12, 0.12, -0.24;
    // their spread 0.2078, an error of 0.12, so z = 0.4 / 0.12.
    const figures = pairedShareDifference(deals);
    expect(figures.difference).toBe(0.4);
    expect(figures.difference_ci95).toEqual([0.1648, 0.6352]);
    expect(figures.p_value).toBeCloseTo(normalUpperTail(0.4 / 0.12), 6);
  });

  it('gives a p-value above one half when the first share is the lower', () => {
    const swapped = deals.map(({ first, second }) => ({ first: second, second: first }));
    const figures = pairedShareDifference(swapped);
    expect(figures.difference).toBe(-0.4);
    expect(figures.p_value).toBeGreaterThan(0.99);
  });

  it('has no figures for a side with no trials, or a single deal', () => {
    const none = deals.map(({ first }) => ({ first, second: [0, 0] as const }));
    expect(pairedShareDifference(none).p_value).toBeNull();
    expect(pairedShareDifference(deals.slice(0, 1)).difference).toBeNull();
  });
});

describe('a fraction read from the environment', () => {
  const name = 'FIGURES_TEST_FRACTION';
  const read = (text: string | undefined) => {
    if (text === undefined) delete process.env[name];
    else process.env[name] = text;
    try {
      return fractionFrom(name, 0.7);
    } finally {
      delete process.env[name];
    }
  };

  it('is the fallback when unset, and the number given from 0 to 1', () => {
    expect(read(undefined)).toBe(0.7);
    expect(read('0')).toBe(0);
    expect(read('0.25')).toBe(0.25);
    expect(read('1')).toBe(1);
  });

  it('refuses anything else, naming the variable and what it was given', () => {
    for (const text of ['', ' ', '-0.1', '1.01', 'half', 'NaN', 'Infinity'])
      expect(() => read(text)).toThrow(`${name} must be a number from 0 to 1, not "${text}"`);
  });
});
