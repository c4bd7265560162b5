import { parentPort, workerData } from 'node:worker_threads';
import { seedRandom } from '../random.js';
import { searchIsmcts } from './ismcts.js';
import type { SearchSetup, SearchSetupSource, WorkerAnswer, WorkerTask } from './parallel.js';

// One worker of a root-parallel ISMCTS: builds its ruleset from the source, says it is ready, then searches on request.
const source = workerData as SearchSetupSource;
const loaded = (await import(source.module)) as Record<string, (id: string) => SearchSetup>;
const build = loaded[source.name];
if (typeof build !== 'function')
  throw new Error(`${source.module} has no export "${source.name}" that builds a search setup`);
const setup = build(source.id);
parentPort!.on('message', (task: WorkerTask) => {
  try {
    const report = searchIsmcts(
      setup.ruleset,
      {
        seat: task.seat,
        determinize: (random) => setup.ruleset.determinize(task.stand, task.seat, random),
        random: seedRandom(task.seed),
      },
      { ...setup.options, iterations: task.iterations, milliseconds: task.milliseconds },
    );
    parentPort!.postMessage(report satisfies WorkerAnswer);
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
parentPort!.postMessage('ready');
