import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyReroll,
  clampPool,
  countSuccesses,
  gritLostFromUnits,
  meetsDifficulty,
  newRoll,
  parseDifficulty,
  poolSize,
  rerollsAllowed,
  setsOf,
  snakeEyes,
  successesAtTier,
  successesAtTierFromUnits,
  unitsFromImpossibleSets,
  unitsOf,
} from '../src/index.js';

/** A die source that hands out the given faces in order and fails if asked for more. */
function stacked(faces: number[]): () => number {
  const queue = [...faces];
  return () => {
    const face = queue.shift();
    if (face === undefined) throw new Error('the test stacked too few dice');
    return face;
  };
}

const lossOf = (
  dice: number[],
  tier: 'basic' | 'critical' | 'extreme' | 'impossible',
  double = false,
) => gritLostFromUnits(unitsOf(dice), unitsFromImpossibleSets(dice), { tier, double });

describe('the dice pool', () => {
  it('Attribute plus Skill dice, one more per bonus and one fewer per penalty', () => {
    expect(poolSize({ attribute: 3, skill: 2 })).toBe(5);
    expect(poolSize({ attribute: 3, skill: 2, bonuses: 2, penalties: 1 })).toBe(6);
  });

  it('never fewer than 2 nor more than 9 dice', () => {
    expect(poolSize({ attribute: 1, skill: 0, penalties: 3 })).toBe(2);
    expect(poolSize({ attribute: 3, skill: 3, bonuses: 6 })).toBe(9);
    fc.assert(
      fc.property(fc.integer({ min: -50, max: 50 }), (dice) => {
        const pool = clampPool(dice);
        return pool >= 2 && pool <= 9 && (dice < 2 || dice > 9 || pool === dice);
      }),
    );
  });
});

describe('successes', () => {
  it('2 of a kind is Basic, 3 Critical, 4 Extreme, 5 Impossible, 6 or more Jackpot', () => {
    expect(setsOf([4, 4, 1]).map((set) => set.tier)).toEqual(['basic']);
    expect(setsOf([4, 4, 4]).map((set) => set.tier)).toEqual(['critical']);
    expect(setsOf([2, 2, 2, 2, 5]).map((set) => set.tier)).toEqual(['extreme']);
    expect(setsOf([6, 6, 6, 6, 6]).map((set) => set.tier)).toEqual(['impossible']);
    expect(setsOf([3, 3, 3, 3, 3, 3, 3]).map((set) => set.tier)).toEqual(['jackpot']);
  });

  it('all sets count: 3 and 2 of a kind are one Critical and one Basic', () => {
    expect(countSuccesses([5, 5, 5, 2, 2, 6])).toMatchObject({ basic: 1, critical: 1, extreme: 0 });
  });

  it('a single die is no success', () => {
    expect(setsOf([1, 2, 3, 4, 5, 6])).toEqual([]);
    expect(unitsOf([1, 2, 3, 4, 5, 6])).toBe(0);
  });

  it('three for one: 3 Basic successes make a Critical', () => {
    expect(successesAtTier([1, 1, 2, 2, 3, 3], 'critical')).toBe(1);
    expect(successesAtTier([1, 1, 2, 2, 5, 6], 'critical')).toBe(0);
  });

  it('three for one: a Critical splits into 3 Basic successes', () => {
    expect(successesAtTier([4, 4, 4], 'basic')).toBe(3);
    expect(successesAtTier([4, 4, 4, 4], 'basic')).toBe(9);
    expect(successesAtTier([4, 4, 4, 4], 'critical')).toBe(3);
  });

  it('three Extremes make an Impossible only when that option is on', () => {
    // No throw of 9 dice holds 27 units without a set of five, so the switch is shown on units.
    const on = { threeExtremesMakeImpossible: true };
    const off = { threeExtremesMakeImpossible: false };
    expect(successesAtTierFromUnits(27, 'impossible', 0, on)).toBe(1);
    expect(successesAtTierFromUnits(27, 'impossible', 0, off)).toBe(0);
    expect(successesAtTierFromUnits(27, 'extreme', 0, off)).toBe(3);
    // A set of five is an Impossible either way; a Jackpot splits into three.
    expect(successesAtTier([2, 2, 2, 2, 2], 'impossible')).toBe(1);
    expect(successesAtTier([2, 2, 2, 2, 3, 3, 3, 3], 'impossible')).toBe(0);
    expect(successesAtTier([3, 3, 3, 3, 3, 3], 'impossible')).toBe(3);
  });
});

describe('difficulty', () => {
  it('a roll succeeds when it has a success of the difficulty tier', () => {
    expect(meetsDifficulty([3, 3, 1], { tier: 'basic', double: false })).toBe(true);
    expect(meetsDifficulty([3, 3, 1], { tier: 'critical', double: false })).toBe(false);
    expect(meetsDifficulty([3, 3, 3], { tier: 'critical', double: false })).toBe(true);
    expect(meetsDifficulty([1, 2, 3, 4, 5], { tier: 'basic', double: false })).toBe(false);
  });

  it('double difficulty needs two successes of that tier', () => {
    expect(meetsDifficulty([3, 3, 1, 5], { tier: 'basic', double: true })).toBe(false);
    expect(meetsDifficulty([3, 3, 5, 5], { tier: 'basic', double: true })).toBe(true);
    // A Critical splits into three Basics: that is two Basics and one more.
    expect(meetsDifficulty([3, 3, 3], { tier: 'basic', double: true })).toBe(true);
    expect(meetsDifficulty([3, 3, 3, 6, 6, 6], { tier: 'critical', double: true })).toBe(true);
  });

  it('difficulty names parse, and double Impossible does not exist', () => {
    expect(parseDifficulty('2 critical')).toEqual({ tier: 'critical', double: true });
    expect(parseDifficulty('Extreme')).toEqual({ tier: 'extreme', double: false });
    expect(parseDifficulty('2 impossible')).toBeNull();
    expect(parseDifficulty('hard')).toBeNull();
  });
});

describe('Re-roll, Free Re-roll and All In', () => {
  it('Re-roll needs at least one success', () => {
    expect(rerollsAllowed(newRoll([1, 2, 3, 4]), 0)).toEqual([]);
    expect(rerollsAllowed(newRoll([1, 1, 3, 4]), 0)).toEqual(['reroll']);
  });

  it('Re-roll throws again every die not in a set', () => {
    const roll = newRoll([5, 5, 1, 2]);
    const better = applyReroll(roll, 'reroll', stacked([5, 3]));
    expect(better).toBe(true);
    expect([...roll.dice].sort()).toEqual([3, 5, 5, 5]);
  });

  it('a Re-roll that is not better loses one earlier success', () => {
    const roll = newRoll([5, 5, 2, 2, 2, 1]);
    const better = applyReroll(roll, 'reroll', stacked([4]));
    expect(better).toBe(false);
    // The Basic (the lowest success) is lost; the Critical stays.
    expect(setsOf(roll.dice).map((set) => set.tier)).toEqual(['critical']);
    expect(roll.setAside).toEqual([5, 5]);
  });

  it('Free Re-roll is allowed with no success and never loses one', () => {
    const roll = newRoll([1, 2, 3, 4]);
    expect(rerollsAllowed(roll, 1)).toEqual(['free-reroll']);
    expect(applyReroll(roll, 'free-reroll', stacked([5, 6, 4, 3]))).toBe(false);
    expect(roll.setAside).toEqual([]);
    expect(rerollsAllowed(roll, 1)).toEqual([]);
  });

  it('All In comes only after a Re-roll that was better', () => {
    const worse = newRoll([6, 6, 1, 2]);
    applyReroll(worse, 'reroll', stacked([3, 4]));
    expect(rerollsAllowed(worse, 0)).not.toContain('all-in');
    const better = newRoll([6, 6, 1, 2, 3]);
    applyReroll(better, 'reroll', stacked([6, 4, 5]));
    expect(rerollsAllowed(better, 0)).toEqual(['all-in']);
  });

  it('All In that is not better loses all successes', () => {
    const roll = newRoll([6, 6, 1, 2, 3]);
    applyReroll(roll, 'reroll', stacked([6, 4, 5]));
    expect(applyReroll(roll, 'all-in', stacked([1, 2]))).toBe(false);
    expect(unitsOf(roll.dice)).toBe(0);
    expect(rerollsAllowed(roll, 0)).toEqual([]);
  });

  it('All In that is better keeps everything', () => {
    const roll = newRoll([6, 6, 1, 2, 3]);
    applyReroll(roll, 'reroll', stacked([6, 4, 5]));
    expect(applyReroll(roll, 'all-in', stacked([2, 2]))).toBe(true);
    expect(countSuccesses(roll.dice)).toMatchObject({ critical: 1, basic: 1 });
  });

  it('a re-roll never makes the kept sets smaller', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 2, maxLength: 9 }),
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 9, maxLength: 9 }),
        (dice, thrown) => {
          const roll = newRoll(dice);
          applyReroll(roll, 'free-reroll', stacked(thrown));
          return unitsOf(roll.dice) >= unitsOf(dice);
        },
      ),
    );
  });
});

describe('Gamble', () => {
  it('each die showing 1 costs a box of Grit, set-aside dice included', () => {
    expect(snakeEyes([1, 1, 3, 5])).toBe(2);
    expect(snakeEyes([2, 3], [1])).toBe(1);
    expect(snakeEyes([2, 3, 4])).toBe(0);
  });
});

describe('Damage Control', () => {
  it('a failed Dangerous roll costs Basic 1, Critical 3, Extreme 9, Impossible all', () => {
    expect(lossOf([1, 2, 3], 'basic')).toBe(1);
    expect(lossOf([1, 2, 3], 'critical')).toBe(3);
    expect(lossOf([1, 2, 3], 'extreme')).toBe(9);
    expect(lossOf([1, 2, 3], 'impossible')).toBe('all');
  });

  it('lower successes reduce the loss, Basic 1 and Critical 3 each', () => {
    expect(lossOf([2, 2, 5], 'critical')).toBe(2);
    expect(lossOf([2, 2, 2, 5, 5], 'extreme')).toBe(5);
  });

  it('never Damage Control for Impossible', () => {
    expect(lossOf([2, 2, 2, 2, 5, 5, 5], 'impossible')).toBe('all');
  });

  it('double difficulty risks twice the Grit; each success avoids one of the two', () => {
    expect(lossOf([1, 2, 3], 'critical', true)).toBe(6);
    expect(lossOf([4, 4, 4, 2], 'critical', true)).toBe(3);
    expect(lossOf([4, 4, 4, 2, 2, 2], 'critical', true)).toBe(0);
  });

  it('a passed roll loses nothing', () => {
    expect(lossOf([6, 6, 6], 'critical')).toBe(0);
  });
});
