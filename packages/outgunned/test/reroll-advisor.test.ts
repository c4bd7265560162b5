import { rollDie, seedRandom } from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import {
  adviseReroll,
  applyReroll,
  type Difficulty,
  gritLostFromUnits,
  looseDice,
  meetsDifficulty,
  type RerollKind,
  type Roll,
  rerollsAllowed,
  unitsFromImpossibleSets,
  unitsOf,
} from '../src/index.js';

/*
 * The brute force throws the loose dice as every ordered sequence of faces
 * (6^k of them, no multinomial law, no memo) through applyReroll, and plays
 * on by trying every allowed re-roll at every step.
 */
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

function after(roll: Roll, kind: RerollKind, faces: number[]): Roll {
  const result = { ...roll, dice: [...roll.dice], setAside: [...roll.setAside] };
  let next = 0;
  applyReroll(result, kind, () => faces[next++]!);
  return result;
}

function bestChance(roll: Roll, difficulty: Difficulty, free: number): number {
  if (meetsDifficulty(roll.dice, difficulty)) return 1;
  let best = 0;
  for (const kind of rerollsAllowed(roll, free)) {
    const loose = looseDice(roll.dice).length;
    let chance = 0;
    everySequence(loose, (faces) => {
      chance +=
        6 ** -loose *
        bestChance(after(roll, kind, faces), difficulty, kind === 'free-reroll' ? free - 1 : free);
    });
    best = Math.max(best, chance);
  }
  return best;
}

function freshRoll(dice: number[]): Roll {
  return {
    dice,
    setAside: [],
    rerolled: false,
    freeRerolled: false,
    wentAllIn: false,
    lastRerollBetter: false,
  };
}

const cases: { dice: number[]; difficulty: Difficulty; freeRerolls: number }[] = [
  { dice: [1, 1, 3, 5, 6], difficulty: { tier: 'critical', double: false }, freeRerolls: 1 },
  { dice: [2, 2, 4, 5], difficulty: { tier: 'basic', double: true }, freeRerolls: 0 },
  { dice: [6, 6, 6, 1, 2, 3], difficulty: { tier: 'extreme', double: false }, freeRerolls: 1 },
  { dice: [1, 2, 3, 4], difficulty: { tier: 'basic', double: false }, freeRerolls: 1 },
];

describe('the re-roll advisor', () => {
  for (const entry of cases) {
    it(`equals every ordered throw played through the rules: ${entry.dice.join('')} against ${entry.difficulty.double ? '2 ' : ''}${entry.difficulty.tier}`, () => {
      const advice = adviseReroll(entry);
      const roll = freshRoll(entry.dice);
      const allowed = rerollsAllowed(roll, entry.freeRerolls);
      expect(advice.choices.map((choice) => choice.choice)).toEqual(['stop', ...allowed]);
      for (const choice of advice.choices) {
        if (choice.choice === 'stop') continue;
        const kind = choice.choice;
        const loose = looseDice(roll.dice).length;
        let success = 0;
        let playingOn = 0;
        const losses = new Map<string, number>();
        everySequence(loose, (faces) => {
          const result = after(roll, kind, faces);
          const p = 6 ** -loose;
          if (meetsDifficulty(result.dice, entry.difficulty)) success += p;
          playingOn +=
            p *
            bestChance(
              result,
              entry.difficulty,
              kind === 'free-reroll' ? entry.freeRerolls - 1 : entry.freeRerolls,
            );
          const lost = String(
            gritLostFromUnits(
              unitsOf(result.dice),
              unitsFromImpossibleSets(result.dice),
              entry.difficulty,
            ),
          );
          losses.set(lost, (losses.get(lost) ?? 0) + p);
        });
        expect(choice.p_success, kind).toBeCloseTo(success, 12);
        expect(choice.p_success_playing_on, kind).toBeCloseTo(playingOn, 12);
        for (const { lost, p } of choice.grit_lost)
          expect(p, `${kind} lost ${lost}`).toBeCloseTo(losses.get(String(lost)) ?? 0, 12);
        expect(choice.grit_lost).toHaveLength(losses.size);
      }
    });
  }

  it('a Re-roll already taken and better allows All In, which loses every success if worse', () => {
    const advice = adviseReroll({
      dice: [3, 3, 3, 1, 2],
      difficulty: { tier: 'extreme', double: false },
      rerolled: 'better',
    });
    expect(advice.choices.map((choice) => choice.choice)).toEqual(['stop', 'all-in']);
    const allIn = advice.choices[1]!;
    // Two loose dice: a fourth 3 makes the set of four an Extreme, so 11 throws in 36 succeed.
    expect(allIn.p_success).toBeCloseTo(11 / 36, 12);
    // A worse All In (no 3 and no pair: 20 throws in 36) loses the Critical too: all 9 units are owed.
    expect(allIn.grit_lost.find((entry) => entry.lost === 9)?.p).toBeCloseTo(20 / 36, 12);
  });

  it('agrees with sampled throws within 4 sigma', () => {
    const random = seedRandom('advisor');
    const samples = 4000;
    for (const entry of cases) {
      const advice = adviseReroll(entry);
      for (const choice of advice.choices) {
        if (choice.choice === 'stop') continue;
        let successes = 0;
        for (let sample = 0; sample < samples; sample++) {
          const result = freshRoll([...entry.dice]);
          applyReroll(result, choice.choice, () => rollDie(random, 6));
          if (meetsDifficulty(result.dice, entry.difficulty)) successes++;
        }
        const sigma = Math.sqrt((choice.p_success * (1 - choice.p_success)) / samples);
        expect(Math.abs(successes / samples - choice.p_success)).toBeLessThanOrEqual(
          4 * sigma + 1 / samples,
        );
      }
    }
  });

  it('the best choice is the one with the best chance, playing on', () => {
    for (const entry of cases) {
      const advice = adviseReroll(entry);
      const top = Math.max(...advice.choices.map((choice) => choice.p_success_playing_on));
      expect(
        advice.choices.find((choice) => choice.choice === advice.best)!.p_success_playing_on,
      ).toBe(top);
    }
    // A roll that already succeeds is best left alone.
    expect(
      adviseReroll({ dice: [4, 4, 1], difficulty: { tier: 'basic', double: false } }).best,
    ).toBe('stop');
  });

  it('impossible dice are refused with a clear error', () => {
    const basic = { tier: 'basic', double: false } as const;
    expect(() => adviseReroll({ dice: [0, 3], difficulty: basic })).toThrow(/1 to 6/);
    expect(() => adviseReroll({ dice: Array(10).fill(2), difficulty: basic })).toThrow(/number/);
  });
});
