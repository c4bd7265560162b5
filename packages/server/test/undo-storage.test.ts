import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStorage } from '../src/storage/postgres.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { Storage } from '../src/storage/storage.js';
import { type StateMessage, Tables } from '../src/tables.js';
import { temporaryFolder } from './helpers/server-process.js';
import { dropSchema, freshSchemaName, postgresUrl, requirePostgres } from './postgres-fixture.js';

/** The bytes a match's rows take in the store: its log entries and its snapshots. */
interface Stored {
  logBytes: number;
  snapshotBytes: number;
  snapshots: number;
}

interface Place {
  /** Opens the storage, as a server process starting would. */
  open(): Promise<Storage>;
  /** Reads the sizes of a match's rows straight from the database. */
  measure(matchId: string): Promise<Stored>;
  remove(): Promise<void>;
}

const logColumns = 'kind, seat, action, idempotency_key, events';

const places: Record<string, () => Promise<Place>> = {
  SQLite: async () => {
    const folder = temporaryFolder();
    const file = join(folder.path, 'tabletop.db');
    return {
      open: () => SqliteStorage.open(file),
      measure: async (matchId) => {
        const db = new Database(file, { readonly: true });
        try {
          const log = db
            .prepare(
              `SELECT coalesce(sum(${logColumns
                .split(', ')
                .map((column) => `coalesce(length(CAST(${column} AS BLOB)), 0)`)
                .join(' + ')}), 0) AS bytes FROM log WHERE match_id = ?`,
            )
            .get(matchId) as { bytes: number };
          const snapshots = db
            .prepare(
              'SELECT count(*) AS count, coalesce(sum(length(CAST(state AS BLOB))), 0) AS bytes FROM snapshots WHERE match_id = ?',
            )
            .get(matchId) as { count: number; bytes: number };
          return {
            logBytes: log.bytes,
            snapshotBytes: snapshots.bytes,
            snapshots: snapshots.count,
          };
        } finally {
          db.close();
        }
      },
      remove: async () => folder.remove(),
    };
  },
  PostgreSQL: async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    return {
      open: () => PostgresStorage.open(postgresUrl, { schema }),
      measure: async (matchId) => {
        const client = new pg.Client({ connectionString: postgresUrl });
        await client.connect();
        try {
          const quoted = `"${schema}"`;
          const log = await client.query<{ bytes: string }>(
            `SELECT coalesce(sum(${logColumns
              .split(', ')
              .map((column) => `coalesce(octet_length(${column}), 0)`)
              .join(' + ')}), 0) AS bytes FROM ${quoted}.log WHERE match_id = $1`,
            [matchId],
          );
          const snapshots = await client.query<{ count: string; bytes: string }>(
            `SELECT count(*) AS count, coalesce(sum(octet_length(state)), 0) AS bytes FROM ${quoted}.snapshots WHERE match_id = $1`,
            [matchId],
          );
          return {
            logBytes: Number(log.rows[0]!.bytes),
            snapshotBytes: Number(snapshots.rows[0]!.bytes),
            snapshots: Number(snapshots.rows[0]!.count),
          };
        } finally {
          await client.end();
        }
      },
      remove: () => dropSchema(schema),
    };
  },
};

async function until<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
): Promise<T> {
  for (let tries = 0; tries < 1_000; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const startsMove = (action: unknown) => (action as { type?: string }).type === 'move';

describe.each(Object.keys(places))('undo on %s', (name) => {
  let place: Place;
  const opened: { storage: Storage; tables: Tables }[] = [];

  afterEach(async () => {
    for (const { storage, tables } of opened.splice(0)) {
      await tables.close();
      await storage.close();
    }
    await place?.remove();
  });

  async function start(): Promise<Tables> {
    const storage = await place.open();
    // Snapshots every 10 entries: several fall on an action that is then taken back.
    const tables = new Tables({ storage, snapshotEvery: 10, report: () => {} });
    await tables.start();
    opened.push({ storage, tables });
    return tables;
  }

  it('is stored as a small log entry, never a snapshot, and a restarted server shows the same match after it', async () => {
    place = await places[name]!();
    let tables = await start();
    const created = await tables.create({
      ruleset: 'nemesis',
      options: { players: 2 },
      bots: { '1': 'sensible' },
    });
    const id = created.id;
    await tables.join(id, '0', created.invitations[0]!.invitation);

    // Seat 0 answers the setup's questions until it may start a Move, which takes nothing
    // from the bag or the decks: an action it may take back.
    const moveOffered = (view: StateMessage) => view.actions.some(startsMove);
    for (let step = 0; step < 60; step++) {
      const view = await until(
        () => tables.view(id, '0'),
        (seen) => seen.actions.length > 0,
        'a question for seat 0',
      );
      if (moveOffered(view)) break;
      await tables.submit(id, '0', {
        seq: view.seq,
        key: `setup-${step}`,
        action: view.actions[0],
      });
    }

    const undoBytes: number[] = [];
    let before = await place.measure(id);
    const largestState = before.snapshotBytes;
    expect(largestState, 'the match has a snapshot').toBeGreaterThan(5_000);
    let undone = 0;
    for (let round = 0; round < 12; round++) {
      const view = await until(
        () => tables.view(id, '0'),
        (seen) => seen.actions.length > 0,
        'seat 0 to act',
      );
      const move = view.actions.find(startsMove);
      expect(move, 'seat 0 may start a Move').toBeDefined();
      const moved = await tables.submit(id, '0', {
        seq: view.seq,
        key: `move-${round}`,
        action: move,
      });
      const afterMove = await place.measure(id);
      await tables.undo(id, '0', { seq: moved.seq, key: `undo-${round}` });
      undone++;
      const afterUndo = await place.measure(id);
      undoBytes.push(
        afterUndo.logBytes +
          afterUndo.snapshotBytes -
          (afterMove.logBytes + afterMove.snapshotBytes),
      );
      // At most the one latest snapshot is kept.
      expect(afterUndo.snapshots).toBeLessThanOrEqual(1);
      before = afterUndo;
    }
    expect(undone).toBe(12);
    // An undo entry is a few hundred bytes (its seat, key and `undone` event), not a state.
    for (const bytes of undoBytes) expect(bytes).toBeLessThan(1_000);
    expect(Math.max(...undoBytes)).toBeLessThan(largestState / 10);

    const seen = await Promise.all(
      (['0', '1', 'spectator'] as const).map((reader) => tables.view(id, reader)),
    );
    const log = await tables.log(id, '0', 0, 1_000);
    expect(log.entries.filter((entry) => entry.kind === 'undo')).toHaveLength(12);

    // A restarted server: the latest snapshot and the log after it give the same match.
    for (const { storage, tables: running } of opened.splice(0)) {
      await running.close();
      await storage.close();
    }
    tables = await start();
    const again = await Promise.all(
      (['0', '1', 'spectator'] as const).map((reader) => tables.view(id, reader)),
    );
    expect(again).toEqual(seen);
    expect(await tables.log(id, '0', 0, 1_000)).toEqual(log);
    // And it plays on: the next Move, taken back too, even right after a restart.
    const move = again[0]!.actions.find(startsMove);
    const moved = await tables.submit(id, '0', { seq: again[0]!.seq, key: 'after', action: move });
    const taken = await tables.undo(id, '0', { seq: moved.seq, key: 'after-undo' });
    expect(taken.seq).toBe(moved.seq + 1);
    expect((await tables.view(id, '0')).view).toEqual(seen[0]!.view);
  }, 120_000);
});
