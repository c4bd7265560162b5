import type { Bot, BotInput } from '@tabletop/engine';
import type { NemesisView } from '../views/view.js';
import type { NemesisAction } from '../vocabulary/actions.js';
import type { NemesisState } from '../vocabulary/state.js';

/**
 * A Nemesis bot is the engine's `Bot`: it is handed its seat's view, its
 * legal actions, a determinizer and its own random source, and nothing
 * that reaches the true state, wherever it plays (the server, the
 * terminal, a benchmark). A bot that needs the pack's public tables is
 * made for a ruleset (`nemesisBots`).
 */
export type NemesisBot = Bot<NemesisState, NemesisAction, NemesisView>;

export type NemesisBotInput = BotInput<NemesisState, NemesisAction, NemesisView>;
