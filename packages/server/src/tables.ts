import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  clonePlain,
  type Entry,
  eventsFor,
  type GameEvent,
  generatorKinds,
  type LogEntry as KernelEntry,
  Match,
  MatchError,
  newSeed,
  type Prompt,
  type RandomState,
  type ReferenceSection,
  type Rejection,
  type Result,
  randomInt,
  revealedBy,
  type Seat,
  seedRandom,
  undoPolicy,
} from '@tabletop/engine';
import { z } from 'zod';
import { answerQuestion, type BotQuestion, type BotRunner, inThreadBots } from './bot-pool.js';
import { describeIssue, listIssues, quote, shorten, TableError } from './errors.js';
import type { ServerMetrics } from './metrics.js';
import { type AnyRuleset, createTableRegistry, type TableRuleset } from './registry.js';
import type {
  AppendExtras,
  AppendNotice,
  LogEntry,
  MatchSummary,
  Storage,
  StoredMatch,
  StoredSeat,
  Takeover,
} from './storage/storage.js';
import {
  checkTakeover,
  noteStandIn,
  type SeatChange,
  type StandInReason,
  seatEvent,
  seatWords,
} from './takeover.js';
import { hashToken, newMatchId, newToken, sameHash } from './tokens.js';

/** A seat, or someone watching without one. */
export type Reader = Seat | 'spectator';

export interface PublicSeat {
  seat: Seat;
  kind: 'human' | 'bot';
  bot: string | null;
  joined: boolean;
  /** The bot playing this human seat while its player is away (or slow), null when none. */
  standIn: string | null;
}

/** What anyone may read of a match; its options are left out, since a ruleset's options may hold what only the view may show. */
export interface MatchInfo {
  id: string;
  ruleset: string;
  version: string;
  seats: PublicSeat[];
  /** Listed by `GET /matches`, its free seats joined without an invitation. */
  open: boolean;
  seq: number;
  over: boolean;
  result: Result | null;
  /** Stand-in bots and turn timers, as chosen at creation; null when off. */
  takeover: Takeover | null;
}

/** A human seat's invitation: the secret its link carries, given once to the match's creator. */
export interface Invitation {
  seat: Seat;
  invitation: string;
  /** The web table's join link, relative to the server: `/#/join/<match>/<seat>/<invitation>`. */
  link: string;
}

/** What the creator of a match is told: the summary, and one invitation per human seat. */
export interface CreatedMatch extends MatchInfo {
  invitations: Invitation[];
}

/** The web table's link that takes a seat with its invitation, relative to the server. */
/** The bots a ruleset offers, then the other names it accepts, for an error naming them. */
function botList(table: TableRuleset): string {
  const offered = table.offered ?? Object.keys(table.bots);
  const others = Object.keys(table.bots).filter((bot) => !offered.includes(bot));
  return `${offered.join(', ')}${others.length > 0 ? ` (also ${others.join(', ')})` : ''}`;
}

export function joinLink(matchId: string, seat: Seat, invitation: string): string {
  const part = encodeURIComponent;
  return `/#/join/${part(matchId)}/${part(seat)}/${part(invitation)}`;
}

/** What a reader sees of the match after entry `seq`. */
export interface StateMessage {
  seq: number;
  seat: Reader;
  view: unknown;
  prompts: Prompt[];
  actions: unknown[];
  /**
   * The ruleset's words from the reader's view: for each prompt and legal
   * action, and for each thing the view shows (see the engine's `Entry`).
   */
  words?: { prompts: string[]; actions: string[]; things?: Record<string, Entry> };
  /** Whether this seat may take back its last action now; when not, why, in a player's words. */
  undo?: { allowed: boolean; reason?: string };
  over: boolean;
  result: Result | null;
  /** Matches with a takeover only: the bots standing in for human seats now. */
  standIns?: { seat: Seat; bot: string }[];
  /** Matches with a turn timer only: when each seat asked to act runs out of time (ms since the epoch). */
  turnEnds?: { seat: Seat; at: number }[];
}

/** One line of a match's chat: stored with the match, the same for every reader. */
export interface ChatLine {
  /** Counts up from 1 within the match. */
  id: number;
  /** A seat, or a spectator. */
  from: Reader;
  text: string;
  /** Milliseconds since the epoch. */
  at: number;
}

/** A finished match as one reader saw it after some of its actions: the words are the live table's. */
export interface ReplayFrame {
  step: number;
  steps: number;
  seat: Reader;
  /** The seat whose action this frame follows; null before the first. */
  actor: Seat | null;
  view: unknown;
  prompts: Prompt[];
  /** The events of that action the reader may see. */
  events: GameEvent[];
  words?: { prompts: string[]; events: string[]; things?: Record<string, Entry> };
  over: boolean;
  result: Result | null;
}

/** One entry of the log as a reader may see it: never the action itself, only the visible events. */
export interface EntryMessage {
  seq: number;
  kind: 'action' | 'undo' | 'seat';
  events: GameEvent[];
  words?: string[];
}

/** A ruleset as `GET /rulesets` lists it. */
export interface RulesetSummary {
  id: string;
  version: string;
  /** The bots offered; a ruleset may accept other names too (a level's old name). */
  bots: string[];
  /** What a player reads for some of the bots' names, with their time per decision. */
  botLabels?: Record<string, string>;
  /** The bot offered first: the best measured. */
  defaultBot: string;
  /** Example scenes a match may be created from (Outgunned). */
  scenes?: { id: string; name: string; description: string }[];
}

/** The rules reference of a ruleset: public, the same for every reader. */
export interface Reference {
  ruleset: string;
  version: string;
  sections: ReferenceSection[];
}

export interface Accepted {
  seq: number;
  replayed: boolean;
  events: GameEvent[];
}

export interface CreateRequest {
  ruleset: string;
  options?: unknown;
  bots?: Record<string, string>;
  /** Listed for anyone to join a free seat; false by default (seats by invitation only). */
  open?: boolean;
  /** Stand-in bots and turn timers (see `Takeover`); off when left out. */
  takeover?: unknown;
}

export interface SubmitRequest {
  seq: number;
  key: string;
  action: unknown;
}

export interface UndoRequest {
  seq: number;
  key: string;
  /** How many of the seat's last actions to take back at once, all or none (1 when absent). */
  steps?: number;
}

/**
 * An entry as a follower receives it: one frame. The newest entry of a
 * push carries the reader's state after it, and the entry that a
 * follower's own submit or undo stored carries that request's `id`, so a
 * committed entry costs each socket one frame.
 */
export type EntryFrame = { type: 'entry' } & EntryMessage & {
    accepted?: { id: string };
    state?: StateMessage;
  };

/**
 * Pushed to a follower: on subscribing, each entry after the one it saw and
 * then its state; from then on each new entry, the newest with its state.
 */
export type FollowMessage =
  | { type: 'subscribed'; seat: Reader; seq: number }
  | EntryFrame
  | ({ type: 'state' } & StateMessage)
  | { type: 'chat'; lines: ChatLine[] };

export interface Follower {
  stop(): void;
}

/**
 * Who asked for a submit or an undo over a subscription: the entry it
 * stores reaches that follower carrying `id`, as its answer.
 */
export interface Receipt {
  follower: Follower;
  id: string;
}

export interface TablesOptions {
  storage: Storage;
  registry?: ReadonlyMap<string, TableRuleset>;
  /** A snapshot of the state is stored every this many entries. */
  snapshotEvery?: number;
  /**
   * The most matches a process keeps in memory, by their estimated bytes
   * (1 GiB by default): past it, the least recently used matches nobody
   * follows are dropped, to be loaded again from storage when next asked for.
   */
  cacheBytes?: number;
  /** The most matches kept in memory, by count, besides the bytes (no bound by default). */
  cacheSize?: number;
  /**
   * How long a finished match is kept after its last entry, in milliseconds;
   * then it is deleted with its log, snapshots and chat. Kept for good when
   * left out.
   */
  retainFinishedMs?: number;
  /** Where failures that no client caused are reported (never with secrets). */
  report?: (message: string) => void;
  /** The chat's limits; the defaults where left out. */
  chat?: Partial<ChatLimits>;
  /** Whether the server plays a human seat's only answer when it reveals nothing (on by default). */
  forcedPlay?: boolean;
  /** Told of each entry stored and each bot's choice, with how long they took (`/metrics`). */
  metrics?: Pick<ServerMetrics, 'committed' | 'botThought' | 'evicted'>;
  /**
   * Where bots think: worker threads (`BotPool`), so that a thinking bot
   * holds up no other match; on the event loop when left out.
   */
  bots?: BotRunner;
}

/** The default bound on the matches a process keeps in memory. */
export const defaultCacheBytes = 1024 * 1024 * 1024;

/** Keys the server gives its bots' actions; clients may not use the prefix. */
export const botKeyPrefix = 'bot:';

/** How many recent entries each match keeps in memory, so followers rarely read storage. */
const tailSize = 256;

/**
 * The estimate of a match's bytes in memory, from the lengths of its JSON:
 * a fixed part (the match's objects, its ruleset's caches), its state (with
 * the copies undo keeps), and the events it holds (the recent entries', and
 * the kernel's log of those played since it was loaded). Fitted on the heap
 * taken by matches loaded from storage (duels at 80 entries, four-player
 * Nemesis at 150 and 370 entries): within about 10%.
 */
const matchBaseBytes = 16 * 1024;
const bytesPerStateCharacter = 5;
const bytesPerEventCharacter = 1.75;
/** The state is measured again after this many entries: its size drifts slowly. */
const measureStateEvery = 16;

/** The characters an entry's events and action take as JSON, for the estimate. */
function entryCharacters(entry: LogEntry): number {
  return (
    JSON.stringify(entry.events).length +
    (entry.action === null ? 0 : JSON.stringify(entry.action).length) +
    64
  );
}

/**
 * The longest a reader asked nothing waits for the entries of a run of bot
 * moves, sent together with one state rather than a state each.
 */
const holdMs = 200;

/**
 * Re-dealt worlds per viewer behind the undo answer sent with every move,
 * and behind the check that an action the server plays for a person (its
 * one legal action) could be taken back (an undo itself tries `revealWorlds`). Checking a move that showed nothing
 * takes a re-deal for each viewer and world: with the engine's four, about
 * a third of the main thread of a full Nemesis server. With one, the answer
 * costs a third of that, and in Nemesis games of the sensible bot 3.7% of
 * the undos it offers are refused when asked (it showed someone something
 * the other worlds did not), with the reason; none it refuses would pass.
 */
const answerRevealWorlds = 1;

/** A bot's question, with where the match stood when it was asked. */
interface BotTurn {
  seq: number;
  /** The key prefix of the action: a bot seat's, or a stand-in's. */
  prefix: string;
  /**
   * An instant bot: answered on this thread under the match's lock, and so
   * asked of the match's own state; any other is asked of a re-dealt copy.
   */
  instant: boolean;
  question: BotQuestion;
}

/** A seed for one choice of a bot, drawn from the server's bot random: 128 bits, as hex. */
function drawSeed(random: RandomState): string {
  return Array.from({ length: 4 }, () =>
    randomInt(random, 0, 0xffff_ffff).toString(16).padStart(8, '0'),
  ).join('');
}

interface Live {
  stored: StoredMatch;
  table: TableRuleset;
  match: Match<unknown, unknown, unknown, unknown>;
  seq: number;
  tail: LogEntry[];
  lastSnapshot: number;
  /** The sequence number of an entry being stored by this process, whose notice is no news. */
  appending: number;
  /** For each standing action, whether the server played it for a single answer. */
  forced: boolean[];
  /** The bots standing in for human seats now, by seat: the seat entries of the log, folded. */
  standIns: Map<Seat, string>;
  /** When the last entry was stored (the match's creation before any): turn timers count from it. */
  lastAt: number;
  /** Each seat's undo answer, worked out once per sequence number (the reveal check re-deals worlds). */
  undo: Map<Seat, { seq: number; answer: { allowed: boolean; reason?: string } }>;
  /** What the estimate of its bytes stands on: see `matchBaseBytes`. */
  size: {
    /** The state's JSON, measured at `measuredAt`. */
    stateCharacters: number;
    measuredAt: number;
    /** The events of the entries in `tail`. */
    tailCharacters: number;
    /** The events of the entries played on this match object since it was made. */
    playedCharacters: number;
    /** The estimate counted in the cache's total. */
    bytes: number;
  };
}

/** The size of a match just made or loaded, before `#measure`. */
function unmeasured(): Live['size'] {
  return {
    stateCharacters: 0,
    measuredAt: -measureStateEvery,
    tailCharacters: 0,
    playedCharacters: 0,
    bytes: 0,
  };
}

interface FollowerState {
  matchId: string;
  reader: Reader;
  sent: number;
  welcomed: boolean;
  pumping: boolean;
  again: boolean;
  stopped: boolean;
  /** Whether the chat's history has been sent; lines after `chatSeen` are sent as they come. */
  chatWelcomed: boolean;
  chatSeen: number;
  /** The ids of this follower's requests that stored entries not yet sent to it, by sequence number. */
  answers: Map<number, string>;
  send: (message: FollowMessage) => void;
}

/** What a match's chat allows. */
export interface ChatLimits {
  /** Characters (code points) a line may have once trimmed. */
  textMax: number;
  /** Lines per reader (a seat, or a spectator's address) per `rateWindowMs`. */
  rateMax: number;
  rateWindowMs: number;
  /** Lines a match may hold. */
  linesMax: number;
  /** Lines sent to a new follower. */
  history: number;
}

export const defaultChatLimits: ChatLimits = {
  textMax: 500,
  rateMax: 5,
  rateWindowMs: 10_000,
  linesMax: 2_000,
  history: 200,
};

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const controlCharacter = /\p{Cc}/u;

function codePoint(text: string): string {
  return `U+${(text.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A chat line's text, trimmed, or an error naming what was wrong with it. */
export function checkChatText(text: string, most = defaultChatLimits.textMax): string {
  const lone = loneSurrogate.exec(text);
  if (lone) {
    throw new TableError(
      400,
      'bad-text',
      `text: a lone surrogate (${codePoint(lone[0])}) at position ${lone.index}: send well-formed Unicode`,
    );
  }
  const trimmed = text.trim();
  const control = controlCharacter.exec(trimmed);
  if (control) {
    throw new TableError(
      400,
      'bad-text',
      `text: a control character (${codePoint(control[0])}) at position ${control.index}: a line is plain text on one line`,
    );
  }
  const length = [...trimmed].length;
  if (length === 0) {
    throw new TableError(
      400,
      'bad-text',
      `text: empty once trimmed; write 1 to ${most} characters`,
    );
  }
  if (length > most) {
    throw new TableError(
      400,
      'bad-text',
      `text: ${length} characters once trimmed; at most ${most}`,
    );
  }
  return trimmed;
}

/** How many actions an undo entry took back: stored as `{steps}` when more than one. */
function stepsOf(entry: LogEntry): number {
  const steps = (entry.action as { steps?: unknown } | null)?.steps;
  return typeof steps === 'number' && Number.isInteger(steps) && steps > 1 ? steps : 1;
}

/** How many of the seat's own choices an undo entry was asked to take back. */
function askedStepsOf(entry: LogEntry): number {
  const asked = (entry.action as { asked?: unknown } | null)?.asked;
  return typeof asked === 'number' ? asked : stepsOf(entry);
}

/** Whether a stored entry is an action the server played for a seat's single answer. */
function isForced(entry: LogEntry): boolean {
  return entry.kind === 'action' && entry.idempotencyKey.startsWith(forcedKeyPrefix);
}

/** Which standing actions the server played for a single answer, after `entry`. */
function noteForced(forced: boolean[], entry: LogEntry): void {
  if (entry.kind === 'seat') return;
  if (entry.kind === 'undo') forced.splice(Math.max(0, forced.length - stepsOf(entry)));
  else forced.push(isForced(entry));
}

/** The kernel's entries for a stored one: an undo of several steps is that many undos. */
function toKernel(entry: LogEntry): KernelEntry[] {
  // Who plays a seat is the table's business, never the rules'.
  if (entry.kind === 'seat') return [];
  return entry.kind === 'undo'
    ? Array.from({ length: stepsOf(entry) }, () => ({ seat: entry.seat, undo: true as const }))
    : [{ seat: entry.seat, action: entry.action }];
}

/** Plays a stored entry on a match; the first refusal, if any. */
function playStored(
  match: Match<unknown, unknown, unknown, unknown>,
  entry: LogEntry,
): { ok: true } | { ok: false } {
  for (const kernel of toKernel(entry)) if (!match.play(kernel).ok) return { ok: false };
  return { ok: true };
}

/** The most actions one undo request may take back. */
export const maxUndoSteps = 20;

/** The kernel's reasons an action cannot be taken back, in a player's words. */
const undoWords: Readonly<Record<string, string>> = {
  'nothing-to-undo': 'you have taken no action to take back',
  'random-drawn': 'it drew cards or rolled dice',
  'secret-revealed': 'it showed someone something hidden',
  'not-your-action': 'another player has acted since',
  'game-over': 'the match is over',
};

/** Why `seat` may not take back its last action, for a player: the ruleset's own words where the kernel has none. */
export function undoReason(rejection: Rejection, seat: Seat): string {
  const known = undoWords[rejection.code];
  if (known !== undefined) return known;
  const prefix = `seat ${seat}'s last action cannot be taken back: `;
  return rejection.message.startsWith(prefix)
    ? rejection.message.slice(prefix.length)
    : rejection.message;
}

function publicSeats(
  seats: readonly StoredSeat[],
  standIns: ReadonlyMap<Seat, string>,
): PublicSeat[] {
  // Never a hash: they are the server's to compare.
  return seats.map(({ seat, kind, bot, tokenHash }) => ({
    seat,
    kind,
    bot,
    joined: tokenHash !== null,
    standIn: standIns.get(seat) ?? null,
  }));
}

/** Choices of a prompt addressed to other seats are theirs to read, not this reader's. */
function promptsFor(prompts: readonly Prompt[], reader: Reader): Prompt[] {
  return prompts.map((prompt) => {
    if (prompt.seats.includes(reader) || prompt.choices === undefined) return prompt;
    const { choices: _theirs, ...rest } = prompt;
    return rest;
  });
}

/**
 * What a reader is sent of a match's state at `seq`, through the ruleset's
 * view for them: the view, the prompts (another seat's choices left out),
 * their legal actions, the result, and the ruleset's words for each. The
 * table adds the undo answer and the stand-ins (`Tables`).
 */
export function stateFor(
  ruleset: AnyRuleset,
  state: unknown,
  seq: number,
  reader: Reader,
): StateMessage {
  const view = ruleset.view(state, reader);
  const prompts = promptsFor(ruleset.prompts(state), reader);
  const actions = reader === 'spectator' ? [] : (ruleset.legalActions(state, reader) as unknown[]);
  const result = ruleset.result(state) as Result | null;
  const message: StateMessage = {
    seq,
    seat: reader,
    view,
    prompts,
    actions,
    over: result !== null,
    result,
  };
  const describe = ruleset.describe;
  if (describe) {
    message.words = {
      prompts: prompts.map((prompt) => describe.prompt(prompt, view)),
      actions: actions.map((action) => describe.action(action, view)),
    };
    if (describe.things) message.words.things = describe.things(view);
  }
  return message;
}

function hasBots(live: Live): boolean {
  return live.standIns.size > 0 || live.stored.seats.some((seat) => seat.kind === 'bot');
}

/** The key prefix of actions the server plays for a human seat that had one answer only. */
export const forcedKeyPrefix = `${botKeyPrefix}forced:`;

/** The key prefix of actions a stand-in bot plays for a human seat. */
export const standInKeyPrefix = `${botKeyPrefix}stand-in:`;

/** The key prefix of the entries of an imported record. */
export const importKeyPrefix = `${botKeyPrefix}import:`;

/**
 * A match record as `GET /matches/:id/record` gives it and `POST
 * /matches/import` takes it: the standing actions only (undone ones are
 * left out of a record).
 */
export const recordFile = z.strictObject({
  ruleset: z.string().min(1).max(40),
  version: z.string().min(1).max(40),
  options: z.unknown(),
  seed: z.string().min(1).max(200),
  generator: z.enum(generatorKinds),
  actions: z
    .array(z.strictObject({ seat: z.string().min(1).max(40), action: z.unknown() }))
    .max(100_000),
});

/** The key prefix of seat entries: a stand-in bot comes in, or a player is back. */
export const seatKeyPrefix = `${botKeyPrefix}seat:`;

/** Who an entry came from, as its idempotency key tells. */
function authorOf(entry: LogEntry): 'person' | 'bot' | 'single-answer' {
  if (entry.idempotencyKey.startsWith(forcedKeyPrefix)) return 'single-answer';
  return entry.idempotencyKey.startsWith(botKeyPrefix) ? 'bot' : 'person';
}

function staleSequence(live: Live, sent: number): TableError {
  return new TableError(
    409,
    'stale-sequence',
    `the match is at sequence number ${live.seq}, not ${sent}: read the view again`,
    { seq: live.seq },
  );
}

/**
 * Every match of the server: created, loaded from storage (latest snapshot
 * plus the log after it), cached in memory, changed one entry at a time
 * under a per-match lock, stored with compare-and-set, and pushed to the
 * followers of each seat as that seat may see it. Bots play here.
 */
export class Tables {
  readonly #storage: Storage;
  readonly #registry: ReadonlyMap<string, TableRuleset>;
  readonly #snapshotEvery: number;
  readonly #cacheSize: number;
  readonly #cacheBytes: number;
  readonly #retainFinishedMs: number | undefined;
  #pruning: NodeJS.Timeout | null = null;
  /** The estimated bytes of every match in `#cache`. */
  #cachedBytes = 0;
  readonly #report: (message: string) => void;
  readonly #metrics: TablesOptions['metrics'];
  readonly #cache = new Map<string, Live>();
  readonly #locks = new Map<string, Promise<unknown>>();
  readonly #followers = new Map<string, Set<FollowerState>>();
  /** Each follower handed out, to the state it stands for: a receipt names the follower. */
  readonly #followerStates = new WeakMap<Follower, FollowerState>();
  readonly #botsRunning = new Set<string>();
  readonly #botsAgain = new Set<string>();
  /** Matches whose followers wait for the bots' run to end (see #wakeFollowers), with the timer that ends the wait. */
  readonly #held = new Map<string, NodeJS.Timeout>();
  readonly #references = new Map<string, Reference>();
  readonly #chatLimits: ChatLimits;
  readonly #forcedPlay: boolean;
  /** When each reader's recent chat lines were written, by limit key. */
  readonly #chatRate = new Map<string, number[]>();
  #unsubscribeChat: (() => Promise<void>) | null = null;
  /** Each match's next takeover check (a stand-in due, a turn timer running out), by match id. */
  readonly #takeoverTimers = new Map<string, NodeJS.Timeout>();
  /** Since when each joined human seat has had no socket here, by match and seat. */
  readonly #goneSince = new Map<string, Map<Seat, number>>();
  /** The bots' own generator: never the match's, so bots cannot change or read the game's dice. */
  readonly #botRandom: RandomState = seedRandom(newSeed());
  readonly #bots: BotRunner;
  #unsubscribe: (() => Promise<void>) | null = null;
  #closed = false;

  constructor(options: TablesOptions) {
    this.#storage = options.storage;
    this.#registry = options.registry ?? createTableRegistry();
    this.#snapshotEvery = options.snapshotEvery ?? 50;
    this.#cacheSize = options.cacheSize ?? Number.POSITIVE_INFINITY;
    this.#cacheBytes = options.cacheBytes ?? defaultCacheBytes;
    this.#retainFinishedMs = options.retainFinishedMs;
    this.#report = options.report ?? ((message) => process.stderr.write(`${message}\n`));
    this.#chatLimits = { ...defaultChatLimits, ...options.chat };
    this.#forcedPlay = options.forcedPlay ?? true;
    this.#metrics = options.metrics;
    this.#bots = options.bots ?? inThreadBots(this.#registry);
  }

  /** Starts following other processes' appends. */
  async start(): Promise<void> {
    this.#unsubscribe = await this.#storage.subscribe(
      (notice) => this.#noticed(notice),
      () => this.#resumed(),
    );
    this.#unsubscribeChat = await this.#storage.subscribeChat((notice) =>
      this.#wakeChat(notice.matchId),
    );
    void this.#resumeTakeovers();
    if (this.#retainFinishedMs !== undefined) {
      const prune = () =>
        void this.pruneFinished().catch((error) =>
          this.#report(`deleting finished matches: ${(error as Error).message}`),
        );
      prune();
      // Often enough that a match outlives its time by a small part of it, at most an hour.
      const every = Math.min(3_600_000, Math.max(1_000, this.#retainFinishedMs / 10));
      this.#pruning = setInterval(prune, every);
      this.#pruning.unref();
    }
  }

  /**
   * Deletes the finished matches whose last entry is older than the
   * retention (`retainFinishedMs`) at `now`, in batches; how many went.
   */
  async pruneFinished(now = Date.now()): Promise<number> {
    if (this.#retainFinishedMs === undefined) return 0;
    const before = now - this.#retainFinishedMs;
    const batch = 500;
    let deleted = 0;
    for (;;) {
      const ids = await this.#storage.deleteFinished(before, batch);
      for (const matchId of ids) this.#forget(matchId);
      deleted += ids.length;
      if (ids.length < batch || this.#closed) return deleted;
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#pruning) clearInterval(this.#pruning);
    for (const timer of this.#takeoverTimers.values()) clearTimeout(timer);
    this.#takeoverTimers.clear();
    for (const timer of this.#held.values()) clearTimeout(timer);
    this.#held.clear();
    await this.#unsubscribe?.();
    this.#unsubscribe = null;
    await this.#unsubscribeChat?.();
    this.#unsubscribeChat = null;
    await Promise.allSettled([...this.#locks.values()]);
  }

  /** How many matches this process holds in memory now. */
  matchesInMemory(): number {
    return this.#cache.size;
  }

  /** The estimated bytes of the matches this process holds in memory now. */
  cacheBytes(): number {
    return this.#cachedBytes;
  }

  rulesets(): RulesetSummary[] {
    return [...this.#registry.entries()].map(([id, table]) => {
      const summary: RulesetSummary = {
        id,
        version: table.ruleset.version,
        bots: [...(table.offered ?? Object.keys(table.bots))],
        defaultBot: table.defaultBot,
      };
      if (table.labels) summary.botLabels = { ...table.labels };
      if (table.scenes) {
        summary.scenes = [...table.scenes.entries()].map(([scene, { name, description }]) => ({
          id: scene,
          name,
          description,
        }));
      }
      return summary;
    });
  }

  #table(rulesetId: string): TableRuleset {
    const table = this.#registry.get(rulesetId);
    if (!table) {
      throw new TableError(
        404,
        'unknown-ruleset',
        `there is no ruleset by that id; the rulesets are ${[...this.#registry.keys()].join(', ')}`,
      );
    }
    return table;
  }

  /** The ruleset's rules reference, worked out once per process: the same for everyone. */
  reference(rulesetId: string): Reference {
    const table = this.#table(rulesetId);
    let reference = this.#references.get(rulesetId);
    if (!reference) {
      const make = table.ruleset.describe?.reference;
      if (!make) {
        throw new TableError(
          404,
          'no-reference',
          `the ${rulesetId} ruleset has no rules reference`,
        );
      }
      reference = {
        ruleset: rulesetId,
        version: table.ruleset.version,
        sections: make.call(table.ruleset.describe),
      };
      this.#references.set(rulesetId, reference);
    }
    return reference;
  }

  /** An example scene of the ruleset, as `options.scene` takes it. */
  scene(rulesetId: string, sceneId: string): unknown {
    const table = this.#table(rulesetId);
    if (!table.scenes) {
      throw new TableError(404, 'no-scenes', `the ${rulesetId} ruleset has no example scenes`);
    }
    const found = table.scenes.get(sceneId);
    if (!found) {
      throw new TableError(
        404,
        'no-such-scene',
        `the ${rulesetId} example scenes are ${[...table.scenes.keys()].join(', ')}`,
      );
    }
    return found.scene;
  }

  async create(request: CreateRequest): Promise<CreatedMatch> {
    const table = this.#registry.get(request.ruleset);
    if (!table) {
      throw new TableError(
        400,
        'unknown-ruleset',
        `there is no ruleset by that id; the rulesets are ${[...this.#registry.keys()].join(', ')}`,
      );
    }
    const options = table.ruleset.options.safeParse(request.options ?? {});
    if (!options.success) {
      const problems = listIssues('options', options.error.issues);
      throw new TableError(400, 'bad-options', shorten(problems.join('; '), 2_000), { problems });
    }
    let match: Match<unknown, unknown, unknown, unknown>;
    try {
      match = Match.create(table.ruleset, request.options ?? {}, newSeed(), {
        generator: 'crypto',
      });
    } catch (error) {
      if (error instanceof MatchError)
        throw new TableError(400, 'bad-options', shorten(error.message));
      throw error;
    }
    const refusal = table.refuseOnline?.(match.options) ?? null;
    if (refusal !== null) throw new TableError(400, 'bad-options', refusal);
    const takeover = checkTakeover(request.takeover, table);
    const seatNames = table.ruleset.seats(match.state);
    const bots = request.bots ?? {};
    for (const [seat, bot] of Object.entries(bots)) {
      if (!seatNames.includes(seat)) {
        throw new TableError(
          400,
          'no-such-seat',
          `bots: this match's seats are ${seatNames.join(', ')}`,
        );
      }
      if (!Object.hasOwn(table.bots, bot)) {
        throw new TableError(
          400,
          'no-such-bot',
          `bots.${seat}: no ${request.ruleset} bot "${bot}"; the bots are ${botList(table)}`,
        );
      }
    }
    const id = newMatchId();
    const invitations: Invitation[] = [];
    const seats: StoredSeat[] = seatNames.map((seat) => {
      if (Object.hasOwn(bots, seat)) {
        return { seat, kind: 'bot', bot: bots[seat]!, tokenHash: null, invitationHash: null };
      }
      const invitation = newToken();
      invitations.push({ seat, invitation, link: joinLink(id, seat, invitation) });
      return {
        seat,
        kind: 'human',
        bot: null,
        tokenHash: null,
        invitationHash: hashToken(invitation),
      };
    });
    const stored: StoredMatch = {
      id,
      ruleset: table.ruleset.id,
      version: table.ruleset.version,
      options: clonePlain(match.options),
      seed: match.seed,
      generator: match.generator,
      seats,
      createdAt: Date.now(),
      open: request.open ?? false,
      takeover,
      seq: 0,
      over: false,
      result: null,
    };
    const { seq: _seq, over: _over, result: _result, ...newMatch } = stored;
    await this.#storage.createMatch(newMatch, { seq: 0, state: match.state });
    const live: Live = {
      stored,
      table,
      match,
      seq: 0,
      tail: [],
      size: unmeasured(),
      lastSnapshot: 0,
      appending: 0,
      undo: new Map(),
      forced: [],
      standIns: new Map(),
      lastAt: stored.createdAt,
    };
    this.#remember(live);
    if (this.#playsFor(live)) this.#wakeBots(stored.id);
    return { ...this.#info(live), invitations };
  }

  /**
   * A new match from the record of a finished one (`GET /matches/:id/record`):
   * checked strictly, replayed through the rules (the first action refused
   * names its index and stops everything: nothing is stored), then stored
   * with every action as an entry, so its log, replays and record are the
   * original's. Only a finished match: an unfinished one's seed must stay
   * secret, and a record that holds it would let whoever read it foresee
   * every draw still to come.
   */
  async importRecord(record: unknown): Promise<MatchInfo> {
    const parsed = recordFile.safeParse(record);
    if (!parsed.success) {
      const problems = listIssues('record', parsed.error.issues);
      throw new TableError(400, 'bad-record', shorten(problems.join('; '), 2_000), { problems });
    }
    const given = parsed.data;
    const table = this.#registry.get(given.ruleset);
    if (!table) {
      throw new TableError(
        400,
        'unknown-ruleset',
        `record.ruleset: there is no ruleset by that id; the rulesets are ${[...this.#registry.keys()].join(', ')}`,
      );
    }
    if (given.version !== table.ruleset.version) {
      throw new TableError(
        400,
        'bad-record',
        `record.version: the record is of ${given.ruleset} version ${quote(given.version)}; this server plays version ${table.ruleset.version}, whose rules may differ`,
      );
    }
    const options = table.ruleset.options.safeParse(given.options ?? {});
    if (!options.success) {
      const problems = listIssues('record.options', options.error.issues);
      throw new TableError(400, 'bad-options', shorten(problems.join('; '), 2_000), { problems });
    }
    let match: Match<unknown, unknown, unknown, unknown>;
    try {
      match = Match.create(table.ruleset, given.options ?? {}, given.seed, {
        generator: given.generator,
      });
    } catch (error) {
      if (error instanceof MatchError)
        throw new TableError(400, 'bad-options', `record.options: ${shorten(error.message)}`);
      throw error;
    }
    const setup = clonePlain(match.state);
    const seatNames = table.ruleset.seats(match.state);
    const events: GameEvent[][] = [];
    for (const [index, { seat, action }] of given.actions.entries()) {
      const where = `record.actions.${index} (seat ${quote(seat)})`;
      if (!seatNames.includes(seat)) {
        throw new TableError(
          422,
          'bad-record-action',
          `${where}: this match's seats are ${seatNames.join(', ')}`,
          { index },
        );
      }
      if (match.result() !== null) {
        throw new TableError(
          422,
          'bad-record-action',
          `${where}: the match was over after action ${index - 1}`,
          { index },
        );
      }
      const outcome = match.submit(seat, action);
      if (!outcome.ok) {
        throw new TableError(
          422,
          'bad-record-action',
          shorten(`${where} was refused: ${outcome.rejection.code}: ${outcome.rejection.message}`),
          { index },
        );
      }
      events.push(outcome.events);
    }
    const result = match.result();
    if (result === null) {
      throw new TableError(
        400,
        'record-not-over',
        `record.actions: the match is not over after its ${given.actions.length} actions; only a finished match is imported, since an unfinished one's seed must stay secret (move a match still going with the whole database: tabletop backup)`,
      );
    }
    const id = newMatchId();
    const stored: StoredMatch = {
      id,
      ruleset: table.ruleset.id,
      version: table.ruleset.version,
      options: clonePlain(match.options),
      seed: match.seed,
      generator: match.generator,
      // Its seats are nobody's: the match is over, and its record says who did what.
      seats: seatNames.map((seat) => ({
        seat,
        kind: 'human',
        bot: null,
        tokenHash: null,
        invitationHash: null,
      })),
      createdAt: Date.now(),
      open: false,
      takeover: null,
      seq: 0,
      over: false,
      result: null,
    };
    const { seq: _seq, over: _over, result: _result, ...newMatch } = stored;
    await this.#storage.createMatch(newMatch, { seq: 0, state: setup });
    const at = Date.now();
    const standing = match.record().actions;
    for (const [index, { seat, action }] of standing.entries()) {
      const last = index === standing.length - 1;
      const appended = await this.#storage.append(
        id,
        {
          seq: index + 1,
          kind: 'action',
          seat,
          action,
          idempotencyKey: `${importKeyPrefix}${index + 1}`,
          events: events[index]!,
          at,
        },
        last ? { snapshot: { seq: index + 1, state: match.state }, result } : {},
      );
      if (!appended.ok) throw new Error(`importing into ${id}: entry ${index + 1} was refused`);
    }
    if (given.actions.length === 0) await this.#storage.markOver(id, result);
    return this.info(id);
  }

  async list(limit: number, offset: number): Promise<MatchSummary[]> {
    return this.#storage.listMatches({ limit, offset });
  }

  async info(matchId: string): Promise<MatchInfo> {
    return this.#locked(matchId, async () => this.#info(await this.#live(matchId)));
  }

  #info(live: Live): MatchInfo {
    const result = live.match.result();
    return {
      id: live.stored.id,
      ruleset: live.stored.ruleset,
      version: live.stored.version,
      seats: publicSeats(live.stored.seats, live.standIns),
      open: live.stored.open,
      seq: live.seq,
      over: result !== null,
      result,
      takeover: live.stored.takeover ?? null,
    };
  }

  /**
   * Takes a human seat nobody has joined, with the invitation its link
   * carries (an open match's free seats take none); the token is returned
   * once and stored only hashed.
   */
  async join(
    matchId: string,
    seat: Seat,
    invitation?: string,
  ): Promise<{ seat: Seat; token: string }> {
    return this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      const place = live.stored.seats.find((candidate) => candidate.seat === seat);
      if (!place) {
        throw new TableError(
          404,
          'no-such-seat',
          `this match's seats are ${live.stored.seats.map((each) => each.seat).join(', ')}`,
        );
      }
      if (place.kind === 'bot')
        throw new TableError(409, 'seat-is-bot', `a bot plays seat ${seat}`);
      if (invitation !== undefined) {
        // Compared in constant time, as tokens are.
        if (place.invitationHash === null || !sameHash(place.invitationHash, hashToken(invitation)))
          throw new TableError(403, 'bad-invitation', `this is not seat ${seat}'s invitation`);
      } else if (!live.stored.open) {
        throw new TableError(
          403,
          'invitation-required',
          `seat ${seat} is joined with its invitation link, from whoever created the match`,
        );
      }
      const token = newToken();
      const tokenHash = hashToken(token);
      if (!(await this.#storage.claimSeat(matchId, seat, tokenHash))) {
        throw new TableError(409, 'seat-taken', `someone has already joined seat ${seat}`);
      }
      place.tokenHash = tokenHash;
      return { seat, token };
    });
  }

  /** The seat a token opens, 'spectator' without a token; a token that opens no seat is refused. */
  async reader(matchId: string, token: string | undefined): Promise<Reader> {
    if (token === undefined) return 'spectator';
    const tokenHash = hashToken(token);
    return this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      let seat = this.#seatOf(live.stored.seats, tokenHash);
      if (seat === null) {
        // Another process may have seen the join.
        const fresh = await this.#storage.getMatch(matchId);
        if (fresh) {
          live.stored.seats = fresh.seats;
          seat = this.#seatOf(fresh.seats, tokenHash);
        }
      }
      if (seat === null) {
        throw new TableError(403, 'bad-token', 'this token opens no seat of this match');
      }
      return seat;
    });
  }

  #seatOf(seats: readonly StoredSeat[], tokenHash: string): Seat | null {
    let found: Seat | null = null;
    // Every seat is compared, in constant time, whichever matches.
    for (const seat of seats) {
      if (seat.tokenHash !== null && sameHash(seat.tokenHash, tokenHash)) found = seat.seat;
    }
    return found;
  }

  async view(matchId: string, reader: Reader): Promise<StateMessage> {
    return this.#locked(matchId, async () => this.#state(await this.#live(matchId), reader));
  }

  #state(live: Live, reader: Reader): StateMessage {
    const message = stateFor(live.table.ruleset, live.match.state, live.seq, reader);
    if (reader !== 'spectator' && live.stored.seats.some((place) => place.seat === reader)) {
      message.undo = this.#undoAnswer(live, reader);
    }
    if (live.stored.takeover) {
      message.standIns = [...live.standIns].map(([seat, bot]) => ({ seat, bot }));
      if (live.stored.takeover.turnSeconds !== null) {
        message.turnEnds = this.#deadlines(live)
          .filter((deadline) => deadline.reason === 'timer')
          .map(({ seat, at }) => ({ seat, at }));
      }
    }
    return message;
  }

  /**
   * Whether `seat` may take back its last action now; asked of the kernel
   * once per sequence number, with `answerRevealWorlds` re-dealt worlds.
   */
  #undoAnswer(live: Live, seat: Seat): { allowed: boolean; reason?: string } {
    const known = live.undo.get(seat);
    if (known && known.seq === live.seq) return known.answer;
    const refusal = live.match.undoRefusal(seat, this.#kernelSteps(live, 1), answerRevealWorlds);
    return this.#holdUndoAnswer(live, seat, refusal);
  }

  /** Holds, for this sequence number, the answer a check of an undo of one step gave, and returns it. */
  #holdUndoAnswer(
    live: Live,
    seat: Seat,
    refusal: Rejection | null,
  ): { allowed: boolean; reason?: string } {
    const answer =
      refusal === null ? { allowed: true } : { allowed: false, reason: undoReason(refusal, seat) };
    live.undo.set(seat, { seq: live.seq, answer });
    return answer;
  }

  #entry(live: Live, entry: LogEntry, reader: Reader, view: unknown): EntryMessage {
    const events = eventsFor(entry.events as GameEvent[], reader);
    const message: EntryMessage = { seq: entry.seq, kind: entry.kind, events };
    const describe = live.table.ruleset.describe;
    // Seat entries are the table's, not the rules': the server has their words.
    if (entry.kind === 'seat') message.words = events.map(seatWords);
    else if (describe) message.words = events.map((event) => describe.event(event, view));
    return message;
  }

  /**
   * Plays and stores a seat's action. With a receipt, a fresh entry's
   * answer reaches the receipt's follower in that entry's frame; a
   * replayed answer has no frame of its own, and is the caller's to send.
   */
  async submit(
    matchId: string,
    seat: Seat,
    request: SubmitRequest,
    receipt?: Receipt,
  ): Promise<Accepted> {
    return this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      const parsed = live.table.ruleset.action.safeParse(request.action);
      if (!parsed.success) {
        throw new TableError(
          422,
          'malformed-action',
          `malformed action: ${describeIssue(parsed.error.issues)}`,
        );
      }
      // A client ahead of this process saw another process's entries: catch up to them.
      if (request.seq > live.seq) await this.#catchUp(live);
      if (request.seq !== live.seq) {
        const earlier = await this.#stored(live, request.key);
        if (earlier) return this.#again(earlier, seat, 'action', parsed.data);
        throw staleSequence(live, request.seq);
      }
      if (live.match.result() !== null)
        throw new TableError(409, 'match-over', 'the match is over');
      const outcome = live.match.submit(seat, parsed.data);
      if (!outcome.ok) {
        // A retry sent with the sequence number it moved the match to: the stored answer again.
        const earlier = await this.#stored(live, request.key);
        if (earlier) return this.#again(earlier, seat, 'action', parsed.data);
        // Refused by an old state? Then the match moved on without this process hearing of it.
        if (await this.#behindStore(live)) throw staleSequence(live, request.seq);
        throw new TableError(422, outcome.rejection.code, shorten(outcome.rejection.message));
      }
      // The seat's player acts: its stand-in bot steps aside first, in the log too.
      this.#seen(matchId, seat);
      if (live.standIns.has(seat)) await this.#changeSeat(live, seat, { standIn: null });
      const entry: LogEntry = {
        seq: live.seq + 1,
        kind: 'action',
        seat,
        action: parsed.data,
        idempotencyKey: request.key,
        events: outcome.events,
        at: Date.now(),
      };
      const earlier = await this.#append(live, entry);
      if (earlier) return this.#again(earlier, seat, 'action', parsed.data);
      this.#answerInFrame(receipt, entry.seq);
      return { seq: entry.seq, replayed: false, events: eventsFor(outcome.events, seat) };
    });
  }

  /**
   * Takes back the seat's last `steps` actions (1 by default), all or none:
   * one entry in the log, which replays as that many undos. Actions the
   * server played for the seat after one of its own (single answers) go
   * with it: a step is one of the seat's own choices. A receipt works as
   * for `submit`.
   */
  async undo(
    matchId: string,
    seat: Seat,
    request: UndoRequest,
    receipt?: Receipt,
  ): Promise<Accepted> {
    const steps = request.steps ?? 1;
    if (!Number.isInteger(steps) || steps < 1 || steps > maxUndoSteps) {
      throw new TableError(
        400,
        'bad-request',
        `steps: a whole number of actions from 1 to ${maxUndoSteps}`,
      );
    }
    const sameUndo = (earlier: LogEntry) => askedStepsOf(earlier) === steps;
    return this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      if (request.seq > live.seq) await this.#catchUp(live);
      if (request.seq !== live.seq) {
        const earlier = await this.#stored(live, request.key);
        if (earlier) return this.#again(earlier, seat, 'undo', sameUndo);
        throw staleSequence(live, request.seq);
      }
      const kernelSteps = this.#kernelSteps(live, steps);
      const refusal = live.match.undoRefusal(seat, kernelSteps);
      if (refusal) {
        if (await this.#behindStore(live)) throw staleSequence(live, request.seq);
        // The answer sent with the move tried fewer worlds: what the undo found replaces it.
        if (steps === 1) this.#holdUndoAnswer(live, seat, refusal);
        throw new TableError(422, refusal.code, shorten(refusal.message));
      }
      this.#seen(matchId, seat);
      if (live.standIns.has(seat)) await this.#changeSeat(live, seat, { standIn: null });
      const events: GameEvent[] = [];
      for (let step = 1; step <= kernelSteps; step++) {
        const outcome = live.match.undo(seat);
        if (!outcome.ok) {
          // Checked above, so never; were it to happen, the match is reloaded as stored.
          this.#forget(matchId);
          throw new TableError(422, outcome.rejection.code, shorten(outcome.rejection.message));
        }
        events.push(...outcome.events);
      }
      const entry: LogEntry = {
        seq: live.seq + 1,
        kind: 'undo',
        seat,
        action: kernelSteps > 1 || steps > 1 ? { steps: kernelSteps, asked: steps } : null,
        idempotencyKey: request.key,
        events,
        at: Date.now(),
      };
      const earlier = await this.#append(live, entry);
      if (earlier) return this.#again(earlier, seat, 'undo', sameUndo);
      this.#answerInFrame(receipt, entry.seq);
      return { seq: entry.seq, replayed: false, events: eventsFor(events, seat) };
    });
  }

  /**
   * How many standing actions `steps` of a seat's own choices are: each
   * takes with it the actions the server played after it (single answers).
   */
  #kernelSteps(live: Live, steps: number): number {
    let kernel = 0;
    let index = live.forced.length - 1;
    for (let step = 0; step < steps; step++) {
      while (index >= 0 && live.forced[index]) {
        kernel++;
        index--;
      }
      kernel++;
      index--;
    }
    return kernel;
  }

  /** The stored entry with this key, looked for in memory first. */
  async #stored(live: Live, key: string): Promise<LogEntry | null> {
    const recent = live.tail.find((entry) => entry.idempotencyKey === key);
    return recent ?? (await this.#storage.findByIdempotencyKey(live.stored.id, key));
  }

  /** A retry of something already stored: its answer again, if it is the same request. */
  #again(
    earlier: LogEntry,
    seat: Seat,
    kind: LogEntry['kind'],
    same: unknown | ((earlier: LogEntry) => boolean),
  ): Accepted {
    if (
      earlier.seat !== seat ||
      earlier.kind !== kind ||
      (typeof same === 'function'
        ? !(same as (earlier: LogEntry) => boolean)(earlier)
        : JSON.stringify(earlier.action) !== JSON.stringify(same))
    ) {
      throw new TableError(
        409,
        'idempotency-key-reused',
        'this idempotency key was used for another request: choose a new key for a new request',
      );
    }
    return {
      seq: earlier.seq,
      replayed: true,
      events: eventsFor(earlier.events as GameEvent[], seat),
    };
  }

  /**
   * Stores an entry the live match has already played. On a conflict the
   * live match is thrown away (the next access reloads it) and either the
   * stored entry with the same key is returned or the client is told to
   * refresh. An undo is an entry like any other, with no snapshot of its
   * own: a match loads from a snapshot taken before an undo by replaying
   * its record (seed and standing actions), which gives the same states.
   */
  async #append(live: Live, entry: LogEntry, playForced = true): Promise<LogEntry | null> {
    const extras: AppendExtras = {};
    // A seat entry is nothing to the rules: it may be stored while an action is
    // played on the live match but not yet stored, so it takes no snapshot or result.
    const rules = entry.kind !== 'seat';
    const snapshot = rules && entry.seq - live.lastSnapshot >= this.#snapshotEvery;
    if (snapshot) extras.snapshot = { seq: entry.seq, state: live.match.state };
    const result = rules ? live.match.result() : null;
    if (result !== null) extras.result = result;
    let outcome: Awaited<ReturnType<Storage['append']>>;
    live.appending = entry.seq;
    const started = performance.now();
    try {
      outcome = await this.#storage.append(live.stored.id, entry, extras);
      if (outcome.ok)
        this.#metrics?.committed(entry.kind, authorOf(entry), (performance.now() - started) / 1000);
    } catch (error) {
      this.#forget(live.stored.id);
      throw error;
    }
    if (!outcome.ok) {
      // Reloaded at the next access; followers catch up with what another process stored.
      this.#forget(live.stored.id);
      this.#wakeFollowers(live.stored.id);
      if (outcome.conflict === 'idempotency-key') return outcome.entry;
      if (outcome.conflict === 'sequence') {
        throw new TableError(
          409,
          'stale-sequence',
          'another move was stored first: read the view again',
          { seq: outcome.seq },
        );
      }
      throw new TableError(404, 'no-such-match', 'there is no match with this id');
    }
    live.seq = entry.seq;
    if (snapshot) live.lastSnapshot = entry.seq;
    if (result !== null) {
      live.stored.over = true;
      live.stored.result = result;
    }
    this.#keep(live, entry);
    if (playForced) await this.#playForced(live);
    this.#wakeFollowers(live.stored.id, live);
    // Single answers are played above, after an action or an undo: the bots' loop looks for
    // one only in a match with bots, or after a seat entry (a player back from a stand-in).
    if (hasBots(live) || (this.#forcedPlay && entry.kind === 'seat')) {
      this.#wakeBots(live.stored.id);
    }
    this.#schedule(live);
    return null;
  }

  /**
   * Plays, under the lock of the entry just stored, each single answer that
   * follows it (see #forcedAction), so that followers are sent the entries
   * and then one state: the one-answer question is never shown. A failure
   * here is not the stored entry's: it is reported, and bots try again.
   */
  async #playForced(live: Live): Promise<void> {
    if (!this.#forcedPlay) return;
    try {
      for (let played = 0; played < 100; played++) {
        if (this.#cache.get(live.stored.id) !== live) return;
        if (!(await this.#playOneForced(live))) return;
      }
    } catch (error) {
      if (!(error instanceof TableError && error.code === 'stale-sequence')) {
        this.#report(`single answers of ${live.stored.id}: ${(error as Error).message}`);
      }
      // The bots' loop plays the single answer still owed, if any, from the match as stored.
      this.#wakeBots(live.stored.id);
    }
  }

  /** Plays the single answer now owed, if any; whether one was played. */
  async #playOneForced(live: Live): Promise<boolean> {
    if (live.match.result() !== null) return false;
    const forced = this.#forcedAction(live);
    if (!forced) return false;
    const outcome = live.match.submit(forced.seat, forced.action);
    if (!outcome.ok) {
      this.#forget(live.stored.id);
      this.#report(
        `the single answer of ${live.stored.id} seat ${forced.seat} was refused: ${outcome.rejection.code}`,
      );
      return false;
    }
    const earlier = await this.#append(
      live,
      {
        seq: live.seq + 1,
        kind: 'action',
        seat: forced.seat,
        action: clonePlain(forced.action),
        idempotencyKey: `${forcedKeyPrefix}${live.seq + 1}`,
        events: outcome.events,
        at: Date.now(),
      },
      false,
    );
    return earlier === null;
  }

  /** Notes an entry just played on `live`: its tail, its single answers, its size. */
  #keep(live: Live, entry: LogEntry): void {
    noteForced(live.forced, entry);
    noteStandIn(live.standIns, entry);
    live.lastAt = entry.at;
    const characters = entryCharacters(entry);
    live.tail.push(entry);
    live.size.tailCharacters += characters;
    live.size.playedCharacters += characters;
    if (live.tail.length > tailSize) {
      for (const dropped of live.tail.splice(0, live.tail.length - tailSize))
        live.size.tailCharacters -= entryCharacters(dropped);
    }
    this.#measure(live);
  }

  /** Entries after `afterSeq` as `reader` may see them. */
  async log(
    matchId: string,
    reader: Reader,
    afterSeq: number,
    limit: number,
  ): Promise<{ seq: number; entries: EntryMessage[] }> {
    return this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      const entries = await this.#entriesAfter(live, afterSeq, limit);
      const view = live.table.ruleset.view(live.match.state, reader);
      return {
        seq: live.seq,
        entries: entries.map((entry) => this.#entry(live, entry, reader, view)),
      };
    });
  }

  async #entriesAfter(
    live: Live,
    afterSeq: number,
    limit = Number.MAX_SAFE_INTEGER,
  ): Promise<LogEntry[]> {
    const first = live.tail[0];
    if (first && first.seq <= afterSeq + 1) {
      // The tail holds consecutive entries: the one after `afterSeq` is found by its number.
      const start = afterSeq + 1 - first.seq;
      return live.tail.slice(start, start + limit);
    }
    if (afterSeq >= live.seq) return [];
    return this.#storage.readLog(live.stored.id, afterSeq, Math.min(limit, live.seq - afterSeq));
  }

  /** The record, seed included: only once the match is over. */
  async record(matchId: string): Promise<unknown> {
    return this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      if (live.match.result() === null) {
        throw new TableError(
          409,
          'match-not-over',
          'the record is readable once the match is over',
        );
      }
      return live.match.record();
    });
  }

  /**
   * A finished match as one reader saw it after its first `step` actions,
   * replayed from its record: the record is public once the match is over,
   * so any seat's view may be shown to anyone.
   */
  async replayView(
    matchId: string,
    step: number,
    viewer: Seat | 'spectator',
  ): Promise<ReplayFrame> {
    const record = (await this.record(matchId)) as ReturnType<
      Match<unknown, unknown, unknown, unknown>['record']
    >;
    const table = this.#registry.get(record.ruleset);
    if (!table)
      throw new TableError(404, 'no-such-match', 'the ruleset of this match is not served');
    const steps = record.actions.length;
    const shown = Math.min(step, steps);
    const match = Match.replay(table.ruleset, {
      ...record,
      actions: record.actions.slice(0, shown),
    });
    const seats = table.ruleset.seats(match.state);
    if (viewer !== 'spectator' && !seats.includes(viewer)) {
      throw new TableError(404, 'no-such-seat', `this match's seats are ${seats.join(', ')}`);
    }
    const last = shown > 0 ? record.actions[shown - 1] : undefined;
    const view = match.view(viewer);
    const prompts = promptsFor(match.prompts(), viewer);
    const events = match
      .log(viewer)
      .filter((logged) => logged.action === shown - 1)
      .map((logged) => logged.event);
    const frame: ReplayFrame = {
      step: shown,
      steps,
      seat: viewer,
      actor: last?.seat ?? null,
      view,
      prompts,
      events,
      over: match.result() !== null,
      result: match.result(),
    };
    const describe = table.ruleset.describe;
    if (describe) {
      frame.words = {
        prompts: prompts.map((prompt) => describe.prompt(prompt, view)),
        events: events.map((event) => describe.event(event, view)),
      };
      if (describe.things) frame.words.things = describe.things(view);
    }
    return frame;
  }

  /**
   * Sends `send` every entry after `afterSeq`, then the reader's state, and
   * from then on each new entry and state, each exactly once.
   */
  async follow(
    matchId: string,
    reader: Reader,
    afterSeq: number,
    send: (message: FollowMessage) => void,
  ): Promise<{ follower: Follower; seq: number }> {
    const seq = await this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      // A reader who saw more than this process holds saw it from another process.
      if (afterSeq > live.seq) await this.#catchUp(live);
      return live.seq;
    });
    if (afterSeq > seq) {
      throw new TableError(
        409,
        'stale-sequence',
        `the match is at sequence number ${seq}; it has no entry ${afterSeq}`,
        { seq },
      );
    }
    const state: FollowerState = {
      matchId,
      reader,
      sent: afterSeq,
      welcomed: false,
      pumping: false,
      again: false,
      stopped: false,
      chatWelcomed: false,
      chatSeen: 0,
      answers: new Map(),
      send,
    };
    let followers = this.#followers.get(matchId);
    if (!followers) {
      followers = new Set();
      this.#followers.set(matchId, followers);
    }
    followers.add(state);
    void this.#pump(state);
    if (reader !== 'spectator') this.#arrived(matchId, reader);
    const follower: Follower = {
      stop: () => {
        state.stopped = true;
        followers.delete(state);
        if (reader !== 'spectator') this.#left(matchId, reader);
        if (followers.size === 0 && this.#followers.get(matchId) === followers) {
          this.#followers.delete(matchId);
          this.#evict();
        }
      },
    };
    this.#followerStates.set(follower, state);
    return { seq, follower };
  }

  /**
   * Notes, under the match's lock, that the entry at `seq` answers the
   * receipt's request: the push that sends that entry to the follower
   * carries the answer, since it waits for the lock.
   */
  #answerInFrame(receipt: Receipt | undefined, seq: number): void {
    const state = receipt && this.#followerStates.get(receipt.follower);
    if (state && !state.stopped) state.answers.set(seq, receipt.id);
  }

  /** An entry for one follower, with its answer if it stored the follower's request, and the state if `withState`. */
  #entryFrame(
    live: Live,
    entry: LogEntry,
    follower: FollowerState,
    state: StateMessage,
    withState: boolean,
  ): EntryFrame {
    const frame: EntryFrame = {
      type: 'entry',
      ...this.#entry(live, entry, follower.reader, state.view),
    };
    const answered = follower.answers.get(entry.seq);
    if (answered !== undefined) frame.accepted = { id: answered };
    if (withState) frame.state = state;
    return frame;
  }

  /**
   * Sends each follower of the match what it has not seen. Given the match
   * just moved (`moved`) while its bots play on, a reader the match asks
   * nothing and who awaits no answer is sent nothing yet: the entries of
   * the bots' run go together, with one state, once the bots stop, the
   * reader is asked something, or `holdMs` has passed.
   */
  #wakeFollowers(matchId: string, moved?: Live): void {
    const followers = this.#followers.get(matchId);
    if (!followers) return;
    const asked = moved && this.#botsRunning.has(matchId) ? this.#askedSeats(moved) : null;
    const due: FollowerState[] = [];
    for (const follower of followers) {
      if (
        asked &&
        follower.welcomed &&
        follower.answers.size === 0 &&
        !asked.has(follower.reader)
      ) {
        this.#holdFor(matchId);
      } else if (follower.welcomed && !follower.pumping) due.push(follower);
      else void this.#pump(follower);
    }
    if (due.length > 0) void this.#pumpAll(matchId, due);
  }

  /**
   * Pushes to followers already welcomed what they have not seen, all of
   * them under one lock of the match: each entry reaches every socket
   * without a lock and a look-up of the match per socket.
   */
  async #pumpAll(matchId: string, followers: FollowerState[]): Promise<void> {
    for (const follower of followers) follower.pumping = true;
    try {
      await this.#locked(matchId, async () => {
        const live = await this.#live(matchId);
        for (const follower of followers) {
          if (follower.stopped) continue;
          try {
            await this.#push(live, follower);
          } catch (error) {
            this.#report(`follower of ${matchId}: ${(error as Error).message}`);
          }
        }
      });
    } catch (error) {
      this.#report(`followers of ${matchId}: ${(error as Error).message}`);
    } finally {
      for (const follower of followers) {
        follower.pumping = false;
        // Woken again while this push waited for the lock: it goes on alone.
        if (follower.again && !follower.stopped) void this.#pump(follower);
      }
    }
  }

  /** The seats the match's prompts ask now. */
  #askedSeats(live: Live): Set<Reader> {
    const asked = new Set<Reader>();
    for (const prompt of live.table.ruleset.prompts(live.match.state) as Prompt[]) {
      for (const seat of prompt.seats) asked.add(seat);
    }
    return asked;
  }

  /** Wakes the match's followers after `holdMs`, unless the bots stop first. */
  #holdFor(matchId: string): void {
    if (this.#held.has(matchId)) return;
    const timer = setTimeout(() => this.#release(matchId), holdMs);
    timer.unref();
    this.#held.set(matchId, timer);
  }

  /** Sends the followers held back what they have not seen. */
  #release(matchId: string): void {
    const timer = this.#held.get(matchId);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.#held.delete(matchId);
    if (!this.#closed) this.#wakeFollowers(matchId);
  }

  async #pump(follower: FollowerState): Promise<void> {
    if (follower.pumping) {
      follower.again = true;
      return;
    }
    follower.pumping = true;
    try {
      do {
        follower.again = false;
        await this.#locked(follower.matchId, async () => {
          if (follower.stopped) return;
          await this.#push(await this.#live(follower.matchId), follower);
        });
      } while (follower.again && !follower.stopped);
    } catch (error) {
      this.#report(`follower of ${follower.matchId}: ${(error as Error).message}`);
    } finally {
      follower.pumping = false;
    }
  }

  /**
   * Sends a follower, under the match's lock, the entries it has not seen
   * and its state after them; the first time, its welcome and the chat's
   * history before them.
   */
  async #push(live: Live, follower: FollowerState): Promise<void> {
    if (follower.welcomed && follower.sent >= live.seq) return;
    const entries = await this.#entriesAfter(live, follower.sent);
    const history = follower.welcomed
      ? null
      : await this.#storage.lastChat(follower.matchId, this.#chatLimits.history);
    const state = this.#state(live, follower.reader);
    if (follower.stopped) return;
    if (history) {
      follower.send({ type: 'subscribed', seat: follower.reader, seq: live.seq });
      follower.send({ type: 'chat', lines: history });
      follower.chatSeen = history.at(-1)?.id ?? 0;
      follower.chatWelcomed = true;
      // Lines stored while the history was read.
      this.#wakeChat(follower.matchId);
    }
    // Pushed live, the newest entry carries the state: one frame per entry.
    const livePush = follower.welcomed && entries.length > 0;
    entries.forEach((entry, index) => {
      const last = livePush && index === entries.length - 1;
      follower.send(this.#entryFrame(live, entry, follower, state, last));
    });
    if (!livePush) follower.send({ type: 'state', ...state });
    for (const seq of follower.answers.keys()) {
      if (seq <= live.seq) follower.answers.delete(seq);
    }
    follower.sent = live.seq;
    follower.welcomed = true;
  }

  /**
   * Adds a line to the match's chat, for everyone at the table and every
   * spectator; `limitKey` names the reader for the rate limit (a seat of
   * the match, or a spectator's address).
   */
  async chat(matchId: string, from: Reader, text: string, limitKey: string): Promise<ChatLine> {
    const limits = this.#chatLimits;
    const trimmed = checkChatText(text, limits.textMax);
    const now = Date.now();
    const recent = (this.#chatRate.get(limitKey) ?? []).filter(
      (at) => now - at < limits.rateWindowMs,
    );
    if (recent.length >= limits.rateMax) {
      const wait = Math.ceil((recent[0]! + limits.rateWindowMs - now) / 1000);
      throw new TableError(
        429,
        'rate-limited',
        `at most ${limits.rateMax} chat lines per ${limits.rateWindowMs / 1000} s: wait ${wait} s`,
      );
    }
    recent.push(now);
    this.#chatRate.set(limitKey, recent);
    this.#forgetOldRates(now);
    const added = await this.#storage.addChat(
      matchId,
      { from, text: trimmed, at: now },
      limits.linesMax,
    );
    if (!added.ok) {
      recent.pop();
      if (added.conflict === 'no-match') {
        throw new TableError(404, 'no-such-match', 'there is no match with this id');
      }
      throw new TableError(
        409,
        'chat-full',
        `this match's chat holds ${limits.linesMax} lines, as many as it may`,
      );
    }
    this.#wakeChat(matchId);
    return added.line;
  }

  /** Rate windows that have run out are dropped now and then, so the map stays small. */
  #forgetOldRates(now: number): void {
    if (this.#chatRate.size < 1_000) return;
    for (const [key, times] of this.#chatRate) {
      if (times.every((at) => now - at >= this.#chatLimits.rateWindowMs))
        this.#chatRate.delete(key);
    }
  }

  /** The chat lines after `afterId`, in order: the same for every reader. */
  async chatLines(matchId: string, afterId: number, limit: number): Promise<ChatLine[]> {
    if (!this.#cache.has(matchId) && !(await this.#storage.getMatch(matchId))) {
      throw new TableError(404, 'no-such-match', 'there is no match with this id');
    }
    return this.#storage.readChat(matchId, afterId, limit);
  }

  /** Sends each follower of the match the chat lines it has not had yet. */
  #wakeChat(matchId: string): void {
    if (!this.#followers.has(matchId)) return;
    this.#locked(`chat:${matchId}`, async () => {
      const followers = [...(this.#followers.get(matchId) ?? [])].filter(
        (follower) => follower.chatWelcomed && !follower.stopped,
      );
      if (followers.length === 0) return;
      const after = Math.min(...followers.map((follower) => follower.chatSeen));
      const batch = 500;
      const lines = await this.#storage.readChat(matchId, after, batch);
      for (const follower of followers) {
        const fresh = lines.filter((line) => line.id > follower.chatSeen);
        if (fresh.length === 0 || follower.stopped) continue;
        follower.send({ type: 'chat', lines: fresh });
        follower.chatSeen = fresh.at(-1)!.id;
      }
      if (lines.length === batch) this.#wakeChat(matchId);
    }).catch((error) => this.#report(`chat of ${matchId}: ${(error as Error).message}`));
  }

  /** Another process (or this one) stored an entry: catch up, then tell the followers. */
  #noticed(notice: AppendNotice): void {
    const { matchId, seq } = notice;
    const live = this.#cache.get(matchId);
    if (live && (live.seq >= seq || live.appending >= seq)) return;
    if (!live && !this.#followers.has(matchId)) return;
    this.#locked(matchId, async () => {
      const cached = this.#cache.get(matchId);
      if (cached && cached.seq < seq) await this.#catchUp(cached);
    })
      .then(() => this.#wakeFollowers(matchId))
      .catch((error) => this.#report(`catching up ${matchId}: ${(error as Error).message}`));
  }

  /**
   * Notices may have been lost (the storage's listening connection broke and
   * is back): every match held here is compared with the store at once, and
   * each one behind catches up and tells its followers, as a notice would
   * have; every followed chat reads the lines it may have missed.
   */
  #resumed(): void {
    const check = async () => {
      const held = [...this.#cache.keys()];
      const batch = 1_000;
      for (let start = 0; start < held.length; start += batch) {
        const stored = await this.#storage.sequences(held.slice(start, start + batch));
        for (const [matchId, seq] of stored) this.#noticed({ matchId, seq });
      }
      for (const matchId of this.#followers.keys()) {
        // Followed but no longer held: the followers load it afresh.
        if (!this.#cache.has(matchId)) this.#wakeFollowers(matchId);
        this.#wakeChat(matchId);
      }
    };
    check().catch((error) =>
      this.#report(`catching up after notices were lost: ${(error as Error).message}`),
    );
  }

  /**
   * Plays on `live` every entry the store holds after it (under the match's
   * lock); how many there were. An entry refused on replay drops the match
   * from memory, so the next access reloads it whole.
   */
  async #catchUp(live: Live): Promise<number> {
    const matchId = live.stored.id;
    let played = 0;
    try {
      for (const entry of await this.#storage.readLog(matchId, live.seq)) {
        if (!playStored(live.match, entry).ok)
          throw new Error(`entry ${entry.seq} was refused on replay`);
        live.seq = entry.seq;
        this.#keep(live, entry);
        played++;
      }
    } catch (error) {
      if (this.#cache.get(matchId) === live) this.#forget(matchId);
      throw error;
    }
    if (played > 0) {
      const result = live.match.result();
      if (result !== null) {
        live.stored.over = true;
        live.stored.result = result;
      }
      this.#wakeFollowers(matchId);
      this.#schedule(live);
    }
    return played;
  }

  /**
   * Whether the store is ahead of `live`, checked before a refusal: a
   * process that missed a notice catches up here rather than answer from an
   * old state. Then the caller's sequence number is the stale one.
   */
  async #behindStore(live: Live): Promise<boolean> {
    const stored = (await this.#storage.sequences([live.stored.id])).get(live.stored.id);
    if (stored === undefined || stored <= live.seq) return false;
    return (await this.#catchUp(live)) > 0;
  }

  #wakeBots(matchId: string): void {
    if (this.#closed) return;
    if (this.#botsRunning.has(matchId)) {
      this.#botsAgain.add(matchId);
      return;
    }
    this.#botsRunning.add(matchId);
    void this.#runBots(matchId).finally(() => {
      this.#botsRunning.delete(matchId);
      this.#release(matchId);
      this.#evict();
      if (this.#botsAgain.delete(matchId)) this.#wakeBots(matchId);
    });
  }

  /**
   * Bots play, one action at a time, while a bot seat has something to do.
   * A bot thinks outside the match's lock (in a bot thread when there are
   * any), so the match's players and readers are answered meanwhile; an
   * answer to a position the match has since left is dropped and the bot
   * asked again. An instant bot (the table's `instant`) answers under the
   * lock, on this thread.
   */
  async #runBots(matchId: string): Promise<void> {
    try {
      while (!this.#closed) {
        await nextTurn();
        const turn = await this.#locked(matchId, async () => {
          const live = await this.#live(matchId);
          const asked = await this.#botTurn(live);
          if (typeof asked === 'string' || !asked.instant) return asked;
          // An instant bot answers here, under the lock: nothing moves the match meanwhile.
          return (await this.#botPlay(live, asked, this.#thinkHere(asked))) ? 'played' : 'idle';
        });
        if (turn === 'idle') return;
        if (turn === 'played') continue;
        const action = await this.#think(turn);
        if (this.#closed) return;
        const played = await this.#locked(matchId, async () =>
          this.#botPlay(await this.#live(matchId), turn, action),
        );
        if (!played) return;
      }
    } catch (error) {
      if (this.#closed) return;
      if (!(error instanceof TableError && error.code === 'stale-sequence')) {
        this.#report(`bots of ${matchId}: ${(error as Error).message}`);
      } else this.#wakeBots(matchId);
    }
  }

  /**
   * The question for the first bot seat with something to do, asked of its
   * seat's re-dealt copy of the state; else the single answer owed, played
   * here; else nothing to do. An instant bot is asked of the match's own
   * state: it answers on this thread under the match's lock, and the bot's
   * input is made from it as from the copy, through the seat's view, legal
   * actions and determinizer (`botInput`), so it learns no more; the
   * re-deal it would not look at was about 7% of the event loop's busy
   * time in a profile of `bench:server-nemesis`.
   */
  async #botTurn(live: Live): Promise<BotTurn | 'played' | 'idle'> {
    const { ruleset } = live.table;
    const state = live.match.state;
    if (ruleset.result(state) !== null) return 'idle';
    for (const prompt of ruleset.prompts(state) as Prompt[]) {
      for (const seat of prompt.seats) {
        const place = live.stored.seats.find((candidate) => candidate.seat === seat);
        // A bot seat's own bot, or the bot standing in for a human seat's player.
        const name =
          place?.kind === 'bot' ? place.bot : place ? (live.standIns.get(seat) ?? null) : null;
        if (name === null) continue;
        if (!Object.hasOwn(live.table.bots, name)) {
          this.#report(`bot ${name} of ${live.stored.id} seat ${seat} is not served`);
          continue;
        }
        if (ruleset.legalActions(state, seat).length === 0) continue;
        const instant = live.table.instant?.includes(name) ?? false;
        return {
          seq: live.seq,
          prefix: place?.kind === 'bot' ? botKeyPrefix : standInKeyPrefix,
          instant,
          question: {
            ruleset: live.stored.ruleset,
            bot: name,
            seat,
            state: instant ? state : ruleset.determinize(state, seat, this.#botRandom),
            seed: drawSeed(this.#botRandom),
          },
        };
      }
    }
    // A match loaded with a single answer owed (after a restart, say).
    if (!this.#forcedPlay) return 'idle';
    return (await this.#playOneForced(live)) ? 'played' : 'idle';
  }

  /** The bot's answer to its question, timed for `/metrics` (a wait for a free thread included). */
  async #think(turn: BotTurn): Promise<unknown> {
    const started = performance.now();
    const action = await this.#bots.choose(turn.question);
    const { ruleset, bot } = turn.question;
    this.#metrics?.botThought(ruleset, bot, (performance.now() - started) / 1000);
    return action;
  }

  /** An instant bot's answer, asked on this thread and timed as `#think` times a thread's. */
  #thinkHere(turn: BotTurn): unknown {
    const started = performance.now();
    const action = answerQuestion(this.#registry, turn.question);
    const { ruleset, bot } = turn.question;
    this.#metrics?.botThought(ruleset, bot, (performance.now() - started) / 1000);
    return action;
  }

  /**
   * Plays a bot's answer if the match is still where the bot was asked;
   * false when the rules refuse it (reported: the bots of the match stop).
   */
  async #botPlay(live: Live, turn: BotTurn, action: unknown): Promise<boolean> {
    // The match moved on while the bot thought (a player's move, an undo, a seat change): ask again.
    if (live.seq !== turn.seq) return true;
    const { seat, bot } = turn.question;
    const outcome = live.match.submit(seat, action);
    if (!outcome.ok) {
      this.#forget(live.stored.id);
      this.#report(
        `bot ${bot} of ${live.stored.id} seat ${seat} was refused: ${outcome.rejection.code}`,
      );
      return false;
    }
    await this.#append(live, {
      seq: live.seq + 1,
      kind: 'action',
      seat,
      action: clonePlain(action),
      idempotencyKey: `${turn.prefix}${live.seq + 1}`,
      events: outcome.events,
      at: Date.now(),
    });
    return true;
  }

  /** Whether the server may have to act in this match: for its bots, or for a seat with one answer. */
  #playsFor(live: Live): boolean {
    return this.#forcedPlay || hasBots(live);
  }

  /**
   * "A question with a single answer that reveals nothing is not asked": the
   * action the server plays for a human seat when every prompt asks that
   * seat alone, it has exactly one legal action, and the kernel's undo
   * policy would let it take that action back (nothing drawn, nothing
   * shown to anyone). Not right after the seat took something back: it
   * would only play again what the seat just undid.
   */
  #forcedAction(live: Live): { seat: Seat; action: unknown } | null {
    const { ruleset } = live.table;
    const state = live.match.state;
    const asked = new Set<Seat>();
    for (const prompt of ruleset.prompts(state) as Prompt[]) {
      for (const seat of prompt.seats) asked.add(seat);
    }
    if (asked.size !== 1) return null;
    const [seat] = [...asked] as [Seat];
    const place = live.stored.seats.find((candidate) => candidate.seat === seat);
    if (place?.kind !== 'human') return null;
    const last = live.tail.at(-1);
    if (last?.kind === 'undo' && last.seat === seat) return null;
    const legal = ruleset.legalActions(state, seat) as unknown[];
    if (legal.length !== 1) return null;
    const action = legal[0];
    const after = clonePlain(state);
    const outcome = ruleset.apply(after, seat, action);
    if (!outcome.ok) return null;
    if (undoPolicy(ruleset, state, after, seat, action, outcome.events) !== null) return null;
    if (revealedBy(ruleset, state, after, seat, action, answerRevealWorlds) !== null) return null;
    return { seat, action };
  }

  /**
   * The seat's player takes the seat back from its stand-in bot (a seat
   * without one is left as it is); the match's sequence number after.
   */
  async back(matchId: string, seat: Seat): Promise<{ seq: number }> {
    return this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      this.#seen(matchId, seat);
      if (live.standIns.has(seat) && live.match.result() === null)
        await this.#changeSeat(live, seat, { standIn: null });
      this.#schedule(live);
      return { seq: live.seq };
    });
  }

  /** Stores a seat entry: a bot stands in for the seat's player, or the player is back. */
  async #changeSeat(live: Live, seat: Seat, change: SeatChange): Promise<void> {
    await this.#append(
      live,
      {
        seq: live.seq + 1,
        kind: 'seat',
        seat,
        action: change,
        idempotencyKey: `${seatKeyPrefix}${live.seq + 1}`,
        events: [seatEvent(seat, change)],
        at: Date.now(),
      },
      false,
    );
  }

  /** Whether a socket of this process follows the match as `seat`. */
  #present(matchId: string, seat: Seat): boolean {
    for (const follower of this.#followers.get(matchId) ?? []) {
      if (follower.reader === seat && !follower.stopped) return true;
    }
    return false;
  }

  /**
   * Since when the seat's player has been gone from this process: noted the
   * first time it is asked (a process that has just loaded the match starts
   * counting then, since sockets are not stored), forgotten once they are back.
   */
  #gone(matchId: string, seat: Seat): number {
    let seats = this.#goneSince.get(matchId);
    if (!seats) {
      seats = new Map();
      this.#goneSince.set(matchId, seats);
    }
    let since = seats.get(seat);
    if (since === undefined) {
      since = Date.now();
      seats.set(seat, since);
    }
    return since;
  }

  /** The seat's player did something (sent an action, asked for the seat back): gone only from now. */
  #seen(matchId: string, seat: Seat): void {
    if (!this.#present(matchId, seat)) this.#goneSince.get(matchId)?.set(seat, Date.now());
  }

  /** A socket follows the match as `seat`: its player is here, and takes the seat back from a bot. */
  #arrived(matchId: string, seat: Seat): void {
    this.#goneSince.get(matchId)?.delete(seat);
    this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      if (live.standIns.has(seat) && live.match.result() === null && this.#present(matchId, seat))
        await this.#changeSeat(live, seat, { standIn: null });
      this.#schedule(live);
    }).catch((error) => this.#takeoverFailed(matchId, error));
  }

  /** A socket of `seat` closed: with no other, its player is gone from now. */
  #left(matchId: string, seat: Seat): void {
    if (this.#present(matchId, seat)) return;
    const held = this.#cache.get(matchId);
    // Absences matter only to matches with a takeover: the others keep no note of them.
    if (held && !held.stored.takeover) return;
    this.#goneSince.get(matchId)?.delete(seat);
    this.#gone(matchId, seat);
    const live = this.#cache.get(matchId);
    if (live) this.#schedule(live);
  }

  /**
   * When a bot is due to stand in for each human seat the prompts ask that
   * no bot plays yet: its turn timer (counted from the last entry, when
   * the prompts last changed) and its player's absence (counted from when
   * this process last saw them), as the match's takeover says.
   */
  #deadlines(live: Live): { seat: Seat; at: number; reason: StandInReason; seconds: number }[] {
    const takeover = live.stored.takeover;
    if (!takeover || live.match.result() !== null) return [];
    const asked = new Set<Seat>();
    for (const prompt of live.table.ruleset.prompts(live.match.state) as Prompt[]) {
      for (const seat of prompt.seats) asked.add(seat);
    }
    const deadlines: { seat: Seat; at: number; reason: StandInReason; seconds: number }[] = [];
    for (const place of live.stored.seats) {
      const seat = place.seat;
      if (place.kind !== 'human' || !asked.has(seat) || live.standIns.has(seat)) continue;
      const { turnSeconds, awaySeconds } = takeover;
      if (turnSeconds !== null) {
        deadlines.push({
          seat,
          at: live.lastAt + turnSeconds * 1000,
          reason: 'timer',
          seconds: turnSeconds,
        });
      }
      // A seat nobody has joined yet has no player to be gone.
      if (
        awaySeconds !== null &&
        place.tokenHash !== null &&
        !this.#present(live.stored.id, seat)
      ) {
        deadlines.push({
          seat,
          at: this.#gone(live.stored.id, seat) + awaySeconds * 1000,
          reason: 'away',
          seconds: awaySeconds,
        });
      }
    }
    return deadlines;
  }

  /** Sets the match's one takeover timer to its earliest deadline, if any. */
  #schedule(live: Live): void {
    const matchId = live.stored.id;
    const timer = this.#takeoverTimers.get(matchId);
    if (timer) clearTimeout(timer);
    this.#takeoverTimers.delete(matchId);
    if (!live.stored.takeover || live.match.result() !== null) {
      this.#goneSince.delete(matchId);
      return;
    }
    if (this.#closed) return;
    const deadlines = this.#deadlines(live);
    if (deadlines.length === 0) return;
    const first = Math.min(...deadlines.map((deadline) => deadline.at));
    const next = setTimeout(() => this.#takeOver(matchId), Math.max(0, first - Date.now()));
    // The server's sockets keep the process alive, never a timer alone.
    next.unref();
    this.#takeoverTimers.set(matchId, next);
  }

  /** A takeover deadline came: a bot stands in for each seat whose time is up, then plays. */
  #takeOver(matchId: string): void {
    this.#takeoverTimers.delete(matchId);
    if (this.#closed) return;
    this.#locked(matchId, async () => {
      const live = await this.#live(matchId);
      const now = Date.now();
      const due = this.#deadlines(live)
        .filter((deadline) => deadline.at <= now)
        .sort((one, other) => one.at - other.at);
      const done = new Set<Seat>();
      for (const deadline of due) {
        if (done.has(deadline.seat)) continue;
        done.add(deadline.seat);
        const bot = live.stored.takeover?.bot ?? live.table.defaultBot;
        await this.#changeSeat(live, deadline.seat, {
          standIn: bot,
          reason: deadline.reason,
          seconds: deadline.seconds,
        });
      }
      this.#schedule(live);
    }).catch((error) => this.#takeoverFailed(matchId, error));
  }

  /**
   * A seat entry lost its compare-and-set (another process stored first) or
   * failed: the match is loaded again, which sets its timer from what is stored.
   */
  #takeoverFailed(matchId: string, error: unknown): void {
    if (this.#closed) return;
    if (error instanceof TableError && error.code === 'no-such-match') return;
    if (!(error instanceof TableError && error.code === 'stale-sequence'))
      this.#report(`stand-in bots of ${matchId}: ${(error as Error).message}`);
    this.#locked(matchId, async () => {
      await this.#live(matchId);
    }).catch(() => {});
  }

  /** At start: every match with a takeover not over is loaded, which sets its timer again. */
  async #resumeTakeovers(): Promise<void> {
    try {
      for (const matchId of await this.#storage.matchesWithTakeover()) {
        if (this.#closed) return;
        await this.#locked(matchId, async () => {
          await this.#live(matchId);
        }).catch((error) => this.#report(`resuming ${matchId}: ${(error as Error).message}`));
      }
    } catch (error) {
      this.#report(`resuming stand-in bots and turn timers: ${(error as Error).message}`);
    }
  }

  /** Runs `work` after every earlier piece of work on the same match. */
  #locked<T>(matchId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(matchId) ?? Promise.resolve();
    const run = previous.then(work);
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.#locks.set(matchId, settled);
    void settled.then(() => {
      if (this.#locks.get(matchId) !== settled) return;
      this.#locks.delete(matchId);
      // It may have been kept in memory only because it was busy.
      this.#evict();
    });
    return run;
  }

  async #live(matchId: string): Promise<Live> {
    const cached = this.#cache.get(matchId);
    if (cached) {
      // Most recently used last, so eviction takes the oldest.
      this.#cache.delete(matchId);
      this.#cache.set(matchId, cached);
      return cached;
    }
    const live = await this.#load(matchId);
    this.#remember(live);
    if (this.#playsFor(live)) this.#wakeBots(matchId);
    return live;
  }

  #remember(live: Live): void {
    const held = this.#cache.get(live.stored.id);
    if (held && held !== live) this.#forget(live.stored.id);
    this.#cache.set(live.stored.id, live);
    live.size.bytes = 0;
    this.#measure(live);
    this.#schedule(live);
  }

  /** Drops a match from memory; the next access loads it from storage. */
  #forget(matchId: string): void {
    const live = this.#cache.get(matchId);
    if (!live) return;
    this.#cache.delete(matchId);
    this.#cachedBytes -= live.size.bytes;
  }

  /**
   * Estimates the match's bytes again (its state's JSON only now and then),
   * counts the change in the cache's total, and evicts if that is too much.
   */
  #measure(live: Live): void {
    const size = live.size;
    if (live.seq - size.measuredAt >= measureStateEvery) {
      size.stateCharacters = JSON.stringify(live.match.state).length;
      size.measuredAt = live.seq;
    }
    const bytes = Math.round(
      matchBaseBytes +
        bytesPerStateCharacter * size.stateCharacters +
        bytesPerEventCharacter * (size.tailCharacters + size.playedCharacters),
    );
    if (this.#cache.get(live.stored.id) === live) this.#cachedBytes += bytes - size.bytes;
    size.bytes = bytes;
    this.#evict(live.stored.id);
  }

  /**
   * While the matches in memory are over the bounds, drops the least
   * recently used that nobody follows and nothing is working on: those
   * followed stay, however many, since their sockets need them, and so
   * does `keep`, the match in hand. A match skipped as busy is looked at
   * again once its work is done.
   */
  #evict(keep?: string): void {
    const over = () => this.#cachedBytes > this.#cacheBytes || this.#cache.size > this.#cacheSize;
    if (!over()) return;
    for (const matchId of this.#cache.keys()) {
      if (!over()) return;
      if (
        matchId === keep ||
        this.#followers.has(matchId) ||
        this.#locks.has(matchId) ||
        this.#botsRunning.has(matchId)
      )
        continue;
      this.#forget(matchId);
      this.#metrics?.evicted();
    }
  }

  /** The latest snapshot, then the log after it. */
  async #load(matchId: string): Promise<Live> {
    const stored = await this.#storage.getMatch(matchId);
    if (!stored) throw new TableError(404, 'no-such-match', 'there is no match with this id');
    const table = this.#registry.get(stored.ruleset);
    if (!table) {
      throw new TableError(
        409,
        'unknown-ruleset',
        "this server no longer offers the match's ruleset",
      );
    }
    const snapshot = await this.#storage.latestSnapshot(matchId);
    const log = await this.#storage.readLog(matchId, 0, Number.MAX_SAFE_INTEGER);
    const header = {
      ruleset: stored.ruleset,
      version: stored.version,
      options: stored.options,
      seed: stored.seed,
      generator: stored.generator as 'crypto' | 'fast',
    };
    const ruleset = table.ruleset;
    const start = snapshot?.seq ?? 0;
    const match = snapshot
      ? Match.restore(
          ruleset,
          { ...header, actions: log.slice(0, start).flatMap(toKernel) },
          snapshot.state,
        )
      : Match.replay(ruleset, { ...header, actions: [] });
    const forced: boolean[] = [];
    const standIns = new Map<Seat, string>();
    for (const entry of log) {
      noteForced(forced, entry);
      noteStandIn(standIns, entry);
    }
    for (const entry of log.slice(start)) {
      if (!playStored(match, entry).ok) {
        throw new Error(`stored entry ${entry.seq} of match ${matchId} was refused on replay`);
      }
    }
    return {
      stored,
      table,
      match,
      seq: log.at(-1)?.seq ?? 0,
      tail: log.slice(-tailSize),
      size: {
        ...unmeasured(),
        tailCharacters: log.slice(-tailSize).reduce((sum, each) => sum + entryCharacters(each), 0),
        playedCharacters: log.slice(start).reduce((sum, each) => sum + entryCharacters(each), 0),
      },
      forced,
      standIns,
      lastAt: log.at(-1)?.at ?? stored.createdAt,
      lastSnapshot: start,
      appending: 0,
      undo: new Map(),
    };
  }
}
