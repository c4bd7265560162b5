/**
 * Where matches live: an append-only log of accepted entries per match, with
 * compare-and-set on (match id, sequence number), plus snapshots so that
 * loading a match need not replay it from the start. Every method is async so
 * that a networked database (PostgreSQL) implements the same contract as the
 * embedded one (SQLite).
 *
 * Secrets: a stored match holds its seed and snapshots hold the generator's
 * state. Storage never decides what leaves the server; the server projects
 * everything through the ruleset's view before sending it.
 */

/** A place at the table, as the ruleset names it ("0", "director", ...). */
export type Seat = string;

export type SeatKind = 'human' | 'bot';

export interface StoredSeat {
  seat: Seat;
  kind: SeatKind;
  /** The bot that plays the seat (e.g. "random", "sensible"); null for a human seat. */
  bot: string | null;
  /** SHA-256 of the seat's secret token (hex), once someone has joined; null before. Never the token itself. */
  tokenHash: string | null;
  /**
   * SHA-256 of the seat's invitation secret (hex), which its link carries and
   * joining asks for; null for a bot seat, and for the human seats of matches
   * stored before invitations (those matches are open). Never the secret itself.
   */
  invitationHash: string | null;
}

/**
 * What a match's creator chose for a human seat whose player is gone or slow:
 * a bot stands in for the seat until its player is back. Off when a match
 * has none (the default).
 */
export interface Takeover {
  /** A joined seat with no open socket this long, once asked to act, is played by a bot; null: never. */
  awaySeconds: number | null;
  /** A seat asked to act may take this long before a bot plays it; null: no timer. */
  turnSeconds: number | null;
  /** The bot that stands in; the ruleset's default bot when null. */
  bot: string | null;
}

/** What a new match is made of; the seed and generator are secret until the match is over. */
export interface NewMatch {
  /** Chosen by the server; unique. */
  id: string;
  ruleset: string;
  version: string;
  /** The ruleset's options after validation (defaults filled in). */
  options: unknown;
  seed: string;
  /** Which generator the match draws from, e.g. "crypto" or "fast". */
  generator: string;
  seats: StoredSeat[];
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Listed by `listMatches`, and its free seats joined without an invitation. */
  open: boolean;
  /** Stand-in bots and turn timers; none when left out or null. */
  takeover?: Takeover | null;
}

export interface StoredMatch extends NewMatch {
  /** Sequence number of the last stored entry; 0 when nothing has been played. */
  seq: number;
  over: boolean;
  /** The ruleset's Result once the match is over; null before. */
  result: unknown | null;
}

/** A match as a list shows it: no seed, no generator, no token hashes, no options. */
export interface MatchSummary {
  id: string;
  ruleset: string;
  version: string;
  seats: { seat: Seat; kind: SeatKind; bot: string | null; joined: boolean }[];
  seq: number;
  over: boolean;
  createdAt: number;
}

/**
 * An accepted action, an undo taking back the seat's own last action(s), or
 * a change of who plays a seat (`seat`: a bot stands in for its player, or
 * the player is back), which the rules never see.
 * Sequence numbers of a match start at 1 and have no gaps.
 */
export interface LogEntry {
  seq: number;
  kind: 'action' | 'undo' | 'seat';
  seat: Seat;
  /**
   * The action as validated by the ruleset; null for an undo (or `{steps}`);
   * for a seat entry, `{ standIn: bot, reason }` or `{ standIn: null }`.
   */
  action: unknown | null;
  /** Chosen by the client (or the server for bots); unique within a match. */
  idempotencyKey: string;
  /**
   * Every event the entry produced, unfiltered, each with its audience.
   * Filtering per reader happens when they leave the server.
   */
  events: unknown[];
  /** Milliseconds since the epoch. */
  at: number;
}

/** The whole game state after the entry with sequence number `seq` (0: after setup). */
export interface Snapshot {
  seq: number;
  state: unknown;
}

export type AppendResult =
  | { ok: true }
  /** `entry.seq` was not exactly one more than the last stored sequence number: someone else appended first. */
  | { ok: false; conflict: 'sequence'; seq: number }
  /** An entry with this idempotency key is already stored: here it is. */
  | { ok: false; conflict: 'idempotency-key'; entry: LogEntry }
  | { ok: false; conflict: 'no-match' };

export interface AppendExtras {
  /** Stored in the same transaction: the state after this entry; the match's older snapshots go. */
  snapshot?: Snapshot;
  /** Marks the match over in the same transaction, with the ruleset's Result. */
  result?: unknown;
}

/** Told when any process appends to any match. */
export interface AppendNotice {
  matchId: string;
  seq: number;
}

export type AppendListener = (notice: AppendNotice) => void;

/**
 * Told when notices may have been missed and hearing has resumed (PostgreSQL:
 * the listening connection broke and listens again): whatever a subscriber
 * holds in memory may be behind the store, and only reading the store tells.
 */
export type ResumeListener = () => void;

/** One line of a match's chat, as stored: the same for every reader. */
export interface StoredChatLine {
  /** Counts up from 1 within the match. */
  id: number;
  /** A seat, or "spectator". */
  from: string;
  text: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export type ChatAdded =
  | { ok: true; line: StoredChatLine }
  /** The match holds as many lines as it may: nothing was stored. */
  | { ok: false; conflict: 'full' }
  | { ok: false; conflict: 'no-match' };

/** Told when any process adds a chat line to any match. */
export interface ChatNotice {
  matchId: string;
  id: number;
}

export type ChatListener = (notice: ChatNotice) => void;

/** A numbered step of the schema; each adapter has its own list, applied in order, once. */
export interface Migration {
  version: number;
  name: string;
  /** One or more statements for the adapter's database. */
  sql: string;
}

export interface Storage {
  /** Applies every migration not yet recorded in the adapter's migrations table; returns the versions applied now. */
  migrate(): Promise<number[]>;

  /**
   * Stores a new match with sequence number 0 and, if given, its snapshot at 0.
   * Rejects if the id is taken.
   */
  createMatch(match: NewMatch, initial?: Snapshot): Promise<void>;

  getMatch(matchId: string): Promise<StoredMatch | null>;

  /** The open matches, newest first; a match not marked open is never listed. */
  listMatches(options?: { limit?: number; offset?: number }): Promise<MatchSummary[]>;

  /**
   * Records the hash of a seat's token if the seat is human and nobody has
   * joined it yet. Returns false (changing nothing) otherwise.
   */
  claimSeat(matchId: string, seat: Seat, tokenHash: string): Promise<boolean>;

  /**
   * Compare-and-set: stores `entry` only if no entry with its idempotency key
   * exists in the match and `entry.seq` is exactly one more than the last
   * stored sequence number (1 for the first). The check and the write are one
   * atomic step across every process sharing the database, so of several
   * appends at one sequence number exactly one succeeds. `extras` are written
   * in the same transaction. Conflicts are results, not exceptions.
   *
   * Loading a match is the latest snapshot plus the log after it, replayed
   * (the server stores a snapshot every N entries; an undo is an entry like
   * any other, and one that reaches back before the snapshot is replayed
   * from the record).
   */
  append(matchId: string, entry: LogEntry, extras?: AppendExtras): Promise<AppendResult>;

  /** Entries with sequence number greater than `afterSeq`, in order, at most `limit` of them. */
  readLog(matchId: string, afterSeq: number, limit?: number): Promise<LogEntry[]>;

  findByIdempotencyKey(matchId: string, key: string): Promise<LogEntry | null>;

  /**
   * The last stored sequence number of each of these matches (0 before any
   * entry); a match that does not exist is left out. One round trip, so a
   * process can check every match it holds at once.
   */
  sequences(matchIds: readonly string[]): Promise<Map<string, number>>;

  /** Stores (or replaces) the snapshot at `snapshot.seq`, and drops the match's older ones. */
  saveSnapshot(matchId: string, snapshot: Snapshot): Promise<void>;

  /** The snapshot with the highest sequence number, or null if none. */
  latestSnapshot(matchId: string): Promise<Snapshot | null>;

  /** Marks the match over with the ruleset's Result; idempotent. */
  markOver(matchId: string, result: unknown): Promise<void>;

  /**
   * The ids of the matches not over that were created with a takeover
   * (stand-in bots or turn timers): a process starting loads them, so that
   * their timers run again.
   */
  matchesWithTakeover(): Promise<string[]>;

  /**
   * Deletes, with every row of theirs (seats, log, snapshots, chat), at most
   * `limit` matches that are over and whose last entry (their creation,
   * with none) is older than `before`, in milliseconds since the epoch;
   * answers their ids.
   */
  deleteFinished(before: number, limit: number): Promise<string[]>;

  /**
   * Calls `listener` after every committed append, including other
   * processes' (PostgreSQL: LISTEN/NOTIFY; SQLite: in-process only).
   * Resolves once listening; the returned function stops it. Notices can
   * be lost while a connection is down: `resumed` is called once hearing
   * is back, after which every later append is heard again.
   */
  subscribe(listener: AppendListener, resumed?: ResumeListener): Promise<() => Promise<void>>;

  /**
   * Stores a chat line with the next id of the match (1 for the first),
   * unless the match already holds `most` lines; atomic across processes.
   */
  addChat(
    matchId: string,
    line: { from: string; text: string; at: number },
    most: number,
  ): Promise<ChatAdded>;

  /** Lines with an id greater than `afterId`, in order, at most `limit` of them. */
  readChat(matchId: string, afterId: number, limit: number): Promise<StoredChatLine[]>;

  /** The last `count` lines, in order. */
  lastChat(matchId: string, count: number): Promise<StoredChatLine[]>;

  /** Calls `listener` after every chat line added, by any process (as `subscribe` does for appends). */
  subscribeChat(listener: ChatListener): Promise<() => Promise<void>>;

  close(): Promise<void>;
}

/** An adapter that was asked for a match id that is already stored, or similar misuse. */
export class StorageError extends Error {
  override name = 'StorageError';
}
