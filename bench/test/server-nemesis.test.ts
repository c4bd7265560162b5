import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bench = fileURLToPath(new URL('../server-nemesis.ts', import.meta.url));

function runBench(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', bench, ...args],
      { timeout: 170_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

function expectNumbers(figures: Record<string, unknown>, keys: string[], where: string): void {
  for (const key of keys) {
    expect(typeof figures[key], `${where}${key}`).toBe('number');
    expect(Number.isFinite(figures[key]), `${where}${key}`).toBe(true);
  }
}

describe('bench:server-nemesis', () => {
  it('searches a tiny range of matches on both storages and prints the figures as one JSON line', async () => {
    const output = await runBench(
      ...[
        '--json',
        '--max-matches',
        '2',
        '--start-matches',
        '2',
        '--window',
        '3',
        '--warm-up',
        '1',
      ],
      ...['--think-scale', '0.1', '--search-bots', '2', '--search-people', '2'],
    );
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    const figures = JSON.parse(lines[0]!) as Record<string, unknown>;
    expectNumbers(
      figures,
      [
        'matches_at_p99_100ms',
        'p50_ms',
        'p99_ms',
        'human_moves_per_s',
        'bot_moves_per_s',
        'postgres_two_processes_matches_at_p99_100ms',
        'postgres_p99_ms',
        'main_thread_busy_at_limit',
      ],
      '',
    );
    expect(figures.matches_at_p99_100ms).toBeLessThanOrEqual(2);
    expect(figures.human_moves_per_s).toBeGreaterThan(0);
    expect(figures.bot_moves_per_s).toBeGreaterThan(0);
    const costs = figures.costs as Record<string, unknown>;
    expectNumbers(
      costs,
      [
        'engine_ms_per_move',
        'storage_commit_ms_per_move',
        'sockets_ms_per_move',
        'server_cpu_ms_per_move',
        'bot_ms_per_bot_move',
      ],
      'costs.',
    );
    expect(costs.engine_ms_per_move).toBeGreaterThan(0);
    expect(costs.storage_commit_ms_per_move).toBeGreaterThan(0);
    expectNumbers(
      figures.predicted_matches as Record<string, unknown>,
      ['1', '2', '4', '8'],
      'predicted.',
    );
    const search = figures.search_bots as Record<string, unknown>;
    expectNumbers(
      search,
      ['threads_p99_ms', 'main_thread_p99_ms', 'p99_ratio_main_to_threads'],
      'search_bots.',
    );
    expect(figures.think_s).toEqual([0.2, 0.5]);
  }, 180_000);

  it('refuses a window that is not a whole number of seconds', async () => {
    await expect(runBench('--window', 'long')).rejects.toThrow(
      /--window must be a whole number from 1 to 600/,
    );
  });
});
