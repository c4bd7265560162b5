export * from './bot.js';
export * from './ismcts.js';
export * from './parallel.js';
