import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStorage } from '../src/storage/postgres.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { Storage } from '../src/storage/storage.js';
import { dropSchema, freshSchemaName, postgresUrl, requirePostgres } from './postgres-fixture.js';
import { entry, newMatch } from './storage-suite.js';

/**
 * Group commit: appends from many matches asked for together are written in
 * one transaction, and each is answered only once that transaction has
 * committed, on SQLite (its writer thread, or the server's thread for an
 * in-memory database) and on PostgreSQL.
 */

interface Store {
  name: string;
  /** Where the data lives: `open` again gives another connection to it. */
  location(): Promise<string>;
  open(location: string): Promise<Storage>;
  remove(location: string): Promise<void>;
  /** How the appending process opens it: `--server-thread` keeps SQLite's appends on its thread. */
  appenderFlags: string[];
}

const sqliteFile = async () => join(mkdtempSync(join(tmpdir(), 'tabletop-group-')), 'tabletop.db');
const removeSqliteFile = async (file: string) =>
  rmSync(join(file, '..'), { recursive: true, force: true });

const stores: Store[] = [
  {
    name: 'SQLite',
    location: sqliteFile,
    open: (file) => SqliteStorage.open(file),
    remove: removeSqliteFile,
    appenderFlags: [],
  },
  {
    name: "SQLite, on the server's thread",
    location: sqliteFile,
    open: (file) => SqliteStorage.open(file, { writerThread: false }),
    remove: removeSqliteFile,
    appenderFlags: ['--server-thread'],
  },
  {
    name: 'PostgreSQL',
    location: async () => {
      await requirePostgres();
      return `${postgresUrl}?schema=${freshSchemaName()}`;
    },
    open: (url) => PostgresStorage.open(url),
    remove: (url) => dropSchema(new URL(url).searchParams.get('schema')!),
    appenderFlags: [],
  },
];

const matches = 40;
const ids = Array.from({ length: matches }, (_, index) => `m${index}`);

describe.each(stores)('group commit on $name', (store) => {
  const opened: Storage[] = [];
  const locations: string[] = [];

  afterEach(async () => {
    for (const storage of opened.splice(0)) await storage.close();
    for (const location of locations.splice(0)) await store.remove(location);
  });

  async function connect(location: string): Promise<Storage> {
    const storage = await store.open(location);
    opened.push(storage);
    return storage;
  }

  async function withMatches(): Promise<{ location: string; writer: Storage; reader: Storage }> {
    const location = await store.location();
    locations.push(location);
    const writer = await connect(location);
    for (const id of ids) await writer.createMatch(newMatch(id));
    return { location, writer, reader: await connect(location) };
  }

  it('appends asked for together commit together: when the first is answered, another connection reads every one', async () => {
    const { writer, reader } = await withMatches();
    let seenAtFirstAnswer: number[] | null = null;
    await Promise.all(
      ids.map((id) =>
        writer.append(id, entry(1)).then(async (result) => {
          expect(result).toEqual({ ok: true });
          if (seenAtFirstAnswer) return;
          seenAtFirstAnswer = [];
          const sequences = await reader.sequences(ids);
          seenAtFirstAnswer = ids.map((each) => sequences.get(each) ?? -1);
        }),
      ),
    );
    expect(seenAtFirstAnswer).toEqual(ids.map(() => 1));
  });

  it('each append is answered only once stored: another connection reads it back at once', async () => {
    const { writer, reader } = await withMatches();
    const missing: string[] = [];
    for (let seq = 1; seq <= 5; seq++) {
      await Promise.all(
        ids.map(async (id) => {
          const result = await writer.append(id, entry(seq, `${id}-${seq}`));
          expect(result).toEqual({ ok: true });
          const log = await reader.readLog(id, seq - 1);
          if (log[0]?.idempotencyKey !== `${id}-${seq}`) missing.push(`${id}@${seq}`);
        }),
      );
    }
    expect(missing).toEqual([]);
  });

  it('one failing append in a group leaves the others stored and answered', async () => {
    const { writer, reader } = await withMatches();
    const results = await Promise.all([
      ...ids.map((id) => writer.append(id, entry(1))),
      writer.append('m0', entry(5, 'gap')),
      writer.append('no-such-match', entry(1)),
    ]);
    expect(results.slice(0, matches)).toEqual(ids.map(() => ({ ok: true })));
    expect(results[matches]).toEqual({ ok: false, conflict: 'sequence', seq: 1 });
    expect(results[matches + 1]).toEqual({ ok: false, conflict: 'no-match' });
    expect([...(await reader.sequences(ids)).values()]).toEqual(ids.map(() => 1));
  });

  it('killed with SIGKILL while appending, every acknowledged append is stored', async () => {
    const location = await store.location();
    locations.push(location);
    const appender = startAppending(location, store.appenderFlags);
    const acknowledged = await appender.acknowledged(400);
    appender.child.kill('SIGKILL');
    await appender.exited;
    const reader = await connect(location);
    const sequences = await reader.sequences(ids);
    const short = [...acknowledged].filter(([id, seq]) => (sequences.get(id) ?? 0) < seq);
    expect(short).toEqual([]);
    expect(acknowledged.size).toBeGreaterThan(0);
  }, 60_000);
});

/**
 * A process that appends to every match as fast as it is answered, printing
 * each acknowledged append as "match seq", until killed.
 */
function startAppending(
  location: string,
  flags: string[],
): {
  child: ChildProcess;
  exited: Promise<void>;
  acknowledged(count: number): Promise<Map<string, number>>;
} {
  const script = fileURLToPath(new URL('./helpers/append-until-killed.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', script, location, String(matches), ...flags],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const latest = new Map<string, number>();
  let count = 0;
  const lines = createInterface({ input: child.stdout! });
  return {
    child,
    exited,
    acknowledged: (wanted) =>
      new Promise((resolve, reject) => {
        lines.on('line', (line) => {
          const [id, seq] = line.split(' ');
          latest.set(id!, Math.max(latest.get(id!) ?? 0, Number(seq)));
          // A snapshot of what was acknowledged when the kill is sent.
          if (++count === wanted) resolve(new Map(latest));
        });
        child.once('exit', (code) => {
          if (count < wanted) reject(new Error(`the appender exited (${code}): ${errors}`));
        });
      }),
  };
}
