import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { type Reply, request } from '../packages/server/test/helpers/client.js';
import { type ServerProcess, serverArguments, startServerProcess } from './server-measure.js';

/** Where the audit's servers run and how they are reached, shared by its sections. */

const here = dirname(fileURLToPath(import.meta.url));
const host = join(here, 'audit-host.ts');
const main = join(here, '..', 'packages', 'server', 'src', 'main.ts');

export interface Host {
  url: string;
  server: ServerProcess<unknown>;
  /** SIGKILL: the process gets no chance to finish anything. */
  kill(): Promise<void>;
  /** SIGTERM, and wait for the exit. */
  stop(): Promise<void>;
}

export interface HostOptions {
  db: string;
  cacheMb?: number;
  snapshotEvery?: number;
  /** `lifted` for sections that play every seat from one address; `default` keeps the server's. */
  limits: 'lifted' | 'default';
}

function hostOf(server: ServerProcess<{ port: number }>): Host {
  return {
    url: `http://127.0.0.1:${server.ready.port}`,
    server,
    stop: () => server.stop(),
    kill: () =>
      new Promise<void>((resolve) => {
        server.child.kill('SIGKILL');
        // Marked as stopping before the exit is seen, so it is not taken for a crash.
        void server.stop().then(resolve);
      }),
  };
}

/** Starts `audit-host.ts`: the server as `main.ts` builds it, with the limits and bound asked for. */
export async function startHost(options: HostOptions): Promise<Host> {
  const args = ['--db', options.db, '--limits', options.limits];
  if (options.cacheMb !== undefined) args.push('--cache-mb', String(options.cacheMb));
  if (options.snapshotEvery !== undefined)
    args.push('--snapshot-every', String(options.snapshotEvery));
  const server = await startServerProcess(
    serverArguments(host, ...args),
    { ...process.env, DATABASE_URL: '' },
    readPort,
  );
  return hostOf(server);
}

/** Starts `main.ts` itself, with no flag but the port and the data folder: every default. */
export async function startMain(data: string): Promise<Host> {
  const server = await startServerProcess(
    serverArguments(main, '--port', '0', '--host', '127.0.0.1', '--data', data),
    { ...process.env, DATABASE_URL: '', TABLETOP_CACHE_MB: '' },
    (line) => {
      const found = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      return found ? { port: Number(found[1]) } : undefined;
    },
  );
  return hostOf(server);
}

function readPort(line: string): { port: number } | undefined {
  try {
    const parsed = JSON.parse(line) as { port?: unknown };
    return typeof parsed.port === 'number' ? { port: parsed.port } : undefined;
  } catch {
    return undefined;
  }
}

/** Parsed JSON as the audit reads it: checked field by field where it matters. */
// biome-ignore lint/suspicious/noExplicitAny: received JSON is read loosely and checked
export type Json = any;

export type Answer = Reply<Json>;

/**
 * One HTTP request, as `request` sends it. A kept-alive connection the
 * server closed as idle just as the request went out fails before any
 * answer: the request is sent once more, on a new connection. An action
 * sent twice is applied once (its idempotency key); a match created twice
 * is one more match (the creation flood counts answers, not matches).
 */
export async function call(...args: Parameters<typeof request>): Promise<Answer> {
  try {
    return await request(...args);
  } catch (error) {
    if (!closedUnderfoot(error)) throw error;
    return request(...args);
  }
}

function closedUnderfoot(error: unknown): boolean {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'UND_ERR_SOCKET' || code === 'ECONNRESET';
}

export function parseOrNull(text: string): Json {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Calls `call` and insists on the status, naming what was asked when it differs. */
export async function expectStatus(
  status: number,
  url: string,
  method: string,
  path: string,
  options: Parameters<typeof call>[3] = {},
): Promise<Json> {
  const answer = await call(url, method, path, options);
  if (answer.status !== status) {
    throw new Error(`${method} ${path}: ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  return answer.body;
}

export interface Created {
  id: string;
  tokens: Record<string, string>;
}

/** Creates a match and joins the given seats with their invitations, as its players would. */
export async function createAndJoin(
  url: string,
  body: { ruleset: string; options?: unknown; bots?: Record<string, string> },
  join: string[],
): Promise<Created> {
  const created = await expectStatus(201, url, 'POST', '/matches', { body });
  const invitations = new Map<string, string>(
    (created.invitations as { seat: string; invitation: string }[]).map((each) => [
      each.seat,
      each.invitation,
    ]),
  );
  const tokens: Record<string, string> = {};
  for (const seat of join) {
    const joined = await expectStatus(
      201,
      url,
      'POST',
      `/matches/${created.id}/seats/${seat}/join`,
      {
        body: { invitation: invitations.get(seat) },
      },
    );
    tokens[seat] = joined.token;
  }
  return { id: created.id, tokens };
}

/** The samples of `/metrics` without labels, and the sums of those with, by name. */
export async function readMetrics(url: string): Promise<Map<string, number>> {
  const text = (await call(url, 'GET', '/metrics')).text;
  const figures = new Map<string, number>();
  for (const line of text.split('\n')) {
    const found = /^([a-z_:]+)(\{[^}]*\})?\s+(\S+)$/.exec(line);
    if (!found) continue;
    const value = Number(found[3]);
    if (Number.isFinite(value)) figures.set(found[1]!, (figures.get(found[1]!) ?? 0) + value);
  }
  return figures;
}

/** Opens a WebSocket on a match and hands each text frame to `onFrame`, raw. */
export function openSocket(
  url: string,
  matchId: string,
  onFrame: (raw: string) => void,
): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/matches/${matchId}/socket`);
  socket.on('message', (data) => onFrame(data.toString()));
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Five Nemesis seats, random bots in 1-4: the bots play until seat 0, a person, is asked. */
export const fiveSeatsFourBots = {
  ruleset: 'nemesis',
  options: { players: 5 },
  bots: { '1': 'random', '2': 'random', '3': 'random', '4': 'random' },
};

/** Runs `work` over `items` with at most `width` at a time, in order of start. */
export async function eachWithin<T>(
  items: readonly T[],
  width: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, items.length)) }, lane));
}

export function pause(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}
