import { isMainThread } from 'node:worker_threads';
import type { Seat } from '@tabletop/engine';
import type { BotSource } from '../../src/bot-pool.js';
import type { TableBot, TableRuleset } from '../../src/registry.js';
import { type CounterState, counter } from './counter.js';

/** How long the slow bot thinks, busy, before it answers. */
export const slowBotMs = 1_500;

function passOrFirst(state: unknown, seat: Seat): unknown {
  const legal = counter.legalActions(state as CounterState, seat);
  return legal.find((action) => action.type === 'pass') ?? legal[0];
}

/** Passes the turn, and only in a bot thread: on the main thread it refuses to choose. */
const threaded: TableBot = {
  choose(state, seat) {
    if (isMainThread) throw new Error('the threaded bot was asked on the main thread');
    return passOrFirst(state, seat);
  },
};

/** Passes the turn after holding its thread busy for `slowBotMs`, as a long search would. */
const slow: TableBot = {
  choose(state, seat) {
    const until = performance.now() + slowBotMs;
    while (performance.now() < until) {
      // Busy on purpose: a search holds its thread the same way.
    }
    return passOrFirst(state, seat);
  },
};

/** Ends its thread before it answers. */
const quitter: TableBot = {
  choose() {
    process.exit(3);
  },
};

/** Answers, then kills its thread with an error thrown outside any choice. */
const crash: TableBot = {
  choose(state, seat) {
    setImmediate(() => {
      throw new Error('the crash bot ended its thread');
    });
    return passOrFirst(state, seat);
  },
};

/** Throws while choosing, as a bot with a bug would. */
const faulty: TableBot = {
  choose() {
    throw new Error('the faulty bot has nothing to say');
  },
};

/**
 * Adds until the total is a multiple of 3, then passes: a run of moves.
 * Instant (the table lists it so), it refuses to choose in a bot thread.
 */
const adder: TableBot = {
  choose(state) {
    if (!isMainThread) throw new Error('the instant bot was asked in a bot thread');
    const { total } = state as CounterState;
    return total % 3 === 0 ? { type: 'pass' } : { type: 'add' };
  },
};

/** The counter game with bots that show where and how long they think. */
export function threadedRegistry(): Map<string, TableRuleset> {
  return new Map([
    [
      'counter',
      {
        ruleset: counter,
        bots: { threaded, slow, quitter, crash, faulty, adder },
        instant: ['adder'],
        defaultBot: 'threaded',
      },
    ],
  ]);
}

/** Where a bot thread finds `threadedRegistry`. */
export const threadedSource: BotSource = {
  module: new URL('./threaded-bots.ts', import.meta.url).href,
  name: 'threadedRegistry',
};
