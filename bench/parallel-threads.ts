/**
 * Where a root-parallel search's time goes: the bots benchmark's rounds (1
 * and 2 workers taking turns, BENCH_WORKER_ITERATIONS each, ROUNDS rounds),
 * and for each round the CPU time of every thread of the process (Linux
 * only, from /proc): the workers' own, and the rest, mostly V8's helper
 * threads compiling optimized code and collecting garbage. With one worker
 * those helpers run on an idle core; with two they compete with the
 * workers. Each round also gives the wall time the round would take on two
 * otherwise idle cores (the larger of the busiest thread's time and half
 * the total), for a machine shared with others.
 * Run: npx tsx bench/parallel-threads.ts   (WORKERS=1,2 ROUNDS=3 by default;
 *   add node flags such as --single-threaded-gc to compare, as a diagnosis)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { botInput, ParallelIsmcts, seedRandom } from '@tabletop/engine';
import { createNemesis } from '@tabletop/nemesis';
import { midGame } from './mid-game.js';

const nemesis = createNemesis();
const { state, seat } = midGame(nemesis);
const input = botInput(nemesis, state, seat, seedRandom('bench/bots search'));
/** CPU time (in clock ticks) of each thread of this process. */
function threads(): Map<string, { name: string; ticks: number }> {
  const out = new Map<string, { name: string; ticks: number }>();
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(tid, { name, ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The thread ended between listing and reading: it has nothing more to count.
    }
  }
  return out;
}
const perWorker = Number(process.env.BENCH_WORKER_ITERATIONS ?? 5000);
const counts = (process.env.WORKERS ?? '1,2').split(',').map(Number);
const source = { module: '@tabletop/nemesis', name: 'nemesisSearchSetup', id: 'nemesis' };
const pools = counts.map((count) => new ParallelIsmcts(source, count));
for (const pool of pools) await pool.search(input, { iterations: 100 }, 'warm-up');
const rounds = Number(process.env.ROUNDS ?? 3);
for (let round = 0; round < rounds; round++)
  for (const [index, pool] of pools.entries()) {
    const load = loadavg()[0]!.toFixed(2);
    const before = threads();
    const start = performance.now();
    const report = await pool.search(input, { iterations: perWorker }, `round ${round}`);
    const wall = (performance.now() - start) / 1000;
    const after = threads();
    const used: number[] = [];
    for (const [tid, { ticks }] of after) used.push((ticks - (before.get(tid)?.ticks ?? 0)) / 100);
    used.sort((left, right) => right - left);
    const total = used.reduce((sum, seconds) => sum + seconds, 0);
    // The busiest threads are the workers'.
    const workers = used.slice(0, counts[index]!).reduce((sum, seconds) => sum + seconds, 0);
    const idle = Math.max(used[0] ?? 0, total / 2);
    console.log(
      `${counts[index]} worker(s): ${Math.round(report.iterations / wall)} iterations/s (wall ${wall.toFixed(2)} s, load average ${load}); CPU: workers ${workers.toFixed(2)} s, other threads ${(total - workers).toFixed(2)} s; on two idle cores ${idle.toFixed(2)} s, ${Math.round(report.iterations / idle)} iterations/s`,
    );
  }
await Promise.all(pools.map((pool) => pool.close()));
