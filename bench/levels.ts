/**
 * Are the Nemesis levels ordered? Each step of the ladder (easy against
 * normal, normal against hard) is played at the same tables: four-player
 * games in mirrored pairs, both dealt from the same seed (the same
 * characters, Objectives, rooms and decks), the lower level at seats 0 and
 * 1 and the upper at 2 and 3 in the first game, swapped in the second. So
 * every character of a deal is played once by each level, and the order of
 * play favours neither. Fates come after the victory check.
 *
 * The test is the sign test over deals: in each deal, the upper level's
 * survivors (or winners) over both games less the lower level's. Deals are
 * independent of one another, while the characters at one table are not (a
 * ship that explodes kills everyone aboard), so the deal is the unit; a
 * deal where both levels did as well carries no sign. A step's p-value is
 * one-sided, for "the upper level does better"; `ordered_p_value` is the
 * largest of the steps' survival p-values: the ladder is shown ordered at a
 * level of significance when every step is. Rates come with 95% Wilson
 * intervals, and each level's seconds per decision (decisions with more
 * than one legal action, on one core per process) with their median and
 * 95th percentile.
 *
 * Games are shared among child processes; each game's seeds depend only on
 * its step and number, so the figures do not depend on how many processes
 * played them (the seconds do, on a busy machine).
 *
 * Run: npx tsx bench/levels.ts [--json]
 *   BENCH_DEALS=100 (deals per step, each played twice; or one count per step, "400,100"),
 *   BENCH_PROCESSES=1,
 *   BENCH_STEPS=easy-normal,normal-hard (the steps to play),
 *   BENCH_SEED=bench/levels/frozen (deal N of a step is "<BENCH_SEED> <step> deal N"),
 *   BENCH_RESULTS=<file> also appends each game's result there, a JSON line each, as it ends,
 *   BENCH_FROM=<file> reports on the results such a file holds instead of playing
 *   (with BENCH_SEED and BENCH_DEALS as in the run that wrote it; its seconds are then the
 *   decisions' alone)
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { botChoice, seedRandom } from '@tabletop/engine';
import { createNemesis, type LevelName, levelNames, nemesisLevels } from '@tabletop/nemesis';
import { childShare, inChildProcesses } from './child-processes.js';
import {
  countFate,
  emptyTally,
  mirroredSeats,
  orderedPValue,
  percentile,
  positiveWhole,
  rate,
  round,
  type SignTest,
  type StepGameResult,
  signTest,
} from './figures.js';

interface Step {
  lower: LevelName;
  upper: LevelName;
}

type GameResult = StepGameResult;

const ladder: Step[] = levelNames
  .slice(1)
  .map((upper, index) => ({ lower: levelNames[index]!, upper }));
const stepName = ({ lower, upper }: Step) => `${lower}-${upper}`;
const chosenSteps = (process.env.BENCH_STEPS ?? ladder.map(stepName).join(',')).split(',');
for (const name of chosenSteps)
  if (!ladder.some((step) => stepName(step) === name))
    throw new Error(
      `BENCH_STEPS: no step "${name.slice(0, 40)}"; the steps are ${ladder.map(stepName).join(', ')}`,
    );
const steps = ladder.filter((step) => chosenSteps.includes(stepName(step)));
/** Deals per step: one number for every step, or one per step in the order of BENCH_STEPS. */
const dealCounts = (process.env.BENCH_DEALS ?? '100').split(',').map((text) => {
  const count = Number(text);
  if (!Number.isInteger(count) || count < 1)
    throw new Error(`BENCH_DEALS must be whole numbers of at least 1, not "${text.slice(0, 40)}"`);
  return count;
});
if (dealCounts.length !== 1 && dealCounts.length !== steps.length)
  throw new Error(`BENCH_DEALS: give one count, or one for each of the ${steps.length} steps`);
const dealsOf = (index: number) => dealCounts[dealCounts.length === 1 ? 0 : index]!;
/** Where the deals come from: the levels were never tuned on this prefix's deals. */
const seedPrefix = process.env.BENCH_SEED ?? 'bench/levels/frozen';
const games = steps.flatMap((step, index) =>
  Array.from({ length: 2 * dealsOf(index) }, (_, game) => ({ step, game })),
);

function playGame(step: Step, game: number): GameResult {
  const nemesis = createNemesis();
  const bots = nemesisLevels(nemesis);
  const lowerSeats = mirroredSeats(game);
  const seed = `${seedPrefix} ${stepName(step)} deal ${Math.floor(game / 2)}`;
  const state = nemesis.setup(nemesis.options.parse({ players: 4 }), seed);
  const random = seedRandom(`bots:${seed}`);
  const result: GameResult = {
    step: stepName(step),
    game,
    ending: '',
    tally: { lower: emptyTally(), upper: emptyTally() },
    seconds: { lower: [], upper: [] },
  };
  for (let actions = 0; state.over === null; actions++) {
    if (actions > 5000) throw new Error(`game ${seed} ran past 5000 actions`);
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    const side = lowerSeats.includes(seat) ? 'lower' : 'upper';
    const asked = nemesis.legalActions(state, seat).length;
    const started = performance.now();
    const action = botChoice(nemesis, bots[step[side]], state, seat, random);
    if (asked > 1) result.seconds[side].push((performance.now() - started) / 1000);
    const outcome = nemesis.apply(state, seat, action);
    if (!outcome.ok) throw new Error(`game ${seed}: ${outcome.rejection.message}`);
  }
  result.ending = state.over.reason;
  for (const fate of state.over.victory.fates) {
    countFate(result.tally[lowerSeats.includes(fate.seat) ? 'lower' : 'upper'], fate);
  }
  return result;
}

// A child plays the games it is given and sends each result as it ends.
const share = childShare();
if (share !== null) {
  for (let index = share.index; index < games.length; index += share.count) {
    const { step, game } = games[index]!;
    process.send!(playGame(step, game));
  }
  process.exit(0);
}

const json = process.argv.includes('--json');
const processes = Math.min(games.length, positiveWhole('BENCH_PROCESSES', 1));
const log = (line: string) => {
  if (!json) console.log(line);
};

async function playAll(): Promise<GameResult[]> {
  const started = performance.now();
  const results = await inChildProcesses<GameResult>(
    import.meta.url,
    processes,
    (result, gathered) => {
      if (process.env.BENCH_RESULTS !== undefined)
        appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(result)}\n`);
      const seconds = (performance.now() - started) / 1000;
      log(`  game ${gathered.length}/${games.length} (${result.step}), ${seconds.toFixed(0)} s`);
    },
  );
  return results.sort((a, b) => a.step.localeCompare(b.step) || a.game - b.game);
}

/** The sign test of one measure over a step's deals: the upper level's count less the lower's. */
function dealTest(results: GameResult[], measure: 'survived' | 'won'): SignTest {
  const byDeal = new Map<number, number>();
  for (const result of results) {
    const deal = Math.floor(result.game / 2);
    const difference = result.tally.upper[measure] - result.tally.lower[measure];
    byDeal.set(deal, (byDeal.get(deal) ?? 0) + difference);
  }
  return signTest([...byDeal.values()]);
}

/**
 * The results a run wrote to BENCH_RESULTS, read back: the games asked for
 * (the first BENCH_DEALS deals of each step), each once. A long run cut
 * short is reported this way on the deals it finished; a step short of
 * them is refused rather than reported on fewer deals than it says.
 */
function savedResults(file: string): GameResult[] {
  const wanted = new Map(games.map(({ step, game }) => [`${stepName(step)} ${game}`, true]));
  const found = new Map<string, GameResult>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const result = JSON.parse(line) as GameResult;
    const key = `${result.step} ${result.game}`;
    if (wanted.has(key)) found.set(key, result);
  }
  const missing = [...wanted.keys()].filter((key) => !found.has(key));
  if (missing.length > 0)
    throw new Error(
      `BENCH_FROM: ${missing.length} of the games asked for are not in ${file}, the first "${missing[0]}"`,
    );
  return [...found.values()].sort((a, b) => a.step.localeCompare(b.step) || a.game - b.game);
}

const started = performance.now();
const saved = process.env.BENCH_FROM;
const results = saved === undefined ? await playAll() : savedResults(saved);
const seconds = (performance.now() - started) / 1000;

type Counts = { characters: number; survived: number; won: number; seconds: number[] };
const perLevel = new Map<LevelName, Counts>();
const stepReports = steps.map((step) => {
  const played = results.filter((result) => result.step === stepName(step));
  const sums = {
    lower: { characters: 0, survived: 0, won: 0 },
    upper: { characters: 0, survived: 0, won: 0 },
  };
  for (const result of played)
    for (const side of ['lower', 'upper'] as const) {
      const level = step[side];
      const counts = perLevel.get(level) ?? { characters: 0, survived: 0, won: 0, seconds: [] };
      perLevel.set(level, counts);
      for (const key of ['characters', 'survived', 'won'] as const) {
        counts[key] += result.tally[side][key];
        sums[side][key] += result.tally[side][key];
      }
      for (const each of result.seconds[side]) counts.seconds.push(each);
    }
  const survival = dealTest(played, 'survived');
  const wins = dealTest(played, 'won');
  return {
    step: stepName(step),
    deals: played.length / 2,
    survival: {
      rates: {
        [step.lower]: rate(sums.lower.survived, sums.lower.characters),
        [step.upper]: rate(sums.upper.survived, sums.upper.characters),
      },
      ...survival,
    },
    wins: {
      rates: {
        [step.lower]: rate(sums.lower.won, sums.lower.characters),
        [step.upper]: rate(sums.upper.won, sums.upper.characters),
      },
      ...wins,
    },
  };
});

const report = {
  seed: seedPrefix,
  players: 4,
  deals_per_step: Object.fromEntries(steps.map((step, index) => [stepName(step), dealsOf(index)])),
  games: results.length,
  processes: saved === undefined ? processes : null,
  from: saved ?? null,
  seconds: saved === undefined ? round(seconds, 1) : null,
  ordered_p_value: orderedPValue(stepReports.map((step) => step.survival.p_value)),
  ordered_win_p_value: orderedPValue(stepReports.map((step) => step.wins.p_value)),
  steps: stepReports,
  levels: Object.fromEntries(
    levelNames
      .filter((level) => perLevel.has(level))
      .map((level) => {
        const counts = perLevel.get(level)!;
        return [
          level,
          {
            survival: rate(counts.survived, counts.characters),
            wins: rate(counts.won, counts.characters),
            decision_seconds: {
              decisions: counts.seconds.length,
              median: round(percentile(counts.seconds, 0.5), 4),
              p95: round(percentile(counts.seconds, 0.95), 4),
              max: round(percentile(counts.seconds, 1), 4),
            },
          },
        ];
      }),
  ),
};
if (json) console.log(JSON.stringify(report));
else {
  for (const step of stepReports)
    for (const measure of ['survival', 'wins'] as const) {
      const figures = step[measure];
      const [lower, upper] = step.step.split('-') as [LevelName, LevelName];
      const shown = (level: LevelName) => {
        const each = figures.rates[level]!;
        return `${level} ${each.successes}/${each.trials} (${each.rate}, 95% ${JSON.stringify(each.ci95)})`;
      };
      log(
        `${step.step} ${measure}: ${shown(lower)}, ${shown(upper)}; deals better ${figures.better}, worse ${figures.worse}, tied ${figures.ties}; one-sided p = ${figures.p_value}`,
      );
    }
  for (const [level, figures] of Object.entries(report.levels))
    log(
      `${level}: seconds per decision median ${figures.decision_seconds.median}, p95 ${figures.decision_seconds.p95}, max ${figures.decision_seconds.max} (${figures.decision_seconds.decisions} decisions)`,
    );
  log(
    `ordered: p = ${report.ordered_p_value} (survival), ${report.ordered_win_p_value} (wins); ${report.games} four-player games, deals a step ${JSON.stringify(report.deals_per_step)}, each played twice with the seats swapped, ${processes} process(es), ${report.seconds} s`,
  );
}
