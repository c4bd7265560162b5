import Database from 'better-sqlite3';
import type { AppendResult } from './storage.js';

/**
 * Group commit on SQLite: the appends waiting together are written in one
 * transaction, each still its own compare-and-set in a savepoint. The same
 * code runs on the server's thread (an in-memory database) or on the writer
 * thread (a file), so an append crosses threads as plain strings: its JSON
 * is written before it is sent.
 */

/** An append as SQLite stores it, its JSON written. */
export interface AppendRow {
  matchId: string;
  seq: number;
  kind: string;
  seat: string;
  action: string | null;
  key: string;
  events: string;
  at: number;
  /** The state after the entry, stored in the same transaction; the older snapshots go. */
  snapshot: { seq: number; state: string } | null;
  /** The match's Result as JSON when the entry ends it; null when it does not. */
  result: string | null;
}

/** A row of the log as SQLite returns it. */
export interface LogRow {
  seq: number;
  kind: 'action' | 'undo' | 'seat';
  seat: string;
  action: string | null;
  idempotency_key: string;
  events: string;
  at: number;
}

/**
 * What became of one append, as `Storage.append` answers but for the stored
 * entry of an idempotency key, which is sent as its row; a failure is told
 * by its message and code, which cross threads.
 */
export type AppendOutcome =
  | Exclude<AppendResult, { conflict: 'idempotency-key' }>
  | { ok: false; conflict: 'idempotency-key'; row: LogRow }
  | { failed: { message: string; code?: string } };

/** The last sequence number of the match of the row at hand: the log is the one place it is kept. */
export const lastSeq =
  '(SELECT coalesce(max(log.seq), 0) FROM log WHERE log.match_id = matches.id)';

/** The connection settings every connection to a file shares (the server's and the writer's). */
export function openDatabase(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}

export function failureOf(error: unknown): { message: string; code?: string } {
  const { message, code } = error as { message?: unknown; code?: unknown };
  return {
    message: typeof message === 'string' ? message : String(error),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

/** The statements of appends, compiled once for one connection. */
export class SqliteAppender {
  readonly #lastSeq: Database.Statement;
  readonly #byKey: Database.Statement;
  readonly #insert: Database.Statement;
  readonly #snapshot: Database.Statement;
  readonly #olderSnapshots: Database.Statement;
  readonly #over: Database.Statement;
  readonly #batch: Database.Transaction<(rows: readonly AppendRow[]) => AppendOutcome[]>;
  readonly #one: Database.Transaction<(row: AppendRow) => AppendOutcome>;

  constructor(db: Database.Database) {
    this.#lastSeq = db.prepare(`SELECT ${lastSeq} AS seq FROM matches WHERE id = ?`);
    this.#byKey = db.prepare('SELECT * FROM log WHERE match_id = ? AND idempotency_key = ?');
    this.#insert = db.prepare(
      'INSERT INTO log (match_id, seq, kind, seat, action, idempotency_key, events, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.#snapshot = db.prepare(
      'INSERT OR REPLACE INTO snapshots (match_id, seq, state) VALUES (?, ?, ?)',
    );
    this.#olderSnapshots = db.prepare('DELETE FROM snapshots WHERE match_id = ? AND seq < ?');
    this.#over = db.prepare('UPDATE matches SET over = 1, result = ? WHERE id = ?');
    this.#one = db.transaction((row: AppendRow) => this.#appendOne(row));
    this.#batch = db.transaction((rows: readonly AppendRow[]) =>
      rows.map((row): AppendOutcome => {
        try {
          return this.#one(row);
        } catch (error) {
          return { failed: failureOf(error) };
        }
      }),
    );
  }

  /**
   * Writes the rows in one transaction, answering for each in order. One
   * that fails is rolled back to its savepoint and leaves the others
   * stored; a failing commit throws, and then none is stored.
   */
  commit(rows: readonly AppendRow[]): AppendOutcome[] {
    return this.#batch.immediate(rows);
  }

  /** Stores a snapshot and drops the older ones: a match loads from its latest only. */
  storeSnapshot(matchId: string, seq: number, state: string): void {
    this.#snapshot.run(matchId, seq, state);
    this.#olderSnapshots.run(matchId, seq);
  }

  markOver(matchId: string, result: string): void {
    this.#over.run(result, matchId);
  }

  /** One compare-and-set append, in a savepoint of the batch's transaction. */
  #appendOne(row: AppendRow): AppendOutcome {
    const match = this.#lastSeq.get(row.matchId) as { seq: number } | undefined;
    if (!match) return { ok: false, conflict: 'no-match' };
    const existing = this.#byKey.get(row.matchId, row.key) as LogRow | undefined;
    if (existing) return { ok: false, conflict: 'idempotency-key', row: existing };
    if (row.seq !== match.seq + 1) return { ok: false, conflict: 'sequence', seq: match.seq };
    this.#insert.run(
      row.matchId,
      row.seq,
      row.kind,
      row.seat,
      row.action,
      row.key,
      row.events,
      row.at,
    );
    if (row.snapshot) this.storeSnapshot(row.matchId, row.snapshot.seq, row.snapshot.state);
    if (row.result !== null) this.markOver(row.matchId, row.result);
    return { ok: true };
  }
}
