import { type RandomState, seedRandom } from '../random.js';
import type { Ruleset, Seat } from '../ruleset.js';

/**
 * A state consistent with one seat's view: everything the seat cannot see
 * re-dealt from `random`. The only handle a bot has on full states, so a
 * bot can know only what its view shows.
 */
export type Determinizer<State> = (random: RandomState) => State;

/** What a bot is given when its seat must act, and nothing that reaches the true state. */
export interface BotInput<State, Action, View> {
  seat: Seat;
  view: View;
  /** The seat's legal actions now, in the ruleset's order. */
  legal: readonly Action[];
  determinize: Determinizer<State>;
  /** The bot's own generator, never the game's. */
  random: RandomState;
}

export interface Bot<State, Action, View> {
  name: string;
  /** One of `input.legal`. */
  choose(input: BotInput<State, Action, View>): Action;
}

/**
 * A bot's input for `seat` in `state`. The determinizer does not re-deal
 * `state` itself but one determinization of it, made the first time a bot
 * asks (a bot that never searches never pays for it), as is the view: by
 * the contract of `determinize`, re-dealing that copy gives byte for byte
 * what re-dealing the true state would, and the copy holds nothing the seat
 * cannot see. The view and the legal actions are worked out when first
 * read, too. The state and the ruleset are private fields, out of any
 * bot's reach. The input is for one choice: a bot keeps none of it.
 */
class SeatInput<State, Action, View> implements BotInput<State, Action, View> {
  readonly #ruleset: Ruleset<State, Action, View, unknown>;
  readonly #state: State;
  #view: View | undefined;
  #stand: State | undefined;
  #legal: readonly Action[] | undefined;

  constructor(
    ruleset: Ruleset<State, Action, View, unknown>,
    state: State,
    readonly seat: Seat,
    readonly random: RandomState,
  ) {
    this.#ruleset = ruleset;
    this.#state = state;
  }

  // Listed the first time a bot asks: trying every candidate costs more than most plans do.
  get legal(): readonly Action[] {
    this.#legal ??= this.#ruleset.legalActions(this.#state, this.seat);
    return this.#legal;
  }

  get view(): View {
    this.#view ??= this.#ruleset.view(this.#state, this.seat);
    return this.#view;
  }

  determinize(draw: RandomState): State {
    this.#stand ??= this.#ruleset.determinize(
      this.#state,
      this.seat,
      seedRandom(`stand-in:${this.seat}`),
    );
    return this.#ruleset.determinize(this.#stand, this.seat, draw);
  }
}

export function botInput<State, Action, View>(
  ruleset: Ruleset<State, Action, View, unknown>,
  state: State,
  seat: Seat,
  random: RandomState,
): BotInput<State, Action, View> {
  return new SeatInput(ruleset, state, seat, random);
}

/**
 * What `bot` plays for `seat` now: every caller (a server, a command, a
 * benchmark, a test) hands it the same input, the seat's alone.
 */
export function botChoice<State, Action, View>(
  ruleset: Ruleset<State, Action, View, unknown>,
  bot: Bot<State, Action, View>,
  state: State,
  seat: Seat,
  random: RandomState,
): Action {
  return bot.choose(botInput(ruleset, state, seat, random));
}
