import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const bench = fileURLToPath(new URL('../audit.ts', import.meta.url));

function runBench(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', bench, ...args],
      { timeout: 400_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
    );
  });
}

// biome-ignore lint/suspicious/noExplicitAny: the bench's JSON line, checked field by field
let figures: any;

beforeAll(async () => {
  const output = await runBench(
    '--json',
    ...['--matches', '2', '--parallel', '2'],
    ...['--kills', '1', '--clients', '4', '--load-ms', '800'],
    ...['--requests', '100', '--creates', '70', '--sockets', '70'],
    ...['--memory-matches', '30', '--memory-moves', '1', '--small-cache-mb', '2'],
    ...['--settle-ms', '1000'],
    ...['--undo-rounds', '3'],
  );
  const lines = output.trim().split('\n');
  expect(lines).toHaveLength(1);
  figures = JSON.parse(lines[0]!);
}, 420_000);

describe('bench:audit, every section run small', () => {
  it('leaks: the matches end, every frame is checked, none leaks, and the check does catch a leak', () => {
    const leaks = figures.leaks;
    expect(leaks.matches_finished).toBe(2);
    expect(leaks.failures).toEqual([]);
    expect(leaks.frames).toBeGreaterThan(0);
    expect(leaks.views_checked).toBeGreaterThan(0);
    expect(leaks.events_checked).toBeGreaterThan(0);
    expect(leaks.leaks).toBe(0);
    expect(leaks.control_frames).toBeGreaterThan(0);
    expect(leaks.control_caught).toBe(leaks.control_frames);
    expect(leaks.control_secrets_caught).toBeGreaterThan(0);
  });

  it('kills: acknowledged actions survive a SIGKILL, none lost, none forked', () => {
    const kills = figures.kills;
    expect(kills.kills).toBe(1);
    expect(kills.acknowledged).toBeGreaterThan(0);
    expect(kills.retried).toBeGreaterThan(0);
    expect(kills.lost).toBe(0);
    expect(kills.forks).toBe(0);
    expect(kills.retry_refusals).toBe(0);
    expect(kills.watched_matches).toBeGreaterThan(0);
    expect(kills.announced_not_stored).toBe(0);
  });

  it('hostile: the catalogue is refused, never with a 5xx, and changes nothing', () => {
    const hostile = figures.hostile;
    expect(hostile.kinds).toBeGreaterThanOrEqual(135);
    expect(hostile.refused_cleanly + hostile.refused_otherwise + hostile.server_errors).toBe(
      hostile.kinds,
    );
    expect(hostile.server_errors).toBe(0);
    expect(hostile.state_changes).toBe(0);
    expect(hostile.changed).toEqual([]);
  });

  it('rate: random tokens share the address allowance; creation and sockets are limited by address', () => {
    const rate = figures.rate;
    expect(rate.random_token_requests).toBe(100);
    // The documented default: 1,200 requests per 10 s from an address, whatever the token.
    expect(rate.answered_before_throttle).toBeGreaterThan(0);
    expect(rate.answered_before_throttle).toBeLessThanOrEqual(1_200);
    expect(rate.created).toBeGreaterThan(0);
    expect(rate.created).toBeLessThan(rate.create_attempts);
    expect(rate.sockets_kept_open).toBeLessThan(rate.sockets_attempted);
  });

  it('memory: the cache stays within its bound, and a small bound evicts', () => {
    const [standard, small] = figures.memory.runs;
    expect(standard.cache_mb).toBe('default');
    expect(small.cache_mb).toBe(2);
    for (const run of [standard, small]) {
      expect(run.within_bound).toBe(true);
      expect(run.cache_bytes).toBeGreaterThan(0);
      expect(run.rss_bytes).toBeGreaterThan(0);
      expect(run.rss_bytes_settled).toBeGreaterThan(0);
    }
    expect(small.evictions).toBeGreaterThan(0);
    // Matches at work are never dropped, so only the idle cache is held to the bound.
    expect(small.cache_bytes_settled).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it('undo: an undo is a small log entry, and no undo stores a state', () => {
    const undo = figures.undo;
    expect(undo.undos).toBe(3);
    expect(undo.bytes_per_undo).toBeGreaterThan(0);
    expect(undo.bytes_per_undo_max).toBeLessThan(1_000);
    expect(undo.bytes_per_undo_max).toBeLessThan(undo.state_bytes / 10);
    expect(undo.latest_snapshot_seq).toBe(0);
  });

  it('reports the machine it ran on', () => {
    expect(figures.machine.before.cpus).toBeGreaterThan(0);
  });
});

describe('bench:audit arguments', () => {
  it('refuses an unknown section and a size that is not a whole number', async () => {
    await expect(runBench('--only', 'speed')).rejects.toThrow(/no section "speed"/);
    await expect(runBench('--kills', 'many')).rejects.toThrow(/--kills must be a whole number/);
  });
});
