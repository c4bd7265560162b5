import { parseArgs } from 'node:util';
import { benchBoardgameioServer } from './server-boardgameio.js';
import {
  type BenchOptions,
  figuresOf,
  type ServerFigures,
  type ServerRun,
} from './server-measure.js';
import { benchOurServer } from './server-ours.js';
import {
  benchPostgresUrl,
  connectPostgres,
  withPostgresSchema,
  withSqliteFile,
} from './server-storage.js';

/**
 * `npm run bench:server`: bot clients play N concurrent dice duels (20
 * health) over WebSocket on loopback, two clients a match, each moving as
 * soon as it may (or after `--think` milliseconds). Our server runs in a process of its own with durable
 * storage, SQLite then PostgreSQL; the anchor, boardgame.io 0.50.2's own
 * server with its FlatFile storage and its socket.io clients, plays the same
 * duel in the same run. Latency is the time from a submit to the state that
 * includes the move; frames/move counts the WebSocket frames both bots of a
 * match receive per move, and server CPU the CPU time the server's process
 * spent per move (all its threads; Linux only), which the machine's other
 * work sways less than it sways moves per second; bots CPU is the same for
 * the bots' own process. `--json` prints one JSON line.
 */
const usage =
  'usage: bench/server.ts [--matches N] [--think MS] [--json] [--postgres URL | --no-postgres]\n' +
  '  --matches N     concurrent matches for each server (default 1000)\n' +
  '  --think MS      each bot waits MS milliseconds before each move (default 0: at once)\n' +
  '  --postgres URL  the PostgreSQL to use (default TABLETOP_BENCH_POSTGRES or postgres://postgres@127.0.0.1:5432/test)\n' +
  '  --no-postgres   measure SQLite only\n';

function fail(message: string): never {
  process.stderr.write(`bench:server: ${message}\n${usage}`);
  process.exit(2);
}

let values: {
  matches?: string;
  think?: string;
  json?: boolean;
  postgres?: string;
  'no-postgres'?: boolean;
};
try {
  ({ values } = parseArgs({
    options: {
      matches: { type: 'string' },
      think: { type: 'string' },
      json: { type: 'boolean' },
      postgres: { type: 'string' },
      'no-postgres': { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message.split('\n')[0] ?? 'bad arguments');
}
const matchesText = values.matches ?? '1000';
if (!/^[0-9]+$/.test(matchesText) || Number(matchesText) < 1 || Number(matchesText) > 5000) {
  fail('--matches must be a whole number from 1 to 5000');
}
const matches = Number(matchesText);
const thinkText = values.think ?? '0';
if (!/^[0-9]+$/.test(thinkText) || Number(thinkText) > 60_000) {
  fail('--think must be a whole number of milliseconds from 0 to 60000');
}
const options: BenchOptions = { matches, health: 20, thinkMs: Number(thinkText) };
const { health } = options;
const postgresUrl = values['no-postgres'] ? null : benchPostgresUrl(values.postgres);

// Said now rather than after the other runs: PostgreSQL must be there.
if (postgresUrl) {
  await connectPostgres(postgresUrl).then(
    (client) => client.end(),
    (error: Error) => fail(error.message),
  );
}
const boardgameio = await benchBoardgameioServer(options);
const sqlite = await withSqliteFile((db) =>
  benchOurServer('tabletop server (SQLite)', db, options),
);
const postgres = postgresUrl
  ? await withPostgresSchema(postgresUrl, (db) =>
      benchOurServer('tabletop server (PostgreSQL)', db, options),
    )
  : null;

const theirs = figuresOf(boardgameio);
const ours = figuresOf(sqlite);
const oursOnPostgres = postgres ? figuresOf(postgres) : null;
const ratio = (figures: ServerFigures) =>
  Number((figures.moves_per_s / theirs.moves_per_s).toFixed(1));
/**
 * The anchor's CPU per move over ours, server and bots together: what the
 * moves-per-second ratio tends to on a machine whose cores are all busy,
 * where each run gets a share of the CPU rather than what it asks for.
 */
const cpuRatio = (figures: ServerFigures) => {
  if (figures.cpu_ms_per_move === null || theirs.cpu_ms_per_move === null) return null;
  const costs = (own: ServerFigures) => (own.cpu_ms_per_move ?? 0) + own.bots_cpu_ms_per_move;
  return Number((costs(theirs) / costs(figures)).toFixed(1));
};

const figures = {
  matches,
  think_ms: options.thinkMs,
  ours_moves_per_s: ours.moves_per_s,
  ours_p50_ms: ours.p50_ms,
  ours_p99_ms: ours.p99_ms,
  ours_frames_per_move: ours.frames_per_move,
  ours_cpu_ms_per_move: ours.cpu_ms_per_move,
  ours_bots_cpu_ms_per_move: ours.bots_cpu_ms_per_move,
  ours_matches_finished: sqlite.matchesFinished,
  ...(oursOnPostgres && postgres
    ? {
        postgres_moves_per_s: oursOnPostgres.moves_per_s,
        postgres_p50_ms: oursOnPostgres.p50_ms,
        postgres_p99_ms: oursOnPostgres.p99_ms,
        postgres_frames_per_move: oursOnPostgres.frames_per_move,
        postgres_cpu_ms_per_move: oursOnPostgres.cpu_ms_per_move,
        postgres_matches_finished: postgres.matchesFinished,
      }
    : {}),
  boardgameio_moves_per_s: theirs.moves_per_s,
  boardgameio_p50_ms: theirs.p50_ms,
  boardgameio_p99_ms: theirs.p99_ms,
  boardgameio_cpu_ms_per_move: theirs.cpu_ms_per_move,
  boardgameio_bots_cpu_ms_per_move: theirs.bots_cpu_ms_per_move,
  boardgameio_matches_finished: boardgameio.matchesFinished,
  ratio: ratio(ours),
  cpu_ratio: cpuRatio(ours),
  ...(oursOnPostgres
    ? { ratio_postgres: ratio(oursOnPostgres), cpu_ratio_postgres: cpuRatio(oursOnPostgres) }
    : {}),
};

function cpuNote(cpu: number | null): string {
  return cpu === null ? '' : `, ${cpu}x by CPU per move`;
}

if (values.json) {
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} else {
  const line = (run: ServerRun, own: ServerFigures, note: string) =>
    `${run.name.padEnd(36)}${own.moves_per_s.toLocaleString('en-US').padStart(8)} moves/s` +
    `   p50 ${own.p50_ms.toFixed(1).padStart(7)} ms   p99 ${own.p99_ms.toFixed(1).padStart(7)} ms` +
    `   ${run.moves} moves, ${run.matchesFinished}/${run.matches} matches finished` +
    `${own.frames_per_move === null ? '' : `, ${own.frames_per_move} frames/move`}` +
    `${own.cpu_ms_per_move === null ? '' : `, server CPU ${own.cpu_ms_per_move} ms/move`}` +
    `, bots CPU ${own.bots_cpu_ms_per_move} ms/move   ${note}`;
  process.stdout.write(
    [
      `dice duel, ${health} health, ${matches} concurrent matches, two WebSocket bot clients each, ` +
        `${options.thinkMs > 0 ? `${options.thinkMs} ms thinking before each move` : 'moving at once'}, loopback (node ${process.version})`,
      line(boardgameio, theirs, '(anchor)'),
      line(
        sqlite,
        ours,
        `ratio ${figures.ratio}x${cpuNote(figures.cpu_ratio)} (goal 10x, p99 goal 20 ms)`,
      ),
      ...(postgres && oursOnPostgres
        ? [
            line(
              postgres,
              oursOnPostgres,
              `ratio ${figures.ratio_postgres}x${cpuNote(figures.cpu_ratio_postgres ?? null)}`,
            ),
          ]
        : []),
      ...(options.thinkMs === 0
        ? [
            `Bots move at once, so every match always has a move in flight: a move waits for the ` +
              `others queued before it, ${matches} matches / ${ours.moves_per_s.toLocaleString('en-US')} moves/s ` +
              `= ${((matches / ours.moves_per_s) * 1000).toFixed(0)} ms on average on SQLite. --think MS measures latency at a player's pace.`,
          ]
        : []),
      '',
    ].join('\n'),
  );
}
