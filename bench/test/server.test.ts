import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bench = fileURLToPath(new URL('../server.ts', import.meta.url));

function runBench(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', bench, ...args],
      { timeout: 110_000 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

describe('bench:server', () => {
  it('plays a few matches on both servers and prints the figures as one JSON line', async () => {
    const output = await runBench('--matches', '3', '--json');
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(1);
    const figures = JSON.parse(lines[0]!) as Record<string, number>;
    for (const key of [
      'ours_moves_per_s',
      'ours_p99_ms',
      'postgres_moves_per_s',
      'postgres_p99_ms',
      'boardgameio_moves_per_s',
      'boardgameio_p99_ms',
      'ratio',
      'ratio_postgres',
    ]) {
      expect(figures[key], key).toBeGreaterThan(0);
    }
    expect(figures.matches).toBe(3);
    expect(figures.ours_matches_finished).toBe(3);
    expect(figures.postgres_matches_finished).toBe(3);
    expect(figures.boardgameio_matches_finished).toBe(3);
  }, 120_000);

  it('refuses a number of matches that is not a whole number', async () => {
    await expect(runBench('--matches', 'many')).rejects.toThrow(/--matches must be a whole number/);
  });
});
