import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { openStorage, type RunningServer } from '@tabletop/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '../src/serve.js';
import { runCli } from './helpers.js';

let data: string;
let server: RunningServer;

beforeAll(async () => {
  data = mkdtempSync(join(tmpdir(), 'tabletop-backup-'));
  server = await serve(new PassThrough(), { port: 0, host: '127.0.0.1', data });
});

afterAll(async () => {
  await server?.close();
  rmSync(data, { recursive: true, force: true });
});

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A duel played to its end by two bots; its id. */
async function finishedDuel(): Promise<string> {
  const created = await call('POST', '/matches', {
    ruleset: 'duel',
    options: { health: 3 },
    bots: { '0': 'random', '1': 'random' },
  });
  const id = String(created.body.id);
  for (let waited = 0; waited < 200; waited++) {
    if ((await call('GET', `/matches/${id}`)).body.over) return id;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error('the bots did not finish the duel');
}

describe('tabletop backup', () => {
  it('copies the database while the server keeps writing, and the copy opens with every match', async () => {
    const id = await finishedDuel();
    const copy = join(data, 'copy.db');
    const { output, exitCode, error } = await runCli(['backup', copy, '--data', data]);
    expect(error).toBe('');
    expect(exitCode).toBe(0);
    expect(output).toMatch(/^Copied .*tabletop\.db \(\d+ pages\) to /);
    const storage = await openStorage({ db: copy });
    try {
      expect((await storage.getMatch(id))?.over).toBe(true);
    } finally {
      await storage.close();
    }
  });

  it('refuses to overwrite a file, and says what to use for PostgreSQL', async () => {
    const taken = join(data, 'taken.db');
    writeFileSync(taken, 'keep me');
    const over = await runCli(['backup', taken, '--data', data]);
    expect(over.exitCode).toBe(1);
    expect(over.error).toContain('exists already');
    expect(readFileSync(taken, 'utf8')).toBe('keep me');
    const postgres = await runCli(['backup', join(data, 'pg.db'), '--db', 'postgres://x/y']);
    expect(postgres.exitCode).toBe(1);
    expect(postgres.error).toContain('pg_dump');
    expect(existsSync(join(data, 'pg.db'))).toBe(false);
  });
});

describe('tabletop replay', () => {
  it('plays a downloaded record again to the same end, and tells its log', async () => {
    const id = await finishedDuel();
    const record = (await call('GET', `/matches/${id}/record`)).body;
    const summary = (await call('GET', `/matches/${id}`)).body.result as { summary: string };
    const file = join(data, `${id}.json`);
    writeFileSync(file, JSON.stringify(record));
    const told = await runCli(['replay', file, '--log']);
    expect(told.exitCode).toBe(0);
    expect(told.output).toContain(summary.summary);
    expect(told.output).toMatch(/Replayed \d+ entries of a duel match/);
    const json = JSON.parse((await runCli(['replay', file, '--json'])).output);
    expect(json).toMatchObject({
      ruleset: 'duel',
      over: true,
      actions: (record.actions as unknown[]).length,
    });
  });

  it('a record that is not one, or whose actions the rules refuse, is named as such', async () => {
    const notJson = join(data, 'not.json');
    writeFileSync(notJson, 'hello');
    expect((await runCli(['replay', notJson])).error).toContain('is not JSON');
    const noSeed = join(data, 'no-seed.json');
    writeFileSync(noSeed, JSON.stringify({ ruleset: 'duel', version: '1', actions: [] }));
    expect((await runCli(['replay', noSeed])).error).toContain('seed');
    const id = await finishedDuel();
    const record = (await call('GET', `/matches/${id}/record`)).body as {
      actions: { seat: string; action: unknown }[];
    };
    record.actions.splice(1, 0, { seat: record.actions[0]!.seat, action: { type: 'roll' } });
    const broken = join(data, 'broken.json');
    writeFileSync(broken, JSON.stringify(record));
    const refused = await runCli(['replay', broken]);
    expect(refused.exitCode).toBe(1);
    expect(refused.error).toMatch(/action 1 of the record \(seat \d\) was refused/);
  });
});

describe('tabletop import', () => {
  it('stores an exported record on a server as a new match that replays the same', async () => {
    const id = await finishedDuel();
    const download = await fetch(`${server.url}/matches/${id}/record?download=1`);
    const file = join(data, `exported-${id}.json`);
    writeFileSync(file, await download.text());
    const played = JSON.parse((await runCli(['replay', file, '--json'])).output);
    const imported = await runCli(['import', file, server.url]);
    expect(imported.error).toBe('');
    expect(imported.exitCode).toBe(0);
    const newId = /\/matches\/(m_[A-Za-z0-9_-]+)/.exec(imported.output)?.[1];
    expect(newId).toBeDefined();
    expect(newId).not.toBe(id);
    expect(imported.output).toContain(`/#/replay/${newId}/spectator`);
    const again = join(data, `again-${newId}.json`);
    writeFileSync(again, JSON.stringify((await call('GET', `/matches/${newId}/record`)).body));
    const replayed = JSON.parse((await runCli(['replay', again, '--json'])).output);
    expect(replayed.hash).toBe(played.hash);
    expect(replayed.result).toEqual(played.result);
  });

  it('says why the server refused a record, naming the action', async () => {
    const id = await finishedDuel();
    const record = (await call('GET', `/matches/${id}/record`)).body as {
      actions: { seat: string; action: unknown }[];
    };
    record.actions.splice(1, 0, { seat: record.actions[0]!.seat, action: { type: 'roll' } });
    const broken = join(data, 'broken-import.json');
    writeFileSync(broken, JSON.stringify(record));
    const refused = await runCli(['import', broken, server.url]);
    expect(refused.exitCode).toBe(1);
    expect(refused.error).toContain('bad-record-action: record.actions.1');
  });
});
