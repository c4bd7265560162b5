import { parseArgs } from 'node:util';
import type { ServerLimits } from './app.js';
import { defaultBotThreads, mostBotThreads } from './bot-pool.js';
import { parseTrustProxy, type TrustProxy } from './proxy.js';
import { startServer } from './start.js';
import { stopOnSignals } from './stop-on-signals.js';

/**
 * The server as a process: `node --import tsx packages/server/src/main.ts
 * [--port N] [--host H] [--data FOLDER] [--db FILE|postgres://...] [--cache-mb N]`.
 * Flags win over PORT, HOST, TABLETOP_DATA, DATABASE_URL, TABLETOP_CACHE_MB,
 * TABLETOP_RETAIN_FINISHED_DAYS and TABLETOP_BOT_THREADS.
 */
const usage =
  'usage: main.ts [--port N] [--host ADDRESS] [--data FOLDER] [--db FILE|postgres://...] [--web FOLDER] [--snapshot-every N]\n' +
  '               [--cache-mb N] [--rate-max N] [--rate-window-ms N] [--idle-socket-ms N] [--request-timeout-ms N]\n' +
  '               [--bot-threads N]\n' +
  '  --cache-mb N   the most memory, in MiB, the matches kept in memory may take, estimated (1024 by default;\n' +
  '                 env TABLETOP_CACHE_MB): past it the least recently used matches nobody follows are dropped,\n' +
  '                 and loaded again from storage when next asked for\n' +
  '  --retain-finished-days N   delete a finished match, with its log and chat, N days after its last entry\n' +
  '                 (env TABLETOP_RETAIN_FINISHED_DAYS; kept for good by default)\n' +
  '  --trust-proxy V   believe X-Forwarded-For from these proxies: true, or addresses and\n' +
  '                 CIDR ranges such as 127.0.0.1,10.0.0.0/8 (env TABLETOP_TRUST_PROXY; none by default)\n' +
  '  --bot-threads N   worker threads the bots think in, so a thinking bot holds up no other match;\n' +
  `                 0 runs them on the event loop (env TABLETOP_BOT_THREADS; ${defaultBotThreads()} here: the cores but one)`;

function fail(message: string, withUsage = true): never {
  process.stderr.write(`tabletop server: ${message}\n${withUsage ? `${usage}\n` : ''}`);
  process.exit(withUsage ? 2 : 1);
}

function integer(
  name: string,
  text: string | undefined,
  min: number,
  max: number,
): number | undefined {
  if (text === undefined || text === '') return undefined;
  if (!/^[0-9]+$/.test(text) || Number(text) < min || Number(text) > max) {
    fail(`${name} must be a whole number from ${min} to ${max}`);
  }
  return Number(text);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      db: { type: 'string' },
      web: { type: 'string' },
      'snapshot-every': { type: 'string' },
      'cache-mb': { type: 'string' },
      'retain-finished-days': { type: 'string' },
      'rate-max': { type: 'string' },
      'rate-window-ms': { type: 'string' },
      'idle-socket-ms': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'trust-proxy': { type: 'string' },
      'bot-threads': { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  }));
} catch (error) {
  fail((error as Error).message.split('\n')[0] ?? 'bad arguments');
}
if (values.help) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}

const port = integer('--port', (values.port as string) ?? process.env.PORT, 0, 65_535) ?? 8080;
const snapshotEvery = integer('--snapshot-every', values['snapshot-every'] as string, 1, 1_000_000);
const cacheMegabytes = integer(
  '--cache-mb',
  (values['cache-mb'] as string | undefined) ?? process.env.TABLETOP_CACHE_MB,
  1,
  1_048_576,
);
const retainDays = integer(
  '--retain-finished-days',
  (values['retain-finished-days'] as string | undefined) ??
    process.env.TABLETOP_RETAIN_FINISHED_DAYS,
  1,
  36_500,
);
const limits: Partial<ServerLimits> = {};
const rateMax = integer('--rate-max', values['rate-max'] as string, 1, 1_000_000_000);
if (rateMax !== undefined) {
  limits.rateMax = limits.socketRateMax = rateMax;
  // An address holds a few seats' worth of allowance; made-up tokens share it.
  limits.addressRateMax = 4 * rateMax;
}
const rateWindow = integer('--rate-window-ms', values['rate-window-ms'] as string, 1, 86_400_000);
if (rateWindow !== undefined) limits.rateWindowMs = rateWindow;
const idle = integer('--idle-socket-ms', values['idle-socket-ms'] as string, 1, 86_400_000);
if (idle !== undefined) limits.idleSocketMs = idle;
const timeout = integer(
  '--request-timeout-ms',
  values['request-timeout-ms'] as string,
  1,
  86_400_000,
);
if (timeout !== undefined) limits.requestTimeoutMs = timeout;
const botThreads = integer(
  '--bot-threads',
  (values['bot-threads'] as string | undefined) ?? process.env.TABLETOP_BOT_THREADS,
  0,
  mostBotThreads,
);
const db = (values.db as string | undefined) ?? (process.env.DATABASE_URL || undefined);
const data = (values.data as string | undefined) ?? (process.env.TABLETOP_DATA || undefined);
const host = (values.host as string | undefined) ?? (process.env.HOST || '127.0.0.1');
const trustText =
  (values['trust-proxy'] as string | undefined) ?? (process.env.TABLETOP_TRUST_PROXY || undefined);
let trustProxy: TrustProxy | undefined;
try {
  if (trustText !== undefined) trustProxy = parseTrustProxy(trustText);
} catch (error) {
  fail(`--trust-proxy: ${(error as Error).message}`);
}

try {
  const server = await startServer({
    port,
    host,
    ...(db ? { db } : {}),
    ...(data ? { data } : {}),
    ...(values.web ? { web: values.web as string } : {}),
    ...(snapshotEvery ? { snapshotEvery } : {}),
    ...(cacheMegabytes ? { cacheBytes: cacheMegabytes * 1024 * 1024 } : {}),
    ...(retainDays ? { retainFinishedMs: retainDays * 86_400_000 } : {}),
    ...(trustProxy !== undefined ? { trustProxy } : {}),
    ...(botThreads !== undefined ? { botThreads } : {}),
    limits,
  });
  stopOnSignals(server, 'tabletop server');
  // Said once a stop would drain: whoever waits for this line may send SIGTERM at once.
  process.stdout.write(`tabletop server listening on ${server.url} (${server.storage})\n`);
} catch (error) {
  fail((error as Error).message, false);
}
