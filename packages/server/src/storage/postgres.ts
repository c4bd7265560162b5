import { createHash } from 'node:crypto';
import pg from 'pg';
import { GroupCommit } from './group-commit.js';
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
  type ResumeListener,
  type Seat,
  type Snapshot,
  type Storage,
  StorageError,
  type StoredChatLine,
  type StoredMatch,
  type StoredSeat,
} from './storage.js';

/**
 * The one compare-and-set step of an append, as migration 2 created it and
 * migration 6 replaced it (dropping the match's older snapshots when it
 * stores one): the text of each step, written once.
 */
function appendEntryFunction(create: 'CREATE' | 'CREATE OR REPLACE', dropOlder: boolean): string {
  const dropOlderSnapshots =
    'DELETE FROM snapshots WHERE match_id = p_match AND seq < p_snapshot_seq;';
  return `
      ${create} FUNCTION append_entry(
        p_match TEXT, p_seq INTEGER, p_kind TEXT, p_seat TEXT, p_action TEXT,
        p_key TEXT, p_events TEXT, p_at BIGINT,
        p_snapshot_seq INTEGER, p_snapshot TEXT,
        p_over BOOLEAN, p_result TEXT
      ) RETURNS TABLE (outcome TEXT, last_seq INTEGER, existing_seq INTEGER)
      LANGUAGE plpgsql AS $$
      DECLARE
        current_seq INTEGER;
        stored_seq INTEGER;
      BEGIN
        SELECT m.seq INTO current_seq FROM matches m WHERE m.id = p_match FOR UPDATE;
        IF NOT FOUND THEN
          RETURN QUERY SELECT 'no-match'::TEXT, NULL::INTEGER, NULL::INTEGER;
          RETURN;
        END IF;
        SELECT l.seq INTO stored_seq FROM log l
          WHERE l.match_id = p_match AND l.idempotency_key = p_key;
        IF FOUND THEN
          RETURN QUERY SELECT 'idempotency-key'::TEXT, current_seq, stored_seq;
          RETURN;
        END IF;
        IF p_seq <> current_seq + 1 THEN
          RETURN QUERY SELECT 'sequence'::TEXT, current_seq, NULL::INTEGER;
          RETURN;
        END IF;
        INSERT INTO log (match_id, seq, kind, seat, action, idempotency_key, events, at)
          VALUES (p_match, p_seq, p_kind, p_seat, p_action, p_key, p_events, p_at);
        UPDATE matches SET seq = p_seq WHERE id = p_match;
        IF p_snapshot IS NOT NULL THEN
          INSERT INTO snapshots (match_id, seq, state) VALUES (p_match, p_snapshot_seq, p_snapshot)
            ON CONFLICT (match_id, seq) DO UPDATE SET state = EXCLUDED.state;
          ${dropOlder ? dropOlderSnapshots : ''}        END IF;
        IF p_over THEN
          UPDATE matches SET over = TRUE, result = p_result WHERE id = p_match;
        END IF;
        RETURN QUERY SELECT 'ok'::TEXT, p_seq, NULL::INTEGER;
      END;
      $$;`;
}

/** The parameters of the functions that append several entries: one array a column of append_entry's. */
const entryArrays = `p_matches TEXT[], p_seqs INTEGER[], p_kinds TEXT[], p_seats TEXT[], p_actions TEXT[],
        p_keys TEXT[], p_events TEXT[], p_ats BIGINT[],
        p_snapshot_seqs INTEGER[], p_snapshots TEXT[],
        p_overs BOOLEAN[], p_results TEXT[]`;

/**
 * The PostgreSQL schema, step by step; a step once released is never edited,
 * only followed by another. JSON is kept as text, so a state reads back
 * byte for byte as it was written (jsonb would reorder keys).
 */
export const postgresMigrations: readonly Migration[] = [
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
        created_at BIGINT NOT NULL,
        seq INTEGER NOT NULL DEFAULT 0,
        over BOOLEAN NOT NULL DEFAULT FALSE,
        result TEXT
      );
      CREATE INDEX matches_by_creation ON matches (created_at DESC, id DESC);
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
        at BIGINT NOT NULL,
        PRIMARY KEY (match_id, seq),
        UNIQUE (match_id, idempotency_key)
      );
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
    name: 'append as one compare-and-set step',
    // One round trip per append. The row lock on the match orders appends to
    // it across every connection; the primary key on (match_id, seq) would
    // refuse a second entry at one sequence number even without it. It sends
    // no notification: PostgreSQL serializes the commits of every transaction
    // that notifies, fsync included, which caps appends near one per fsync.
    sql: appendEntryFunction('CREATE', false),
  },
  {
    version: 3,
    name: 'append several entries in one transaction',
    // One commit, so one wait for the disk, for every append a process has
    // ready at once; each entry is still its own compare-and-set, in order.
    sql: `
      CREATE FUNCTION append_entries(
        ${entryArrays}
      ) RETURNS TABLE (outcome TEXT, last_seq INTEGER, existing_seq INTEGER)
      LANGUAGE plpgsql AS $$
      BEGIN
        FOR i IN 1 .. coalesce(array_length(p_matches, 1), 0) LOOP
          RETURN QUERY SELECT * FROM append_entry(
            p_matches[i], p_seqs[i], p_kinds[i], p_seats[i], p_actions[i], p_keys[i],
            p_events[i], p_ats[i], p_snapshot_seqs[i], p_snapshots[i], p_overs[i], p_results[i]
          );
        END LOOP;
      END;
      $$;
    `,
  },
  {
    version: 4,
    name: 'chat',
    sql: `
      CREATE TABLE chat (
        match_id TEXT NOT NULL REFERENCES matches (id),
        id INTEGER NOT NULL,
        sender TEXT NOT NULL,
        text TEXT NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (match_id, id)
      );
    `,
  },
  {
    version: 5,
    name: 'invitations and open matches',
    // Matches stored before were listed and their free seats joinable by
    // anyone: they stay open, so that nothing about them changes.
    sql: `
      ALTER TABLE matches ADD COLUMN open BOOLEAN NOT NULL DEFAULT FALSE;
      UPDATE matches SET open = TRUE;
      ALTER TABLE seats ADD COLUMN invitation_hash TEXT;
      CREATE INDEX open_matches_by_creation ON matches (created_at DESC, id DESC) WHERE open;
    `,
  },
  {
    version: 6,
    name: 'a snapshot replaces the older ones',
    // A match loads from its latest snapshot and the log after it, replaying
    // its record when an undo reaches back before that snapshot: older
    // snapshots are never read, and are dropped as a newer one is stored.
    sql: `${appendEntryFunction('CREATE OR REPLACE', true)}
      DELETE FROM snapshots s
        WHERE s.seq < (SELECT max(newer.seq) FROM snapshots newer WHERE newer.match_id = s.match_id);
    `,
  },
  {
    version: 7,
    name: 'stand-in bots and turn timers',
    sql: `
      ALTER TABLE matches ADD COLUMN takeover TEXT;
      ALTER TABLE log DROP CONSTRAINT log_kind_check;
      ALTER TABLE log ADD CONSTRAINT log_kind_check CHECK (kind IN ('action', 'undo', 'seat'));
      CREATE INDEX matches_with_takeover ON matches (id) WHERE takeover IS NOT NULL AND NOT over;
    `,
  },
  {
    version: 8,
    name: 'appends announced in their own transaction',
    // The notice of each stored entry is sent by the transaction that stores
    // it: one round trip a batch instead of two, and an acknowledged entry
    // has been announced. PostgreSQL serializes the commits of transactions
    // that notify; a process has one batch committing at a time, so that
    // costs it nothing. A retry that finds its entry stored announces it
    // again, for the process that stored it may have died before its notice.
    sql: `
      CREATE FUNCTION append_entries_announced(
        p_channel TEXT,
        ${entryArrays}
      ) RETURNS TABLE (outcome TEXT, last_seq INTEGER, existing_seq INTEGER)
      LANGUAGE plpgsql AS $$
      DECLARE
        answer RECORD;
      BEGIN
        FOR i IN 1 .. coalesce(array_length(p_matches, 1), 0) LOOP
          SELECT * INTO answer FROM append_entry(
            p_matches[i], p_seqs[i], p_kinds[i], p_seats[i], p_actions[i], p_keys[i],
            p_events[i], p_ats[i], p_snapshot_seqs[i], p_snapshots[i], p_overs[i], p_results[i]
          );
          IF answer.outcome = 'ok' THEN
            PERFORM pg_notify(p_channel, p_seqs[i] || ':' || p_matches[i]);
          ELSIF answer.outcome = 'idempotency-key' THEN
            PERFORM pg_notify(p_channel, answer.existing_seq || ':' || p_matches[i]);
          END IF;
          outcome := answer.outcome;
          last_seq := answer.last_seq;
          existing_seq := answer.existing_seq;
          RETURN NEXT;
        END LOOP;
      END;
      $$;
    `,
  },
];

interface ChatRow {
  id: number;
  sender: string;
  text: string;
  at: string;
}

function toChatLine(row: ChatRow): StoredChatLine {
  return { id: row.id, from: row.sender, text: row.text, at: Number(row.at) };
}

/** What append_entry answers for one entry. */
interface AppendRow {
  outcome: string;
  last_seq: number | null;
  existing_seq: number | null;
}

/** An append waiting for the next transaction. */
interface QueuedAppend {
  matchId: string;
  entry: LogEntry;
  extras: AppendExtras;
  stored(row: AppendRow | undefined): void;
  failed(error: unknown): void;
}

/** The arguments of append_entry for one entry, in its order. */
function appendArguments(queued: QueuedAppend): unknown[] {
  const { matchId, entry, extras } = queued;
  return [
    matchId,
    entry.seq,
    entry.kind,
    entry.seat,
    entry.action === null ? null : JSON.stringify(entry.action),
    entry.idempotencyKey,
    JSON.stringify(entry.events),
    entry.at,
    extras.snapshot?.seq ?? null,
    extras.snapshot ? JSON.stringify(extras.snapshot.state) : null,
    extras.result !== undefined,
    extras.result === undefined ? null : JSON.stringify(extras.result ?? null),
  ];
}

/** Any number that names the migration lock; processes migrating at once wait on it. */
const migrationLock = 7_316_201;

interface MatchRow {
  id: string;
  ruleset: string;
  version: string;
  options: string;
  seed: string;
  generator: string;
  created_at: string;
  seq: number;
  over: boolean;
  result: string | null;
  open: boolean;
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

interface LogRow {
  seq: number;
  kind: LogEntry['kind'];
  seat: string;
  action: string | null;
  idempotency_key: string;
  events: string;
  at: string;
}

function toEntry(row: LogRow): LogEntry {
  return {
    seq: row.seq,
    kind: row.kind,
    seat: row.seat,
    action: row.action === null ? null : JSON.parse(row.action),
    idempotencyKey: row.idempotency_key,
    events: JSON.parse(row.events),
    at: Number(row.at),
  };
}

function toSeat(row: SeatRow): StoredSeat {
  return {
    seat: row.seat,
    kind: row.kind,
    bot: row.bot,
    tokenHash: row.token_hash,
    invitationHash: row.invitation_hash,
  };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string }).code === '23505';
}

/** A schema name as SQL: quoted, so any name is one identifier. */
function identifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The channel appends are announced on: one per schema, so that schemas sharing a database stay apart. */
function channelFor(schema: string): string {
  const channel = `tabletop_append_${schema}`;
  // PostgreSQL cuts identifiers at 63 bytes; a long schema name is hashed instead.
  if (Buffer.byteLength(channel) <= 63) return channel;
  return `tabletop_append_${createHash('sha256').update(schema).digest('hex').slice(0, 40)}`;
}

export interface PostgresOptions {
  /**
   * The schema the tables live in, created if missing; also read from the
   * URL's `schema` parameter. Without either, the database's default
   * (`public`, usually).
   */
  schema?: string;
  /** Most connections the pool opens (besides the one that listens); 20 by default. */
  connections?: number;
}

/** Splits the `schema` parameter, which is ours, from a connection URL, which is pg's. */
function splitUrl(url: string): { connectionString: string; schema: string | undefined } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new StorageError(`not a PostgreSQL URL: ${url.slice(0, 32)}`);
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new StorageError(`a PostgreSQL URL starts with postgres://, not ${parsed.protocol}//`);
  }
  const schema = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  return { connectionString: parsed.toString(), schema };
}

/**
 * Matches in PostgreSQL (pg). Several server processes may share one
 * database: compare-and-set holds across them (a row lock per match and a
 * unique (match_id, seq)), and each process hears every append through
 * LISTEN/NOTIFY on a connection of its own.
 */
export class PostgresStorage implements Storage {
  readonly schema: string;
  readonly #pool: pg.Pool;
  readonly #connection: pg.ClientConfig;
  readonly #channel: string;
  readonly #listeners = new Set<AppendListener>();
  readonly #chatListeners = new Set<ChatListener>();
  readonly #resumeListeners = new Set<ResumeListener>();
  #listening: pg.Client | null = null;
  /** Set when the listening connection broke: notices sent until it listens again are lost. */
  #deaf = false;
  #startingToListen: Promise<void> | null = null;
  readonly #appends = new GroupCommit<QueuedAppend>((batch) => this.#storeBatch(batch));
  #closed = false;

  private constructor(connection: pg.ClientConfig, schema: string, connections: number) {
    this.schema = schema;
    this.#connection = connection;
    this.#channel = channelFor(schema);
    this.#pool = new pg.Pool({ ...connection, max: connections });
    // An idle connection that breaks is dropped by the pool; without a
    // listener its error would end the process.
    this.#pool.on('error', () => {});
  }

  /**
   * Connects, creates the schema if one is named and missing, and applies
   * pending migrations. Fails with a message naming the URL's host if the
   * database cannot be reached.
   */
  static async open(url: string, options: PostgresOptions = {}): Promise<PostgresStorage> {
    const { connectionString, schema: fromUrl } = splitUrl(url);
    const schema = options.schema ?? fromUrl;
    const base: pg.ClientConfig = { connectionString, connectionTimeoutMillis: 10_000 };
    const probe = new pg.Client(base);
    let current: string;
    try {
      await probe.connect();
    } catch (error) {
      const where = new URL(connectionString);
      throw new StorageError(
        `cannot reach PostgreSQL at ${where.hostname}:${where.port || 5432}${where.pathname}: ${(error as Error).message}`,
      );
    }
    try {
      if (schema !== undefined) {
        if (schema === '' || schema.length > 63) {
          throw new StorageError('a schema name has 1 to 63 characters');
        }
        await probe.query('SELECT pg_advisory_lock($1)', [migrationLock]);
        try {
          await probe.query(`CREATE SCHEMA IF NOT EXISTS ${identifier(schema)}`);
        } finally {
          await probe.query('SELECT pg_advisory_unlock($1)', [migrationLock]);
        }
        current = schema;
      } else {
        const row = await probe.query<{ schema: string | null }>(
          'SELECT current_schema() AS schema',
        );
        current = row.rows[0]?.schema ?? 'public';
      }
    } finally {
      await probe.end();
    }
    const connection: pg.ClientConfig = {
      ...base,
      // Every connection of the pool (and the listener) works in the schema.
      options: `-c search_path=${identifier(current).replaceAll(' ', '\\ ')}`,
    };
    const storage = new PostgresStorage(connection, current, options.connections ?? 20);
    try {
      await storage.migrate();
    } catch (error) {
      await storage.close();
      throw error;
    }
    return storage;
  }

  async migrate(): Promise<number[]> {
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      // Two processes starting at once: the second waits, then finds nothing to do.
      await client.query('SELECT pg_advisory_xact_lock($1)', [migrationLock]);
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
      );
      const done = new Set(
        (await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map(
          (row) => row.version,
        ),
      );
      const applied: number[] = [];
      for (const migration of postgresMigrations) {
        if (done.has(migration.version)) continue;
        await client.query(migration.sql);
        await client.query(
          'INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)',
          [migration.version, migration.name, Date.now()],
        );
        applied.push(migration.version);
      }
      await client.query('COMMIT');
      return applied;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  /** Runs `work` in one transaction on one connection of the pool. */
  async #transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  }

  async createMatch(match: NewMatch, initial?: Snapshot): Promise<void> {
    try {
      await this.#transaction(async (client) => {
        await client.query(
          'INSERT INTO matches (id, ruleset, version, options, seed, generator, created_at, open, takeover) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
          [
            match.id,
            match.ruleset,
            match.version,
            JSON.stringify(match.options),
            match.seed,
            match.generator,
            match.createdAt,
            match.open,
            match.takeover ? JSON.stringify(match.takeover) : null,
          ],
        );
        if (match.seats.length > 0) {
          await client.query(
            `INSERT INTO seats (match_id, position, seat, kind, bot, token_hash, invitation_hash)
             SELECT $1, position - 1, seat, kind, bot, token_hash, invitation_hash
             FROM unnest($2::TEXT[], $3::TEXT[], $4::TEXT[], $5::TEXT[], $6::TEXT[]) WITH ORDINALITY
               AS given (seat, kind, bot, token_hash, invitation_hash, position)`,
            [
              match.id,
              match.seats.map((seat) => seat.seat),
              match.seats.map((seat) => seat.kind),
              match.seats.map((seat) => seat.bot),
              match.seats.map((seat) => seat.tokenHash),
              match.seats.map((seat) => seat.invitationHash),
            ],
          );
        }
        if (initial) {
          await client.query('INSERT INTO snapshots (match_id, seq, state) VALUES ($1, $2, $3)', [
            match.id,
            initial.seq,
            JSON.stringify(initial.state),
          ]);
        }
      });
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new StorageError(`a match with id ${match.id} already exists`);
      }
      throw error;
    }
  }

  async getMatch(matchId: string): Promise<StoredMatch | null> {
    const [matches, seats] = await Promise.all([
      this.#pool.query<MatchRow>('SELECT * FROM matches WHERE id = $1', [matchId]),
      this.#pool.query<SeatRow>('SELECT * FROM seats WHERE match_id = $1 ORDER BY position', [
        matchId,
      ]),
    ]);
    const row = matches.rows[0];
    if (!row) return null;
    return {
      id: row.id,
      ruleset: row.ruleset,
      version: row.version,
      options: JSON.parse(row.options),
      seed: row.seed,
      generator: row.generator,
      seats: seats.rows.map(toSeat),
      createdAt: Number(row.created_at),
      open: row.open,
      takeover: row.takeover === null ? null : JSON.parse(row.takeover),
      seq: row.seq,
      over: row.over,
      result: row.result === null ? null : JSON.parse(row.result),
    };
  }

  async listMatches(options: { limit?: number; offset?: number } = {}): Promise<MatchSummary[]> {
    const matches = await this.#pool.query<MatchRow>(
      'SELECT id, ruleset, version, created_at, seq, over FROM matches WHERE open ORDER BY created_at DESC, id DESC LIMIT $1 OFFSET $2',
      [options.limit ?? 50, options.offset ?? 0],
    );
    const ids = matches.rows.map((row) => row.id);
    const seats = await this.#pool.query<SeatRow>(
      'SELECT * FROM seats WHERE match_id = ANY($1::TEXT[]) ORDER BY match_id, position',
      [ids],
    );
    const seatsOf = new Map<string, SeatRow[]>();
    for (const seat of seats.rows) {
      const list = seatsOf.get(seat.match_id) ?? [];
      list.push(seat);
      seatsOf.set(seat.match_id, list);
    }
    return matches.rows.map((row) => ({
      id: row.id,
      ruleset: row.ruleset,
      version: row.version,
      seats: (seatsOf.get(row.id) ?? []).map((seat) => ({
        seat: seat.seat,
        kind: seat.kind,
        bot: seat.bot,
        joined: seat.token_hash !== null,
      })),
      seq: row.seq,
      over: row.over,
      createdAt: Number(row.created_at),
    }));
  }

  async claimSeat(matchId: string, seat: Seat, tokenHash: string): Promise<boolean> {
    const change = await this.#pool.query(
      "UPDATE seats SET token_hash = $1 WHERE match_id = $2 AND seat = $3 AND kind = 'human' AND token_hash IS NULL",
      [tokenHash, matchId, seat],
    );
    return change.rowCount === 1;
  }

  async append(matchId: string, entry: LogEntry, extras: AppendExtras = {}): Promise<AppendResult> {
    let row: AppendRow | undefined;
    try {
      row = await this.#store(matchId, entry, extras);
    } catch (error) {
      // The row lock makes this unreachable; the key constraints are the last word regardless.
      if (!isUniqueViolation(error)) throw error;
      const stored = await this.findByIdempotencyKey(matchId, entry.idempotencyKey);
      if (stored) return { ok: false, conflict: 'idempotency-key', entry: stored };
      const match = await this.#pool.query<{ seq: number }>(
        'SELECT seq FROM matches WHERE id = $1',
        [matchId],
      );
      return { ok: false, conflict: 'sequence', seq: match.rows[0]?.seq ?? 0 };
    }
    switch (row?.outcome) {
      case 'ok':
        return { ok: true };
      case 'no-match':
        return { ok: false, conflict: 'no-match' };
      case 'sequence':
        return { ok: false, conflict: 'sequence', seq: row.last_seq ?? 0 };
      case 'idempotency-key': {
        const stored = await this.findByIdempotencyKey(matchId, entry.idempotencyKey);
        if (!stored) throw new StorageError(`entry with key ${entry.idempotencyKey} vanished`);
        return { ok: false, conflict: 'idempotency-key', entry: stored };
      }
      default:
        throw new StorageError(`append_entry answered ${String(row?.outcome)}`);
    }
  }

  /**
   * Queues an append: those queued in one turn of the event loop, or while
   * the batch before them is being stored, are stored in one transaction
   * (group commit), which also announces each entry it stores: under load
   * many appends share one commit and one round trip.
   */
  #store(matchId: string, entry: LogEntry, extras: AppendExtras): Promise<AppendRow | undefined> {
    return new Promise((stored, failed) => {
      this.#appends.add({ matchId, entry, extras, stored, failed });
    });
  }

  async #storeBatch(batch: QueuedAppend[]): Promise<void> {
    // Every transaction locks matches in the same order, so two processes never deadlock.
    const ordered = batch
      .map((queued, position) => ({ queued, position }))
      .sort(
        (a, b) =>
          (a.queued.matchId < b.queued.matchId
            ? -1
            : a.queued.matchId > b.queued.matchId
              ? 1
              : 0) || a.position - b.position,
      )
      .map(({ queued }) => queued);
    let rows: AppendRow[];
    try {
      rows = await this.#storeInOneTransaction(ordered);
    } catch (error) {
      if (ordered.length === 1) {
        ordered[0]!.failed(error);
        return;
      }
      // One entry that fails spoils the transaction: each goes alone, in order, so only it fails.
      for (const queued of ordered) {
        await this.#storeInOneTransaction([queued]).then(
          ([row]) => queued.stored(row),
          (alone) => queued.failed(alone),
        );
      }
      return;
    }
    for (const [index, queued] of ordered.entries()) queued.stored(rows[index]);
  }

  /** Stores the appends, each its own compare-and-set, in one transaction that announces them. */
  async #storeInOneTransaction(appends: QueuedAppend[]): Promise<AppendRow[]> {
    const columns = appends.map(appendArguments);
    const answer = await this.#pool.query<AppendRow>(
      `SELECT * FROM append_entries_announced($1, $2::TEXT[], $3::INTEGER[], $4::TEXT[], $5::TEXT[],
         $6::TEXT[], $7::TEXT[], $8::TEXT[], $9::BIGINT[], $10::INTEGER[], $11::TEXT[],
         $12::BOOLEAN[], $13::TEXT[])`,
      [
        this.#channel,
        ...Array.from({ length: 12 }, (_, column) => columns.map((row) => row[column])),
      ],
    );
    return answer.rows;
  }

  async readLog(matchId: string, afterSeq: number, limit = 10_000): Promise<LogEntry[]> {
    const rows = await this.#pool.query<LogRow>(
      'SELECT * FROM log WHERE match_id = $1 AND seq > $2 ORDER BY seq LIMIT $3',
      [matchId, afterSeq, limit],
    );
    return rows.rows.map(toEntry);
  }

  async findByIdempotencyKey(matchId: string, key: string): Promise<LogEntry | null> {
    const rows = await this.#pool.query<LogRow>(
      'SELECT * FROM log WHERE match_id = $1 AND idempotency_key = $2',
      [matchId, key],
    );
    const row = rows.rows[0];
    return row ? toEntry(row) : null;
  }

  async sequences(matchIds: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.#pool.query<{ id: string; seq: number }>(
      'SELECT id, seq FROM matches WHERE id = ANY($1::TEXT[])',
      [[...new Set(matchIds)]],
    );
    return new Map(rows.rows.map((row) => [row.id, row.seq]));
  }

  async saveSnapshot(matchId: string, snapshot: Snapshot): Promise<void> {
    // One statement, so the new snapshot and the dropping of older ones commit together.
    await this.#pool.query(
      `WITH stored AS (
         INSERT INTO snapshots (match_id, seq, state) VALUES ($1, $2, $3)
         ON CONFLICT (match_id, seq) DO UPDATE SET state = EXCLUDED.state
       )
       DELETE FROM snapshots WHERE match_id = $1 AND seq < $2`,
      [matchId, snapshot.seq, JSON.stringify(snapshot.state)],
    );
  }

  async latestSnapshot(matchId: string): Promise<Snapshot | null> {
    const rows = await this.#pool.query<{ seq: number; state: string }>(
      'SELECT seq, state FROM snapshots WHERE match_id = $1 ORDER BY seq DESC LIMIT 1',
      [matchId],
    );
    const row = rows.rows[0];
    return row ? { seq: row.seq, state: JSON.parse(row.state) } : null;
  }

  async markOver(matchId: string, result: unknown): Promise<void> {
    await this.#pool.query('UPDATE matches SET over = TRUE, result = $2 WHERE id = $1', [
      matchId,
      JSON.stringify(result ?? null),
    ]);
  }

  async matchesWithTakeover(): Promise<string[]> {
    const rows = await this.#pool.query<{ id: string }>(
      'SELECT id FROM matches WHERE takeover IS NOT NULL AND NOT over ORDER BY id',
    );
    return rows.rows.map((row) => row.id);
  }

  async deleteFinished(before: number, limit: number): Promise<string[]> {
    return this.#transaction(async (client) => {
      // Rows another process is appending to are left for the next round.
      const found = await client.query<{ id: string }>(
        `SELECT id FROM matches m WHERE over
           AND coalesce((SELECT max(l.at) FROM log l WHERE l.match_id = m.id), m.created_at) < $1
         ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [before, limit],
      );
      const ids = found.rows.map((row) => row.id);
      if (ids.length === 0) return ids;
      for (const table of ['chat', 'snapshots', 'log', 'seats'])
        await client.query(`DELETE FROM ${table} WHERE match_id = ANY($1::TEXT[])`, [ids]);
      await client.query('DELETE FROM matches WHERE id = ANY($1::TEXT[])', [ids]);
      return ids;
    });
  }

  async addChat(
    matchId: string,
    line: { from: string; text: string; at: number },
    most: number,
  ): Promise<ChatAdded> {
    const added = await this.#transaction(async (client): Promise<ChatAdded> => {
      // The match's row lock orders the lines of a match across every process;
      // the next statement then sees the lines committed before it.
      const match = await client.query('SELECT 1 FROM matches WHERE id = $1 FOR UPDATE', [matchId]);
      if (match.rowCount === 0) return { ok: false, conflict: 'no-match' };
      const last = await client.query<{ last: number }>(
        'SELECT coalesce(max(id), 0)::INTEGER AS last FROM chat WHERE match_id = $1',
        [matchId],
      );
      const id = (last.rows[0]?.last ?? 0) + 1;
      if (id > most) return { ok: false, conflict: 'full' };
      await client.query(
        'INSERT INTO chat (match_id, id, sender, text, at) VALUES ($1, $2, $3, $4, $5)',
        [matchId, id, line.from, line.text, line.at],
      );
      return { ok: true, line: { id, ...line } };
    });
    if (added.ok) {
      await this.#pool
        .query('SELECT pg_notify($1, $2)', [this.#channel, `chat:${added.line.id}:${matchId}`])
        .catch(() => {});
    }
    return added;
  }

  async readChat(matchId: string, afterId: number, limit: number): Promise<StoredChatLine[]> {
    const rows = await this.#pool.query<ChatRow>(
      'SELECT id, sender, text, at FROM chat WHERE match_id = $1 AND id > $2 ORDER BY id LIMIT $3',
      [matchId, afterId, limit],
    );
    return rows.rows.map(toChatLine);
  }

  async lastChat(matchId: string, count: number): Promise<StoredChatLine[]> {
    const rows = await this.#pool.query<ChatRow>(
      'SELECT id, sender, text, at FROM chat WHERE match_id = $1 ORDER BY id DESC LIMIT $2',
      [matchId, count],
    );
    return rows.rows.map(toChatLine).reverse();
  }

  async subscribeChat(listener: ChatListener): Promise<() => Promise<void>> {
    this.#chatListeners.add(listener);
    try {
      await this.#listen();
    } catch (error) {
      this.#chatListeners.delete(listener);
      throw error;
    }
    return async () => {
      this.#chatListeners.delete(listener);
    };
  }

  async subscribe(
    listener: AppendListener,
    resumed?: ResumeListener,
  ): Promise<() => Promise<void>> {
    this.#listeners.add(listener);
    if (resumed) this.#resumeListeners.add(resumed);
    try {
      await this.#listen();
    } catch (error) {
      this.#listeners.delete(listener);
      if (resumed) this.#resumeListeners.delete(resumed);
      throw error;
    }
    return async () => {
      this.#listeners.delete(listener);
      if (resumed) this.#resumeListeners.delete(resumed);
    };
  }

  /** Opens the listening connection once; every subscriber shares it. */
  #listen(): Promise<void> {
    if (this.#listening) return Promise.resolve();
    if (this.#startingToListen) return this.#startingToListen;
    this.#startingToListen = (async () => {
      const client = new pg.Client(this.#connection);
      client.on('notification', (message) => {
        if (message.channel !== this.#channel || message.payload === undefined) return;
        const chat = parseChatNotice(message.payload);
        if (chat) {
          for (const listener of [...this.#chatListeners]) listener(chat);
          return;
        }
        const notice = parseNotice(message.payload);
        if (!notice) return;
        for (const listener of [...this.#listeners]) listener(notice);
      });
      client.on('error', () => this.#lostListener(client));
      client.on('end', () => this.#lostListener(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${identifier(this.#channel)}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      this.#listening = client;
      if (this.#deaf) {
        // Listening again: appends from now on are heard; those in between are
        // for the subscribers to read from the store.
        this.#deaf = false;
        for (const resumed of [...this.#resumeListeners]) resumed();
      }
    })().finally(() => {
      this.#startingToListen = null;
    });
    return this.#startingToListen;
  }

  /**
   * The listening connection broke: listen again, so later appends are heard.
   * Appends in between are not announced: once listening again, every
   * subscriber's `resumed` is called, to read the store for what it missed.
   */
  #lostListener(client: pg.Client): void {
    if (this.#listening !== client) return;
    this.#listening = null;
    this.#deaf = true;
    client.end().catch(() => {});
    const retry = () => {
      if (this.#closed || this.#listeners.size + this.#chatListeners.size === 0) return;
      this.#listen().catch(() => setTimeout(retry, 1000).unref());
    };
    setTimeout(retry, 100).unref();
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#listeners.clear();
    this.#chatListeners.clear();
    this.#resumeListeners.clear();
    await this.#startingToListen?.catch(() => {});
    // Appends already asked for are stored (or fail) before the pool ends.
    await this.#appends.drain();
    const listening = this.#listening;
    this.#listening = null;
    await listening?.end().catch(() => {});
    await this.#pool.end();
  }
}

/** A chat notice: `chat:<id>:<match id>` (an append's starts with a digit, so old processes skip it). */
function parseChatNotice(payload: string): ChatNotice | null {
  if (!payload.startsWith('chat:')) return null;
  const rest = payload.slice('chat:'.length);
  const colon = rest.indexOf(':');
  if (colon < 1) return null;
  const id = Number(rest.slice(0, colon));
  if (!Number.isInteger(id)) return null;
  return { matchId: rest.slice(colon + 1), id };
}

function parseNotice(payload: string): AppendNotice | null {
  const colon = payload.indexOf(':');
  if (colon < 1) return null;
  const seq = Number(payload.slice(0, colon));
  if (!Number.isInteger(seq)) return null;
  return { matchId: payload.slice(colon + 1), seq };
}
