import type { NemesisBot } from './bot.js';
import { ismctsNemesisBot } from './ismcts.js';
import { randomBot } from './random.js';
import { sensibleBot } from './sensible.js';

export type { NemesisBot } from './bot.js';
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

export type BotName = 'random' | 'sensible' | 'ismcts';

/**
 * The default ISMCTS budget: modest, so that a table of bots stays
 * responsive, and in iterations, so that a bot's choice depends on its
 * random alone, never on the machine's speed.
 */
export const ismctsBudget = { iterations: 100 };

/** The bots by the name the command line uses. */
export const bots: Record<BotName, NemesisBot> = {
  random: randomBot,
  sensible: sensibleBot,
  ismcts: ismctsNemesisBot(ismctsBudget),
};
