import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { PostgresStorage } from '../src/storage/postgres.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { Storage } from '../src/storage/storage.js';
import { temporaryFolder } from './helpers/server-process.js';
import { dropSchema, freshSchemaName, postgresUrl, requirePostgres } from './postgres-fixture.js';

interface Store {
  name: string;
  open(): Promise<{ storage: Storage; close(): Promise<void> }>;
}

const stores: Store[] = [
  {
    name: 'SQLite',
    async open() {
      const folder = temporaryFolder();
      const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
      return {
        storage,
        close: async () => {
          await storage.close();
          folder.remove();
        },
      };
    },
  },
  {
    name: 'PostgreSQL',
    async open() {
      await requirePostgres();
      const schema = freshSchemaName();
      const storage = await PostgresStorage.open(postgresUrl, { schema });
      return {
        storage,
        close: async () => {
          await storage.close();
          await dropSchema(schema);
        },
      };
    },
  },
];

describe.each(stores)('text input on $name', (store) => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let id: string;
  let authorization: string;

  beforeEach(async () => {
    const opened = await store.open();
    close = opened.close;
    app = await buildServer({ storage: opened.storage });
    const created = (
      await app.inject({ method: 'POST', url: '/matches', payload: { ruleset: 'duel' } })
    ).json();
    id = created.id;
    const joined = await app.inject({
      method: 'POST',
      url: `/matches/${id}/seats/0/join`,
      payload: { invitation: created.invitations[0].invitation },
    });
    authorization = `Bearer ${joined.json().token}`;
  });

  afterEach(async () => {
    await app.close();
    await close();
  });

  const submit = (key: string) =>
    app.inject({
      method: 'POST',
      url: `/matches/${id}/actions`,
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ seq: 0, key, action: { type: 'roll' } }),
    });

  it('a NUL in a match id is a clear 400, not a failure of the store', async () => {
    for (const url of ['/matches/a%00b', '/matches/a%00b/log', '/matches/a%00b/seats/0/join']) {
      const answer = await app.inject({ method: url.endsWith('join') ? 'POST' : 'GET', url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'bad-request', message: expect.any(String) });
      expect(answer.body).not.toContain(' at ');
    }
  });

  it('idempotency keys with a control character or a lone surrogate are refused, and nothing is stored', async () => {
    for (const key of ['k\u0000', 'tab\there', '\ud800', '\udc00']) {
      const answer = await submit(key);
      expect(answer.statusCode, JSON.stringify(key)).toBe(400);
      expect(answer.json().code).toBe('bad-request');
    }
    const log = await app.inject({ url: `/matches/${id}/log` });
    expect(log.json().entries).toEqual([]);
    // A well-formed key with characters beyond the basic plane is text like any other.
    expect((await submit('dé\u{1F3B2}')).statusCode).toBe(200);
  });
});
