import {
  botInput,
  type IsmctsOptions,
  ismctsBot,
  type SearchSetup,
  type Seat,
} from '@tabletop/engine';
import type { NemesisAction } from '../flow/actions.js';
import type { NemesisState, PlayerState } from '../flow/state.js';
import { createNemesis, type NemesisRuleset } from '../ruleset.js';
import type { NemesisBot } from './bot.js';
import { pickByKind } from './random.js';

/**
 * How well a character is doing in a game not yet over, 0 to 1: what the
 * search scores a rollout by when it is cut short. Dead is 0. Out of the
 * ship (escaped or asleep) is high but short of a win, as the victory check
 * still asks for the Objectives and may find an infection. A character still
 * aboard is in between: lower for each wound, for a Larva inside them and
 * for each Intruder in their room (a fight they may not win), higher in an
 * Escape Pod about to leave.
 */
export function survivalScore(state: NemesisState, player: PlayerState): number {
  switch (player.status) {
    case 'dead':
      return 0;
    case 'hibernating':
    case 'escaped':
      return 0.8;
    default: {
      const intruders =
        player.status === 'active'
          ? state.intruders.filter((intruder) => intruder.room === player.room).length
          : 0;
      const harm =
        0.1 * player.seriousWounds.length +
        0.03 * player.lightWounds +
        (player.larva ? 0.1 : 0) +
        0.06 * Math.min(intruders, 3);
      return Math.min(0.75, Math.max(0.05, 0.5 - harm + (player.status === 'in-pod' ? 0.15 : 0)));
    }
  }
}

/** A finished game's scores: a winner 1, a survivor who missed their Objectives 0.7, the dead 0. */
export function fateScores(state: NemesisState): Record<Seat, number> {
  const fates = state.over?.victory.fates ?? [];
  return Object.fromEntries(
    fates.map((fate) => [fate.seat, fate.winner ? 1 : fate.survivedBy !== null ? 0.7 : 0]),
  );
}

function survivalScores(state: NemesisState): Record<Seat, number> {
  return Object.fromEntries(
    state.players.map((player) => [player.seat, survivalScore(state, player)]),
  );
}

/**
 * How many actions a rollout plays before it is scored by survival. A
 * Nemesis action is one answer (an action's name, then a room, a card...),
 * so a dozen is about a turn around the table: far enough to see an attack
 * coming, short enough that each iteration costs little more than its
 * re-deal, and the search makes many more of them in the same time.
 */
export const nemesisRolloutLimit = 12;

/** The search options for Nemesis: random rollouts by kind, cut short and scored by survival. */
export function nemesisSearchOptions(): Omit<
  IsmctsOptions<NemesisState, NemesisAction>,
  'iterations' | 'milliseconds'
> {
  return {
    policy: (_state, _seat, legal, random) => pickByKind(legal, random),
    rolloutLimit: nemesisRolloutLimit,
    evaluate: survivalScores,
    finalScores: fateScores,
  };
}

/** What a root-parallel worker builds: the base pack's ruleset and the options above. */
export function nemesisSearchSetup(id: string): SearchSetup {
  if (id !== 'nemesis') throw new Error(`no Nemesis search setup for ruleset "${id}"`);
  return {
    ruleset: createNemesis() as unknown as SearchSetup['ruleset'],
    options: nemesisSearchOptions() as SearchSetup['options'],
  };
}

/**
 * The ISMCTS bot as a Nemesis bot: it is handed the state like the others
 * but passes on only the seat's view, legal actions and a determinizer.
 */
export function ismctsNemesisBot(budget: {
  iterations?: number;
  milliseconds?: number;
}): NemesisBot {
  const cache = new WeakMap<
    NemesisRuleset,
    ReturnType<typeof ismctsBot<NemesisState, NemesisAction, unknown>>
  >();
  return {
    name: 'ismcts',
    choose(ruleset, state, seat, random) {
      let bot = cache.get(ruleset);
      if (bot === undefined) {
        bot = ismctsBot<NemesisState, NemesisAction, unknown>(ruleset as never, {
          ...nemesisSearchOptions(),
          ...budget,
        });
        cache.set(ruleset, bot);
      }
      return bot.choose(botInput(ruleset as never, state, seat, random));
    },
  };
}
