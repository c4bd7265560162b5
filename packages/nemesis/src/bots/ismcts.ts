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
 * How well a character is doing, 0 to 1. Nobody can win yet (the victory
 * check is not part of the rules), so the search plays to survive: out of
 * the ship alive is 1, dead is 0, and a character still aboard is in
 * between, lower for each wound.
 */
export function survivalScore(player: PlayerState): number {
  switch (player.status) {
    case 'dead':
      return 0;
    case 'hibernating':
    case 'escaped':
      return 1;
    default: {
      const wounds = 0.12 * player.seriousWounds.length + 0.04 * player.lightWounds;
      return Math.min(0.9, Math.max(0.1, 0.6 - wounds + (player.status === 'in-pod' ? 0.2 : 0)));
    }
  }
}

function survivalScores(state: NemesisState): Record<Seat, number> {
  return Object.fromEntries(state.players.map((player) => [player.seat, survivalScore(player)]));
}

/** The search options for Nemesis: random rollouts by kind, cut short and scored by survival. */
export function nemesisSearchOptions(): Omit<
  IsmctsOptions<NemesisState, NemesisAction>,
  'iterations' | 'milliseconds'
> {
  return {
    policy: (_state, _seat, legal, random) => pickByKind(legal, random),
    rolloutLimit: Number(process.env.ROLLOUT ?? 60),
    evaluate: survivalScores,
    finalScores: survivalScores,
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
