import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const guide = readFileSync(
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'README.md'),
  'utf8',
);

/** Each flag of `tabletop serve --help` with the environment variable it reads. */
async function serveSettings(): Promise<Map<string, string | null>> {
  const { output } = await runCli(['serve', '--help']);
  const settings = new Map<string, string | null>();
  // An option's description may wrap over several lines: each starts at a new `--flag`.
  for (const block of output.split(/\n(?=\s+(?:-\w, )?--)/)) {
    const flag = /^\s+(?:-\w, )?(--[a-z-]+)/.exec(block)?.[1];
    if (!flag || flag === '--help') continue;
    settings.set(flag, /env:\s+([A-Z_]+)\)/.exec(block.replace(/\s+/g, ' '))?.[1] ?? null);
  }
  return settings;
}

/** The rows of the hosting guide's settings table: flag -> environment variable. */
function guideSettings(): Map<string, string> {
  const table = guide.slice(guide.indexOf('### Settings'));
  const rows = new Map<string, string>();
  for (const line of table.split('\n')) {
    const row = /^\| `(--[a-z-]+)` \| `([A-Z_]+)` \|/.exec(line);
    if (row) rows.set(row[1]!, row[2]!);
  }
  return rows;
}

describe('the hosting guide', () => {
  it('lists every setting of tabletop serve with its flag and environment variable, and no other', async () => {
    const help = await serveSettings();
    expect(help.size).toBeGreaterThanOrEqual(7);
    for (const [flag, env] of help)
      expect(env, `${flag} reads no environment variable`).not.toBeNull();
    expect(guideSettings()).toEqual(help);
  });

  it('shows a Caddy and an nginx proxy that pass WebSocket upgrades and the client address', () => {
    expect(guide).toContain('reverse_proxy 127.0.0.1:8080');
    expect(guide).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(guide).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(guide).toContain('proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;');
    expect(guide).toContain('TABLETOP_TRUST_PROXY=127.0.0.1');
  });

  it('a --trust-proxy that is no address is refused in one line, naming it', async () => {
    const refused = await runCli(['serve', '--port', '0', '--trust-proxy', 'proxy.local']);
    expect(refused.exitCode).not.toBe(0);
    expect(refused.error).toContain('--trust-proxy');
    expect(refused.error).toContain('"proxy.local" is not an address or CIDR range');
  });
});
