/**
 * Is the search bot stronger than the sensible bot at Nemesis? Four-player
 * games with two search seats and two sensible seats at the same table,
 * played in mirrored pairs: both games of a pair are dealt from the same
 * seed (the same characters, Objectives, rooms and decks), the search
 * sitting at seats 0 and 1 in the first and at 2 and 3 in the second. So
 * every character of the deal is played once by each bot, and the order of
 * play favours neither. Each character's fate comes after the victory
 * check (a sleeper can still die at the end).
 *
 * The test is paired by deal. Characters at one table share its fate (a
 * ship that explodes kills everyone aboard), and some deals are much
 * deadlier than others (characters, Objectives, where the Intruders come
 * from); comparing the two bots on the same deals takes that spread out of
 * the comparison. For each pair: the share of the search's characters who
 * survived (or won) over its two games, less the sensible characters'
 * share. The mean difference over the pairs, divided by its standard error,
 * is compared with the normal distribution: a one-sided p-value for "the
 * search does better". Rates come with 95% Wilson intervals.
 *
 * Besides survival and wins, how each bot plays for its Objectives: the
 * share of its survivors who met them (and so won), and of its seats that
 * won, by card and by what the card asks besides surviving. And the
 * search's seconds per decision (decisions with more than one legal
 * action, one core per process), in seconds and in CPU seconds.
 *
 * Games are shared among child processes, one per core by default; each
 * game's seeds depend only on its number, so the figures do not depend on
 * how many processes played them (the seconds do, on a busy machine).
 *
 * Run: npx tsx bench/bots-strength.ts [--json]
 *   BENCH_GAMES=40 (rounded up to an even number), BENCH_AGAINST=normal (the other side: normal,
 *   the sensible bot, or wary, the wary adviser's rules alone), BENCH_BOT=hard (the search: hard, the
 *   hard level's play-out search, or ismcts), BENCH_ITERATIONS=50 (ismcts's budget a choice),
 *   BENCH_SURVIVOR_SCORE=0.7 (what the hard level's play-outs score a survivor who missed the
 *   Objectives, a win being 1: `survivorScore`),
 *   BENCH_PROCESSES=cores, BENCH_SEED=bench/bots-strength (deal N is "<BENCH_SEED> deal N"),
 *   BENCH_RESULTS=<file> also writes each game's result there as JSON,
 *   BENCH_FROM=<file> reports on games played before instead of playing: those this bench wrote
 *   to its BENCH_RESULTS (with the BENCH_BOT and BENCH_AGAINST they were played with), or those
 *   `bench:levels` played for its normal-hard step and wrote to its BENCH_RESULTS (four players,
 *   mirrored pairs, the hard level's search against the normal level), from its seed (with
 *   BENCH_GAMES as many as that step played; the seconds are then the decisions' alone)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { botChoice, type RandomState, seedRandom } from '@tabletop/engine';
import {
  createNemesis,
  ismctsNemesisBot,
  type NemesisBot,
  type NemesisRuleset,
  type ObjectiveTally,
  objectiveAsks,
  searchingBot,
  sensibleBot,
  survivorScore,
  tallyObjectives,
  waryBot,
} from '@tabletop/nemesis';
import { mean, sampleStandardDeviation } from 'simple-statistics';
import { childShare, inChildProcesses } from './child-processes.js';
import {
  countFate,
  emptyTally,
  type FateTally,
  fractionFrom,
  mirroredSeats,
  normalUpperTail,
  pairedShareDifference,
  percentile,
  positiveWhole,
  rate,
  round,
  type Share,
  type StepGameResult,
} from './figures.js';

type Side = 'search' | 'sensible';

/** One game's result: per side, its characters, survivors and winners. */
interface GameResult {
  game: number;
  ending: string;
  search: FateTally;
  sensible: FateTally;
  /** The search's seconds for each decision with more than one legal action. */
  seconds: number[];
  /** The CPU seconds of the same decisions (one core), which a busy machine does not stretch. */
  cpuSeconds: number[];
  /** Each character's fate: who played it, its Objectives, how it survived, whether it won. */
  fates: {
    bot: Side;
    character: string | null;
    objectives: string[];
    survivedBy: string | null;
    death: string | null;
    winner: boolean;
  }[];
}

/** Whole mirrored pairs: an odd count is rounded up. */
const games = 2 * Math.ceil(positiveWhole('BENCH_GAMES', 40) / 2);
const searchNames = ['hard', 'ismcts'] as const;
const botName = process.env.BENCH_BOT ?? 'hard';
if (!(searchNames as readonly string[]).includes(botName))
  throw new Error(
    `BENCH_BOT: no search bot "${botName.slice(0, 40)}"; the search bots are ${searchNames.join(', ')}`,
  );
const iterations = positiveWhole('BENCH_ITERATIONS', 50);
const survivor = fractionFrom('BENCH_SURVIVOR_SCORE', survivorScore);
if (survivor !== survivorScore && botName !== 'hard')
  throw new Error('BENCH_SURVIVOR_SCORE: only the hard level’s play-outs take another score');
/**
 * Who sits on the other side: the sensible bot (the normal level, which is
 * also the hard level's own plan, so that against it the search's own worth
 * shows), or the wary adviser's rules alone.
 */
const opponents = ['normal', 'wary'] as const;
const against = process.env.BENCH_AGAINST ?? 'normal';
if (!(opponents as readonly string[]).includes(against))
  throw new Error(
    `BENCH_AGAINST: no opponent "${against.slice(0, 40)}"; the opponents are ${opponents.join(', ')}`,
  );
/** The pack's tables, for reading what the Objectives ask. */
const packTables = createNemesis().tables;
/** Where the deals come from: a new prefix plays deals the bot was never tuned on. */
const seedPrefix = process.env.BENCH_SEED ?? 'bench/bots-strength';

function searchBot(nemesis: NemesisRuleset): NemesisBot {
  return botName === 'ismcts'
    ? ismctsNemesisBot(nemesis, { iterations })
    : searchingBot(nemesis, survivor);
}

function playGame(game: number): GameResult {
  const nemesis = createNemesis();
  const searcher = searchBot(nemesis);
  const sensible = against === 'wary' ? waryBot(nemesis) : sensibleBot(nemesis);
  const searchSeats = mirroredSeats(game);
  const seed = `${seedPrefix} deal ${Math.floor(game / 2)}`;
  const state = nemesis.setup(nemesis.options.parse({ players: 4 }), seed);
  const random: RandomState = seedRandom(`bots:${seed}`);
  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  for (let step = 0; state.over === null; step++) {
    if (step > 5000) throw new Error(`game ${seed} ran past 5000 actions`);
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    const searching = searchSeats.includes(seat);
    const asked = searching ? nemesis.legalActions(state, seat).length : 0;
    const started = performance.now();
    const cpu = process.cpuUsage();
    const action = botChoice(nemesis, searching ? searcher : sensible, state, seat, random);
    if (asked > 1) {
      seconds.push((performance.now() - started) / 1000);
      const used = process.cpuUsage(cpu);
      cpuSeconds.push((used.user + used.system) / 1e6);
    }
    const outcome = nemesis.apply(state, seat, action);
    if (!outcome.ok) throw new Error(`game ${seed}: ${outcome.rejection.message}`);
  }
  const result: GameResult = {
    game,
    ending: state.over.reason,
    search: emptyTally(),
    sensible: emptyTally(),
    seconds,
    cpuSeconds,
    fates: [],
  };
  for (const fate of state.over.victory.fates) {
    const bot: Side = searchSeats.includes(fate.seat) ? 'search' : 'sensible';
    const { character, objectives, survivedBy, death, winner } = fate;
    result.fates.push({ bot, character, objectives, survivedBy, death, winner });
    countFate(result[bot], fate);
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

const total = (results: GameResult[], side: Side, key: keyof FateTally) =>
  results.reduce((sum, each) => sum + each[side][key], 0);

async function playAll(): Promise<GameResult[]> {
  const started = performance.now();
  const results = await inChildProcesses<GameResult>(
    import.meta.url,
    processes,
    (result, gathered) => {
      const seconds = (performance.now() - started) / 1000;
      const sum = (side: Side, key: keyof FateTally) => total([...gathered], side, key);
      log(
        `  game ${gathered.length}/${games} (${result.ending}), ${seconds.toFixed(0)} s; so far survived: search ${sum('search', 'survived')}, ${against} ${sum('sensible', 'survived')}; won ${sum('search', 'won')} and ${sum('sensible', 'won')}`,
      );
    },
  );
  return results.sort((a, b) => a.game - b.game);
}

/** The games two by two, as dealt: both games of each mirrored pair. */
function deals(results: GameResult[]): [GameResult, GameResult][] {
  const pairs: [GameResult, GameResult][] = [];
  for (let first = 0; first + 1 < results.length; first += 2)
    pairs.push([results[first]!, results[first + 1]!]);
  return pairs;
}

/** The paired comparison of one measure (survival or wins) over the mirrored pairs of games. */
function paired(results: GameResult[], measure: 'survived' | 'won') {
  const differences = deals(results).map(([one, other]) => {
    const share = (side: Side) =>
      (one[side][measure] + other[side][measure]) / (one[side].characters + other[side].characters);
    return share('search') - share('sensible');
  });
  const average = mean(differences);
  // One pair has no spread to measure: no interval and no p-value then.
  const error =
    differences.length > 1
      ? sampleStandardDeviation(differences) / Math.sqrt(differences.length)
      : 0;
  const z = error === 0 ? 0 : average / error;
  return {
    search: rate(total(results, 'search', measure), total(results, 'search', 'characters')),
    sensible: rate(total(results, 'sensible', measure), total(results, 'sensible', 'characters')),
    mean_difference: round(average, 4),
    difference_ci95:
      differences.length > 1
        ? [round(average - 1.959964 * error, 4), round(average + 1.959964 * error, 4)]
        : null,
    // One-sided: the chance of a difference at least this large if the search were no better.
    p_value: error === 0 ? null : Number(normalUpperTail(z).toPrecision(3)),
  };
}

/**
 * How a side plays for its Objectives: survivors who met them, seats that
 * won, and by Objective held and by what it asks besides surviving
 * (`objectiveAsks`), its holders, survivors and winners (where the fates
 * were kept: not in games read from `bench:levels`' results).
 */
function objectivePlay(results: GameResult[], side: Side) {
  const won = total(results, side, 'won');
  const byObjective: ObjectiveTally = {};
  const byAsk: ObjectiveTally = {};
  for (const each of results.flatMap((result) => result.fates)) {
    if (each.bot !== side) continue;
    const fate = {
      objectives: each.objectives,
      survived: each.survivedBy !== null,
      won: each.winner,
    };
    tallyObjectives(byObjective, fate);
    tallyObjectives(byAsk, fate, (objective) => objectiveAsks(packTables, objective));
  }
  return {
    survivors_who_won: rate(won, total(results, side, 'survived')),
    seats_that_won: rate(won, total(results, side, 'characters')),
    by_objective: byObjective,
    by_what_it_asks: byAsk,
  };
}

/**
 * Whether the search's survivors meet their Objectives more often than the
 * other side's: the difference of the two shares, paired by deal (both games
 * of a mirrored pair), with a one-sided p-value for "the search's is higher".
 */
function survivorsWhoWonDifference(results: GameResult[]) {
  return pairedShareDifference(
    deals(results).map(([one, other]) => {
      const share = (side: Side): Share => [
        one[side].won + other[side].won,
        one[side].survived + other[side].survived,
      ];
      return { first: share('search'), second: share('sensible') };
    }),
  );
}

/**
 * The first BENCH_GAMES games of a results file: this bench's own
 * (`BENCH_RESULTS`, a JSON array, reported on as played), or
 * `bench:levels`' normal-hard step (a line a game), whose upper level
 * (hard) is the search and lower (normal) the sensible bot. Fewer games
 * than asked for are refused, not reported on.
 */
function savedResults(file: string): GameResult[] {
  const text = readFileSync(file, 'utf8');
  const found = new Map<number, GameResult>();
  if (text.trimStart().startsWith('[')) {
    for (const result of JSON.parse(text) as GameResult[])
      if (result.game < games) found.set(result.game, result);
  } else levelsResults(text, found);
  if (found.size < games)
    throw new Error(`BENCH_FROM: ${file} holds ${found.size} of the ${games} games asked for`);
  return [...found.values()].sort((a, b) => a.game - b.game);
}

/** `bench:levels`' normal-hard games, a line each, into `found` by game number. */
function levelsResults(text: string, found: Map<number, GameResult>): void {
  if (botName !== 'hard' || against !== 'normal')
    throw new Error(
      'BENCH_FROM: the games bench:levels played are the hard level’s against the normal level',
    );
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    const result = JSON.parse(line) as StepGameResult;
    if (result.step !== 'normal-hard' || result.game >= games) continue;
    found.set(result.game, {
      game: result.game,
      ending: result.ending,
      search: result.tally.upper,
      sensible: result.tally.lower,
      seconds: result.seconds.upper,
      cpuSeconds: [],
      fates: [],
    });
  }
}

const started = performance.now();
const from = process.env.BENCH_FROM;
const results = from === undefined ? await playAll() : savedResults(from);
const seconds = (performance.now() - started) / 1000;
if (process.env.BENCH_RESULTS !== undefined)
  writeFileSync(process.env.BENCH_RESULTS, `${JSON.stringify(results, null, 1)}\n`);
const endings: Record<string, number> = {};
for (const result of results) endings[result.ending] = (endings[result.ending] ?? 0) + 1;
/** The median, 95th percentile and slowest of some seconds per decision; null for none. */
function spread(seconds: number[]) {
  if (seconds.length === 0) return null;
  return {
    decisions: seconds.length,
    median: round(percentile(seconds, 0.5), 4),
    p95: round(percentile(seconds, 0.95), 4),
    max: round(percentile(seconds, 1), 4),
  };
}
const report = {
  seed: from === undefined ? seedPrefix : `the normal-hard games of ${from}`,
  bot: botName,
  survivor_score: botName === 'hard' ? survivor : null,
  against,
  games,
  deals: games / 2,
  ...(botName === 'ismcts' ? { iterations_per_choice: iterations } : {}),
  // Games read from a file were played elsewhere: by how many processes, and how long, it does not say.
  processes: from === undefined ? processes : null,
  seconds: round(seconds, 1),
  endings,
  survival: paired(results, 'survived'),
  wins: paired(results, 'won'),
  objective_play: {
    search: objectivePlay(results, 'search'),
    sensible: objectivePlay(results, 'sensible'),
    survivors_who_won_difference: survivorsWhoWonDifference(results),
  },
  search_decision_seconds: spread(results.flatMap((result) => result.seconds)),
  search_decision_cpu_seconds: spread(results.flatMap((result) => result.cpuSeconds)),
};
/** The headline figures at the top of the JSON line, as `bench:levels` gives its own. */
const headline = {
  games,
  /** Who played the side called `sensible`: the normal level, or the wary rules. */
  against,
  survival_p_value: report.survival.p_value,
  win_p_value: report.wins.p_value,
  search: { survival: report.survival.search, wins: report.wins.search },
  sensible: { survival: report.survival.sensible, wins: report.wins.sensible },
};
if (json) console.log(JSON.stringify({ ...headline, ...report }));
else {
  const words = (figures: ReturnType<typeof rate>) =>
    `${figures.successes}/${figures.trials} (${figures.rate}, 95% ${JSON.stringify(figures.ci95)})`;
  for (const [name, figures] of [
    ['survival', report.survival],
    ['wins', report.wins],
  ] as const)
    log(
      `${name}: search (${botName}) ${words(figures.search)}, ${against} ${words(figures.sensible)}; paired difference ${figures.mean_difference} (95% ${JSON.stringify(figures.difference_ci95)}), one-sided p = ${figures.p_value}`,
    );
  for (const side of ['search', 'sensible'] as const) {
    const play = report.objective_play[side];
    log(
      `${side === 'search' ? 'search' : against}: survivors who met their Objectives ${words(play.survivors_who_won)}; seats that won ${words(play.seats_that_won)}`,
    );
  }
  const objectives = report.objective_play.survivors_who_won_difference;
  log(
    `survivors who met their Objectives, search less ${against}: ${objectives.difference} (95% ${JSON.stringify(objectives.difference_ci95)}), one-sided p = ${objectives.p_value}`,
  );
  for (const [name, figures] of [
    ['seconds', report.search_decision_seconds],
    ['CPU seconds', report.search_decision_cpu_seconds],
  ] as const)
    if (figures !== null)
      log(
        `search ${name} per decision: median ${figures.median}, p95 ${figures.p95}, max ${figures.max} (${figures.decisions} decisions)`,
      );
  log(
    `${games} four-player games (${games / 2} deals, each played twice with the seats swapped), ${from === undefined ? `${processes} processes, ${report.seconds} s` : `read from ${from}`}; endings ${JSON.stringify(endings)}`,
  );
}
