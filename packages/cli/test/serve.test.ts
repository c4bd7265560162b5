import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const bin = join(dirname(fileURLToPath(import.meta.url)), '..', 'bin', 'tabletop.js');

describe('tabletop serve', () => {
  it('listens on 127.0.0.1, keeps matches in its data folder, and stops cleanly on SIGTERM', async () => {
    const data = mkdtempSync(join(tmpdir(), 'tabletop-serve-'));
    const child = spawn(process.execPath, [bin, 'serve', '--port', '0', '--data', data], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: '' },
    });
    try {
      let printed = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line: ${printed}`)), 30_000);
        child.stdout!.on('data', (chunk) => {
          printed += chunk;
          const found = /listening on (http:\/\/127\.0\.0\.1:\d+) \(SQLite (.*)\)/.exec(printed);
          if (found) {
            clearTimeout(timer);
            resolve(found[1]!);
          }
        });
      });
      expect(printed).toContain(join(data, 'tabletop.db'));
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
      expect(printed).toContain('tabletop server stopped');
    } finally {
      child.kill('SIGKILL');
      rmSync(data, { recursive: true, force: true });
    }
  });

  it('a bad port is refused with a message naming the flag', async () => {
    const { error, exitCode } = await runCli(['serve', '--port', 'many']);
    expect(exitCode).not.toBe(0);
    expect(error).toMatch(/--port.*expected a whole number, got "many"/);
  });
});
