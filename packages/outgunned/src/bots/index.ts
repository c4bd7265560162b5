import { ismctsBot } from '@tabletop/engine';
import { outgunnedFight } from '../fight/ruleset.js';
import { type FightBot, randomFightBot } from './bot.js';
import { sensibleFightBot } from './sensible.js';

export { type FightBot, type FightBotInput, listedAs, randomFightBot } from './bot.js';
export { sensibleFightBot } from './sensible.js';

export const fightBotNames = ['sensible', 'random', 'ismcts'] as const;
export type FightBotName = (typeof fightBotNames)[number];

/**
 * The engine's generic search, with random play-outs cut short, kept for
 * comparison: listing a seat's actions is dear in Outgunned, so its
 * iterations are cut at half a second too.
 */
export const fightIsmctsBudget = { iterations: 200, milliseconds: 500 };

/** The Outgunned bots by the name the server and the command line use; each is handed only its seat's input. */
export function outgunnedBots(): Record<FightBotName, FightBot> {
  return {
    sensible: sensibleFightBot,
    random: randomFightBot,
    ismcts: ismctsBot(outgunnedFight, { ...fightIsmctsBudget, rolloutLimit: 200 }),
  };
}
