import { clonePlain } from './clone.js';
import { stateHash } from './hash.js';
import { eventsFor, reject } from './outcome.js';
import type { GameEvent, Outcome, Prompt, Result, Ruleset, Seat } from './ruleset.js';

/** Everything needed to replay a match bit for bit. */
export interface MatchRecord<Options = unknown, Action = unknown> {
  ruleset: string;
  version: string;
  options: Options;
  seed: string;
  actions: { seat: Seat; action: Action }[];
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

function describeIssues(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): string {
  return error.issues
    .map(
      (issue) =>
        `${issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)'}: ${issue.message}`,
    )
    .join('; ');
}

/**
 * A match as its users see it: each submit works on a copy, so every state
 * handed out stays as it was; the record grows by the accepted actions only.
 */
export class Match<State, Action, View, Options> {
  readonly ruleset: Ruleset<State, Action, View, Options>;
  readonly options: Options;
  readonly seed: string;
  #state: State;
  #actions: { seat: Seat; action: Action }[] = [];
  #log: LoggedEvent[] = [];

  private constructor(
    ruleset: Ruleset<State, Action, View, Options>,
    options: Options,
    seed: string,
  ) {
    this.ruleset = ruleset;
    this.options = options;
    this.seed = seed;
    this.#state = ruleset.setup(options, seed);
  }

  /** Starts a match; options are validated by the ruleset's schema, missing ones take defaults. */
  static create<S, A, V, O>(
    ruleset: Ruleset<S, A, V, O>,
    options: unknown,
    seed: string,
  ): Match<S, A, V, O> {
    const parsed = ruleset.options.safeParse(options ?? {});
    if (!parsed.success) {
      throw new MatchError(`invalid options for ${ruleset.id}: ${describeIssues(parsed.error)}`);
    }
    if (typeof seed !== 'string') throw new MatchError('the seed must be a string');
    return new Match(ruleset, parsed.data, seed);
  }

  /** Rebuilds a match from its record; throws if the record does not fit the ruleset or an action is refused. */
  static replay<S, A, V, O>(ruleset: Ruleset<S, A, V, O>, record: MatchRecord): Match<S, A, V, O> {
    if (record.ruleset !== ruleset.id) {
      throw new MatchError(`record is for ruleset "${record.ruleset}", not "${ruleset.id}"`);
    }
    if (record.version !== ruleset.version) {
      throw new MatchError(
        `record is for ${ruleset.id} version ${record.version}, this is version ${ruleset.version}`,
      );
    }
    const match = Match.create(ruleset, record.options, record.seed);
    record.actions.forEach(({ seat, action }, index) => {
      const outcome = match.submit(seat, action);
      if (!outcome.ok) {
        throw new MatchError(
          `action ${index} of the record (seat ${seat}) was refused: ${outcome.rejection.code}: ${outcome.rejection.message}`,
        );
      }
    });
    return match;
  }

  /** The current state. Do not change it: it is the match's own. */
  get state(): State {
    return this.#state;
  }

  /** Validates the action's shape, then applies it to a copy; on refusal nothing changes. */
  submit(seat: Seat, action: unknown): Outcome {
    const parsed = this.ruleset.action.safeParse(action);
    if (!parsed.success)
      return reject('malformed-action', `malformed action: ${describeIssues(parsed.error)}`);
    const next = clonePlain(this.#state);
    const outcome = this.ruleset.apply(next, seat, parsed.data);
    if (!outcome.ok) return outcome;
    const index = this.#actions.length;
    this.#state = next;
    this.#actions.push({ seat, action: parsed.data });
    for (const event of outcome.events) this.#log.push({ action: index, event });
    return outcome;
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

  record(): MatchRecord<Options, Action> {
    return {
      ruleset: this.ruleset.id,
      version: this.ruleset.version,
      options: clonePlain(this.options),
      seed: this.seed,
      actions: this.#actions.map(({ seat, action }) => ({ seat, action: clonePlain(action) })),
    };
  }

  hash(): string {
    return stateHash(this.#state);
  }
}
