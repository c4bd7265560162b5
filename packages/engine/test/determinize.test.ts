import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DuelState, diceDuel } from '../src/examples/dice-duel.js';
import { type RandomState, seedRandom } from '../src/random.js';

const word = fc.integer({ min: -0x80000000, max: 0x7fffffff });
/** Generators of each kind: which kind a match uses is its public setting, so twins share it. */
const generators: fc.Arbitrary<RandomState>[] = [
  fc.array(word, { minLength: 4, maxLength: 4 }),
  fc.record({
    chacha20: fc
      .uint8Array({ minLength: 32, maxLength: 32 })
      .map((bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')),
    block: fc.nat(1_000_000),
    position: fc.integer({ min: 0, max: 15 }),
  }),
];

/** Two duel states with the same view: they differ only in their generators. */
const twins = fc
  .record({
    health: fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })),
    turn: fc.constantFrom(0 as const, 1 as const),
    winner: fc.constantFrom(null, 0 as const, 1 as const),
    lastRoll: fc.option(fc.integer({ min: 1, max: 6 })),
    generator: fc.constantFrom(...generators),
  })
  .chain(({ generator, ...shared }) =>
    fc.tuple(generator, generator).map(([first, second]) => {
      const same = (random: RandomState): DuelState => ({
        health: [...shared.health],
        turn: shared.turn,
        winner: shared.winner,
        lastRoll: shared.lastRoll,
        random,
      });
      return [same(first), same(second)] as const;
    }),
  );

describe('determinize', () => {
  it('two duel states with the same view determinize byte for byte alike, and neither changes', () => {
    fc.assert(
      fc.property(
        twins,
        fc.string(),
        fc.constantFrom('0', '1', 'spectator'),
        ([one, two], seed, seat) => {
          expect(JSON.stringify(diceDuel.view(one, seat))).toBe(
            JSON.stringify(diceDuel.view(two, seat)),
          );
          const before = JSON.stringify(one);
          const fromOne = diceDuel.determinize(one, seat, seedRandom(seed));
          const fromTwo = diceDuel.determinize(two, seat, seedRandom(seed));
          expect(JSON.stringify(one)).toBe(before);
          // Both generators are dealt anew; only their kind (public: the match's setting) may differ.
          if (Array.isArray(one.random) === Array.isArray(two.random))
            expect(JSON.stringify(fromOne)).toBe(JSON.stringify(fromTwo));
          expect(JSON.stringify(diceDuel.view(fromOne, seat))).toBe(
            JSON.stringify(diceDuel.view(one, seat)),
          );
        },
      ),
    );
  });
});
