import { describe, expect, it } from 'vitest';
import { diceDuel } from '../src/examples/dice-duel.js';
import { createRegistry, UnknownRulesetError } from '../src/registry.js';

describe('the ruleset registry', () => {
  const other = { ...diceDuel, id: 'other-duel' };
  const registry = createRegistry([diceDuel, other]);

  it('finds each ruleset by its id and lists the ids', () => {
    expect(registry.get('duel')).toBe(diceDuel);
    expect(registry.get('other-duel')).toBe(other);
    expect(registry.ids()).toEqual(['duel', 'other-duel']);
    expect(registry.has('duel')).toBe(true);
    expect(registry.has('chess')).toBe(false);
  });

  it('an unknown id is refused with the id and the known ones named', () => {
    expect(() => registry.get('chess')).toThrow(UnknownRulesetError);
    expect(() => registry.get('chess')).toThrow(
      'no ruleset "chess"; the known ones are duel, other-duel',
    );
  });

  it('a long unknown id is quoted by a short prefix only', () => {
    const long = 'x'.repeat(10_000);
    let message = '';
    try {
      registry.get(long);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.length).toBeLessThan(150);
    expect(message).toMatch(/\(10002 characters\)/);
  });

  it('two rulesets with one id are refused', () => {
    expect(() => createRegistry([diceDuel, diceDuel])).toThrow(/two rulesets have the id "duel"/);
  });
});
