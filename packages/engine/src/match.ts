import { clonePlain } from './clone.js';
import { capEchoes, excerpt } from './excerpt.js';
import { stateHash } from './hash.js';
import { accept, describeIssues, eventsFor, reject } from './outcome.js';
import { type GeneratorKind, generatorKinds } from './random.js';
import type { GameEvent, Outcome, Prompt, Rejection, Result, Ruleset, Seat } from './ruleset.js';
import {
  type ActionEntry,
  effectiveActions,
  isUndo,
  type LogEntry,
  revealedBy,
  revealWorlds,
  undoPolicy,
} from './undo.js';

/** What a match is before its first action. */
export interface MatchHeader<Options = unknown> {
  ruleset: string;
  version: string;
  options: Options;
  seed: string;
  /** The generator the match draws from; records written before it existed are `fast`. */
  generator?: GeneratorKind;
}

/** Everything needed to replay a match bit for bit. */
export interface MatchRecord<Options = unknown, Action = unknown> extends MatchHeader<Options> {
  generator: GeneratorKind;
  actions: ActionEntry<Action>[];
}

/** A record whose actions may include undos, as an append-only log stores them. */
export interface MatchLog<Options = unknown, Action = unknown> extends MatchHeader<Options> {
  actions: readonly LogEntry<Action>[];
}

/** A bad option, record or replay: the message says what was wrong. */
export class MatchError extends Error {
  override name = 'MatchError';
}

export interface LoggedEvent {
  /** Index of the action that produced the event; -1 for none. */
  action: number;
  event: GameEvent;
}

/** How one standing action may be undone: the state before it, while it may still be needed. */
interface Undoable<State> {
  seat: Seat;
  /** Why it cannot be taken back, or null. */
  refusal: Rejection | null;
  /** The state before it; kept only while it can still be restored. */
  before: State | null;
  /**
   * The re-dealt worlds per viewer `revealedBy` has tried (only when an undo
   * answer needs it: each costs a re-deal per viewer).
   */
  revealWorlds: number;
}

function checkHeader(
  ruleset: Ruleset<unknown, unknown, unknown, unknown>,
  header: MatchHeader,
): void {
  if (header.ruleset !== ruleset.id) {
    throw new MatchError(`record is for ruleset ${excerpt(header.ruleset)}, not "${ruleset.id}"`);
  }
  if (header.version !== ruleset.version) {
    throw new MatchError(
      `record is for ${ruleset.id} version ${excerpt(header.version)}, this is version ${ruleset.version}`,
    );
  }
}

function checkGenerator(generator: unknown): GeneratorKind {
  if (generator === undefined) return 'fast';
  if (!generatorKinds.includes(generator as GeneratorKind)) {
    throw new MatchError(
      `the generator must be ${generatorKinds.join(' or ')}, not ${excerpt(generator)}`,
    );
  }
  return generator as GeneratorKind;
}

/**
 * A match as its users see it: each submit works on a copy, so every state
 * handed out stays as it was; the record grows by the accepted actions only.
 */
export class Match<State, Action, View, Options> {
  readonly ruleset: Ruleset<State, Action, View, Options>;
  readonly options: Options;
  readonly seed: string;
  readonly generator: GeneratorKind;
  #state: State;
  #actions: ActionEntry<Action>[] = [];
  #sequence = 0;
  #log: LoggedEvent[] = [];
  /**
   * What undoing needs of the last standing actions: the run of one seat's
   * actions at the end, down to the first of them it may not take back
   * (kept to say why). Empty when unknown (after a restore, or once an
   * undo took back the whole run).
   */
  #tail: Undoable<State>[] = [];
  /** Whether `#tail` holds the whole run (false after a restore, or once an undo emptied it). */
  #tailKnown = true;

  private constructor(
    ruleset: Ruleset<State, Action, View, Options>,
    options: Options,
    seed: string,
    generator: GeneratorKind,
    state?: State,
  ) {
    this.ruleset = ruleset;
    this.options = options;
    this.seed = seed;
    this.generator = generator;
    this.#state = state ?? ruleset.setup(options, seed, generator);
  }

  /** Starts a match; options are validated by the ruleset's schema, missing ones take defaults. */
  static create<S, A, V, O>(
    ruleset: Ruleset<S, A, V, O>,
    options: unknown,
    seed: string,
    settings: { generator?: GeneratorKind } = {},
  ): Match<S, A, V, O> {
    const parsed = ruleset.options.safeParse(options ?? {});
    if (!parsed.success) {
      throw new MatchError(
        capEchoes(`invalid options for ${ruleset.id}: ${describeIssues(parsed.error)}`, options),
      );
    }
    if (typeof seed !== 'string') throw new MatchError('the seed must be a string');
    return new Match(ruleset, parsed.data, seed, checkGenerator(settings.generator));
  }

  /**
   * Rebuilds a match from its record; throws if the record does not fit the
   * ruleset or an action or undo is refused. The record's actions may
   * include undos (see `LogEntry`).
   */
  static replay<S, A, V, O>(ruleset: Ruleset<S, A, V, O>, record: MatchLog): Match<S, A, V, O> {
    checkHeader(ruleset, record);
    const match = Match.create(ruleset, record.options, record.seed, {
      generator: checkGenerator(record.generator),
    });
    record.actions.forEach((entry, index) => {
      const outcome = match.play(entry as LogEntry<A>);
      if (!outcome.ok) {
        throw new MatchError(
          capEchoes(
            `${isUndo(entry) ? 'undo' : 'action'} ${index} of the record (seat ${entry.seat}) was refused: ${outcome.rejection.code}: ${outcome.rejection.message}`,
            entry,
          ),
        );
      }
    });
    return match;
  }

  /**
   * A match from its record and a state taken after all of the record's
   * entries, without replaying them: for loading quickly. The state is
   * trusted, not checked. The log holds only the events from here on.
   */
  static restore<S, A, V, O>(
    ruleset: Ruleset<S, A, V, O>,
    record: MatchLog,
    state: S,
  ): Match<S, A, V, O> {
    checkHeader(ruleset, record);
    const parsed = ruleset.options.safeParse(record.options ?? {});
    if (!parsed.success) {
      throw new MatchError(
        capEchoes(
          `invalid options for ${ruleset.id}: ${describeIssues(parsed.error)}`,
          record.options,
        ),
      );
    }
    if (typeof record.seed !== 'string') throw new MatchError('the seed must be a string');
    const match = new Match(
      ruleset,
      parsed.data,
      record.seed,
      checkGenerator(record.generator),
      clonePlain(state),
    );
    let actions: ActionEntry<A>[];
    try {
      actions = effectiveActions(record.actions as readonly LogEntry<A>[]);
    } catch (error) {
      throw new MatchError(`the record's log is inconsistent: ${(error as Error).message}`);
    }
    match.#actions = actions.map(({ seat, action }) => ({ seat, action: clonePlain(action) }));
    match.#sequence = record.actions.length;
    match.#tailKnown = false;
    return match;
  }

  /** The current state. Do not change it: it is the match's own. */
  get state(): State {
    return this.#state;
  }

  /** How many entries (actions and undos) the match has accepted; it only grows. */
  get sequence(): number {
    return this.#sequence;
  }

  /**
   * Validates the action's shape, then applies it to a copy; on refusal
   * nothing changes, and the message quotes at most a short prefix of any
   * long string that was sent.
   */
  submit(seat: Seat, action: unknown): Outcome {
    const parsed = this.ruleset.action.safeParse(action);
    if (!parsed.success) {
      const message = `malformed action: ${describeIssues(parsed.error)}`;
      return reject('malformed-action', capEchoes(message, { seat, action }));
    }
    const before = this.#state;
    const next = clonePlain(before);
    const outcome = this.ruleset.apply(next, seat, parsed.data);
    if (!outcome.ok) {
      const { code, message } = outcome.rejection;
      return reject(code, capEchoes(message, { seat, action }));
    }
    const index = this.#actions.length;
    this.#state = next;
    this.#actions.push({ seat, action: parsed.data });
    this.#sequence++;
    for (const event of outcome.events) this.#log.push({ action: index, event });
    this.#noteUndoable(before, next, seat, parsed.data, outcome.events);
    return outcome;
  }

  /** Whether `seat` has an action standing; read from the end, where a seat that has acted mostly is. */
  #hasActed(seat: Seat): boolean {
    for (let index = this.#actions.length - 1; index >= 0; index--) {
      if (this.#actions[index]!.seat === seat) return true;
    }
    return false;
  }

  /** An entry of a match log: an action, or an undo. */
  play(entry: LogEntry<Action>): Outcome {
    return isUndo(entry) ? this.undo(entry.seat) : this.submit(entry.seat, entry.action);
  }

  /**
   * Why `seat` may not take back its last `steps` actions now (1 by
   * default), or null when it may: each must be the seat's own and allowed
   * by the undo policy. The first that may not be taken back says why.
   * `worlds` is how many re-dealt worlds per viewer `revealedBy` tries: an
   * undo tries `revealWorlds`; an answer given with fewer (a server's, with
   * every move) may be a pass that the undo itself then refuses, never the
   * other way round.
   */
  undoRefusal(seat: Seat, steps = 1, worlds = revealWorlds): Rejection | null {
    if (this.result() !== null) return { code: 'game-over', message: 'the match is over' };
    const standing = this.#actions.length;
    if (standing === 0) return { code: 'nothing-to-undo', message: 'no action has been taken' };
    if (steps > standing) {
      return {
        code: 'nothing-to-undo',
        message: `only ${standing} action${standing === 1 ? ' has' : 's have'} been taken`,
      };
    }
    if (!this.#hasActed(seat)) {
      return { code: 'nothing-to-undo', message: `seat ${seat} has taken no action` };
    }
    for (let back = 0; back < steps; back++) {
      const action = this.#actions[standing - 1 - back]!;
      if (action.seat !== seat) {
        return {
          code: 'not-your-action',
          message:
            back === 0
              ? `the last action is seat ${action.seat}'s, and a seat takes back only its own`
              : `action ${back + 1} from the end is seat ${action.seat}'s, and a seat takes back only its own`,
        };
      }
    }
    if (!this.#tailKnown && this.#tail.length < steps) {
      this.#tail = Match.replay(this.ruleset, this.record()).#tail;
      this.#tailKnown = true;
    }
    const tail = this.#tail;
    for (let back = 0; back < steps; back++) {
      const which = back === 0 ? 'last action' : `action ${back + 1} from the end`;
      const undoable = tail[tail.length - 1 - back];
      // The tail holds the seat's whole run of actions at the end, down to a refused one.
      if (undoable === undefined) {
        return { code: 'not-undoable', message: `seat ${seat}'s ${which} cannot be taken back` };
      }
      if (undoable.refusal === null && undoable.revealWorlds < worlds) {
        undoable.revealWorlds = worlds;
        const after = back === 0 ? this.#state : tail[tail.length - back]!.before!;
        undoable.refusal = revealedBy(
          this.ruleset,
          undoable.before!,
          after,
          seat,
          this.#actions[standing - 1 - back]!.action,
          worlds,
        );
      }
      if (undoable.refusal) {
        return {
          code: undoable.refusal.code,
          message: `seat ${seat}'s ${which} cannot be taken back: ${undoable.refusal.message}`,
        };
      }
    }
    return null;
  }

  canUndo(seat: Seat): boolean {
    return this.undoRefusal(seat) === null;
  }

  /**
   * Takes back `seat`'s last action, if the undo policy allows: the state is
   * then the one a replay of the shortened record gives, and the action's
   * events leave the log. A refusal says why and changes nothing.
   */
  undo(seat: Seat): Outcome {
    const refusal = this.undoRefusal(seat);
    if (refusal) return reject(refusal.code, capEchoes(refusal.message, seat));
    const undoable = this.#tail.pop()!;
    // What stood before the run is not known here: the next undo replays the record to learn it.
    if (this.#tail.length === 0) this.#tailKnown = false;
    const index = this.#actions.length - 1;
    this.#actions.pop();
    this.#state = undoable.before!;
    this.#sequence++;
    while (this.#log.length > 0 && this.#log[this.#log.length - 1]!.action === index)
      this.#log.pop();
    return accept([
      { type: 'undone', audience: 'all', seat, text: `seat ${seat} takes back their last action` },
    ]);
  }

  #noteUndoable(
    before: State,
    after: State,
    seat: Seat,
    action: Action,
    events: readonly GameEvent[],
  ): void {
    const refusal = undoPolicy(this.ruleset, before, after, seat, action, events);
    const tail = this.#tail;
    const top = tail[tail.length - 1];
    // Only the seat's own run of actions at the end can be undone, down to the first that may
    // not be (kept, to say why): older states can go.
    if (refusal !== null || (top !== undefined && top.seat !== seat)) {
      tail.length = 0;
      this.#tailKnown = true;
    }
    tail.push({ seat, refusal, before: refusal === null ? before : null, revealWorlds: 0 });
  }

  prompts(): Prompt<Action>[] {
    return this.ruleset.prompts(this.#state);
  }

  legalActions(seat: Seat): Action[] {
    return this.ruleset.legalActions(this.#state, seat);
  }

  view(viewer: Seat | 'spectator'): View {
    return this.ruleset.view(this.#state, viewer);
  }

  result(): Result | null {
    return this.ruleset.result(this.#state);
  }

  /** The events a viewer may see, in order. */
  log(viewer: Seat | 'spectator'): LoggedEvent[] {
    return this.#log.filter((entry) => eventsFor([entry.event], viewer).length === 1);
  }

  /** The match as a record: the actions still standing, undone ones left out. */
  record(): MatchRecord<Options, Action> {
    return {
      ruleset: this.ruleset.id,
      version: this.ruleset.version,
      options: clonePlain(this.options),
      seed: this.seed,
      generator: this.generator,
      actions: this.#actions.map(({ seat, action }) => ({ seat, action: clonePlain(action) })),
    };
  }

  hash(): string {
    return stateHash(this.#state);
  }
}
