/**
 * Is the ISMCTS bot stronger than the sensible bot at Nemesis? Four-player
 * games with two ISMCTS seats and two sensible seats at the same table,
 * played in mirrored pairs: both games of a pair are dealt from the same
 * seed (the same characters, Objectives, rooms and decks), ISMCTS sitting
 * at seats 0 and 1 in the first and at 2 and 3 in the second. So every
 * character of the deal is played once by each bot, and the order of play
 * favours neither. Each character's fate comes after the victory check (a
 * sleeper can still die at the end).
 *
 * The test is paired by deal. Characters at one table share its fate (a
 * ship that explodes kills everyone aboard), and some deals are much
 * deadlier than others (characters, Objectives, where the Intruders come
 * from); comparing the two bots on the same deals takes that spread out of
 * the comparison. For each pair: the share of ISMCTS characters who
 * survived (or won) over its two games, less the sensible characters'
 * share. The mean difference over the pairs, divided by its standard error,
 * is compared with the normal distribution: a one-sided p-value for
 * "ISMCTS does better". Rates come with 95% Wilson intervals.
 *
 * Games are shared among child processes, one per core by default; each
 * game's seeds depend only on its number, so the figures do not depend on
 * how many processes played them.
 *
 * Run: npx tsx bench/bots-strength.ts [--json]
 *   BENCH_GAMES=40 (rounded up to an even number), BENCH_ITERATIONS=50 (a choice's budget), BENCH_PROCESSES=cores,
 *   BENCH_SEED=bench/bots-strength (the deals' seeds: deal N is "<BENCH_SEED> deal N"),
 *   BENCH_RESULTS=<file> also writes each game's result there as JSON
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { botChoice, type RandomState, seedRandom } from '@tabletop/engine';
import { createNemesis, ismctsNemesisBot, type NemesisBot, sensibleBot } from '@tabletop/nemesis';
import { errorFunction, mean, sampleStandardDeviation } from 'simple-statistics';
import { childShare, inChildProcesses } from './child-processes.js';
import { positiveWhole, rate, round } from './figures.js';

/** One game's result: per kind of seat, its characters, survivors and winners. */
interface GameResult {
  game: number;
  ending: string;
  ismcts: { characters: number; survived: number; won: number };
  sensible: { characters: number; survived: number; won: number };
  /** Each character's fate: who played it, its Objectives, how it survived, whether it won. */
  fates: {
    bot: 'ismcts' | 'sensible';
    character: string | null;
    objectives: string[];
    survivedBy: string | null;
    death: string | null;
    winner: boolean;
  }[];
}

/** Whole mirrored pairs: an odd count is rounded up. */
const games = 2 * Math.ceil(positiveWhole('BENCH_GAMES', 40) / 2);
const iterations = positiveWhole('BENCH_ITERATIONS', 50);
/** Where the deals come from: a new prefix plays deals the bot was never tuned on. */
const seedPrefix = process.env.BENCH_SEED ?? 'bench/bots-strength';

function playGame(game: number): GameResult {
  const nemesis = createNemesis();
  const searcher = ismctsNemesisBot(nemesis, { iterations });
  const sensible = sensibleBot(nemesis);
  const ismctsSeats = game % 2 === 0 ? ['0', '1'] : ['2', '3'];
  const seed = `${seedPrefix} deal ${Math.floor(game / 2)}`;
  const state = nemesis.setup(nemesis.options.parse({ players: 4 }), seed);
  const random: RandomState = seedRandom(`bots:${seed}`);
  for (let step = 0; state.over === null; step++) {
    if (step > 5000) throw new Error(`game ${seed} ran past 5000 actions`);
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    const bot: NemesisBot = ismctsSeats.includes(seat) ? searcher : sensible;
    const outcome = nemesis.apply(state, seat, botChoice(nemesis, bot, state, seat, random));
    if (!outcome.ok) throw new Error(`game ${seed}: ${outcome.rejection.message}`);
  }
  const result: GameResult = {
    game,
    ending: state.over.reason,
    ismcts: { characters: 0, survived: 0, won: 0 },
    sensible: { characters: 0, survived: 0, won: 0 },
    fates: [],
  };
  for (const fate of state.over.victory.fates) {
    const bot = ismctsSeats.includes(fate.seat) ? 'ismcts' : 'sensible';
    const { character, objectives, survivedBy, death, winner } = fate;
    result.fates.push({ bot, character, objectives, survivedBy, death, winner });
    const side = result[bot];
    side.characters++;
    if (fate.survivedBy !== null) side.survived++;
    if (fate.winner) side.won++;
  }
  return result;
}

// A child plays the games it is given and sends each result as it ends.
const share = childShare();
if (share !== null) {
  for (let game = share.index; game < games; game += share.count) process.send!(playGame(game));
  process.exit(0);
}

const json = process.argv.includes('--json');
const processes = Math.min(games, positiveWhole('BENCH_PROCESSES', availableParallelism()));
const log = (line: string) => {
  if (!json) console.log(line);
};

async function playAll(): Promise<GameResult[]> {
  const started = performance.now();
  const results = await inChildProcesses<GameResult>(
    import.meta.url,
    processes,
    (result, gathered) => {
      const seconds = (performance.now() - started) / 1000;
      const sum = (side: 'ismcts' | 'sensible', key: 'survived' | 'won') =>
        gathered.reduce((total, each) => total + each[side][key], 0);
      log(
        `  game ${gathered.length}/${games} (${result.ending}), ${seconds.toFixed(0)} s; so far survived ISMCTS ${sum('ismcts', 'survived')}, sensible ${sum('sensible', 'survived')}; won ${sum('ismcts', 'won')} and ${sum('sensible', 'won')}`,
      );
    },
  );
  return results.sort((a, b) => a.game - b.game);
}

/** The paired comparison of one measure (survival or wins) over the mirrored pairs of games. */
function paired(results: GameResult[], measure: 'survived' | 'won') {
  const differences: number[] = [];
  for (let first = 0; first + 1 < results.length; first += 2) {
    const pair = [results[first]!, results[first + 1]!];
    const share = (side: 'ismcts' | 'sensible') =>
      (pair[0]![side][measure] + pair[1]![side][measure]) /
      (pair[0]![side].characters + pair[1]![side].characters);
    differences.push(share('ismcts') - share('sensible'));
  }
  const average = mean(differences);
  // One pair has no spread to measure: no interval and no p-value then.
  const error =
    differences.length > 1
      ? sampleStandardDeviation(differences) / Math.sqrt(differences.length)
      : 0;
  const z = error === 0 ? 0 : average / error;
  const sum = (side: 'ismcts' | 'sensible', key: 'characters' | 'survived' | 'won') =>
    results.reduce((total, result) => total + result[side][key], 0);
  return {
    ismcts: rate(sum('ismcts', measure), sum('ismcts', 'characters')),
    sensible: rate(sum('sensible', measure), sum('sensible', 'characters')),
    mean_difference: round(average, 4),
    difference_ci95:
      differences.length > 1
        ? [round(average - 1.959964 * error, 4), round(average + 1.959964 * error, 4)]
        : null,
    // One-sided: the chance of a difference at least this large if ISMCTS were no better.
    p_value: error === 0 ? null : round(0.5 * (1 - errorFunction(z / Math.SQRT2)), 5),
  };
}

const started = performance.now();
const results = await playAll();
const seconds = (performance.now() - started) / 1000;
if (process.env.BENCH_RESULTS !== undefined)
  writeFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(results, null, 1)}\n`);
const endings: Record<string, number> = {};
for (const result of results) endings[result.ending] = (endings[result.ending] ?? 0) + 1;
const report = {
  seed: seedPrefix,
  games,
  deals: games / 2,
  iterations_per_choice: iterations,
  processes,
  seconds: round(seconds, 1),
  endings,
  survival: paired(results, 'survived'),
  wins: paired(results, 'won'),
};
/** The headline figures at the top of the JSON line, as `bench:levels` gives its own. */
const headline = {
  games,
  survival_p_value: report.survival.p_value,
  win_p_value: report.wins.p_value,
  ismcts: { survival: report.survival.ismcts, wins: report.wins.ismcts },
  sensible: { survival: report.survival.sensible, wins: report.wins.sensible },
};
if (json) console.log(JSON.stringify({ ...headline, ...report }));
else {
  for (const [name, figures] of [
    ['survival', report.survival],
    ['wins', report.wins],
  ] as const)
    log(
      `${name}: ISMCTS ${figures.ismcts.successes}/${figures.ismcts.trials} (${figures.ismcts.rate}, 95% ${JSON.stringify(figures.ismcts.ci95)}), sensible ${figures.sensible.successes}/${figures.sensible.trials} (${figures.sensible.rate}, 95% ${JSON.stringify(figures.sensible.ci95)}); paired difference ${figures.mean_difference} (95% ${JSON.stringify(figures.difference_ci95)}), one-sided p = ${figures.p_value}`,
    );
  log(
    `${games} four-player games (${games / 2} deals, each played twice with the seats swapped), ISMCTS at ${iterations} iterations a choice, ${processes} processes, ${report.seconds} s; endings ${JSON.stringify(endings)}`,
  );
}
