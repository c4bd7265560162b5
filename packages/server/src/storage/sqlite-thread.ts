import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AppendOutcome, AppendRow } from './sqlite-appends.js';
import type { WriterRequest } from './sqlite-writer.js';
import { StorageError } from './storage.js';

type WriterAnswer =
  | { batch: number; outcomes: AppendOutcome[] }
  | { batch: number; failed: { message: string; code?: string } };

const writerFile = new URL('./sqlite-writer.ts', import.meta.url).href;

/** The writer is TypeScript like the rest: a line of script loads it through tsx, under tsx or not. */
function writerSource(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require('tsx/package.json') as {
    exports: Record<string, { import: { default: string } }>;
  };
  const tsx = new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest)).href;
  return `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(writerFile)}, ${JSON.stringify(writerFile)}))`;
}

/**
 * The server's side of a SQLite file's writer thread: sends it batches of
 * appends and answers each batch's caller once the thread has committed
 * it. If the thread dies, every batch waiting and every later one fails:
 * nothing is acknowledged that was not committed.
 */
export class WriterThread {
  readonly #worker: Worker;
  readonly #waiting = new Map<
    number,
    { resolve: (outcomes: AppendOutcome[]) => void; reject: (error: Error) => void }
  >();
  #next = 0;
  #broken: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (answer: WriterAnswer) => this.#answered(answer));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) =>
      this.#fail(new StorageError(`the SQLite writer stopped (${code})`)),
    );
  }

  /** Starts the thread on `file`, which is migrated already; resolves once it has opened it. */
  static start(file: string): Promise<WriterThread> {
    const worker = new Worker(writerSource(), { eval: true, workerData: { file } });
    return new Promise((resolve, reject) => {
      worker.once('error', reject);
      worker.once('message', () => {
        worker.off('error', reject);
        resolve(new WriterThread(worker));
      });
    });
  }

  /** Commits the rows in one transaction on the thread; the outcome of each, in order. */
  commit(rows: AppendRow[]): Promise<AppendOutcome[]> {
    if (this.#broken) return Promise.reject(this.#broken);
    const batch = this.#next++;
    return new Promise((resolve, reject) => {
      this.#waiting.set(batch, { resolve, reject });
      this.#worker.postMessage({ batch, rows } satisfies WriterRequest);
    });
  }

  #answered(answer: WriterAnswer): void {
    const waiting = this.#waiting.get(answer.batch);
    if (!waiting) return;
    this.#waiting.delete(answer.batch);
    if ('failed' in answer) {
      waiting.reject(Object.assign(new StorageError(answer.failed.message), answer.failed));
    } else waiting.resolve(answer.outcomes);
  }

  #fail(error: Error): void {
    this.#broken ??= error;
    for (const waiting of this.#waiting.values()) waiting.reject(this.#broken);
    this.#waiting.clear();
  }

  /** Closes the thread's connection once the batches sent are answered. */
  async close(): Promise<void> {
    if (this.#broken) return;
    const exited = new Promise<void>((resolve) => this.#worker.once('exit', () => resolve()));
    this.#worker.postMessage('close');
    await exited;
  }
}
