/**
 * Bots benchmark: how fast ISMCTS searches Nemesis, how much a second
 * worker adds, and how ISMCTS seats fare against the sensible bot in
 * Nemesis games and Outgunned fights.
 *
 * - Iterations per second: single-threaded ISMCTS (random rollouts by kind,
 *   cut short after `nemesisRolloutLimit` actions and scored by survival) on a 4-player
 *   mid-game Nemesis state where the acting seat has a choice. Anchor: the
 *   same search on the kernel's dice duel, in the same process.
 * - Speed-up: root-parallel ISMCTS with 2 workers against 1, each worker
 *   given the same iterations, in alternating rounds after an unmeasured
 *   warm-up each; the median rate of each, with the machine's cores and load
 *   average, as others may share them. Beside it, the machine's ceiling: the
 *   same search in two separate processes at once against one alone.
 * - Single-threaded rates are measured after a warm-up (BENCH_WARM_UP_SECONDS).
 * - Nemesis: 4-player games, seats 0 and 1 ISMCTS, seats 2 and 3 sensible;
 *   survival and wins (after the victory check) per kind of seat, with a
 *   95% Wilson interval.
 * - Outgunned: the built-in fight with the sensible bot on every seat, then
 *   with an ISMCTS Director, then with ISMCTS heroes; the heroes' win rate
 *   with a 95% Wilson interval.
 * Run: npx tsx bench/bots.ts [--json]   (BENCH_SECONDS=2, BENCH_WARM_UP_SECONDS=10, BENCH_GAMES=4,
 *   BENCH_FIGHTS=20, BENCH_ITERATIONS=50, BENCH_WORKER_ITERATIONS=5000, BENCH_ROUNDS=5 by default)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  botChoice,
  botInput,
  diceDuel,
  ismctsBot,
  ParallelIsmcts,
  type RandomState,
  searchIsmcts,
  seedRandom,
} from '@tabletop/engine';
import {
  createNemesis,
  ismctsNemesisBot,
  type NemesisBot,
  nemesisSearchOptions,
  sensibleBot,
} from '@tabletop/nemesis';
import { type FightState, outgunnedFight, sensibleFightBot } from '@tabletop/outgunned';
import { median } from 'simple-statistics';
import { rate, round } from './figures.js';
import { midGame } from './mid-game.js';

const json = process.argv.includes('--json');
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const warmUpSeconds = Number(process.env.BENCH_WARM_UP_SECONDS ?? 10);
const games = Number(process.env.BENCH_GAMES ?? 4);
const fights = Number(process.env.BENCH_FIGHTS ?? 20);
const iterations = Number(process.env.BENCH_ITERATIONS ?? 50);
const goalIterationsPerSecond = 1_000;
const goalSpeedUp = 1.8;

const nemesis = createNemesis();
const log = (line: string) => {
  if (!json) console.log(line);
};

// 1. Iterations per second, once warm: V8 takes some seconds of searching to
// settle on optimized code for the rules (a cold first second of a Nemesis
// search runs at a third of the speed it reaches), and a bot that plays a
// game searches far longer than that. Each search warms up unmeasured first.
const { state: middle, seat: middleSeat } = midGame(nemesis);
const middleInput = botInput(nemesis, middle, middleSeat, seedRandom('bench/bots search'));
const nemesisOptions = nemesisSearchOptions(nemesis);
searchIsmcts(nemesis, middleInput, { ...nemesisOptions, milliseconds: warmUpSeconds * 1000 });
const nemesisSearch = searchIsmcts(nemesis, middleInput, {
  ...nemesisOptions,
  milliseconds: seconds * 1000,
});
const nemesisRate = nemesisSearch.iterations / seconds;
const duelState = diceDuel.setup({ health: 20 }, 'bench/bots duel');
const duelInput = botInput(diceDuel, duelState, '0', seedRandom('duel'));
searchIsmcts(diceDuel, duelInput, { milliseconds: warmUpSeconds * 1000 });
const duelSearch = searchIsmcts(diceDuel, duelInput, { milliseconds: seconds * 1000 });
const duelRate = duelSearch.iterations / seconds;
log(
  `ISMCTS on a 4-player Nemesis mid-game (round ${middle.round}, seat ${middleSeat}, ${nemesis.legalActions(middle, middleSeat).length} legal actions): ${Math.round(nemesisRate)} iterations/s (goal ${goalIterationsPerSecond}), after ${warmUpSeconds} s of warm-up; anchor: the dice duel ${Math.round(duelRate)} iterations/s (ratio ${round(duelRate / nemesisRate, 1)})`,
);

// 2. Root parallelism: 1 and 2 workers take turns, each round a fixed share
// of iterations per worker; the median round of each counts, so a burst of
// load from elsewhere on the machine, or a lucky round, sways it little.
// Each pool first searches as long as the warm-up above, unmeasured: a pool lives as long
// as its table, and until V8 has optimized the rules' code it compiles on a
// helper thread, which a lone worker gets for free on the idle core while
// two workers must share theirs with it. The steady state is what counts.
const source = { module: '@tabletop/nemesis', name: 'nemesisSearchSetup', id: 'nemesis' };
// Rounds of well under a second are swayed by starting the search in each worker more
// than by the search itself: the share makes a round last most of a second.
const perWorker = Number(process.env.BENCH_WORKER_ITERATIONS ?? 5000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
async function parallelRates(): Promise<{ one: number; two: number }> {
  const pools = [new ParallelIsmcts(source, 1), new ParallelIsmcts(source, 2)];
  const rates: [number[], number[]] = [[], []];
  try {
    for (const pool of pools)
      await pool.search(middleInput, { milliseconds: warmUpSeconds * 1000 }, 'warm-up');
    for (let round = 0; round < rounds; round++) {
      for (const [index, pool] of pools.entries()) {
        const start = performance.now();
        const report = await pool.search(middleInput, { iterations: perWorker }, `round ${round}`);
        rates[index]!.push(report.iterations / ((performance.now() - start) / 1000));
      }
    }
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
  return { one: median(rates[0]), two: median(rates[1]) };
}
const loadBefore = loadavg()[0]!;
const { one: oneWorker, two: twoWorkers } = await parallelRates();

// 2b. The machine's ceiling: the same search in two separate processes at once,
// against one alone (medians of the same rounds). Nothing is shared between
// them but the machine, so what two of them lose is the machine's: caches,
// memory and the clock speed two busy cores run at.
async function processRates(): Promise<{ one: number; two: number }> {
  const children = [0, 1].map((index) =>
    fork(
      fileURLToPath(new URL('./search-process.ts', import.meta.url)),
      [`${warmUpSeconds}`, `${index}`],
      {
        execArgv: ['--import', 'tsx'],
      },
    ),
  );
  const next = (child: ChildProcess) =>
    new Promise<unknown>((resolve, reject) => {
      child.once('error', reject);
      child.once('message', (message) => {
        child.off('error', reject);
        resolve(message);
      });
    });
  try {
    await Promise.all(children.map(next));
    const alone: number[] = [];
    const together: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const single = next(children[0]!);
      children[0]!.send(perWorker);
      alone.push((await single) as number);
      const pair = children.map(next);
      for (const child of children) child.send(perWorker);
      const rates = (await Promise.all(pair)) as number[];
      together.push(rates[0]! + rates[1]!);
    }
    return { one: median(alone), two: median(together) };
  } finally {
    for (const child of children) child.kill();
  }
}
const { one: oneProcess, two: twoProcesses } = await processRates();
const load = loadavg()[0]!;
log(
  `root parallelism: 1 worker ${Math.round(oneWorker)} iterations/s, 2 workers ${Math.round(twoWorkers)} iterations/s, speed-up ${round(twoWorkers / oneWorker, 2)}x (goal ${goalSpeedUp}x), medians of ${rounds} rounds of ${perWorker} iterations a worker; ${availableParallelism()} cores, load average ${round(loadBefore, 1)} before and ${round(load, 1)} after (other processes share them)`,
);
log(
  `the machine's ceiling: the search alone in 1 process ${Math.round(oneProcess)} iterations/s, in 2 processes at once ${Math.round(twoProcesses)} in all, ${round(twoProcesses / oneProcess, 2)}x; root parallelism reaches ${round(twoWorkers / oneWorker / (twoProcesses / oneProcess), 2)} of it`,
);

// 3. Nemesis games: ISMCTS seats 0 and 1 against sensible seats 2 and 3.
const searcher = ismctsNemesisBot(nemesis, { iterations });
const sensible = sensibleBot(nemesis);
const seatsOf: NemesisBot[] = [searcher, searcher, sensible, sensible];
const survived = { ismcts: 0, sensible: 0 };
const won = { ismcts: 0, sensible: 0 };
const characters = { ismcts: 0, sensible: 0 };
const endings: Record<string, number> = {};
for (let game = 0; game < games; game++) {
  const seed = `bench/bots game ${game}`;
  const state = nemesis.setup(nemesis.options.parse({ players: 4 }), seed);
  const random: RandomState = seedRandom(`bots:${seed}`);
  for (let step = 0; state.over === null; step++) {
    if (step > 5000) throw new Error(`game ${seed} ran past 5000 actions`);
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    const bot = seatsOf[Number(seat)]!;
    const outcome = nemesis.apply(state, seat, botChoice(nemesis, bot, state, seat, random));
    if (!outcome.ok) throw new Error(`game ${seed}: ${outcome.rejection.message}`);
  }
  endings[state.over.reason] = (endings[state.over.reason] ?? 0) + 1;
  // Who survived and who won, after the victory check (a sleeper can still die at the end).
  for (const fate of state.over.victory.fates) {
    const kind = Number(fate.seat) < 2 ? 'ismcts' : 'sensible';
    characters[kind]++;
    if (fate.survivedBy !== null) survived[kind]++;
    if (fate.winner) won[kind]++;
  }
  log(`  Nemesis game ${game + 1}/${games}: ${state.over.reason}`);
}
const nemesisGames = {
  games,
  iterations_per_choice: iterations,
  endings,
  survival: {
    ismcts: rate(survived.ismcts, characters.ismcts),
    sensible: rate(survived.sensible, characters.sensible),
  },
  wins: {
    ismcts: rate(won.ismcts, characters.ismcts),
    sensible: rate(won.sensible, characters.sensible),
  },
};
log(
  `Nemesis, ${games} four-player games (seats 0-1 ISMCTS at ${iterations} iterations a choice, 2-3 sensible): survival ISMCTS ${survived.ismcts}/${characters.ismcts} ${JSON.stringify(nemesisGames.survival.ismcts.ci95)}, sensible ${survived.sensible}/${characters.sensible} ${JSON.stringify(nemesisGames.survival.sensible.ci95)}; endings ${JSON.stringify(endings)}; wins ISMCTS ${won.ismcts}/${characters.ismcts} ${JSON.stringify(nemesisGames.wins.ismcts.ci95)}, sensible ${won.sensible}/${characters.sensible} ${JSON.stringify(nemesisGames.wins.sensible.ci95)}`,
);

// 4. Outgunned: the heroes' win rate with sensible seats, an ISMCTS Director, ISMCTS heroes.
const fightSearcher = ismctsBot(outgunnedFight, { iterations, rolloutLimit: 200 });
type Who = 'sensible' | 'director' | 'heroes';
function playFight(who: Who, index: number): boolean {
  const seed = `bench/bots fight ${index}`;
  const state: FightState = outgunnedFight.setup(outgunnedFight.options.parse({}), seed);
  const random = seedRandom(`bots:${seed}`);
  for (let step = 0; state.outcome === null; step++) {
    if (step > 5000) throw new Error(`fight ${seed} ran past 5000 actions`);
    const seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
    const searches = (who === 'director') === (seat === 'director') && who !== 'sensible';
    const action = botChoice(
      outgunnedFight,
      searches ? fightSearcher : sensibleFightBot,
      state,
      seat,
      random,
    );
    const outcome = outgunnedFight.apply(state, seat, action);
    if (!outcome.ok) throw new Error(`fight ${seed}: ${outcome.rejection.message}`);
  }
  return state.outcome === 'heroes';
}
function rateFights(who: Who): ReturnType<typeof rate> {
  let heroesWon = 0;
  for (let index = 0; index < fights; index++) if (playFight(who, index)) heroesWon++;
  const rated = rate(heroesWon, fights);
  log(
    `Outgunned, ${fights} fights of the built-in scene, ${who === 'sensible' ? 'sensible bot on every seat' : who === 'director' ? 'ISMCTS Director, sensible heroes' : 'ISMCTS heroes, sensible Director'}: heroes win ${heroesWon}/${fights} ${JSON.stringify(rated.ci95)}`,
  );
  return rated;
}
const outgunned: Record<Who, ReturnType<typeof rate>> = {
  sensible: rateFights('sensible'),
  director: rateFights('director'),
  heroes: rateFights('heroes'),
};

if (json)
  console.log(
    JSON.stringify({
      nemesis_iterations_per_second: Math.round(nemesisRate),
      goal_iterations_per_second: goalIterationsPerSecond,
      anchor_duel_iterations_per_second: Math.round(duelRate),
      root_parallel: {
        one_worker: Math.round(oneWorker),
        two_workers: Math.round(twoWorkers),
        speed_up: round(twoWorkers / oneWorker, 2),
        goal: goalSpeedUp,
        cores: availableParallelism(),
        rounds,
        iterations_per_worker: perWorker,
        load_average_before: round(loadBefore, 1),
        two_processes_ceiling: {
          one_process: Math.round(oneProcess),
          two_processes: Math.round(twoProcesses),
          speed_up: round(twoProcesses / oneProcess, 2),
        },
        load_average: round(load, 1),
      },
      nemesis_games: nemesisGames,
      outgunned_heroes_win_rate: outgunned,
    }),
  );
