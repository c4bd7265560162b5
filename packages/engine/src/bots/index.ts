export * from './bot.js';
export * from './ismcts.js';
