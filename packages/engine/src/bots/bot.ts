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
 * A bot's input for `seat` in `state`. The determinizer does not close over
 * `state` itself but over one determinization of it: by the contract of
 * `determinize`, re-dealing that copy gives byte for byte what re-dealing
 * the true state would, and the copy holds nothing the seat cannot see.
 */
export function botInput<State, Action, View>(
  ruleset: Ruleset<State, Action, View, unknown>,
  state: State,
  seat: Seat,
  random: RandomState,
): BotInput<State, Action, View> {
  const stand = ruleset.determinize(state, seat, seedRandom(`stand-in:${seat}`));
  return {
    seat,
    view: ruleset.view(state, seat),
    legal: ruleset.legalActions(state, seat),
    determinize: (draw) => ruleset.determinize(stand, seat, draw),
    random,
  };
}
