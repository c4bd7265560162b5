import { describe, expect, it } from 'vitest';
import { PostgresStorage } from '../src/storage/postgres.js';
import type { AppendNotice, LogEntry } from '../src/storage/storage.js';
import { dropSchema, freshSchemaName, postgresUrl, requirePostgres } from './postgres-fixture.js';
import { entry, newMatch, storageSuite } from './storage-suite.js';

storageSuite('PostgreSQL', async () => {
  await requirePostgres();
  const schema = freshSchemaName();
  return {
    open: () => PostgresStorage.open(postgresUrl, { schema }),
    destroy: () => dropSchema(schema),
  };
});

describe('PostgreSQL storage across processes', () => {
  it('the schema can be named in the URL, and each schema hears only its own appends', async () => {
    await requirePostgres();
    const first = freshSchemaName();
    const second = freshSchemaName();
    const here = await PostgresStorage.open(`${postgresUrl}?schema=${first}`);
    const there = await PostgresStorage.open(postgresUrl, { schema: second });
    try {
      expect(here.schema).toBe(first);
      await here.createMatch(newMatch('m1'));
      await there.createMatch(newMatch('m1'));
      const heard: AppendNotice[] = [];
      await here.subscribe((notice) => heard.push(notice));
      await there.append('m1', entry(1));
      await here.append('m1', entry(1));
      for (let tries = 0; tries < 100 && heard.length === 0; tries++) {
        await new Promise((done) => setTimeout(done, 10));
      }
      await new Promise((done) => setTimeout(done, 100));
      expect(heard).toEqual([{ matchId: 'm1', seq: 1 }]);
      expect(await there.readLog('m1', 0)).toEqual([entry(1)]);
    } finally {
      await here.close();
      await there.close();
      await dropSchema(first);
      await dropSchema(second);
    }
  });

  it('appends asked for at once share a transaction, yet each is its own compare-and-set, and a bad one fails alone', async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    const storage = await PostgresStorage.open(postgresUrl, { schema });
    try {
      const ids = Array.from({ length: 20 }, (_, index) => `m${index}`);
      for (const id of ids) await storage.createMatch(newMatch(id));
      const bad: LogEntry = { ...entry(2), kind: 'sideways' as LogEntry['kind'] };
      const answers = await Promise.allSettled([
        ...ids.map((id) => storage.append(id, entry(1))),
        storage.append('m0', entry(2)),
        storage.append('m1', entry(1, 'late')),
        storage.append('m2', bad),
      ]);
      expect(answers.slice(0, 21).map((answer) => answer.status)).toEqual(
        Array(21).fill('fulfilled'),
      );
      expect(
        answers.slice(0, 21).map((answer) => (answer as PromiseFulfilledResult<unknown>).value),
      ).toEqual(Array(21).fill({ ok: true }));
      expect(answers[21]).toEqual({
        status: 'fulfilled',
        value: { ok: false, conflict: 'sequence', seq: 1 },
      });
      expect(answers[22]?.status).toBe('rejected');
      expect((await storage.readLog('m0', 0)).map((stored) => stored.seq)).toEqual([1, 2]);
      for (const id of ids.slice(1)) expect(await storage.readLog(id, 0)).toEqual([entry(1)]);
    } finally {
      await storage.close();
      await dropSchema(schema);
    }
  });

  it('two connections migrating at once apply each migration once', async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    try {
      const opened = await Promise.all(
        Array.from({ length: 4 }, () => PostgresStorage.open(postgresUrl, { schema })),
      );
      for (const storage of opened) expect(await storage.migrate()).toEqual([]);
      await Promise.all(opened.map((storage) => storage.close()));
    } finally {
      await dropSchema(schema);
    }
  });

  it('a URL that is not PostgreSQL is refused by name', async () => {
    await expect(PostgresStorage.open('mysql://127.0.0.1/test')).rejects.toThrow(/postgres:\/\//);
    await expect(PostgresStorage.open('not a url')).rejects.toThrow(/not a PostgreSQL URL/);
  });

  it('an unreachable database is a clear error naming where it looked', async () => {
    await expect(PostgresStorage.open('postgres://postgres@127.0.0.1:1/test')).rejects.toThrow(
      /cannot reach PostgreSQL at 127\.0\.0\.1:1\/test/,
    );
  });
});
