import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clonePlain, sameJson } from '../src/clone.js';

/** Values JSON writes in more than one way: left out, written as null, or through toJSON. */
const awkward = fc.constantFrom<unknown>(
  undefined,
  null,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  -0,
  0,
  () => 1,
  new Date(0),
  new Date(1),
);

/** JSON-like data with awkward values mixed in, so that both sides may differ only in writing. */
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.oneof(fc.integer({ min: -2, max: 2 }), fc.constantFrom('a', 'b', ''), fc.boolean()),
    awkward,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', 'b', 'c', '1', '0'), tie('value'), { maxKeys: 3 }),
  ),
}));

describe('sameJson', () => {
  it('says two values are the same exactly when JSON.stringify writes them alike', () => {
    fc.assert(
      fc.property(value, value, (left, right) => {
        expect(sameJson(left, right)).toBe(JSON.stringify(left) === JSON.stringify(right));
      }),
      { numRuns: 5_000 },
    );
  });

  it('finds a value the same as its copy, and a change anywhere in it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        expect(sameJson(json, clonePlain(json))).toBe(true);
        expect(sameJson({ json, extra: 1 }, { json })).toBe(false);
        expect(sameJson([json, 1], [json, 2])).toBe(false);
      }),
    );
  });

  it('tells keys in another order apart, as JSON writes them', () => {
    expect(sameJson({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(false);
    expect(sameJson({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameJson([undefined], [null])).toBe(true);
    expect(sameJson(Number.NaN, null)).toBe(true);
  });
});
