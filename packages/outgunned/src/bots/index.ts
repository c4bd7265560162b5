import { ismctsBot } from '@tabletop/engine';
import { outgunnedFight } from '../fight/ruleset.js';
import { type FightBot, randomFightBot } from './bot.js';
import { searchDirector } from './search.js';
import { sensibleFightBot } from './sensible.js';

export { type FightBot, type FightBotInput, listedAs, randomFightBot } from './bot.js';
export {
  directorAnswers,
  directorScore,
  type FightSearchOptions,
  searchDirector,
} from './search.js';
export { sensibleFightBot } from './sensible.js';

export const fightBotNames = ['sensible', 'search-director', 'random', 'ismcts'] as const;
export type FightBotName = (typeof fightBotNames)[number];

/**
 * The search Director's budget: play-outs, not seconds, so that its choice
 * depends on its random alone, never on the machine's speed. A play-out of
 * an example scene from its start takes a few milliseconds of one core, so
 * a decision stays under the 2 s it may take (bench:director prints the
 * processor time of each scene's decisions and the slowest).
 */
export const searchDirectorBudget = { playouts: 200 };

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
    'search-director': searchDirector(searchDirectorBudget),
    random: randomFightBot,
    ismcts: ismctsBot(outgunnedFight, { ...fightIsmctsBudget, rolloutLimit: 200 }),
  };
}
