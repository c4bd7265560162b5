import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BotPool, type BotRunner, inThreadBots } from '../src/bot-pool.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { LogEntry } from '../src/storage/storage.js';
import { type EntryFrame, type FollowMessage, Tables } from '../src/tables.js';
import { temporaryFolder } from './helpers/server-process.js';
import { threadedRegistry, threadedSource } from './helpers/threaded-bots.js';
import { until } from './helpers/until.js';

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

let folder: ReturnType<typeof temporaryFolder>;
const cleanups: (() => Promise<void>)[] = [];

beforeEach(() => {
  folder = temporaryFolder();
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  folder.remove();
});

function pool(threads = 1, reports: string[] = []): BotPool {
  const made = new BotPool({
    threads,
    source: threadedSource,
    report: (message) => reports.push(message),
  });
  cleanups.push(() => made.close());
  return made;
}

interface Opened {
  storage: SqliteStorage;
  tables: Tables;
  reports: string[];
  /** Each bot answer's arrival, as /metrics is told of it. */
  thoughts: string[];
}

async function open(bots: BotRunner): Promise<Opened> {
  const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
  const reports: string[] = [];
  const thoughts: string[] = [];
  const tables = new Tables({
    storage,
    registry: threadedRegistry(),
    bots,
    report: (message) => reports.push(message),
    metrics: {
      committed: () => {},
      evicted: () => {},
      botThought: (_ruleset, bot) => thoughts.push(bot),
    },
  });
  await tables.start();
  cleanups.push(async () => {
    await tables.close();
    await storage.close();
  });
  return { storage, tables, reports, thoughts };
}

/** A counter match: seat 0 joined by a person, seat 1 the bot named (or a person too). */
async function counterMatch(
  tables: Tables,
  bot: string | null,
  takeover?: unknown,
): Promise<string> {
  const created = await tables.create({
    ruleset: 'counter',
    options: { target: 50 },
    ...(bot ? { bots: { '1': bot } } : {}),
    ...(takeover ? { takeover } : {}),
  });
  for (const { seat, invitation } of created.invitations) {
    await tables.join(created.id, seat, invitation);
  }
  return created.id;
}

async function log(storage: SqliteStorage, id: string): Promise<LogEntry[]> {
  return storage.readLog(id, 0, 1_000);
}

async function pass(tables: Tables, id: string, seat: string, key: string): Promise<number> {
  const { seq } = await tables.info(id);
  return (await tables.submit(id, seat, { seq, key, action: { type: 'pass' } })).seq;
}

describe('bots think in worker threads', () => {
  it("a bot seat's action is chosen in a bot thread and stored as the bot's", async () => {
    // The threaded bot refuses to choose on the main thread: an action stored is a thread's.
    const { storage, tables, reports } = await open(pool());
    const id = await counterMatch(tables, 'threaded');
    await pass(tables, id, '0', 'zero-passes');
    await until(async () => (await log(storage, id)).length >= 2, "the bot's pass");
    const [, answer] = await log(storage, id);
    expect(answer).toMatchObject({ kind: 'action', seat: '1', action: { type: 'pass' } });
    expect(answer!.idempotencyKey).toBe('bot:2');
    expect(reports).toEqual([]);
  });

  it('a bot on the main thread is refused by the threaded bot: the check above can fail', async () => {
    const registry = threadedRegistry();
    const { storage, tables, reports } = await open(inThreadBots(registry));
    const id = await counterMatch(tables, 'threaded');
    await pass(tables, id, '0', 'zero-passes');
    await until(() => reports.length > 0, 'the refusal reported');
    expect(reports[0]).toContain('the threaded bot was asked on the main thread');
    expect(await log(storage, id)).toHaveLength(1);
  });

  for (const where of ['threads', 'main thread'] as const) {
    const outcome =
      where === 'threads' ? 'is answered while the slow bot thinks' : 'waits for the slow bot';
    it(`with bots in ${where}, a move in another match ${outcome}`, async () => {
      const bots = where === 'threads' ? pool() : inThreadBots(threadedRegistry());
      const { tables, thoughts } = await open(bots);
      const slow = await counterMatch(tables, 'slow');
      const other = await counterMatch(tables, null);
      await pass(tables, slow, '0', 'wake-the-slow-bot');
      // Long enough for the bot to be thinking; a busy event loop delays this timer itself.
      await pause(100);
      await pass(tables, other, '0', 'a-person-moves');
      // /metrics is told of a bot's answer the moment it arrives.
      const answeredBefore = thoughts.length;
      await until(() => thoughts.length === 1, "the slow bot's answer");
      expect(answeredBefore).toBe(where === 'threads' ? 0 : 1);
    }, 20_000);
  }

  it('an answer to a position the match has left is dropped, and the bot asked again', async () => {
    const { storage, tables, thoughts } = await open(pool());
    const id = await counterMatch(tables, 'slow');
    const seq = await pass(tables, id, '0', 'first-pass');
    // The slow bot thinks about seat 1's turn; seat 0 takes its pass back meanwhile.
    await pause(200);
    await tables.undo(id, '0', { seq, key: 'take-it-back' });
    await until(() => thoughts.length === 1, "the slow bot's first answer");
    await pause(300);
    const kinds = (await log(storage, id)).map((entry) => `${entry.kind}:${entry.seat}`);
    expect(kinds).toEqual(['action:0', 'undo:0']);
    expect((await tables.view(id, '0')).actions.length).toBeGreaterThan(0);
    await pass(tables, id, '0', 'second-pass');
    await until(async () => (await log(storage, id)).length >= 4, "the bot's second answer");
    const entries = await log(storage, id);
    expect(entries[3]).toMatchObject({
      seq: 4,
      kind: 'action',
      seat: '1',
      action: { type: 'pass' },
    });
    expect(thoughts).toHaveLength(2);
  }, 20_000);

  it('an instant bot answers on the event loop; a reader asked nothing gets its run with one state', async () => {
    // The adder refuses to choose in a bot thread, though the match has threads.
    const { storage, tables, reports } = await open(pool());
    const id = await counterMatch(tables, 'adder');
    const frames: FollowMessage[] = [];
    const { follower } = await tables.follow(id, '0', 0, (message) => frames.push(message));
    cleanups.push(async () => follower.stop());
    await until(() => frames.some((frame) => frame.type === 'state'), 'the welcome');
    const added = await tables.submit(id, '0', { seq: 0, key: 'add', action: { type: 'add' } });
    await pass(tables, id, '0', 'over-to-the-adder');
    expect(added.seq).toBe(1);
    // Seat 1 adds twice (to 3), then passes back.
    await until(async () => (await log(storage, id)).length >= 5, "the adder's run");
    const kinds = (await log(storage, id)).map(
      (entry) =>
        `${entry.seat}:${entry.action ? (entry.action as { type: string }).type : entry.kind}`,
    );
    expect(kinds).toEqual(['0:add', '0:pass', '1:add', '1:add', '1:pass']);
    await until(
      () => frames.some((frame) => frame.type === 'entry' && frame.seq === 5),
      "the adder's run sent",
    );
    const run = frames.filter(
      (frame): frame is EntryFrame => frame.type === 'entry' && frame.seq >= 3,
    );
    expect(run.map((frame) => [frame.seq, frame.state !== undefined])).toEqual([
      [3, false],
      [4, false],
      [5, true],
    ]);
    expect(reports).toEqual([]);
  });

  it('a stand-in for a player out of time thinks in a bot thread too', async () => {
    const { storage, tables, reports } = await open(pool());
    const id = await counterMatch(tables, null, { turnSeconds: 1, bot: 'threaded' });
    await pass(tables, id, '0', 'over-to-seat-one');
    await until(
      async () =>
        (await log(storage, id)).some((entry) => entry.kind === 'action' && entry.seat === '1'),
      'the stand-in to pass for seat 1',
    );
    const entries = await log(storage, id);
    expect(entries[1]).toMatchObject({ kind: 'seat', seat: '1', action: { standIn: 'threaded' } });
    expect(entries[2]).toMatchObject({ kind: 'action', seat: '1', action: { type: 'pass' } });
    expect(entries[2]!.idempotencyKey).toBe('bot:stand-in:3');
    expect(reports).toEqual([]);
  }, 20_000);
});

describe('a bot pool', () => {
  const question = (bot: string) => ({
    ruleset: 'counter',
    bot,
    seat: '0',
    state: {
      total: 0,
      target: 5,
      turn: 0,
      cards: [4, 7],
      peeked: [false, false],
      ready: false,
      owed: null,
      random: [1, 2, 3, 4],
    },
    seed: 'a-secret-seed-0123456789',
  });

  it("reports a bot's failure without the question's seed or state, and answers the next", async () => {
    const bots = pool();
    const failure = await bots.choose(question('faulty')).catch((error: Error) => error.message);
    expect(failure).toBe('the faulty bot failed: the faulty bot has nothing to say');
    expect(await bots.choose(question('threaded'))).toEqual({ type: 'pass' });
  });

  it('replaces a thread that dies, reporting why, and answers with the new one', async () => {
    const reports: string[] = [];
    const bots = pool(1, reports);
    await expect(bots.choose(question('quitter'))).rejects.toThrow(/stopped before it answered/);
    expect(await bots.choose(question('crash'))).toEqual({ type: 'pass' });
    await until(() => reports.length === 2, 'both deaths reported');
    expect(reports[0]).toBe('a bot thread failed and is replaced: it stopped (exit code 3)');
    expect(reports[1]).toBe('a bot thread failed and is replaced: the crash bot ended its thread');
    for (const report of reports) expect(report).not.toContain('a-secret-seed');
    expect(await bots.choose(question('threaded'))).toEqual({ type: 'pass' });
    expect(bots.threads).toBe(1);
  }, 20_000);

  it('refuses questions once closed, and those still queued', async () => {
    const bots = pool(1);
    const failed = (error: Error) => error.message;
    const thinking = bots.choose(question('slow')).catch(failed);
    const queued = bots.choose(question('threaded')).catch(failed);
    expect(bots.waiting()).toBe(2);
    await bots.close();
    expect(await queued).toBe('the bot threads are closed');
    expect(await thinking).toBe('the bot thread stopped before it answered');
    await expect(bots.choose(question('threaded'))).rejects.toThrow(/closed/);
  });
});

describe('main.ts --bot-threads', () => {
  it('refuses a number of threads out of range, naming the flag, and lists it in --help', async () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
        execFile(process.execPath, ['--import', 'tsx', main, ...args], (error, out, err) =>
          resolve({ code: error ? (error.code as number) : 0, out, err }),
        );
      });
    const refused = await run('--bot-threads', '257');
    expect(refused.code).toBe(2);
    expect(refused.err).toContain('--bot-threads must be a whole number from 0 to 256');
    const help = await run('--help');
    expect(help.out).toMatch(/--bot-threads N[\s\S]*TABLETOP_BOT_THREADS/);
  }, 30_000);
});
