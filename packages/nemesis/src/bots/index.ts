import type { NemesisBot } from './bot.js';
import { randomBot } from './random.js';
import { sensibleBot } from './sensible.js';

export type { NemesisBot } from './bot.js';
export { pickByKind, randomBot } from './random.js';
export { sensibleBot } from './sensible.js';

export type BotName = 'random' | 'sensible';

/** The bots by the name the command line uses. */
export const bots: Record<BotName, NemesisBot> = { random: randomBot, sensible: sensibleBot };
