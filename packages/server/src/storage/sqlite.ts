import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type Database from 'better-sqlite3';
import { GroupCommit } from './group-commit.js';
import {
  type AppendOutcome,
  type AppendRow,
  type LogRow,
  lastSeq,
  openDatabase,
  SqliteAppender,
} from './sqlite-appends.js';
import { WriterThread } from './sqlite-thread.js';
import {
  type AppendExtras,
  type AppendListener,
  type AppendNotice,
  type AppendResult,
  type ChatAdded,
  type ChatListener,
  type ChatNotice,
  type LogEntry,
  type MatchSummary,
  type Migration,
  type NewMatch,
  type Seat,
  type Snapshot,
  type Storage,
  StorageError,
  type StoredChatLine,
  type StoredMatch,
  type StoredSeat,
} from './storage.js';

/** The SQLite schema, step by step; a step once released is never edited, only followed by another. */
export const sqliteMigrations: readonly Migration[] = [
  {
    version: 1,
    name: 'matches, seats, log, snapshots',
    sql: `
      CREATE TABLE matches (
        id TEXT PRIMARY KEY,
        ruleset TEXT NOT NULL,
        version TEXT NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        generator TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        over INTEGER NOT NULL DEFAULT 0,
        result TEXT
      );
      CREATE INDEX matches_by_creation ON matches (created_at DESC, id);
      CREATE TABLE seats (
        match_id TEXT NOT NULL REFERENCES matches (id),
        position INTEGER NOT NULL,
        seat TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('human', 'bot')),
        bot TEXT,
        token_hash TEXT,
        PRIMARY KEY (match_id, seat)
      );
      CREATE TABLE log (
        match_id TEXT NOT NULL REFERENCES matches (id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('action', 'undo')),
        seat TEXT NOT NULL,
        action TEXT,
        idempotency_key TEXT NOT NULL,
        events TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (match_id, seq),
        UNIQUE (match_id, idempotency_key)
      ) WITHOUT ROWID;
      CREATE TABLE snapshots (
        match_id TEXT NOT NULL REFERENCES matches (id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (match_id, seq)
      );
    `,
  },
  {
    version: 2,
    name: 'chat',
    sql: `
      CREATE TABLE chat (
        match_id TEXT NOT NULL REFERENCES matches (id),
        id INTEGER NOT NULL,
        sender TEXT NOT NULL,
        text TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (match_id, id)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 3,
    name: 'invitations and open matches',
    // Matches stored before were listed and their free seats joinable by
    // anyone: they stay open, so that nothing about them changes.
    sql: `
      ALTER TABLE matches ADD COLUMN open INTEGER NOT NULL DEFAULT 0;
      UPDATE matches SET open = 1;
      ALTER TABLE seats ADD COLUMN invitation_hash TEXT;
      CREATE INDEX open_matches_by_creation ON matches (open, created_at DESC, id DESC);
    `,
  },
  {
    version: 4,
    name: 'the latest snapshot only',
    // A match loads from its latest snapshot (replaying its record for an
    // undo that reaches back before it): the older ones are never read.
    sql: `
      DELETE FROM snapshots
        WHERE seq < (SELECT max(newer.seq) FROM snapshots newer WHERE newer.match_id = snapshots.match_id);
    `,
  },
  {
    version: 5,
    name: 'stand-in bots and turn timers',
    // SQLite cannot change a CHECK constraint in place: the log is copied
    // into a table that also allows seat entries (who plays a seat).
    sql: `
      ALTER TABLE matches ADD COLUMN takeover TEXT;
      CREATE TABLE log_with_seats (
        match_id TEXT NOT NULL REFERENCES matches (id),
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('action', 'undo', 'seat')),
        seat TEXT NOT NULL,
        action TEXT,
        idempotency_key TEXT NOT NULL,
        events TEXT NOT NULL,
        at INTEGER NOT NULL,
        PRIMARY KEY (match_id, seq),
        UNIQUE (match_id, idempotency_key)
      ) WITHOUT ROWID;
      INSERT INTO log_with_seats SELECT match_id, seq, kind, seat, action, idempotency_key, events, at FROM log;
      DROP TABLE log;
      ALTER TABLE log_with_seats RENAME TO log;
      CREATE INDEX matches_with_takeover ON matches (over) WHERE takeover IS NOT NULL;
    `,
  },
];

interface ChatRow {
  id: number;
  sender: string;
  text: string;
  at: number;
}

function toChatLine(row: ChatRow): StoredChatLine {
  return { id: row.id, from: row.sender, text: row.text, at: Number(row.at) };
}

interface PendingAppend {
  matchId: string;
  entry: LogEntry;
  extras: AppendExtras;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

interface MatchRow {
  id: string;
  ruleset: string;
  version: string;
  options: string;
  seed: string;
  generator: string;
  created_at: number;
  seq: number;
  over: number;
  result: string | null;
  open: number;
  takeover: string | null;
}

interface SeatRow {
  match_id: string;
  seat: string;
  kind: 'human' | 'bot';
  bot: string | null;
  token_hash: string | null;
  invitation_hash: string | null;
}

/**
 * Appends are announced to every adapter open on the same file in this
 * process; SQLite has no way to tell other processes, so several server
 * processes should share PostgreSQL instead.
 */
const announcers = new Map<string, EventEmitter>();

function announcerFor(file: string): EventEmitter {
  let announcer = announcers.get(file);
  if (!announcer) {
    announcer = new EventEmitter();
    announcer.setMaxListeners(0);
    announcers.set(file, announcer);
  }
  return announcer;
}

/** An append's row, its JSON written here so that the writer thread is sent strings. */
function toRow({ matchId, entry, extras }: PendingAppend): AppendRow {
  return {
    matchId,
    seq: entry.seq,
    kind: entry.kind,
    seat: entry.seat,
    action: entry.action === null ? null : JSON.stringify(entry.action),
    key: entry.idempotencyKey,
    events: JSON.stringify(entry.events),
    at: entry.at,
    snapshot: extras.snapshot
      ? { seq: extras.snapshot.seq, state: JSON.stringify(extras.snapshot.state) }
      : null,
    result: extras.result === undefined ? null : JSON.stringify(extras.result ?? null),
  };
}

function toEntry(row: LogRow): LogEntry {
  return {
    seq: row.seq,
    kind: row.kind,
    seat: row.seat,
    action: row.action === null ? null : JSON.parse(row.action),
    idempotencyKey: row.idempotency_key,
    events: JSON.parse(row.events),
    at: row.at,
  };
}

/** Matches in one SQLite file (better-sqlite3, WAL). The folder is created if missing. */
export class SqliteStorage implements Storage {
  readonly file: string;
  readonly #db: Database.Database;
  readonly #announcer: EventEmitter;
  readonly #listeners = new Set<AppendListener>();
  readonly #chatListeners = new Set<ChatListener>();
  readonly #statements = new Map<string, Database.Statement>();
  /**
   * Two batches at once: the writer thread commits them in the order sent,
   * so the second waits on its port rather than for a round trip to this
   * thread, and the writer is never idle while appends wait.
   */
  readonly #appends = new GroupCommit<PendingAppend>((batch) => this.#commitBatch(batch), 2);
  /** Set once migrated: the statements of appends need the tables. */
  #appender: SqliteAppender | null = null;
  /** The thread that commits appends to a file; none for an in-memory database. */
  #writer: WriterThread | null = null;
  #closed = false;

  private constructor(file: string) {
    this.file = file === ':memory:' ? file : resolve(file);
    if (this.file !== ':memory:') mkdirSync(dirname(this.file), { recursive: true });
    this.#db = openDatabase(this.file);
    this.#announcer = this.file === ':memory:' ? new EventEmitter() : announcerFor(this.file);
  }

  /** Each statement is compiled once: appends are the hot path. */
  #prepare(sql: string): Database.Statement {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Opens (creating if needed) the database file and applies pending
   * migrations. A file's appends are committed by a writer thread of its
   * own unless `writerThread` is false; an in-memory database has none.
   */
  static async open(
    file: string,
    options: { writerThread?: boolean } = {},
  ): Promise<SqliteStorage> {
    const storage = new SqliteStorage(file);
    try {
      await storage.migrate();
      storage.#appender = new SqliteAppender(storage.#db);
      if (storage.file !== ':memory:' && options.writerThread !== false) {
        storage.#writer = await WriterThread.start(storage.file);
      }
    } catch (error) {
      storage.#db.close();
      throw error;
    }
    return storage;
  }

  /** The statements of appends, snapshots and results; there once the storage is open. */
  get #writes(): SqliteAppender {
    if (!this.#appender) throw new StorageError('the storage is not open');
    return this.#appender;
  }

  async migrate(): Promise<number[]> {
    const db = this.#db;
    return db
      .transaction(() => {
        db.exec(
          'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
        );
        const done = new Set(
          (
            this.#prepare('SELECT version FROM schema_migrations').all() as { version: number }[]
          ).map((row) => row.version),
        );
        const applied: number[] = [];
        for (const migration of sqliteMigrations) {
          if (done.has(migration.version)) continue;
          db.exec(migration.sql);
          this.#prepare(
            'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
          ).run(migration.version, migration.name, Date.now());
          applied.push(migration.version);
        }
        return applied;
      })
      .immediate();
  }

  async createMatch(match: NewMatch, initial?: Snapshot): Promise<void> {
    const db = this.#db;
    try {
      db.transaction(() => {
        this.#prepare(
          'INSERT INTO matches (id, ruleset, version, options, seed, generator, created_at, open, takeover) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
        ).run(
          match.id,
          match.ruleset,
          match.version,
          JSON.stringify(match.options),
          match.seed,
          match.generator,
          match.createdAt,
          match.open ? 1 : 0,
          match.takeover ? JSON.stringify(match.takeover) : null,
        );
        const insertSeat = this.#prepare(
          'INSERT INTO seats (match_id, position, seat, kind, bot, token_hash, invitation_hash) VALUES (?, ?, ?, ?, ?, ?, ?)',
        );
        match.seats.forEach((seat, position) => {
          insertSeat.run(
            match.id,
            position,
            seat.seat,
            seat.kind,
            seat.bot,
            seat.tokenHash,
            seat.invitationHash,
          );
        });
        if (initial) this.#insertSnapshot(match.id, initial);
      }).immediate();
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
        throw new StorageError(`a match with id ${match.id} already exists`);
      }
      throw error;
    }
  }

  async getMatch(matchId: string): Promise<StoredMatch | null> {
    const row = this.#prepare(`SELECT *, ${lastSeq} AS seq FROM matches WHERE id = ?`).get(
      matchId,
    ) as MatchRow | undefined;
    if (!row) return null;
    return {
      id: row.id,
      ruleset: row.ruleset,
      version: row.version,
      options: JSON.parse(row.options),
      seed: row.seed,
      generator: row.generator,
      seats: this.#seats(matchId),
      createdAt: row.created_at,
      open: row.open === 1,
      takeover: row.takeover === null ? null : JSON.parse(row.takeover),
      seq: row.seq,
      over: row.over === 1,
      result: row.result === null ? null : JSON.parse(row.result),
    };
  }

  #seats(matchId: string): StoredSeat[] {
    const rows = this.#prepare('SELECT * FROM seats WHERE match_id = ? ORDER BY position').all(
      matchId,
    ) as SeatRow[];
    return rows.map((row) => ({
      seat: row.seat,
      kind: row.kind,
      bot: row.bot,
      tokenHash: row.token_hash,
      invitationHash: row.invitation_hash,
    }));
  }

  async listMatches(options: { limit?: number; offset?: number } = {}): Promise<MatchSummary[]> {
    const rows = this.#prepare(
      `SELECT id, ruleset, version, created_at, ${lastSeq} AS seq, over FROM matches WHERE open = 1 ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
    ).all(options.limit ?? 50, options.offset ?? 0) as MatchRow[];
    return rows.map((row) => ({
      id: row.id,
      ruleset: row.ruleset,
      version: row.version,
      seats: this.#seats(row.id).map(({ seat, kind, bot, tokenHash }) => ({
        seat,
        kind,
        bot,
        joined: tokenHash !== null,
      })),
      seq: row.seq,
      over: row.over === 1,
      createdAt: row.created_at,
    }));
  }

  async claimSeat(matchId: string, seat: Seat, tokenHash: string): Promise<boolean> {
    const change = this.#prepare(
      "UPDATE seats SET token_hash = ? WHERE match_id = ? AND seat = ? AND kind = 'human' AND token_hash IS NULL",
    ).run(tokenHash, matchId, seat);
    return change.changes === 1;
  }

  /**
   * Appends wait for the end of the event loop's turn, or while two
   * batches are being committed for one of them to finish, then every
   * append waiting is written in one
   * transaction (group commit): one write to the WAL for many matches, on
   * the writer thread for a file. Each append keeps its own compare-and-set
   * and its own savepoint, so one that fails leaves the others stored; each
   * caller is answered once the transaction is committed.
   */
  append(matchId: string, entry: LogEntry, extras: AppendExtras = {}): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.#appends.add({ matchId, entry, extras, resolve, reject });
    });
  }

  async #commitBatch(waiting: PendingAppend[]): Promise<void> {
    if (this.#closed) {
      for (const append of waiting) append.reject(new StorageError('the storage is closed'));
      return;
    }
    // An append whose JSON cannot be written fails alone.
    const batch: { append: PendingAppend; row: AppendRow }[] = [];
    for (const append of waiting) {
      try {
        batch.push({ append, row: toRow(append) });
      } catch (error) {
        append.reject(error);
      }
    }
    if (batch.length === 0) return;
    const rows = batch.map(({ row }) => row);
    let outcomes: AppendOutcome[];
    try {
      outcomes = this.#writer ? await this.#writer.commit(rows) : this.#writes.commit(rows);
    } catch (error) {
      for (const { append } of batch) append.reject(error);
      return;
    }
    for (const [index, { append }] of batch.entries()) this.#settle(append, outcomes[index]!);
  }

  #settle(append: PendingAppend, outcome: AppendOutcome): void {
    if ('failed' in outcome) {
      append.reject(Object.assign(new StorageError(outcome.failed.message), outcome.failed));
      return;
    }
    if (outcome.ok) {
      // Announced first, so that whoever subscribes once answered hears only later appends.
      this.#announce({ matchId: append.matchId, seq: append.entry.seq });
      append.resolve(outcome);
    } else if (outcome.conflict === 'idempotency-key') {
      append.resolve({ ok: false, conflict: 'idempotency-key', entry: toEntry(outcome.row) });
    } else append.resolve(outcome);
  }

  #announce(notice: AppendNotice): void {
    queueMicrotask(() => this.#announcer.emit('append', notice));
  }

  async readLog(matchId: string, afterSeq: number, limit = 10_000): Promise<LogEntry[]> {
    const rows = this.#prepare(
      'SELECT * FROM log WHERE match_id = ? AND seq > ? ORDER BY seq LIMIT ?',
    ).all(matchId, afterSeq, limit) as LogRow[];
    return rows.map(toEntry);
  }

  async findByIdempotencyKey(matchId: string, key: string): Promise<LogEntry | null> {
    const row = this.#prepare('SELECT * FROM log WHERE match_id = ? AND idempotency_key = ?').get(
      matchId,
      key,
    ) as LogRow | undefined;
    return row ? toEntry(row) : null;
  }

  async sequences(matchIds: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>();
    const statement = this.#prepare(`SELECT id, ${lastSeq} AS seq FROM matches WHERE id = ?`);
    for (const matchId of new Set(matchIds)) {
      const row = statement.get(matchId) as { id: string; seq: number } | undefined;
      if (row) found.set(row.id, row.seq);
    }
    return found;
  }

  async saveSnapshot(matchId: string, snapshot: Snapshot): Promise<void> {
    this.#insertSnapshot(matchId, snapshot);
  }

  /** Stores a snapshot and drops the older ones: a match loads from its latest only. */
  #insertSnapshot(matchId: string, snapshot: Snapshot): void {
    this.#writes.storeSnapshot(matchId, snapshot.seq, JSON.stringify(snapshot.state));
  }

  async latestSnapshot(matchId: string): Promise<Snapshot | null> {
    const row = this.#prepare(
      'SELECT seq, state FROM snapshots WHERE match_id = ? ORDER BY seq DESC LIMIT 1',
    ).get(matchId) as { seq: number; state: string } | undefined;
    return row ? { seq: row.seq, state: JSON.parse(row.state) } : null;
  }

  async markOver(matchId: string, result: unknown): Promise<void> {
    this.#writes.markOver(matchId, JSON.stringify(result ?? null));
  }

  async matchesWithTakeover(): Promise<string[]> {
    const rows = this.#prepare(
      'SELECT id FROM matches WHERE takeover IS NOT NULL AND over = 0 ORDER BY id',
    ).all() as { id: string }[];
    return rows.map((row) => row.id);
  }

  async deleteFinished(before: number, limit: number): Promise<string[]> {
    return this.#db
      .transaction(() => {
        const ids = (
          this.#prepare(
            `SELECT id FROM matches WHERE over = 1
               AND coalesce((SELECT max(log.at) FROM log WHERE log.match_id = matches.id), created_at) < ?
             LIMIT ?`,
          ).all(before, limit) as { id: string }[]
        ).map((row) => row.id);
        for (const id of ids) {
          for (const table of ['chat', 'snapshots', 'log', 'seats'])
            this.#prepare(`DELETE FROM ${table} WHERE match_id = ?`).run(id);
          this.#prepare('DELETE FROM matches WHERE id = ?').run(id);
        }
        return ids;
      })
      .immediate();
  }

  /** Appends are announced within this process, so none is ever missed: `resumed` is never called. */
  async subscribe(listener: AppendListener): Promise<() => Promise<void>> {
    const announcer = this.#announcer;
    announcer.on('append', listener);
    this.#listeners.add(listener);
    return async () => {
      announcer.off('append', listener);
      this.#listeners.delete(listener);
    };
  }

  async addChat(
    matchId: string,
    line: { from: string; text: string; at: number },
    most: number,
  ): Promise<ChatAdded> {
    const added = this.#db
      .transaction((): ChatAdded => {
        if (!this.#prepare('SELECT 1 FROM matches WHERE id = ?').get(matchId)) {
          return { ok: false, conflict: 'no-match' };
        }
        const { last } = this.#prepare(
          'SELECT coalesce(max(id), 0) AS last FROM chat WHERE match_id = ?',
        ).get(matchId) as { last: number };
        if (last >= most) return { ok: false, conflict: 'full' };
        const stored = { id: last + 1, ...line };
        this.#prepare(
          'INSERT INTO chat (match_id, id, sender, text, at) VALUES (?, ?, ?, ?, ?)',
        ).run(matchId, stored.id, stored.from, stored.text, stored.at);
        return { ok: true, line: stored };
      })
      .immediate();
    if (added.ok) {
      const notice: ChatNotice = { matchId, id: added.line.id };
      queueMicrotask(() => this.#announcer.emit('chat', notice));
    }
    return added;
  }

  async readChat(matchId: string, afterId: number, limit: number): Promise<StoredChatLine[]> {
    const rows = this.#prepare(
      'SELECT id, sender, text, at FROM chat WHERE match_id = ? AND id > ? ORDER BY id LIMIT ?',
    ).all(matchId, afterId, limit) as ChatRow[];
    return rows.map(toChatLine);
  }

  async lastChat(matchId: string, count: number): Promise<StoredChatLine[]> {
    const rows = this.#prepare(
      'SELECT id, sender, text, at FROM chat WHERE match_id = ? ORDER BY id DESC LIMIT ?',
    ).all(matchId, count) as ChatRow[];
    return rows.map(toChatLine).reverse();
  }

  async subscribeChat(listener: ChatListener): Promise<() => Promise<void>> {
    const announcer = this.#announcer;
    announcer.on('chat', listener);
    this.#chatListeners.add(listener);
    return async () => {
      announcer.off('chat', listener);
      this.#chatListeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    // Appends already asked for are committed (or fail) first.
    await this.#appends.drain();
    this.#closed = true;
    await this.#writer?.close();
    for (const listener of this.#listeners) this.#announcer.off('append', listener);
    this.#listeners.clear();
    for (const listener of this.#chatListeners) this.#announcer.off('chat', listener);
    this.#chatListeners.clear();
    this.#db.close();
  }
}
