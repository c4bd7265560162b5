/**
 * A child process of the bots benchmark: the single-threaded search on the
 * mid-game, in a process of its own. It warms up for the seconds it is
 * given, says it is ready, then answers each message (a number of
 * iterations) with the iterations per second of a search that long. Two of
 * them searching at once show what this machine gives two independent
 * searches: the ceiling for root parallelism's speed-up.
 */
import { botInput, searchIsmcts, seedRandom } from '@tabletop/engine';
import { createNemesis, nemesisSearchOptions } from '@tabletop/nemesis';
import { midGame } from './mid-game.js';

const nemesis = createNemesis();
const { state, seat } = midGame(nemesis);
const input = botInput(nemesis, state, seat, seedRandom(`bench/bots process ${process.argv[3]}`));
const options = nemesisSearchOptions(nemesis);
searchIsmcts(nemesis, input, { ...options, milliseconds: Number(process.argv[2]) * 1000 });
process.on('message', (iterations: number) => {
  const start = performance.now();
  const report = searchIsmcts(nemesis, input, { ...options, iterations });
  process.send!(report.iterations / ((performance.now() - start) / 1000));
});
process.send!('ready');
