import { describe, expect, it } from 'vitest';
import { randomInt, rollDie, seedRandom, shuffle } from '../src/random.js';

describe('seeded random numbers', () => {
  it('the same seed gives the same sequence', () => {
    const first = seedRandom('seed');
    const second = seedRandom('seed');
    const rolls = (random: number[]) => Array.from({ length: 50 }, () => rollDie(random, 6));
    expect(rolls(first)).toEqual(rolls(second));
  });

  it('different seeds give different sequences', () => {
    const rolls = (random: number[]) => Array.from({ length: 20 }, () => rollDie(random, 20));
    expect(rolls(seedRandom('a'))).not.toEqual(rolls(seedRandom('b')));
  });

  it('the generator state is four plain integers that survive JSON', () => {
    const random = seedRandom('json');
    rollDie(random, 6);
    const copy = JSON.parse(JSON.stringify(random)) as number[];
    expect(copy).toHaveLength(4);
    expect(Array.from({ length: 10 }, () => rollDie(copy, 6))).toEqual(
      Array.from({ length: 10 }, () => rollDie(random, 6)),
    );
  });

  it('a die roll stays within its faces and reaches each of them', () => {
    const random = seedRandom('faces');
    const counts = new Array(7).fill(0);
    for (let index = 0; index < 6000; index++) counts[rollDie(random, 6)]++;
    expect(counts[0]).toBe(0);
    for (let face = 1; face <= 6; face++) expect(counts[face]).toBeGreaterThan(850);
  });

  it('an integer in a range includes both ends', () => {
    const random = seedRandom('range');
    const seen = new Set<number>();
    for (let index = 0; index < 500; index++) seen.add(randomInt(random, -2, 2));
    expect([...seen].sort()).toEqual([-1, -2, 0, 1, 2].sort());
  });

  it('a shuffle keeps every element', () => {
    const items = Array.from({ length: 30 }, (_, index) => index);
    const shuffled = shuffle(seedRandom('shuffle'), [...items]);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(items);
  });
});
