import { wilsonInterval } from '@tabletop/engine';
import { exampleScenePath, type FightBot, sensibleFightBot } from '@tabletop/outgunned';
import { CommanderError } from 'commander';
import { describe, expect, it } from 'vitest';
import { type FightSummary, simulateOutgunnedCommand } from '../src/outgunned/simulate.js';
import { collect, runCli } from './helpers.js';

describe('tabletop simulate outgunned', () => {
  it('plays the fights of a scene and reports the win rate, rounds and each Hero, with no error', async () => {
    const result = await runCli([
      'simulate',
      'outgunned',
      '--scene',
      exampleScenePath('warehouse-ambush'),
      '--fights',
      '40',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const summary = JSON.parse(result.output) as FightSummary;
    expect(summary).toMatchObject({
      scene: 'Warehouse ambush',
      fights: 40,
      errors: 0,
      invariant_violations: 0,
    });
    const { outcomes, heroes_win_rate: rate } = summary;
    expect(outcomes.heroes + outcomes.enemies + outcomes.interrupted + outcomes.unfinished).toBe(
      40,
    );
    expect(rate.estimate).toBeCloseTo(outcomes.heroes / 40, 4);
    expect(rate.low).toBeLessThanOrEqual(rate.estimate);
    expect(rate.high).toBeGreaterThanOrEqual(rate.estimate);
    expect(summary.rounds.min).toBeGreaterThanOrEqual(1);
    expect(summary.rounds.mean).toBeGreaterThanOrEqual(summary.rounds.min);
    expect(summary.heroes.map((hero) => hero.name)).toEqual([
      'Mara Quinn',
      'Tomas Brandt',
      'Ivy Sato',
    ]);
    expect(summary.actions).toBeGreaterThan(40);
  });

  it('plays each scene named, and prints one JSON object a line for each', async () => {
    const result = await runCli([
      'simulate',
      'outgunned',
      '--scene',
      exampleScenePath('bar-brawl'),
      '--scene',
      exampleScenePath('goons-in-the-alley'),
      '--fights',
      '10',
      '--json',
    ]);
    expect(result.exitCode).toBe(0);
    const summaries = result.output
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as FightSummary);
    expect(summaries.map((summary) => [summary.scene, summary.fights])).toEqual([
      ['Bar brawl', 10],
      ['Goons in the alley', 10],
    ]);
  });

  it('the same seed gives the same figures', async () => {
    const args = ['simulate', 'outgunned', '--fights', '20', '--seed', 'again', '--json'];
    const first = JSON.parse((await runCli(args)).output) as FightSummary;
    const second = JSON.parse((await runCli(args)).output) as FightSummary;
    expect({ ...second, seconds: 0, fights_per_second: 0 }).toEqual({
      ...first,
      seconds: 0,
      fights_per_second: 0,
    });
  });

  it('a refused bot action is an error, with the seed that replays it, and the exit code is not 0', async () => {
    const streams = collect();
    // A Director that answers a question nobody asked.
    const broken: FightBot = { name: 'broken', choose: () => ({ type: 'bad-luck', mags: 0 }) };
    let thrown: unknown;
    try {
      await simulateOutgunnedCommand({ fights: 3, seed: 'broken', json: true }, streams.io, {
        director: broken,
        heroes: sensibleFightBot,
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(CommanderError);
    expect((thrown as CommanderError).exitCode).toBe(1);
    const summary = JSON.parse(streams.printed()) as FightSummary;
    expect(summary.errors).toBe(3);
    expect(summary.failures[0]).toMatchObject({
      seed: 'broken/0',
      kind: 'rejected',
      seat: 'director',
    });
  });

  it('a bad flag or scene is refused by name', async () => {
    expect((await runCli(['simulate', 'outgunned', '--fights', '0'])).exitCode).not.toBe(0);
    const missing = await runCli(['simulate', 'outgunned', '--scene', 'nowhere.json']);
    expect(missing.exitCode).toBe(1);
    expect(missing.error).toContain('nowhere.json is not a valid scene');
  });
});

describe('the Wilson score interval', () => {
  it('matches the textbook figures and stays within 0 and 1', () => {
    const half = wilsonInterval(50, 100);
    expect(half.low).toBeCloseTo(0.4038, 4);
    expect(half.high).toBeCloseTo(0.5962, 4);
    expect(wilsonInterval(0, 10)).toMatchObject({ estimate: 0, low: 0 });
    expect(wilsonInterval(0, 10).high).toBeCloseTo(0.2775, 4);
    expect(wilsonInterval(10, 10).low).toBeCloseTo(0.7225, 4);
    expect(wilsonInterval(10, 10).high).toBeCloseTo(1, 12);
  });
});
