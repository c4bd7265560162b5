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

/** The figure at a dotted path, e.g. `costs.engine_ms_per_move`. */
function at(figures: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown>)?.[key], figures);
}

/** The figures the bench must print, each a finite number. */
const numbers = [
  'matches_at_p99_100ms',
  'p50_ms',
  'p99_ms',
  'human_moves_per_s',
  'bot_moves_per_s',
  'postgres_two_processes_matches_at_p99_100ms',
  'postgres_p99_ms',
  'main_thread_busy_at_limit',
  'costs.engine_ms_per_move',
  'costs.storage_commit_ms_per_move',
  'costs.sockets_ms_per_move',
  'costs.server_cpu_ms_per_move',
  'costs.main_thread_ms_per_move',
  'costs.off_main_thread_ms_per_move',
  'costs.person_state_ms_per_move',
  'costs.person_state_ms',
  'costs.bot_ms_per_bot_move',
  'predicted_matches.1',
  'predicted_matches.2',
  'predicted_matches.4',
  'predicted_matches.8',
  'predicted_matches_half_busy.1',
  'predicted_matches_half_busy.2',
  'search_bots.threads_p99_ms',
  'search_bots.main_thread_p99_ms',
  'search_bots.p99_ratio_main_to_threads',
];

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
    for (const path of numbers) {
      expect(typeof at(figures, path), path).toBe('number');
      expect(Number.isFinite(at(figures, path)), path).toBe(true);
    }
    expect(figures.matches_at_p99_100ms).toBeLessThanOrEqual(2);
    expect(figures.human_moves_per_s).toBeGreaterThan(0);
    expect(figures.bot_moves_per_s).toBeGreaterThan(0);
    expect(at(figures, 'costs.engine_ms_per_move')).toBeGreaterThan(0);
    expect(at(figures, 'costs.storage_commit_ms_per_move')).toBeGreaterThan(0);
    // The main thread does more than the engine's part: views, words, frames. A commit's wait
    // (on the writer thread) is not taken from it.
    expect(at(figures, 'costs.main_thread_ms_per_move')).toBeGreaterThan(
      at(figures, 'costs.engine_ms_per_move') as number,
    );
    expect(at(figures, 'costs.sockets_ms_per_move')).toBeGreaterThan(0);
    expect(figures.think_s).toEqual([0.2, 0.5]);
  }, 180_000);

  it('refuses a window that is not a whole number of seconds', async () => {
    await expect(runBench('--window', 'long')).rejects.toThrow(
      /--window must be a whole number from 1 to 600/,
    );
  });
});
