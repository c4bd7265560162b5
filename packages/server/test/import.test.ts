import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { Json } from './helpers/client.js';
import { temporaryFolder } from './helpers/server-process.js';

let folder: ReturnType<typeof temporaryFolder>;
let storage: SqliteStorage;
let app: FastifyInstance;

beforeEach(async () => {
  folder = temporaryFolder();
  storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
  app = await buildServer({ storage, report: () => {} });
});

afterEach(async () => {
  await app.close();
  await storage.close();
  folder.remove();
});

/** How many matches the database holds, read beside the server's own connection. */
function storedMatches(): number {
  const db = new Database(join(folder.path, 'tabletop.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS count FROM matches').get() as { count: number }).count;
  } finally {
    db.close();
  }
}

/** A duel two bots played to its end; its id and its record, as downloaded. */
async function finishedDuel(): Promise<{ id: string; record: Json }> {
  const created = await app.inject({
    method: 'POST',
    url: '/matches',
    payload: { ruleset: 'duel', options: { health: 5 }, bots: { '0': 'random', '1': 'random' } },
  });
  const id = created.json().id as string;
  for (let waited = 0; waited < 400; waited++) {
    if ((await app.inject({ url: `/matches/${id}` })).json().over) {
      const record = await app.inject({ url: `/matches/${id}/record?download=1` });
      expect(record.headers['content-disposition']).toContain('attachment');
      return { id, record: record.json() };
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error('the bots did not finish the duel');
}

async function importing(body: unknown) {
  return app.inject({ method: 'POST', url: '/matches/import', payload: body as object });
}

describe('POST /matches/import: a new match from the record of a finished one', () => {
  it('stores the record as a finished match whose record, log and replays are the original’s', async () => {
    const { id, record } = await finishedDuel();
    const reply = await importing(record);
    expect(reply.statusCode, reply.body).toBe(201);
    const imported = reply.json();
    expect(imported.id).not.toBe(id);
    const original = (await app.inject({ url: `/matches/${id}` })).json();
    expect(imported).toMatchObject({ ruleset: 'duel', over: true, result: original.result });
    expect(imported.seq).toBe(record.actions.length);
    expect(imported.seats.map((seat: Json) => seat.joined)).toEqual([false, false]);
    const again = (await app.inject({ url: `/matches/${imported.id}/record` })).json();
    expect(again).toEqual(record);
    const log = (await app.inject({ url: `/matches/${imported.id}/log` })).json();
    const originalLog = (await app.inject({ url: `/matches/${id}/log` })).json();
    expect(log.entries).toEqual(originalLog.entries);
    const last = record.actions.length;
    const frame = (await app.inject({ url: `/matches/${imported.id}/replay?step=${last}` })).json();
    expect(frame).toMatchObject({ step: last, over: true });
    // Nobody can take a seat of it: it is over, and no invitation was made.
    const join = await app.inject({
      method: 'POST',
      url: `/matches/${imported.id}/seats/0/join`,
      payload: {},
    });
    expect(join.statusCode).toBe(403);
  });

  it('a record whose match is not over is refused: its seed must stay secret', async () => {
    const { record } = await finishedDuel();
    const before = storedMatches();
    const reply = await importing({ ...record, actions: record.actions.slice(0, 1) });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().code).toBe('record-not-over');
    expect(reply.json().message).toContain('only a finished match is imported');
    expect(storedMatches()).toBe(before);
  });

  it('names the first action refused, by its index, and stores nothing', async () => {
    const { record } = await finishedDuel();
    const before = storedMatches();
    const actions = record.actions.map((entry: Json) => ({ ...entry }));
    // The second action by the seat that just acted: not its turn.
    actions[1] = { ...actions[1], seat: actions[0].seat };
    const reply = await importing({ ...record, actions });
    expect(reply.statusCode).toBe(422);
    expect(reply.json()).toMatchObject({ code: 'bad-record-action', index: 1 });
    expect(reply.json().message).toMatch(/^record\.actions\.1 \(seat "?[01]"?\) was refused: /);
    const malformed = record.actions.map((entry: Json) => ({ ...entry }));
    malformed[2] = { seat: malformed[2].seat, action: { type: 'teleport' } };
    const second = await importing({ ...record, actions: malformed });
    expect(second.json()).toMatchObject({ code: 'bad-record-action', index: 2 });
    expect(second.json().message).toContain('malformed action');
    const stranger = await importing({
      ...record,
      actions: [{ seat: '7', action: record.actions[0].action }],
    });
    expect(stranger.json()).toMatchObject({ code: 'bad-record-action', index: 0 });
    expect(stranger.json().message).toContain("this match's seats are 0, 1");
    const past = await importing({ ...record, actions: [...record.actions, record.actions[0]] });
    expect(past.json()).toMatchObject({ code: 'bad-record-action', index: last(record) });
    expect(storedMatches()).toBe(before);
  });

  it('refuses a record of the wrong shape, ruleset or version, naming what is wrong', async () => {
    const { record } = await finishedDuel();
    const before = storedMatches();
    const { seed: _seed, ...unseeded } = record;
    const cases: [unknown, number, string, string][] = [
      [unseeded, 400, 'bad-record', 'record.seed'],
      [{ ...record, extra: 1 }, 400, 'bad-record', 'record'],
      [{ ...record, generator: 'dice' }, 400, 'bad-record', 'record.generator'],
      [{ ...record, actions: [{ seat: '0' }] }, 400, 'bad-record', 'record.actions.0'],
      [{ ...record, ruleset: 'chess' }, 400, 'unknown-ruleset', 'record.ruleset'],
      [{ ...record, version: '0' }, 400, 'bad-record', 'record.version'],
      [{ ...record, options: { health: -1 } }, 400, 'bad-options', 'record.options.health'],
    ];
    for (const [body, status, code, named] of cases) {
      const reply = await importing(body);
      expect(reply.statusCode, reply.body).toBe(status);
      expect(reply.json().code).toBe(code);
      expect(reply.json().message).toContain(named);
    }
    const text = await app.inject({
      method: 'POST',
      url: '/matches/import',
      headers: { 'content-type': 'application/json' },
      payload: '[1, 2]',
    });
    expect(text.statusCode).toBe(400);
    expect(storedMatches()).toBe(before);
  });
});

function last(record: Json): number {
  return record.actions.length;
}
