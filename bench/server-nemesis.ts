import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { ServerProcess } from './server-measure.js';
import { type EngineCosts, measureEngine } from './server-nemesis-engine.js';
import { Fleet, measureWindow, startBotMatches, type Window } from './server-nemesis-load.js';
import { startOurServer } from './server-ours.js';
import {
  benchPostgresUrl,
  connectPostgres,
  withPostgresSchema,
  withSqliteFile,
} from './server-storage.js';

/**
 * `npm run bench:server-nemesis`: how many four-player Nemesis matches one
 * server process holds with people's moves answered within 100 ms at the
 * 99th percentile. Each match has one simulated person at seat 0 (a
 * WebSocket; 2-5 s, uniform, before each move) and three sensible bots
 * (the normal level) played by the server on its event loop, as an instant
 * bot. The count of
 * matches is doubled, then bisected, each step measured over a fixed window
 * after a warm-up; first one process on SQLite, then two processes sharing
 * one PostgreSQL database (matches and people split between them). Then
 * the per-move costs (the engine's, measured in this process; storage
 * commits and the rest, from the servers' /metrics) and what they predict
 * for N processes; and the people's p99 while 50 matches of search bots
 * think, with bots in threads against bots on the event loop.
 */
const usage =
  'usage: bench/server-nemesis.ts [--json] [--max-matches N] [--start-matches N] [--window S] [--warm-up S]\n' +
  '                               [--think-scale X] [--search-bots N] [--search-people N] [--postgres URL | --no-postgres]\n' +
  '  --max-matches N    the most concurrent matches tried (default 2000)\n' +
  '  --start-matches N  the first count tried, then doubled or halved (default 125)\n' +
  '  --window S         seconds measured at each count (default 15)\n' +
  '  --warm-up S        seconds played at each count before measuring (default 10)\n' +
  '  --think-scale X    a person waits 2-5 s times X before each move (default 1)\n' +
  '  --search-bots N    matches of four search bots thinking, for the threads-against-event-loop measure (default 50; 0: skip it)\n' +
  '  --search-people N  matches with a person beside them in that measure (default 50)\n' +
  '  --postgres URL     the PostgreSQL of the two-process run (default TABLETOP_BENCH_POSTGRES or postgres://postgres@127.0.0.1:5432/test)\n' +
  '  --no-postgres      one process on SQLite only\n';

function fail(message: string): never {
  process.stderr.write(`bench:server-nemesis: ${message}\n${usage}`);
  process.exit(2);
}

const flagNames = [
  'max-matches',
  'start-matches',
  'window',
  'warm-up',
  'think-scale',
  'search-bots',
  'search-people',
  'postgres',
] as const;
let values: Partial<Record<(typeof flagNames)[number], string>> & {
  json?: boolean;
  'no-postgres'?: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      ...Object.fromEntries(flagNames.map((name) => [name, { type: 'string' as const }])),
      json: { type: 'boolean' },
      'no-postgres': { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message.split('\n')[0] ?? 'bad arguments');
}

function whole(name: (typeof flagNames)[number], fallback: number, min: number, max: number) {
  const text = values[name];
  if (text === undefined) return fallback;
  if (!/^[0-9]+$/.test(text) || Number(text) < min || Number(text) > max) {
    fail(`--${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(text);
}

const maxMatches = whole('max-matches', 2000, 1, 20_000);
const startMatches = Math.min(maxMatches, whole('start-matches', 125, 1, 20_000));
const windowSeconds = whole('window', 15, 1, 600);
const warmUpSeconds = whole('warm-up', 10, 0, 600);
const searchBots = whole('search-bots', 50, 0, 1_000);
const searchPeople = whole('search-people', 50, 1, 5_000);
const scaleText = values['think-scale'] ?? '1';
if (!/^[0-9]+(\.[0-9]+)?$/.test(scaleText) || Number(scaleText) <= 0 || Number(scaleText) > 100) {
  fail('--think-scale must be a number above 0, at most 100');
}
const thinkScale = Number(scaleText);
const postgresUrl = values['no-postgres'] ? null : benchPostgresUrl(values.postgres);
/** The goal a count of matches must meet: people's moves answered within this at the 99th percentile. */
const goalMs = 100;
/**
 * Bisecting stops once the bounds are this close, as a fraction of the
 * lower, or after this many steps: near 1,000 matches, within 125.
 */
const bisectPrecision = 0.125;
const bisectSteps = 4;

/** Each step as it is measured, on standard error: the figures are standard output's. */
const progress = (line: string) => process.stderr.write(`${line}\n`);

/** Servers on one database: `processes` of them, each with its bot threads (the default count). */
async function withServers<T>(
  db: string,
  processes: number,
  work: (bases: string[]) => Promise<T>,
  ...flags: string[]
): Promise<T> {
  const servers: ServerProcess<number>[] = [];
  try {
    for (let index = 0; index < processes; index++)
      servers.push(await startOurServer(db, ...flags));
    const died = Promise.race(servers.map((server) => server.died));
    return await Promise.race([
      work(servers.map((server) => `http://127.0.0.1:${server.ready}`)),
      died,
    ]);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

interface Capacity {
  matches_at_p99_100ms: number;
  /** Whether the largest count tried met the goal: the capacity is at least that. */
  capped: boolean;
  /** The window of the largest count that met the goal (or of the first tried, if none did). */
  at_limit: Window;
  steps: Window[];
}

/**
 * The most matches with people's p99 under the goal: from `start`, doubled
 * while the goal holds (halved while it does not), then bisected between
 * the largest count that met it and the smallest that did not.
 */
async function findCapacity(bases: string[], start: number, label: string): Promise<Capacity> {
  const fleet = new Fleet(bases, thinkScale);
  const steps: Window[] = [];
  const measure = async (matches: number) => {
    await fleet.resize(matches);
    const window = await measureWindow(fleet, bases, warmUpSeconds, windowSeconds);
    steps.push(window);
    progress(
      `${label}: ${matches} matches: people's p50 ${window.p50_ms} ms, p99 ${window.p99_ms} ms, ` +
        `${window.human_moves_per_s} people's moves/s, ${window.bot_moves_per_s} bot moves/s, ` +
        `event loop lag p99 ${window.event_loop_lag_p99_ms} ms, commit ${window.commit_ms_per_move} ms a move`,
    );
    return window;
  };
  try {
    let good: Window | null = null;
    let bad: Window | null = null;
    // Doubled while the goal holds, halved while it does not, until a count on each side of it.
    for (let matches = start; ; ) {
      const window = await measure(matches);
      if (window.p99_ms < goalMs) good = window;
      else bad = window;
      if (good && bad) break;
      if (good && matches === maxMatches) break;
      if (bad && matches === 1) break;
      matches = good ? Math.min(maxMatches, matches * 2) : Math.max(1, Math.floor(matches / 2));
    }
    for (let step = 0; good && bad && step < bisectSteps; step++) {
      if (bad.matches - good.matches <= Math.max(1, good.matches * bisectPrecision)) break;
      const window = await measure(Math.round((good.matches + bad.matches) / 2));
      if (window.p99_ms < goalMs) good = window;
      else bad = window;
    }
    return {
      matches_at_p99_100ms: good?.matches ?? 0,
      capped: bad === null,
      at_limit: good ?? steps[0]!,
      steps,
    };
  } finally {
    fleet.stop();
  }
}

/** The people's p99 beside `searchBots` matches of search bots, with the server's bot threads as given. */
async function besideSearchBots(db: string, threads: string[]): Promise<Window> {
  return withServers(
    db,
    1,
    async ([base]) => {
      const fleet = new Fleet([base!], thinkScale);
      try {
        await fleet.resize(searchPeople);
        await startBotMatches(base!, searchBots);
        return await measureWindow(fleet, [base!], warmUpSeconds, windowSeconds);
      } finally {
        fleet.stop();
      }
    },
    ...threads,
  );
}

interface Costs {
  engine_ms_per_move: number;
  view_ms_per_move: number;
  bot_ms_per_bot_move: number;
  /** The person's state messages per move: view, legal actions, words, the undo answer. */
  person_state_ms_per_move: number;
  /** One of them. */
  person_state_ms: number;
  /**
   * How long an entry waits to be stored (the group commit included): a
   * latency, not processor time. SQLite commits on a writer thread of its
   * own, PostgreSQL in its own processes: off the main thread.
   */
  storage_commit_ms_per_move: number;
  /** The rest of the main thread's busy time per move: frames, the protocol, socket writes, storage calls, the collector. */
  sockets_ms_per_move: number;
  /** Everything the server process spent per move, every thread included. */
  server_cpu_ms_per_move: number;
  /** The main thread's busy time per move (the event loop running): what bounds one process. */
  main_thread_ms_per_move: number;
  /** The process's time per move outside the main thread: the SQLite writer, bot threads, the collector's threads. */
  off_main_thread_ms_per_move: number;
  moves_per_match_per_s: number;
}

/** The per-move costs at the limit of one process, split by where they are spent. */
function costsAt(window: Window, engine: EngineCosts): Costs {
  const botShare = engine.bot_ms_per_bot_move * (window.bot_moves_per_s / window.entries_per_s);
  // The normal level is an instant bot: the server answers it on the main thread.
  const main = window.main_thread_ms_per_move;
  const rest = main - engine.engine_ms_per_move - botShare - engine.person_state_ms_per_move;
  return {
    engine_ms_per_move: engine.engine_ms_per_move,
    view_ms_per_move: engine.view_ms_per_move,
    bot_ms_per_bot_move: engine.bot_ms_per_bot_move,
    person_state_ms_per_move: engine.person_state_ms_per_move,
    person_state_ms: engine.person_state_ms,
    storage_commit_ms_per_move: window.commit_ms_per_move,
    sockets_ms_per_move: Number(Math.max(0, rest).toFixed(3)),
    server_cpu_ms_per_move: window.server_cpu_ms_per_move,
    main_thread_ms_per_move: Number(main.toFixed(3)),
    off_main_thread_ms_per_move: Number(
      Math.max(0, window.server_cpu_ms_per_move - main).toFixed(3),
    ),
    moves_per_match_per_s: Number((window.entries_per_s / window.matches).toFixed(3)),
  };
}

/** The share of each second one process's main thread worked, at its limit. */
function busyAt(costs: Costs, matches: number): number {
  return (matches * costs.moves_per_match_per_s * costs.main_thread_ms_per_move) / 1000;
}

/**
 * Matches N processes hold, from the per-move costs, when each process's
 * main thread may be `busy` (a share of each second): each holds as many
 * matches as its main thread's time per move allows, and all together,
 * bot threads included, spend no more than that share of the machine's cores.
 */
function predict(costs: Costs, busy: number, cores: number): Record<string, number> {
  const perMatch = costs.moves_per_match_per_s;
  const perProcess = (busy * 1000) / (perMatch * costs.main_thread_ms_per_move);
  const machine = (cores * busy * 1000) / (perMatch * costs.server_cpu_ms_per_move);
  return Object.fromEntries(
    [1, 2, 4, 8].map((processes) => [
      String(processes),
      Math.floor(Math.min(processes * perProcess, machine)),
    ]),
  );
}

/** The main thread's share of each second that `predicted_matches_half_busy` allows. */
const halfBusy = 0.5;

if (postgresUrl) {
  await connectPostgres(postgresUrl).then(
    (client) => client.end(),
    (error: Error) => fail(error.message),
  );
}
const cores = availableParallelism();
const loadBefore = loadavg()[0]!;
progress(`measuring the engine's share of a move in this process…`);
const engine = measureEngine(Math.min(5, windowSeconds));
const sqlite = await withSqliteFile((db) =>
  withServers(db, 1, (bases) => findCapacity(bases, startMatches, 'SQLite, one process')),
);
const postgres = postgresUrl
  ? await withPostgresSchema(postgresUrl, (db) =>
      withServers(db, 2, (bases) =>
        findCapacity(
          bases,
          // Two processes hold at least about what one did: the search starts there.
          Math.min(maxMatches, Math.max(1, sqlite.matches_at_p99_100ms)),
          'PostgreSQL, two processes',
        ),
      ),
    )
  : null;
const search =
  searchBots > 0
    ? {
        threads: await withSqliteFile((db) => besideSearchBots(db, [])),
        main: await withSqliteFile((db) => besideSearchBots(db, ['--bot-threads', '0'])),
      }
    : null;
const costs = costsAt(sqlite.at_limit, engine);
const figures = {
  matches_at_p99_100ms: sqlite.matches_at_p99_100ms,
  goal_matches: 1000,
  p50_ms: sqlite.at_limit.p50_ms,
  p99_ms: sqlite.at_limit.p99_ms,
  human_moves_per_s: sqlite.at_limit.human_moves_per_s,
  bot_moves_per_s: sqlite.at_limit.bot_moves_per_s,
  capped: sqlite.capped,
  ...(postgres
    ? {
        postgres_two_processes_matches_at_p99_100ms: postgres.matches_at_p99_100ms,
        postgres_p50_ms: postgres.at_limit.p50_ms,
        postgres_p99_ms: postgres.at_limit.p99_ms,
        postgres_human_moves_per_s: postgres.at_limit.human_moves_per_s,
        postgres_bot_moves_per_s: postgres.at_limit.bot_moves_per_s,
        postgres_capped: postgres.capped,
      }
    : {}),
  costs,
  main_thread_busy_at_limit: Number(busyAt(costs, sqlite.matches_at_p99_100ms).toFixed(2)),
  predicted_matches: predict(costs, busyAt(costs, sqlite.matches_at_p99_100ms), cores),
  predicted_matches_half_busy: predict(costs, halfBusy, cores),
  ...(search
    ? {
        search_bots: {
          search_matches: searchBots,
          people_matches: searchPeople,
          threads_p50_ms: search.threads.p50_ms,
          threads_p99_ms: search.threads.p99_ms,
          main_thread_p50_ms: search.main.p50_ms,
          main_thread_p99_ms: search.main.p99_ms,
          p99_ratio_main_to_threads: Number(
            (search.main.p99_ms / Math.max(0.01, search.threads.p99_ms)).toFixed(1),
          ),
          threads_bot_moves_per_s: search.threads.bot_moves_per_s,
          main_thread_bot_moves_per_s: search.main.bot_moves_per_s,
        },
      }
    : {}),
  think_s: [2 * thinkScale, 5 * thinkScale],
  window_s: windowSeconds,
  warm_up_s: warmUpSeconds,
  cores,
  load_average_before: Number(loadBefore.toFixed(2)),
  engine_moves_measured: engine.moves,
  steps: { sqlite: sqlite.steps, ...(postgres ? { postgres: postgres.steps } : {}) },
};

if (values.json) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  const listed = (predicted: Record<string, number>) =>
    Object.entries(predicted)
      .map(([processes, matches]) => `${processes}: ${matches}`)
      .join(', ');
  const capacity = (result: Capacity) =>
    `${result.capped ? 'at least ' : ''}${result.matches_at_p99_100ms} matches`;
  const lines = [
    `Nemesis, four players: a person at seat 0 (${2 * thinkScale}-${5 * thinkScale} s a move) and three sensible bots; ` +
      `${windowSeconds} s measured after ${warmUpSeconds} s at each count; ${cores} cores, load ${loadBefore.toFixed(2)} before (node ${process.version})`,
    `one process, SQLite:        ${capacity(sqlite)} with people's p99 under ${goalMs} ms (goal 1,000): ` +
      `p50 ${figures.p50_ms} ms, p99 ${figures.p99_ms} ms, ${figures.human_moves_per_s} people's moves/s, ${figures.bot_moves_per_s} bot moves/s`,
    ...(postgres
      ? [
          `two processes, PostgreSQL: ${capacity(postgres)}: p50 ${postgres.at_limit.p50_ms} ms, p99 ${postgres.at_limit.p99_ms} ms, ` +
            `${postgres.at_limit.human_moves_per_s} people's moves/s, ${postgres.at_limit.bot_moves_per_s} bot moves/s`,
        ]
      : []),
    `per move, main thread ${costs.main_thread_ms_per_move} ms: engine ${costs.engine_ms_per_move} ms, ` +
      `bots ${costs.bot_ms_per_bot_move} ms a bot move, the person's states ${costs.person_state_ms_per_move} ms ` +
      `(${costs.person_state_ms} ms each: view, actions, words, undo answer; the view alone ${costs.view_ms_per_move} ms), ` +
      `sockets and the rest ${costs.sockets_ms_per_move} ms; off the main thread ${costs.off_main_thread_ms_per_move} ms ` +
      `(storage's writer, the collector); a commit waits ${costs.storage_commit_ms_per_move} ms; ${costs.moves_per_match_per_s} moves a match a second`,
    `predicted matches for N processes on ${cores} cores, each main thread as busy as at the limit ` +
      `(${figures.main_thread_busy_at_limit} of a second): ${listed(figures.predicted_matches)}; ` +
      `half busy: ${listed(figures.predicted_matches_half_busy)}`,
    ...(search && figures.search_bots
      ? [
          `beside ${searchBots} matches of search bots thinking, ${searchPeople} people's p99: ` +
            `${figures.search_bots.threads_p99_ms} ms with bots in threads, ${figures.search_bots.main_thread_p99_ms} ms on the event loop ` +
            `(${figures.search_bots.p99_ratio_main_to_threads}x)`,
        ]
      : []),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}
