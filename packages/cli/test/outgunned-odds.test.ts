import { adviseReroll, exactOdds } from '@tabletop/outgunned';
import { describe, expect, it } from 'vitest';
import { type OddsArguments, oddsCommand } from '../src/outgunned/odds.js';
import { recording } from './helpers.js';

function run(args: OddsArguments): string {
  const output = recording();
  oddsCommand(args, output.stream);
  return output.text();
}

describe('tabletop odds outgunned', () => {
  it('--json prints one object with dice, difficulty, double, reroll and p_success', () => {
    const text = run({
      dice: 5,
      difficulty: 'critical',
      double: true,
      reroll: 'allin',
      json: true,
    });
    expect(text.trim().split('\n')).toHaveLength(1);
    const odds = JSON.parse(text);
    expect(odds).toMatchObject({ dice: 5, difficulty: 'critical', double: true, reroll: 'allin' });
    expect(odds.p_success).toBe(
      exactOdds(5, { tier: 'critical', double: true }, 'allin').p_success,
    );
    expect(Array.isArray(odds.grit_lost)).toBe(true);
  });

  it('prints the chance in words without --json, re-roll none by default', () => {
    const text = run({ dice: 2, difficulty: 'basic' });
    expect(text).toContain('re-roll policy "none"');
    expect(text).toContain('16.67%');
  });

  it('--table prints the whole table', () => {
    const text = run({ table: true });
    expect(text).toContain('2 extreme / allin');
    expect(text.trim().split('\n')).toHaveLength(2 + 7 * 4);
    const json = JSON.parse(run({ table: true, json: true }));
    expect(json.table).toHaveLength(224);
  });

  it('a bad flag gets an error that names it', () => {
    expect(() => run({ dice: 12, difficulty: 'basic' })).toThrow(/--dice/);
    expect(() => run({ dice: 4, difficulty: 'hard' })).toThrow(/--difficulty/);
    expect(() => run({ dice: 4, difficulty: 'basic', reroll: 'twice' })).toThrow(/--reroll/);
    expect(() => run({ dice: 4, difficulty: 'impossible', double: true })).toThrow(/--double/);
    expect(() => run({ difficulty: 'basic' })).toThrow(/--dice/);
    expect(() => run({ dice: 3 })).toThrow(/--difficulty/);
    expect(() => run({ table: true, dice: 3 })).toThrow(/--dice/);
  });

  it('dice given as text, as a command line hands them over, are understood', () => {
    const odds = JSON.parse(
      run({ dice: '4' as unknown as number, difficulty: 'basic', json: true }),
    );
    expect(odds.dice).toBe(4);
  });

  it('--showing gives the re-roll advisor: each choice as a bar, the best named, --json without bars', () => {
    const text = run({ showing: '1,1,3,5,6', difficulty: 'critical', freeRerolls: '1' });
    expect(text).toContain('best is Free Re-roll');
    expect(text).toMatch(/Re-roll +█+.*44\.44%/);
    const json = run({
      showing: '1,1,3,5,6',
      difficulty: 'critical',
      freeRerolls: '1',
      json: true,
    });
    expect(json).not.toContain('█');
    expect(JSON.parse(json)).toEqual(
      JSON.parse(
        JSON.stringify(
          adviseReroll({
            dice: [1, 1, 3, 5, 6],
            difficulty: { tier: 'critical', double: false },
            freeRerolls: 1,
          }),
        ),
      ),
    );
  });

  it("the advisor's bad flags get errors that name them", () => {
    expect(() => run({ showing: '1,7', difficulty: 'basic' })).toThrow(/--showing/);
    expect(() => run({ showing: '1,2', dice: 2, difficulty: 'basic' })).toThrow(/--dice/);
    expect(() => run({ showing: '1,2' })).toThrow(/--difficulty/);
    expect(() => run({ showing: '1,2', difficulty: 'basic', rerolled: 'maybe' })).toThrow(
      /--rerolled/,
    );
    expect(() => run({ showing: '1,2', difficulty: 'basic', freeRerolls: 'x' })).toThrow(
      /--free-rerolls/,
    );
    expect(() => run({ dice: 3, difficulty: 'basic', rerolled: 'better' })).toThrow(/--rerolled/);
  });

  it("--brawl gives the exact odds that a scene's party beats its Enemy, with bars, or as JSON", () => {
    const scene = `${import.meta.dirname}/../../outgunned/scenes/bar-brawl.json`;
    const json = JSON.parse(run({ brawl: scene, reroll: 'allin', maxRounds: '2', json: true }));
    expect(json.scene).toBe('Bar brawl');
    expect(json.p_heroes_win + json.p_enemies_win + json.p_interrupted).toBeCloseTo(1, 12);
    expect(run({ brawl: scene, maxRounds: '2' })).toMatch(/interrupted +█+/);
  });

  it("the Brawl odds' bad flags get errors that name them", () => {
    const scene = `${import.meta.dirname}/../../outgunned/scenes/bar-brawl.json`;
    const combat = `${import.meta.dirname}/../../outgunned/scenes/warehouse-ambush.json`;
    expect(() => run({ brawl: scene, dice: 3 })).toThrow(/--dice/);
    expect(() => run({ brawl: scene, maxRounds: 'x' })).toThrow(/--max-rounds/);
    expect(() => run({ brawl: combat })).toThrow(/--brawl.*Brawls only/);
    expect(() => run({ dice: 3, difficulty: 'basic', maxRounds: '3' })).toThrow(/--max-rounds/);
  });
});
