import { describe, expect, it } from 'vitest';
import { pairedSignPValue } from '../figures.js';

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
