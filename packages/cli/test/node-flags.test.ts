import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverNodeFlags } from '@tabletop/server';
import { describe, expect, it } from 'vitest';

/**
 * Node's flags for serving (`serverNodeFlags`) are given where a server is
 * launched: V8 reads them only at start, so they cannot be set from code.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const bin = join(root, 'packages', 'cli', 'bin', 'tabletop.js');

describe("the server's Node flags", () => {
  it('npm start gives them to node', () => {
    const { scripts } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const words = scripts.start!.split(' ');
    expect(words[0]).toBe('node');
    for (const flag of serverNodeFlags) expect(words).toContain(flag);
  });

  it('tabletop, run as the command it is installed as, serves in a node started with them', async () => {
    const data = mkdtempSync(join(tmpdir(), 'tabletop-flags-'));
    // Run through its first line, as a shell runs an installed command, not as `node tabletop.js`.
    const child = spawn(bin, ['serve', '--port', '0', '--data', data], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: '' },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        let printed = '';
        const timer = setTimeout(() => reject(new Error(`no listening line: ${printed}`)), 30_000);
        child.stdout!.on('data', (chunk) => {
          printed += chunk;
          if (/listening on http/.test(printed)) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.once('error', reject);
      });
      const commandLine = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').split('\0');
      for (const flag of serverNodeFlags) expect(commandLine).toContain(flag);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(data, { recursive: true, force: true });
    }
  });
});
