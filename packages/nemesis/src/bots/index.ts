import type { NemesisRuleset } from '../ruleset.js';
import type { NemesisBot } from './bot.js';
import { ismctsNemesisBot } from './ismcts.js';
import { randomBot } from './random.js';
import { sensibleBot } from './sensible.js';

export type { NemesisBot, NemesisBotInput } from './bot.js';
export {
  fateScores,
  ismctsNemesisBot,
  nemesisOverrule,
  nemesisRolloutLimit,
  nemesisSearchOptions,
  nemesisSearchSetup,
  objectivesMetNow,
  survivalScore,
} from './ismcts.js';
export { pickByKind, randomBot } from './random.js';
export { sensibleBot, sensibleBotWithoutCards } from './sensible.js';

export const botNames = ['random', 'sensible', 'ismcts'] as const;
export type BotName = (typeof botNames)[number];

/**
 * The default ISMCTS budget: modest, so that a table of bots stays
 * responsive, and in iterations, so that a bot's choice depends on its
 * random alone, never on the machine's speed.
 */
export const ismctsBudget = { iterations: 100 };

/**
 * The bots by the name the command line uses, made for one ruleset (they
 * read its pack's public tables); each is handed only its seat's input.
 */
export function nemesisBots(ruleset: NemesisRuleset): Record<BotName, NemesisBot> {
  return {
    random: randomBot,
    sensible: sensibleBot(ruleset),
    ismcts: ismctsNemesisBot(ruleset, ismctsBudget),
  };
}
