/**
 * A fixed number of ISMCTS iterations on the bots benchmark's 4-player
 * Nemesis mid-game state, for profiling: node --cpu-prof --import tsx bench/ismcts-profile.ts
 * Prints the iterations per second (of wall-clock and of CPU time), and the
 * dice duel's as an anchor.
 * (ISMCTS_ITERATIONS=2000 by default.)
 */
import { botChoice, botInput, diceDuel, searchIsmcts, seedRandom } from '@tabletop/engine';
import { createNemesis, nemesisSearchOptions, sensibleBot } from '@tabletop/nemesis';

const iterations = Number(process.env.ISMCTS_ITERATIONS ?? 2000);
const nemesis = createNemesis();
const state = nemesis.setup(nemesis.options.parse({ players: 4 }), 'bench/bots mid-game');
const random = seedRandom('bench/bots sensible');
let seat = '0';
for (let step = 0; step < 2000 && state.over === null; step++) {
  seat = nemesis.prompts(state)[0]!.seats[0]!;
  if (step >= 120 && nemesis.legalActions(state, seat).length > 2) break;
  nemesis.apply(state, seat, botChoice(nemesis, sensibleBot(nemesis), state, seat, random));
}
const input = botInput(nemesis, state, seat, seedRandom('bench/bots search'));
const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
let cpuStart = cpu();
let start = performance.now();
const report = searchIsmcts(nemesis, input, {
  ...nemesisSearchOptions(nemesis),
  iterations,
});
const nemesisRate = report.iterations / ((performance.now() - start) / 1000);
const nemesisCpuRate = report.iterations / (cpu() - cpuStart);
const duel = diceDuel.setup({ health: 20 }, 'bench/bots duel');
cpuStart = cpu();
start = performance.now();
const duelReport = searchIsmcts(diceDuel, botInput(diceDuel, duel, '0', seedRandom('duel')), {
  iterations: Number(process.env.DUEL_ITERATIONS ?? iterations * 20),
});
const duelRate = duelReport.iterations / ((performance.now() - start) / 1000);
const duelCpuRate = duelReport.iterations / (cpu() - cpuStart);
console.log(
  JSON.stringify({
    nemesis: Math.round(nemesisRate),
    duel: Math.round(duelRate),
    ratio: Number((nemesisRate / duelRate).toFixed(4)),
    // Per second of this process's own CPU time: less swayed by others sharing the cores.
    nemesisCpu: Math.round(nemesisCpuRate),
    duelCpu: Math.round(duelCpuRate),
    root: report.root.map((r) => `${r.key}:${r.visits}`),
  }),
);
