/**
 * Does the search Director make each example scene harder for the Heroes
 * than the sensible Director? Every fight is played twice from the same
 * seed (the same opening dice, the same bots' random sources), once with
 * each Director, the Heroes played by the sensible bot both times. For each
 * scene: the Heroes' win rate against each Director with its 95% Wilson
 * interval, and the exact one-sided p-value of the paired comparison
 * (McNemar's test on the fights whose winner changed with the Director).
 * Beside it, the Heroes' Grit boxes filled by the end (a Hero Left for
 * Dead counts all 12), paired the same way, which shows a harder fight
 * even where the Heroes always win; and the search Director's processor
 * seconds per decision, on one core (it plays by a fixed budget of
 * play-outs, so its choices do not depend on the machine).
 *
 * Fights are shared among child processes, one per core by default; each
 * fight's seeds depend only on the scene and its number, so the figures do
 * not depend on how many processes played them.
 *
 * Run: npm run bench:director -- [--json]
 *   BENCH_FIGHTS=100 (per scene and Director), BENCH_PLAYOUTS=the search Director's budget,
 *   BENCH_SEED=bench/director (fight N of a scene is "<BENCH_SEED> <scene> N"),
 *   BENCH_SCENES=all example scenes (a comma-separated list), BENCH_PROCESSES=cores
 */
import { availableParallelism } from 'node:os';
import { botChoice, seedRandom } from '@tabletop/engine';
import {
  directorSeat,
  type ExampleSceneName,
  exampleScene,
  exampleSceneNames,
  type FightBot,
  fightOptionsSchema,
  gritBoxes,
  outgunnedFight,
  searchDirector,
  searchDirectorBudget,
  sensibleFightBot,
} from '@tabletop/outgunned';
import { errorFunction, mean, sampleStandardDeviation } from 'simple-statistics';
import { childShare, inChildProcesses } from './child-processes.js';
import { pairedSignPValue, positiveWhole, rate, round } from './figures.js';

type Director = 'sensible' | 'search';

/** One fight's result. */
interface FightResult {
  scene: ExampleSceneName;
  fight: number;
  director: Director;
  outcome: string;
  heroesWon: boolean;
  /** The Heroes' Grit boxes filled at the end, all of them counted for a Hero Left for Dead. */
  gritFilled: number;
  rounds: number;
  /** The Director's decisions with more than one answer, and the processor seconds spent on them. */
  decisions: number;
  seconds: number;
  slowest: number;
}

const fights = positiveWhole('BENCH_FIGHTS', 100);
const playouts = positiveWhole('BENCH_PLAYOUTS', searchDirectorBudget.playouts);
/** Where the fights come from: a new prefix plays fights the Director was never tuned on. */
const seedPrefix = process.env.BENCH_SEED ?? 'bench/director';
const scenes = (process.env.BENCH_SCENES?.split(',') ?? [...exampleSceneNames]).map((name) => {
  if (!(exampleSceneNames as readonly string[]).includes(name))
    throw new Error(`BENCH_SCENES: "${name}" is not an example scene (${exampleSceneNames})`);
  return name as ExampleSceneName;
});
const directors: Director[] = ['sensible', 'search'];
/** Every fight to play, each pair's two fights side by side. */
const tasks = scenes.flatMap((scene) =>
  Array.from({ length: fights }, (_, fight) =>
    directors.map((director) => ({ scene, fight, director })),
  ).flat(),
);

function playFight(scene: ExampleSceneName, fight: number, director: Director): FightResult {
  const bot: FightBot = director === 'search' ? searchDirector({ playouts }) : sensibleFightBot;
  const seed = `${seedPrefix} ${scene} ${fight}`;
  const state = outgunnedFight.setup(
    fightOptionsSchema.parse({ scene: exampleScene(scene) }),
    seed,
  );
  const random = seedRandom(`bots:${seed}`);
  const result: FightResult = {
    scene,
    fight,
    director,
    outcome: '',
    heroesWon: false,
    gritFilled: 0,
    rounds: 0,
    decisions: 0,
    seconds: 0,
    slowest: 0,
  };
  for (let step = 0; state.outcome === null; step++) {
    if (step > 5000) throw new Error(`fight ${seed} ran past 5000 actions`);
    const seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
    // Processor time, not the clock's: on a shared machine the clock counts other programs too.
    const started = process.cpuUsage();
    const action = botChoice(
      outgunnedFight,
      seat === directorSeat ? bot : sensibleFightBot,
      state,
      seat,
      random,
    );
    if (seat === directorSeat && outgunnedFight.legalActions(state, seat).length > 1) {
      const used = process.cpuUsage(started);
      const seconds = (used.user + used.system) / 1e6;
      result.decisions++;
      result.seconds += seconds;
      result.slowest = Math.max(result.slowest, seconds);
    }
    const outcome = outgunnedFight.apply(state, seat, action);
    if (!outcome.ok) throw new Error(`fight ${seed}: ${outcome.rejection.message}`);
  }
  result.outcome = state.outcome;
  result.heroesWon = state.outcome === 'heroes';
  result.rounds = state.round;
  for (const hero of state.heroes)
    result.gritFilled +=
      hero.status === 'left-for-dead' ? gritBoxes : Math.min(gritBoxes, hero.grit);
  return result;
}

// A child plays the fights it is given and sends each result as it ends.
const share = childShare();
if (share !== null) {
  // Both fights of a pair go to the same child, so that every child plays both Directors.
  tasks.forEach((task, index) => {
    if (Math.floor(index / directors.length) % share.count === share.index)
      process.send!(playFight(task.scene, task.fight, task.director));
  });
  process.exit(0);
}

const json = process.argv.includes('--json');
const processes = Math.min(tasks.length, positiveWhole('BENCH_PROCESSES', availableParallelism()));
const log = (line: string) => {
  if (!json) console.log(line);
};

async function playAll(): Promise<FightResult[]> {
  const started = performance.now();
  return inChildProcesses<FightResult>(import.meta.url, processes, (_, gathered) => {
    if (gathered.length % 20 === 0)
      log(
        `  played ${gathered.length} of ${tasks.length}, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
  });
}

/** A p-value to three significant digits: a tiny one stays readable, not 0. */
function significant(value: number): number {
  return Number(value.toPrecision(3));
}

/** The paired comparison of a scene: win rates, the winner changing, the Grit filled. */
function sceneFigures(scene: ExampleSceneName, results: FightResult[]) {
  const of = (director: Director) =>
    results
      .filter((result) => result.scene === scene && result.director === director)
      .sort((left, right) => left.fight - right.fight);
  const sensible = of('sensible');
  const search = of('search');
  // Pairs where the Heroes beat the sensible Director but lost to the search one, and the other way.
  let harder = 0;
  let easier = 0;
  const gritDifferences: number[] = [];
  sensible.forEach((fight, index) => {
    const twin = search[index]!;
    if (fight.heroesWon && !twin.heroesWon) harder++;
    if (!fight.heroesWon && twin.heroesWon) easier++;
    gritDifferences.push(twin.gritFilled - fight.gritFilled);
  });
  const wins = (side: FightResult[]) => side.filter((fight) => fight.heroesWon).length;
  const gritMean = mean(gritDifferences);
  const gritError =
    gritDifferences.length > 1
      ? sampleStandardDeviation(gritDifferences) / Math.sqrt(gritDifferences.length)
      : 0;
  const decisions = search.reduce((total, fight) => total + fight.decisions, 0);
  const seconds = search.reduce((total, fight) => total + fight.seconds, 0);
  return {
    scene,
    fights: sensible.length,
    heroes_win_rate: {
      sensible_director: rate(wins(sensible), sensible.length),
      search_director: rate(wins(search), search.length),
    },
    pairs_harder: harder,
    pairs_easier: easier,
    // One-sided: the chance of the winner changing this often against the Heroes if the Directors were alike.
    win_p_value: significant(pairedSignPValue(harder, easier)),
    heroes_grit_filled: {
      sensible_director: round(mean(sensible.map((fight) => fight.gritFilled)), 2),
      search_director: round(mean(search.map((fight) => fight.gritFilled)), 2),
      mean_difference: round(gritMean, 3),
      p_value:
        gritError === 0
          ? null
          : round(0.5 * (1 - errorFunction(gritMean / gritError / Math.SQRT2)), 6),
    },
    rounds: {
      sensible_director: round(mean(sensible.map((fight) => fight.rounds)), 2),
      search_director: round(mean(search.map((fight) => fight.rounds)), 2),
    },
    director_decisions: decisions,
    seconds_per_decision: decisions === 0 ? null : round(seconds / decisions, 3),
    slowest_decision_seconds: round(Math.max(0, ...search.map((fight) => fight.slowest)), 3),
  };
}

const started = performance.now();
const results = await playAll();
const report = {
  seed: seedPrefix,
  fights_per_scene: fights,
  playouts_per_decision: playouts,
  processes,
  seconds: round((performance.now() - started) / 1000, 1),
  scenes: scenes.map((scene) => sceneFigures(scene, results)),
};
if (json) console.log(JSON.stringify(report));
else {
  for (const figures of report.scenes) {
    const { sensible_director: sensible, search_director: search } = figures.heroes_win_rate;
    const grit = figures.heroes_grit_filled;
    log(
      `${figures.scene}: Heroes win ${sensible.successes}/${sensible.trials} (${sensible.rate}, 95% ${JSON.stringify(sensible.ci95)}) against the sensible Director, ${search.successes}/${search.trials} (${search.rate}, 95% ${JSON.stringify(search.ci95)}) against the search Director; winner changed against the Heroes in ${figures.pairs_harder} fights, for them in ${figures.pairs_easier}, one-sided p = ${figures.win_p_value}; Grit filled ${grit.sensible_director} / ${grit.search_director} (p = ${grit.p_value}); ${figures.director_decisions} decisions, ${figures.seconds_per_decision ?? '-'} s each, slowest ${figures.slowest_decision_seconds} s`,
    );
  }
  log(
    `${fights} fights per scene and Director, the search Director at ${playouts} play-outs a decision, ${processes} processes, ${report.seconds} s, seed "${seedPrefix}"`,
  );
}
