import {
  accept,
  type Describe,
  type Outcome,
  type Ruleset,
  reject,
  rejectMalformed,
  type Seat,
} from '@tabletop/engine';
import { z } from 'zod';
import type { ContentPack } from './content/index.js';
import { baseContent } from './content/index.js';
import { buildTables, type Tables } from './content/tables.js';
import { describeNemesis, type Glossary } from './describe/index.js';
import { refuseUnfiredTriggers, refuseUnhandledKinds } from './effects/refuse-unhandled.js';
import { gameResult } from './end-of-game/result.js';
import { cloneState } from './flow/clone-state.js';
import { answerStep, legalAnswers, promptsOf } from './flow/procedures.js';
import { resolveSteps, waitingStep } from './flow/resolve.js';
import { setupGame } from './setup/setup.js';
import { answerMeant, answersAsSeen } from './views/answers.js';
import { redealNemesis } from './views/redeal.js';
import { type NemesisView, viewFor } from './views/view.js';
import { type NemesisAction, nemesisAction } from './vocabulary/actions.js';
import type { Game } from './vocabulary/game.js';
import type { NemesisOptions, NemesisState } from './vocabulary/state.js';

export const nemesisVersion = '0.1.0';

function optionsSchema(tables: Tables) {
  const characters = [...tables.characters.keys()];
  return z
    .strictObject({
      players: z.number().int().min(1).max(5).default(2),
      characters: z.array(z.enum(characters as [string, ...string[]])).default([]),
      firstPlayer: z.number().int().min(0).max(4).nullable().default(null),
      mode: z.enum(['standard', 'cooperative']).default('standard'),
    })
    .superRefine((options, context) => {
      if (options.characters.length > 0 && options.characters.length !== options.players) {
        context.addIssue({
          code: 'custom',
          path: ['characters'],
          message: `name one character per player (${options.players}), or none for the draft`,
        });
      }
      if (new Set(options.characters).size !== options.characters.length) {
        context.addIssue({
          code: 'custom',
          path: ['characters'],
          message: 'a character can be played by one player only',
        });
      }
      if (options.mode === 'cooperative' && options.players < 2) {
        context.addIssue({
          code: 'custom',
          path: ['mode'],
          message: 'the cooperative variant is for 2-5 players; one player plays the solo game',
        });
      }
      if (options.firstPlayer !== null && options.firstPlayer >= options.players) {
        context.addIssue({
          code: 'custom',
          path: ['firstPlayer'],
          message: `there are only ${options.players} seats (0-${options.players - 1})`,
        });
      }
    }) as unknown as z.ZodType<NemesisOptions>;
}

export type NemesisRuleset = Ruleset<NemesisState, NemesisAction, NemesisView, NemesisOptions> & {
  tables: Tables;
  /** The pack's names, for screens that draw the board. */
  glossary: Glossary;
  describe: Describe<NemesisAction, NemesisView>;
};

/** The Nemesis ruleset over a content pack (the base pack by default). */
export function createNemesis(pack: ContentPack = baseContent()): NemesisRuleset {
  refuseUnhandledKinds(pack);
  refuseUnfiredTriggers(pack);
  const tables = buildTables(pack);
  const { glossary, describe } = describeNemesis(tables, pack);
  const game = (state: NemesisState): Game => ({ state, tables, events: [] });
  /** An action of the right shape answers the waiting step, if it is legal now. */
  const answer = (state: NemesisState, seat: Seat, action: NemesisAction): Outcome => {
    if (state.over) return reject('game-over', 'the game is over');
    if (!state.players.some((player) => player.seat === seat))
      return reject('unknown-seat', `there is no seat "${String(seat)}" in this game`);
    const context = game(state);
    const step = waitingStep(context);
    const rejection = step && answerStep(context, step, seat, action);
    if (rejection === undefined) return reject('nothing-asked', 'nothing is asked of anyone now');
    if (rejection) return { ok: false, rejection };
    resolveSteps(context);
    return accept(context.events);
  };
  /** Every answer the rules take from a seat now, named as the rules name them. */
  const rulesAnswers = (state: NemesisState, seat: Seat): NemesisAction[] => {
    const context = game(state);
    const step = waitingStep(context);
    return step ? legalAnswers(context, step, seat) : [];
  };
  const meant = (state: NemesisState, seat: Seat, action: NemesisAction) =>
    answerMeant(tables, state, seat, action, () => rulesAnswers(state, seat));
  return {
    id: 'nemesis',
    version: nemesisVersion,
    tables,
    glossary,
    describe,
    options: optionsSchema(tables),
    action: nemesisAction,

    setup(options, seed, generator) {
      const state = setupGame(tables, options, seed, generator);
      resolveSteps(game(state));
      return state;
    },

    seats: (state) => state.players.map((player) => player.seat),

    prompts(state) {
      const context = game(state);
      const step = waitingStep(context);
      return step ? promptsOf(context, step) : [];
    },

    legalActions: (state, seat) => answersAsSeen(tables, state, seat, rulesAnswers(state, seat)),

    apply(state, seat, action) {
      const parsed = nemesisAction.safeParse(action);
      if (!parsed.success) return rejectMalformed(parsed.error);
      return answer(state, seat, meant(state, seat, parsed.data));
    },

    // A listed action has the wire shape: a shallow copy stands for the parsed one.
    applyLegal: (state, seat, action) => answer(state, seat, meant(state, seat, { ...action })),

    view: (state, viewer) => viewFor(tables, state, viewer),

    determinize(state, seat, random) {
      const copy = cloneState(state);
      redealNemesis(tables, copy, seat, random);
      return copy;
    },

    result: (state) => gameResult(game(state)),
  };
}

export type { Seat };
