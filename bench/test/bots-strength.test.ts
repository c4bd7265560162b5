import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createNemesis, objectiveAskKinds, objectiveAsks } from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';
import { pairedShareDifference } from '../figures.js';

const bench = fileURLToPath(new URL('../bots-strength.ts', import.meta.url));
const savedGames = fileURLToPath(new URL('fixtures/strength-results.json', import.meta.url));
const { tables } = createNemesis();

interface Rate {
  successes: number;
  trials: number;
}

interface SidePlay {
  survivors_who_won: Rate;
  seats_that_won: Rate;
  by_objective: Record<string, { held: number; survived: number; won: number }>;
  by_what_it_asks: Record<string, { held: number; survived: number; won: number }>;
}

function runBench(environment: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', bench, '--json'],
      { timeout: 170_000, env: { ...process.env, ...environment } },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

describe('bench:strength', () => {
  it('prints one JSON line: both sides at the same deals, and how each played for its Objectives, card by card', async () => {
    const output = await runBench({ BENCH_GAMES: '2', BENCH_PROCESSES: '1' });
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    const figures = JSON.parse(lines[0]!);
    expect(figures.games).toBe(2);
    expect(figures.against).toBe('normal');
    for (const side of ['search', 'sensible'] as const) {
      const play = figures.objective_play[side] as SidePlay;
      // Two mirrored four-player games, two seats a side in each.
      expect(play.seats_that_won.trials).toBe(4);
      const cards = Object.values(play.by_objective);
      const sum = (pick: (counts: (typeof cards)[number]) => number) =>
        cards.reduce((total, counts) => total + pick(counts), 0);
      // Every seat holds one card or more at the end; the cards' tallies cover every seat.
      expect(sum((counts) => counts.held)).toBeGreaterThanOrEqual(play.seats_that_won.trials);
      expect(sum((counts) => counts.survived)).toBeGreaterThanOrEqual(
        play.survivors_who_won.trials,
      );
      expect(sum((counts) => counts.won)).toBeGreaterThanOrEqual(play.seats_that_won.successes);
      for (const counts of cards) {
        expect(counts.survived).toBeLessThanOrEqual(counts.held);
        expect(counts.won).toBeLessThanOrEqual(counts.survived);
      }
      // By what the cards ask: every seat counted, each kind no more than its cards.
      const kinds = Object.entries(play.by_what_it_asks);
      expect(kinds.length).toBeGreaterThan(0);
      expect(kinds.reduce((total, [, counts]) => total + counts.held, 0)).toBeGreaterThanOrEqual(
        play.seats_that_won.trials,
      );
      for (const [kind, counts] of kinds) {
        expect(objectiveAskKinds).toContain(kind);
        const ofKind = Object.entries(play.by_objective).filter(
          ([objective]) => objectiveAsks(tables, objective) === kind,
        );
        expect(ofKind.length).toBeGreaterThan(0);
        for (const key of ['held', 'survived', 'won'] as const)
          expect(counts[key]).toBeLessThanOrEqual(
            ofKind.reduce((total, [, card]) => total + card[key], 0),
          );
      }
    }
  }, 180_000);

  it('reports on games it saved instead of playing, with the search’s survivors who met their Objectives against the other side’s, paired by deal', async () => {
    const output = await runBench({ BENCH_GAMES: '4', BENCH_FROM: savedGames });
    const figures = JSON.parse(output.trim());
    expect(figures.games).toBe(4);
    expect(figures.search.survival).toMatchObject({ successes: 4, trials: 8 });
    expect(figures.sensible.wins).toMatchObject({ successes: 1, trials: 8 });
    // Deal 0: the search's survivors 3, winners 2; the other side's 1 and 0. Deal 1: 1 and 1; 2 and 1.
    expect(figures.objective_play.survivors_who_won_difference).toEqual(
      pairedShareDifference([
        { first: [2, 3], second: [0, 1] },
        { first: [1, 1], second: [1, 2] },
      ]),
    );
    expect(figures.objective_play.survivors_who_won_difference.difference).toBe(0.4167);
  }, 60_000);

  it('says what the hard level’s play-outs scored a survivor who missed the Objectives, and refuses a score outside 0 to 1', async () => {
    const told = JSON.parse((await runBench({ BENCH_GAMES: '4', BENCH_FROM: savedGames })).trim());
    expect(told.survivor_score).toBe(0.7);
    const asked = JSON.parse(
      (
        await runBench({ BENCH_GAMES: '4', BENCH_FROM: savedGames, BENCH_SURVIVOR_SCORE: '0.4' })
      ).trim(),
    );
    expect(asked.survivor_score).toBe(0.4);
    await expect(
      runBench({ BENCH_GAMES: '4', BENCH_FROM: savedGames, BENCH_SURVIVOR_SCORE: '1.5' }),
    ).rejects.toThrow('BENCH_SURVIVOR_SCORE must be a number from 0 to 1, not "1.5"');
  }, 60_000);
});
