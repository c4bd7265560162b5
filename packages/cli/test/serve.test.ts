import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'tabletop.js');

/** `tabletop serve` with `args` and `env`, once it prints where it listens: its URL, and all it printed. */
async function startServe(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string; printed(): string }> {
  const child = spawn(process.execPath, [bin, 'serve', '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: '', ...env },
  });
  let printed = '';
  child.stdout!.on('data', (chunk) => {
    printed += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listening line: ${printed}`)), 30_000);
    child.stdout!.on('data', () => {
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    });
  }).catch((error: Error) => {
    child.kill('SIGKILL');
    throw error;
  });
  return { child, url, printed: () => printed };
}

describe('tabletop serve', () => {
  it('listens on 127.0.0.1, keeps matches in its data folder, and stops cleanly on SIGTERM', async () => {
    const data = mkdtempSync(join(tmpdir(), 'tabletop-serve-'));
    const { child, url, printed } = await startServe(['--data', data]);
    try {
      expect(printed()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(SQLite .*\)/);
      expect(printed()).toContain(join(data, 'tabletop.db'));
      expect(await (await fetch(`${url}/health`)).json()).toEqual({ ok: true });
      const created = await fetch(`${url}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ruleset: 'duel', bots: { '1': 'random' } }),
      });
      expect(created.status).toBe(201);
      const exited = new Promise<number | null>((done) => child.once('exit', done));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(printed()).toContain('tabletop server stopped');
    } finally {
      child.kill('SIGKILL');
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('runs bots in the threads --bot-threads asks for, and SIGTERM stops them while they think', async () => {
    const data = mkdtempSync(join(tmpdir(), 'tabletop-serve-'));
    const { child, url, printed } = await startServe(['--data', data, '--bot-threads', '2']);
    try {
      // Four search bots: one of them is always thinking.
      const created = await fetch(`${url}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ruleset: 'nemesis',
          options: { players: 4 },
          bots: { '0': 'ismcts', '1': 'ismcts', '2': 'ismcts', '3': 'ismcts' },
        }),
      });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: string };
      let metrics = '';
      const end = Date.now() + 60_000;
      while (
        Date.now() < end &&
        !/tabletop_bot_thinking_seconds_count\{[^}]*\} [1-9]/.test(metrics)
      ) {
        await new Promise((done) => setTimeout(done, 200));
        metrics = await (await fetch(`${url}/metrics`)).text();
      }
      expect(metrics).toMatch(/^tabletop_bot_threads 2$/m);
      expect(metrics).toMatch(
        /tabletop_bot_thinking_seconds_count\{ruleset="nemesis",bot="ismcts"\} [1-9]/,
      );
      const info = (await (await fetch(`${url}/matches/${id}`)).json()) as { seq: number };
      expect(info.seq).toBeGreaterThan(0);
      const exited = new Promise<number | null>((done) => child.once('exit', done));
      const stopping = Date.now();
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(Date.now() - stopping).toBeLessThan(10_000);
      expect(printed()).toContain('tabletop server stopped');
    } finally {
      child.kill('SIGKILL');
      rmSync(data, { recursive: true, force: true });
    }
  }, 90_000);

  it('a bad --bot-threads or TABLETOP_BOT_THREADS is refused in one line, naming it', async () => {
    const flag = await runCli(['serve', '--bot-threads', 'many']);
    expect(flag.exitCode).not.toBe(0);
    expect(flag.error).toMatch(/--bot-threads.*expected a whole number, got "many"/);
    const env = await runToEnd([bin, 'serve', '--port', '0'], { TABLETOP_BOT_THREADS: '999' });
    expect(env.code).not.toBe(0);
    expect(env.err.trim().split('\n')).toHaveLength(1);
    expect(env.err).toMatch(/bot-threads.*TABLETOP_BOT_THREADS.*0 to 256, got 999/);
  });

  it('a bad port is refused with a message naming the flag', async () => {
    const { error, exitCode } = await runCli(['serve', '--port', 'many']);
    expect(exitCode).not.toBe(0);
    expect(error).toMatch(/--port.*expected a whole number, got "many"/);
  });
});

/** Runs a command to its end and gives its exit code and what it wrote. */
function runToEnd(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out, err })));
}

describe('starting a server fails in one clear line', () => {
  it('tabletop serve with a bad PORT, or a port in use, says so in one line and exits 1', async () => {
    const bad = await runToEnd([bin, 'serve'], { PORT: 'abc' });
    expect(bad.code).toBe(1);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/PORT.*abc/);
    const blocker = createServer();
    await new Promise<void>((done) => blocker.listen(0, '127.0.0.1', done));
    const { port } = blocker.address() as { port: number };
    try {
      const taken = await runToEnd([bin, 'serve', '--port', String(port)], {});
      expect(taken.code).toBe(1);
      expect(taken.err.trim().split('\n')).toHaveLength(1);
      expect(taken.err).toContain('EADDRINUSE');
    } finally {
      blocker.close();
    }
  });

  it('npm start with a bad PORT says so in one line and exits 1', async () => {
    const start = join(dirname(fileURLToPath(import.meta.url)), '../../web/scripts/start.ts');
    const tsx = join(
      dirname(fileURLToPath(import.meta.url)),
      '../../../node_modules/tsx/dist/cli.mjs',
    );
    const bad = await runToEnd([tsx, start], { PORT: '99999' });
    expect(bad.code).toBe(1);
    expect(bad.err.trim()).toBe(
      'tabletop: PORT must be a whole number from 0 to 65535, not "99999"',
    );
  });

  it('tabletop serve takes the memory bound by --cache-mb or TABLETOP_CACHE_MB, lists it in --help, and refuses a bad one in one line', async () => {
    const help = await runCli(['serve', '--help']);
    expect(help.output).toMatch(/--cache-mb <n>[\s\S]*TABLETOP_CACHE_MB/);
    expect(help.output).toMatch(/--retain-finished-days <n>[\s\S]*TABLETOP_RETAIN_FINISHED_DAYS/);
    const bad = await runToEnd([bin, 'serve', '--port', '0'], { TABLETOP_CACHE_MB: '0' });
    expect(bad.code).not.toBe(0);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/cache-mb.*TABLETOP_CACHE_MB.*1 to 1048576, got 0/);
    const data = mkdtempSync(join(tmpdir(), 'tabletop-serve-'));
    const { child, url } = await startServe(['--data', data], { TABLETOP_CACHE_MB: '1' });
    try {
      // 1 MiB holds about a dozen Nemesis matches: the oldest are dropped as more are made.
      for (let made = 0; made < 20; made++) {
        const created = await fetch(`${url}/matches`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ruleset: 'nemesis', options: { players: 2 } }),
        });
        expect(created.status).toBe(201);
      }
      const metrics = await (await fetch(`${url}/metrics`)).text();
      expect(Number(/tabletop_cache_bytes (\d+)/.exec(metrics)?.[1])).toBeLessThanOrEqual(
        1024 * 1024,
      );
      expect(Number(/tabletop_cache_evictions_total (\d+)/.exec(metrics)?.[1])).toBeGreaterThan(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('tabletop --version prints the version', async () => {
    const { output, exitCode } = await runCli(['--version']);
    expect(exitCode).toBe(0);
    expect(output.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
