import type { NemesisRuleset } from '../ruleset.js';
import type { NemesisBot } from './bot.js';
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
} from './ismcts.js';
export {
  combatSearchBot,
  decisionTimeWords,
  easySlip,
  hardBudget,
  type LevelInfo,
  type LevelName,
  levelAliases,
  levelLabel,
  levelNames,
  levels,
  nemesisLevels,
  slippingBot,
} from './levels.js';
export { pickByKind, randomBot } from './random.js';
export { sensibleBot, sensibleBotWithoutCards } from './sensible.js';

/**
 * Every name a bot is chosen by: the levels, the random bot (any legal
 * action, for tests of the rules more than for play), and the names the
 * normal and hard levels had before there were levels.
 */
export const botNames = [
  ...levelNames,
  'random',
  ...(Object.keys(levelAliases) as ('sensible' | 'ismcts')[]),
] as const;
export type BotName = (typeof levelNames)[number] | 'random' | keyof typeof levelAliases;

/** The names offered to a player: the levels, then the random bot. */
export const offeredBotNames: readonly BotName[] = [...levelNames, 'random'];

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
    sensible: levels[levelAliases.sensible],
    ismcts: levels[levelAliases.ismcts],
  };
}

/**
 * A bot name as a person typed it, checked: the bot's name, or an error
 * that lists the names there are.
 */
export function parseBotName(text: string): BotName {
  if ((botNames as readonly string[]).includes(text)) return text as BotName;
  throw new RangeError(
    `no Nemesis bot "${text.slice(0, 40)}": the levels are ${levelNames.join(', ')} (also random; sensible and ismcts are the old names of normal and hard)`,
  );
}
