import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { type Seat, seedRandom } from '@tabletop/engine';
import { shorten } from './errors.js';
import type { TableRuleset } from './registry.js';

/**
 * What a bot is asked to choose: everything a thread needs, and nothing the
 * seat may not know. The state is the seat's re-dealt copy (the ruleset's
 * determinize, made on the main thread), never the match's true state.
 */
export interface BotQuestion {
  ruleset: string;
  bot: string;
  seat: Seat;
  state: unknown;
  /** The seed of the bot's own random for this one choice, drawn from the server's bot random. */
  seed: string;
}

/** Where bots think: in threads of their own, or on the caller's (`threads` 0). */
export interface BotRunner {
  readonly threads: number;
  /** The bot's action; rejects when the bot fails or the runner is closed. */
  choose(question: BotQuestion): Promise<unknown>;
  /** Questions asked and not yet answered. */
  waiting(): number;
  close(): Promise<void>;
}

/**
 * Where a thread finds the bots: a module, and the function it exports that
 * makes the table registry (the same bots the main thread serves).
 */
export interface BotSource {
  module: string;
  name: string;
}

/** The server's own rulesets and bots. */
export const serverBotSource: BotSource = {
  module: new URL('./registry.ts', import.meta.url).href,
  name: 'createTableRegistry',
};

/** The bot threads a server runs when not told: a core is left to the event loop. */
export function defaultBotThreads(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** The most bot threads a setting may ask for. */
export const mostBotThreads = 256;

/** Asks the registry's bot the question; the same on the main thread and in a worker. */
export function answerQuestion(
  registry: ReadonlyMap<string, TableRuleset>,
  question: BotQuestion,
): unknown {
  const table = registry.get(question.ruleset);
  const bot = table && Object.hasOwn(table.bots, question.bot) ? table.bots[question.bot] : null;
  if (!bot) throw new Error(`no ${question.ruleset} bot "${question.bot}" is served`);
  return bot.choose(question.state, question.seat, seedRandom(question.seed));
}

/** Bots that think on the caller's thread: for tests and hosts with a single core. */
export function inThreadBots(registry: ReadonlyMap<string, TableRuleset>): BotRunner {
  return {
    threads: 0,
    choose: async (question) => answerQuestion(registry, question),
    waiting: () => 0,
    close: async () => {},
  };
}

interface Task {
  question: BotQuestion;
  resolve(action: unknown): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  task: Task | null;
}

/** Threads that may die in a row, none answering, before the pool gives up replacing them. */
const mostFailuresInARow = 3;

/** What a worker sends back for each question. */
export type BotAnswer = { action: unknown } | { error: string };

/**
 * The file a worker starts from: plain JavaScript that registers tsx, so
 * that a worker loads the TypeScript sources however its process was
 * started (`tsx`, `node --import tsx`, the `tabletop` command, a test runner).
 */
const threadEntry = new URL('./bot-thread.mjs', import.meta.url);

export interface BotPoolOptions {
  threads: number;
  source?: BotSource;
  /** Where a failed thread is reported (with its error's message, never a question). */
  report(message: string): void;
}

/**
 * Bots thinking in worker threads, one question per thread at a time, the
 * rest queued in the order asked. A thread that dies is reported and
 * replaced; the question it held is refused.
 */
export class BotPool implements BotRunner {
  readonly threads: number;
  readonly #source: BotSource;
  readonly #report: (message: string) => void;
  readonly #all = new Set<Thread>();
  readonly #idle: Thread[] = [];
  readonly #queue: Task[] = [];
  #closed = false;
  /** Threads that died in a row without answering: past a few, the bots cannot run here at all. */
  #failuresInARow = 0;
  /** Why no thread can run (its module does not load, say); null while they can. */
  #broken: string | null = null;

  constructor(options: BotPoolOptions) {
    if (!Number.isInteger(options.threads) || options.threads < 1) {
      throw new RangeError(
        `a bot pool needs a whole number of threads from 1, not ${options.threads}`,
      );
    }
    this.threads = options.threads;
    this.#source = options.source ?? serverBotSource;
    this.#report = options.report;
    for (let index = 0; index < this.threads; index++) this.#idle.push(this.#start());
  }

  choose(question: BotQuestion): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('the bot threads are closed'));
    if (this.#broken) return Promise.reject(new Error(`no bot thread can run: ${this.#broken}`));
    return new Promise((resolve, reject) => {
      this.#queue.push({ question, resolve, reject });
      this.#dispatch();
    });
  }

  waiting(): number {
    return this.#queue.length + [...this.#all].filter((thread) => thread.task !== null).length;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const task of this.#queue.splice(0)) task.reject(new Error('the bot threads are closed'));
    await Promise.all([...this.#all].map((thread) => thread.worker.terminate()));
  }

  #dispatch(): void {
    while (this.#idle.length > 0 && this.#queue.length > 0) {
      const thread = this.#idle.pop()!;
      const task = this.#queue.shift()!;
      thread.task = task;
      thread.worker.postMessage(task.question);
    }
  }

  #start(): Thread {
    const worker = new Worker(threadEntry, { workerData: this.#source });
    const thread: Thread = { worker, task: null };
    this.#all.add(thread);
    let failure: string | null = null;
    worker.on('message', (answer: BotAnswer) => this.#answered(thread, answer));
    worker.on('error', (error) => {
      failure = shorten(error.message);
    });
    worker.on('exit', (code) => this.#ended(thread, failure ?? `it stopped (exit code ${code})`));
    return thread;
  }

  #answered(thread: Thread, answer: BotAnswer): void {
    const task = thread.task;
    thread.task = null;
    this.#failuresInARow = 0;
    this.#idle.push(thread);
    this.#dispatch();
    if (!task) return;
    if ('error' in answer) task.reject(new Error(answer.error));
    else task.resolve(answer.action);
  }

  /** A thread ended: terminated at close, or dead (reported, and another takes its place). */
  #ended(thread: Thread, why: string): void {
    this.#all.delete(thread);
    const idle = this.#idle.indexOf(thread);
    if (idle !== -1) this.#idle.splice(idle, 1);
    thread.task?.reject(new Error('the bot thread stopped before it answered'));
    thread.task = null;
    if (this.#closed || this.#broken) return;
    this.#failuresInARow++;
    if (this.#failuresInARow > mostFailuresInARow) {
      this.#broken = why;
      this.#report(`no bot thread can run, bots stop: ${why}`);
      for (const task of this.#queue.splice(0))
        task.reject(new Error(`no bot thread can run: ${why}`));
      return;
    }
    this.#report(`a bot thread failed and is replaced: ${why}`);
    this.#idle.push(this.#start());
    this.#dispatch();
  }
}
