import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { serverNodeFlags } from '@tabletop/server';

export interface BenchOptions {
  /** Concurrent matches, two bot clients each. */
  matches: number;
  /** Each duellist's health: 20 makes duels of about 47 moves. */
  health: number;
  /** How long a bot waits before each move, on average; 0 moves as soon as it may. */
  thinkMs: number;
}

/**
 * A bot's pause before a move: from half to one and a half times `thinkMs`,
 * so that a thousand bots that started together do not all move together.
 */
export function thinkingTime(thinkMs: number): number {
  return thinkMs * (0.5 + Math.random());
}

/** What one contestant's bots measured: every acknowledged move's latency, and the wall time. */
export interface ServerRun {
  name: string;
  matches: number;
  matchesFinished: number;
  moves: number;
  elapsedMs: number;
  latenciesMs: number[];
  /** WebSocket frames the bots received while playing, where they count them; null where not. */
  frames: number | null;
  /** CPU time the server process spent while the bots played, all its threads; null where unknown. */
  serverCpuMs: number | null;
  /** CPU time this process, the bots' own, spent meanwhile. */
  botsCpuMs: number;
}

export interface ServerFigures {
  moves_per_s: number;
  p50_ms: number;
  p99_ms: number;
  /** Frames the bots received per move, both seats together; null where not counted. */
  frames_per_move: number | null;
  /** The server's CPU milliseconds per move: what a move costs, however busy the machine is. */
  cpu_ms_per_move: number | null;
  /** The bots' CPU milliseconds per move, both seats: what the clients' side costs. */
  bots_cpu_ms_per_move: number;
}

/** The nearest-rank percentile of a list of samples. */
export function percentile(samples: number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = Float64Array.from(samples).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}

export function figuresOf(run: ServerRun): ServerFigures {
  return {
    moves_per_s: Math.round((run.moves / run.elapsedMs) * 1000),
    p50_ms: Number(percentile(run.latenciesMs, 0.5).toFixed(2)),
    p99_ms: Number(percentile(run.latenciesMs, 0.99).toFixed(2)),
    frames_per_move: run.frames === null ? null : Number((run.frames / run.moves).toFixed(2)),
    cpu_ms_per_move:
      run.serverCpuMs === null ? null : Number((run.serverCpuMs / run.moves).toFixed(3)),
    bots_cpu_ms_per_move: Number((run.botsCpuMs / run.moves).toFixed(3)),
  };
}

/** One bot client, as both halves of the benchmark drive it. */
export interface Player {
  /** Resolves once the bot has the match's first state. */
  readonly ready: Promise<void>;
  /** Resolves when the bot sees the match over; rejects on a refusal or a lost connection. */
  readonly finished: Promise<void>;
  go(): void;
  stop(): void;
}

/** Tallies the bots keep: each acknowledged move and its latency, and the frames they received. */
export interface Tally {
  moves: number;
  latenciesMs: number[];
  /** Counted from the start signal on, by bots that see their frames (ours); null otherwise. */
  frames: number | null;
}

/**
 * The CPU time a process has spent, user and system, all threads, in
 * milliseconds: Linux's /proc/<pid>/stat, which counts in clock ticks of
 * 10 ms. Null where there is no such file.
 */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

/** How long the bench waits with no move acknowledged anywhere before it gives up. */
const stallMs = 60_000;

/**
 * Lets every bot of every match play, from one start signal, until each
 * match is over. Fails, rather than waits for ever, if the server dies or no
 * move is acknowledged for a minute.
 */
export async function playMatches(
  name: string,
  matches: Player[][],
  server: ServerProcess<unknown>,
  tally: Tally,
  thinkMs: number,
): Promise<ServerRun> {
  await Promise.race([Promise.all(matches.flat().map((bot) => bot.ready)), server.died]);
  let matchesFinished = 0;
  let watchdog: NodeJS.Timeout | undefined;
  const stalled = new Promise<never>((_, reject) => {
    let seen = -1;
    let since = performance.now();
    watchdog = setInterval(() => {
      if (tally.moves !== seen) {
        seen = tally.moves;
        since = performance.now();
      } else if (performance.now() - since > stallMs + thinkMs * 1.5) {
        reject(
          new Error(
            `${name}: no move acknowledged for ${stallMs / 1000} s; ${matchesFinished} of ${matches.length} matches finished, ${tally.moves} moves`,
          ),
        );
      }
    }, 1000);
  });
  const start = performance.now();
  const cpuAtStart = cpuMsOf(server.child.pid);
  const botsCpuAtStart = process.cpuUsage();
  if (tally.frames !== null) tally.frames = 0;
  for (const bot of matches.flat()) bot.go();
  try {
    await Promise.race([
      Promise.all(
        matches.map((bots) =>
          Promise.all(bots.map((bot) => bot.finished)).then(() => {
            matchesFinished++;
          }),
        ),
      ),
      server.died,
      stalled,
    ]);
  } finally {
    clearInterval(watchdog);
  }
  const cpuAtEnd = cpuMsOf(server.child.pid);
  const botsCpu = process.cpuUsage(botsCpuAtStart);
  return {
    name,
    matches: matches.length,
    matchesFinished,
    moves: tally.moves,
    elapsedMs: performance.now() - start,
    latenciesMs: tally.latenciesMs,
    frames: tally.frames,
    serverCpuMs: cpuAtStart === null || cpuAtEnd === null ? null : cpuAtEnd - cpuAtStart,
    botsCpuMs: (botsCpu.user + botsCpu.system) / 1000,
  };
}

/**
 * A server in a child process of its own, as it would run in production: it
 * prints a line saying where it listens, read by `readReady`, and is stopped
 * by a signal.
 */
export interface ServerProcess<Ready> {
  ready: Ready;
  child: ChildProcess;
  /** Rejects if the server exits before `stop` is called. */
  died: Promise<never>;
  stop(): Promise<void>;
}

export function startServerProcess<Ready>(
  args: string[],
  env: NodeJS.ProcessEnv,
  readReady: (line: string) => Ready | undefined,
): Promise<ServerProcess<Ready>> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  let stopping = false;
  const died = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      if (!stopping) reject(new Error(`the server exited (${code ?? signal}): ${errors}`));
    });
  });
  died.catch(() => {});
  const stop = () =>
    new Promise<void>((resolve) => {
      stopping = true;
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timeout = setTimeout(() => {
      void stop();
      reject(new Error(`server did not start within 30 s: ${errors}`));
    }, 30_000);
    lines.on('line', (line) => {
      const ready = readReady(line);
      if (ready === undefined) return;
      clearTimeout(timeout);
      resolve({ ready, child, died, stop });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timeout);
      reject(new Error(`server exited (${code ?? signal}) before listening: ${errors}`));
    });
  });
}

/**
 * Node's own arguments to run a TypeScript file through tsx; with
 * BENCH_CPU_PROF set to a folder, the server writes a CPU profile there when
 * it stops (open it in Chrome's DevTools, or any .cpuprofile viewer).
 */
export function tsxArguments(file: string, ...args: string[]): string[] {
  const profile = process.env.BENCH_CPU_PROF;
  return [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    '--import',
    'tsx',
    file,
    ...args,
  ];
}

/** `tsxArguments` for one of our servers: Node's flags first, as `npm start` and `tabletop` give them. */
export function serverArguments(file: string, ...args: string[]): string[] {
  return [...serverNodeFlags, ...tsxArguments(file, ...args)];
}
