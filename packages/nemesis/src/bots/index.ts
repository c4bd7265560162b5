import type { NemesisRuleset } from '../ruleset.js';
import type { NemesisBot } from './bot.js';
import { ismctsNemesisBot } from './ismcts.js';
import { levelAliases, levelNames, nemesisLevels } from './levels.js';
import { randomBot } from './random.js';

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
  survivorScore,
} from './ismcts.js';
export {
  decisionTimeWords,
  easySlip,
  type LevelInfo,
  type LevelMeasure,
  type LevelName,
  levelAliases,
  levelLabel,
  levelMeasures,
  levelNames,
  levels,
  nemesisLevels,
  recommendedLevel,
  searchingBot,
  slippingBot,
  strongestLevelWithin,
  waryBot,
} from './levels.js';
export {
  advisers,
  hardShootAt,
  type PlayoutBudget,
  playoutBot,
  playoutBudget,
  surestCandidate,
} from './playouts.js';
export { pickByKind, randomBot } from './random.js';
export {
  type SensibleStyle,
  sensibleBot,
  sensibleBotStyled,
  sensibleBotWithoutCards,
  sensibleStyle,
} from './sensible.js';

/**
 * Every name a bot is chosen by: the levels; the random bot (any legal
 * action, for tests of the rules more than for play); the search bot,
 * ISMCTS at `ismctsBudget`, not shown stronger than the normal level
 * (README, Bots); and the name the normal level had before the levels.
 */
export const botNames = [...levelNames, 'random', 'ismcts', 'sensible'] as const;
export type BotName = (typeof botNames)[number];

/** The names offered to a player: the levels, then the random bot. */
export const offeredBotNames: readonly BotName[] = [...levelNames, 'random'];

/**
 * The search bot's budget: modest, so that a table of bots stays
 * responsive, and in iterations, so that its choice depends on its random
 * alone, never on the machine's speed.
 */
export const ismctsBudget = { iterations: 100 };

/**
 * The bots by the name the command line and the server use, made for one
 * ruleset (they read its pack's public tables); each is handed only its
 * seat's input. An old name is the same bot as its level.
 */
export function nemesisBots(ruleset: NemesisRuleset): Record<BotName, NemesisBot> {
  const levels = nemesisLevels(ruleset);
  return {
    ...levels,
    random: randomBot,
    ismcts: ismctsNemesisBot(ruleset, ismctsBudget),
    sensible: levels[levelAliases.sensible],
  };
}

/**
 * A bot name as a person typed it, checked: the bot's name, or an error
 * that lists the names there are.
 */
export function parseBotName(text: string): BotName {
  if ((botNames as readonly string[]).includes(text)) return text as BotName;
  throw new RangeError(
    `no Nemesis bot "${text.slice(0, 40)}": the levels are ${levelNames.join(', ')} (also random, ismcts, and sensible, the old name of normal)`,
  );
}
