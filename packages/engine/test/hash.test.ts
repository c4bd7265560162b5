import { describe, expect, it } from 'vitest';
import { canonicalJson, stateHash } from '../src/hash.js';

describe('state hash', () => {
  it('does not depend on key order', () => {
    expect(stateHash({ a: 1, b: [1, 2, { c: 'x', d: null }] })).toBe(
      stateHash({ b: [1, 2, { d: null, c: 'x' }], a: 1 }),
    );
  });

  it('changes when any value changes', () => {
    expect(stateHash({ a: [1, 2] })).not.toBe(stateHash({ a: [2, 1] }));
    expect(stateHash({ a: '1' })).not.toBe(stateHash({ a: 1 }));
  });

  it('is the same in any process: a fixed state has a fixed hash', () => {
    expect(canonicalJson({ b: 2, a: [true, 'x'] })).toBe('{"a":[true,"x"],"b":2}');
    expect(stateHash({})).toBe('44136fa355b3678a1146ad16f7e8649e94fb4fc21fe77e8310c060f61caaff8a');
  });
});
