/**
 * The server audit, re-measured against real server processes: leaks on the
 * wire, SIGKILL under load, hostile input, rate limits, the memory bound and
 * the size of undos. Each section starts servers of its own (`audit-host.ts`,
 * or `main.ts` with every default for the rate limits) on SQLite files in a
 * temporary folder, and prints what it measured.
 *
 * Run: npm run bench:audit [-- --only leaks,kills] [--json] [--matches N] ...
 * (`--help` lists the flags and their defaults).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type HostileFigures, runHostile } from './audit-hostile.js';
import { type KillFigures, runKills } from './audit-kills.js';
import { type LeakFigures, runLeaks } from './audit-leaks.js';
import { type MemoryFigures, runMemory } from './audit-memory.js';
import { type RateFigures, runRate } from './audit-rate.js';
import { runUndo, type UndoFigures } from './audit-undo.js';

const sections = ['leaks', 'kills', 'hostile', 'rate', 'memory', 'undo'] as const;
type Section = (typeof sections)[number];

/** Each flag, its default, and what it sets; the defaults are the audit's scale unless said. */
const flags = {
  matches: { default: 60, help: 'leaks: Nemesis matches played to the end (the audit: 60)' },
  parallel: { default: 4, help: 'leaks: matches played at once' },
  kills: { default: 25, help: 'kills: SIGKILLs under load (the audit: 25)' },
  clients: { default: 32, help: 'kills: concurrent clients, each playing duels' },
  'load-ms': {
    default: 3000,
    help: 'kills: how long the clients play before each kill, on average',
  },
  requests: {
    default: 1000,
    help: 'rate: requests with a random token, and with one valid token (the audit: 1,000)',
  },
  creates: {
    default: 300,
    help: 'rate: five-player match creations from one address (the audit: 300)',
  },
  sockets: { default: 100, help: 'rate: sockets opened from one address' },
  'memory-matches': {
    default: 2000,
    help: 'memory: five-player Nemesis matches (the audit: 2,000)',
  },
  'memory-moves': {
    default: 2,
    help: "memory: seat 0's moves in each match, the bots answering (smaller matches than the audit's, about 750 KB each: 2,000 stay well below the default bound)",
  },
  'settle-ms': {
    default: 30_000,
    help: 'memory: how long the server sits idle after each load before its memory is read again',
  },
  'small-cache-mb': {
    default: 64,
    help: 'memory: the small bound, in MiB, run after the default one',
  },
  'undo-rounds': { default: 50, help: 'undo: moves taken back' },
} as const;
type Flag = keyof typeof flags;

function usage(): string {
  const lines = Object.entries(flags).map(
    ([name, flag]) => `  --${name} N`.padEnd(22) + `${flag.help}; ${flag.default} by default`,
  );
  return [
    'usage: audit.ts [--only SECTIONS] [--json] [flags]',
    `  --only LIST`.padEnd(22) + `comma-separated, of ${sections.join(', ')}; all by default`,
    '  --json'.padEnd(22) + 'print one JSON line instead of the report',
    ...lines,
  ].join('\n');
}

function fail(message: string): never {
  process.stderr.write(`audit: ${message}\n${usage()}\n`);
  process.exit(2);
}

function readOptions() {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        only: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
        ...Object.fromEntries(
          Object.keys(flags).map((name) => [name, { type: 'string' as const }]),
        ),
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
  if (values.help) {
    process.stdout.write(`${usage()}\n`);
    process.exit(0);
  }
  const chosen = values.only === undefined ? [...sections] : String(values.only).split(',');
  for (const name of chosen) {
    if (!sections.includes(name as Section)) fail(`--only: no section "${name.slice(0, 40)}"`);
  }
  const sizes = {} as Record<Flag, number>;
  for (const [name, flag] of Object.entries(flags) as [Flag, (typeof flags)[Flag]][]) {
    const text = values[name] as string | undefined;
    if (text !== undefined && !/^[0-9]+$/.test(text)) fail(`--${name} must be a whole number`);
    sizes[name] = text === undefined ? flag.default : Number(text);
  }
  return { only: new Set(chosen as Section[]), json: values.json === true, sizes };
}

interface Figures {
  leaks?: LeakFigures;
  kills?: KillFigures;
  hostile?: HostileFigures;
  rate?: RateFigures;
  memory?: MemoryFigures;
  undo?: UndoFigures;
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const count = (value: number) => value.toLocaleString('en');

function leaksReport(figures: LeakFigures): string[] {
  return [
    `${count(figures.matches_finished)} of ${count(figures.matches)} Nemesis matches played to the end over the wire (${count(figures.seats)} seats, every one a client choosing random legal actions), in ${figures.elapsed_s} s`,
    `${count(figures.frames)} WebSocket frames and ${count(figures.http_answers)} HTTP answers received, each checked against the record replayed:`,
    `  ${count(figures.views_checked)} views compared byte for byte with the ruleset's view for that seat at that sequence number: ${figures.view_mismatches} differ`,
    `  ${count(figures.events_checked)} event lists compared with the events that seat may see: ${figures.event_mismatches} differ; legal actions: ${figures.action_mismatches} differ`,
    `  frames naming a secret the seat did not know (hands, Objectives, unexplored tiles, bag, decks, seed, generator): ${figures.secret_hits}`,
    `leaks: ${figures.leaks}`,
    `control: ${count(figures.control_frames)} of seat 0's states checked as if seat 1 had received them: ${count(figures.control_caught)} caught (${count(figures.control_secrets_caught)} by the secret scan alone)`,
    ...figures.failures.map((failure) => `  not finished: ${failure}`),
  ];
}

function killsReport(figures: KillFigures): string[] {
  return [
    `${figures.kills} SIGKILLs of a server under ${figures.clients} clients playing duels as fast as it answers, restarted on the same SQLite file each time, in ${figures.elapsed_s} s`,
    `${count(figures.acknowledged)} actions acknowledged in ${count(figures.matches)} matches; ${figures.retried} cut off by a kill and retried with the same key after the restart (${figures.retried_already_stored} found already stored)`,
    `lost (acknowledged, not in the store): ${figures.lost}; forks (two entries at one number, a gap, a key stored twice or elsewhere than acknowledged): ${figures.forks}; retries refused: ${figures.retry_refusals}`,
    `spectators on ${figures.watched_matches} matches between kills: told of an entry the store does not hold in ${figures.announced_not_stored}`,
  ];
}

function hostileReport(figures: HostileFigures): string[] {
  return [
    `${figures.kinds} kinds of hostile input sent (bodies, bytes, texts, tokens, sequence numbers, routes, paths, raw HTTP, socket messages), in ${figures.elapsed_s} s`,
    `refused with a 4xx { code, message } (or a socket error or close 1008/1009): ${figures.refused_cleanly}; refused otherwise: ${figures.refused_otherwise}; 5xx: ${figures.server_errors}`,
    `state changes (seats' views, log, summary, chat, other matches read before and after each): ${figures.state_changes}`,
    ...figures.unclean.map((name) => `  not refused in the API's words: ${name}`),
    ...figures.changed.map((name) => `  changed the state: ${name}`),
  ];
}

function rateReport(figures: RateFigures): string[] {
  return [
    `the server's default limits, every request from 127.0.0.1, in ${figures.elapsed_s} s:`,
    `${count(figures.random_token_requests)} requests each with a new random Authorization: ${count(figures.random_token_throttled)} throttled (429); random tokens answered before the address was throttled: ${count(figures.answered_before_throttle)} (its allowance, whatever the tokens)`,
    `${count(figures.valid_token_requests)} requests with one valid seat token: ${count(figures.valid_token_throttled)} throttled`,
    `${figures.create_attempts} five-player Nemesis creations from one address in ${figures.create_seconds} s: ${figures.created} created, the rest refused`,
    `${figures.sockets_attempted} sockets opened from one address: ${figures.sockets_kept_open} kept open`,
  ];
}

function memoryReport(figures: MemoryFigures): string[] {
  const note =
    'the bound drops idle matches only: one a socket follows, or a request or a bot is working on, stays whatever it weighs';
  return [
    note,
    ...figures.runs.flatMap((run) => [
      `--cache-mb ${run.cache_mb === 'default' ? 'default' : run.cache_mb} (bound ${megabytes(run.bound_bytes)}): ${count(run.matches)} five-player matches, ${run.moves} moves each, all read again, in ${run.elapsed_s} s`,
      `  tabletop_cache_bytes ${megabytes(run.cache_bytes)} (peak ${megabytes(run.cache_bytes_peak)}, sampled each second, matches at work included); ${megabytes(run.cache_bytes_settled)} once idle: ${run.within_bound ? 'within' : 'BEYOND'} the bound; evictions ${count(run.evictions)}; matches in memory ${count(run.matches_in_memory)}`,
      `  resident memory ${megabytes(run.rss_bytes)} (peak ${megabytes(run.rss_bytes_peak)}); heap used ${megabytes(run.heap_used_bytes)}`,
      `  after sitting idle (the lowest seen, garbage collected): resident ${megabytes(run.rss_bytes_settled)}, heap used ${megabytes(run.heap_used_bytes_settled)}`,
    ]),
  ];
}

function undoReport(figures: UndoFigures): string[] {
  return [
    `${figures.undos} undos of a Move in a five-player Nemesis match (with ${figures.actions} actions stored), in ${figures.elapsed_s} s`,
    `stored per action: ${figures.bytes_per_action} bytes; per undo: ${figures.bytes_per_undo} bytes (largest ${figures.bytes_per_undo_max}); a state at setup: ${count(figures.state_bytes)} bytes`,
    `latest snapshot at sequence number ${figures.latest_snapshot_seq} (the cadence was set beyond the match: a snapshot stored with an undo would show here)`,
  ];
}

const machine = () => ({
  cpus: cpus().length,
  load: loadavg().map((load) => Number(load.toFixed(2))),
});

async function main(): Promise<void> {
  const { only, json, sizes } = readOptions();
  const folder = mkdtempSync(join(tmpdir(), 'tabletop-audit-'));
  const figures: Figures = {};
  const before = machine();
  const say = (lines: string[]) => {
    if (!json) process.stdout.write(`${lines.join('\n')}\n\n`);
  };
  try {
    if (only.has('leaks')) {
      figures.leaks = await runLeaks({ matches: sizes.matches, parallel: sizes.parallel, folder });
      say(['== leaks', ...leaksReport(figures.leaks)]);
    }
    if (only.has('kills')) {
      figures.kills = await runKills({
        kills: sizes.kills,
        clients: sizes.clients,
        loadMs: sizes['load-ms'],
        folder,
      });
      say(['== kills', ...killsReport(figures.kills)]);
    }
    if (only.has('hostile')) {
      figures.hostile = await runHostile({ folder });
      say(['== hostile', ...hostileReport(figures.hostile)]);
    }
    if (only.has('rate')) {
      figures.rate = await runRate({
        requests: sizes.requests,
        creates: sizes.creates,
        sockets: sizes.sockets,
        folder,
      });
      say(['== rate', ...rateReport(figures.rate)]);
    }
    if (only.has('memory')) {
      figures.memory = await runMemory({
        matches: sizes['memory-matches'],
        moves: sizes['memory-moves'],
        settleMs: sizes['settle-ms'],
        bounds: [undefined, sizes['small-cache-mb']],
        folder,
      });
      say(['== memory', ...memoryReport(figures.memory)]);
    }
    if (only.has('undo')) {
      figures.undo = await runUndo({ rounds: sizes['undo-rounds'], folder });
      say(['== undo', ...undoReport(figures.undo)]);
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const machineFigures = { before, after: machine() };
  if (json) process.stdout.write(`${JSON.stringify({ ...figures, machine: machineFigures })}\n`);
  else
    say([
      `machine: ${before.cpus} cores, load ${before.load.join(' ')} before, ${machineFigures.after.load.join(' ')} after`,
    ]);
}

await main();
