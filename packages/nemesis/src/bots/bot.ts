import type { RandomState, Seat } from '@tabletop/engine';
import type { NemesisAction } from '../flow/actions.js';
import type { NemesisState } from '../flow/state.js';
import type { NemesisRuleset } from '../ruleset.js';

/**
 * A bot chooses one of a seat's legal actions. It reads the full state (it
 * runs inside the engine, like the rules), but a fair bot decides only from
 * what that seat's view shows; `random` is the bot's own generator, never the
 * game's, so bots do not change the game's dice.
 */
export interface NemesisBot {
  name: string;
  choose(
    ruleset: NemesisRuleset,
    state: NemesisState,
    seat: Seat,
    random: RandomState,
  ): NemesisAction;
}
