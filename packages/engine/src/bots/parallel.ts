import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { seedRandom } from '../random.js';
import type { Ruleset, Seat } from '../ruleset.js';
import type { BotInput } from './bot.js';
import { type IsmctsOptions, mostVisited, type RootStatistic } from './ismcts.js';

/**
 * What a worker needs to search for a ruleset. A ruleset's functions cannot
 * cross threads, so each worker imports `module` and calls its export
 * `name` with the ruleset id: that gives the ruleset, built as the main
 * thread built it, and the search options (rollout policy, evaluation).
 */
export interface SearchSetupSource {
  /** A module URL (file:...) or package specifier. */
  module: string;
  /** The export: `(id: string) => SearchSetup`. */
  name: string;
  id: string;
}

export interface SearchSetup<State = unknown, Action = unknown> {
  ruleset: Ruleset<State, Action, unknown, unknown>;
  options: Omit<IsmctsOptions<State, Action>, 'iterations' | 'milliseconds'>;
}

/** A worker's task: a state consistent with the seat's view, and a budget. */
export interface WorkerTask {
  stand: unknown;
  seat: Seat;
  seed: string;
  iterations?: number;
  milliseconds?: number;
}

export interface WorkerAnswer {
  iterations: number;
  root: RootStatistic[];
}

const workerFile = new URL('./ismcts-worker.ts', import.meta.url).href;

/**
 * The worker is TypeScript, like the rest of the sources: a small script
 * loads it through tsx, whether or not the main thread runs under tsx.
 */
function bootstrap(): string {
  // The ES module entry of tsx/esm/api, as tsx's own exports map names it.
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const exports = createRequire(import.meta.url)('tsx/package.json').exports as Record<
    string,
    { import: { default: string } }
  >;
  const tsx = new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(workerFile)}, ${JSON.stringify(workerFile)}))`;
}

/**
 * Root parallelism: every worker grows its own tree from its own re-deals
 * for the same budget, and the choice is the action most visited in all of
 * them together.
 */
export class ParallelIsmcts {
  readonly #workers: Worker[];
  readonly #ready: Promise<void>[];

  constructor(source: SearchSetupSource, workers: number) {
    if (!Number.isInteger(workers) || workers < 1)
      throw new RangeError(`workers must be a whole number of at least 1, not ${workers}`);
    this.#workers = [];
    this.#ready = [];
    for (let index = 0; index < workers; index++) {
      const worker = new Worker(bootstrap(), { eval: true, workerData: source });
      this.#ready.push(
        new Promise((resolve, reject) => {
          worker.once('message', () => resolve());
          worker.once('error', reject);
        }),
      );
      this.#workers.push(worker);
    }
  }

  /** Searches with every worker and reports the summed root and iterations. */
  async search<State, Action, View>(
    input: Pick<BotInput<State, Action, View>, 'seat' | 'determinize'>,
    budget: { iterations?: number; milliseconds?: number },
    seed: string,
  ): Promise<WorkerAnswer> {
    await Promise.all(this.#ready);
    // The workers are sent one re-deal: it holds nothing the seat cannot see,
    // and re-dealing it again gives what re-dealing the true state would.
    const stand = input.determinize(seedRandom(`stand-in:${seed}`));
    const answers = await Promise.all(
      this.#workers.map(
        (worker, index) =>
          new Promise<WorkerAnswer>((resolve, reject) => {
            const onError = (error: Error) => reject(error);
            worker.once('error', onError);
            worker.once('message', (answer: WorkerAnswer | { error: string }) => {
              worker.off('error', onError);
              if ('error' in answer) reject(new Error(answer.error));
              else resolve(answer);
            });
            worker.postMessage({
              stand,
              seat: input.seat,
              seed: `${seed}:${index}`,
              ...budget,
            } satisfies WorkerTask);
          }),
      ),
    );
    return {
      iterations: answers.reduce((sum, answer) => sum + answer.iterations, 0),
      root: answers.flatMap((answer) => answer.root),
    };
  }

  async choose<State, Action, View>(
    input: BotInput<State, Action, View>,
    budget: { iterations?: number; milliseconds?: number },
    seed: string,
  ): Promise<Action> {
    if (input.legal.length === 1) return input.legal[0]!;
    const report = await this.search(input, budget, seed);
    return mostVisited(input.legal, report.root);
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }
}
