import { randomBytes } from 'node:crypto';
import type WebSocket from 'ws';
import {
  call,
  createAndJoin,
  eachWithin,
  fiveSeatsFourBots,
  type Host,
  openSocket,
  pause,
  startMain,
} from './audit-wire.js';

/**
 * Rate limits: a server started with every default, flooded from one
 * address. A made-up `Authorization` per request must not buy a fresh
 * allowance; a valid token, match creation and sockets have their own
 * limits per address.
 */

export interface RateFigures {
  /** Requests, each with a new random bearer token, and how many were answered 429. */
  random_token_requests: number;
  random_token_throttled: number;
  /** Random-token requests answered (not 429) before the address was first throttled. */
  answered_before_throttle: number;
  /** Requests with one valid seat token, and how many were answered 429. */
  valid_token_requests: number;
  valid_token_throttled: number;
  create_attempts: number;
  created: number;
  create_seconds: number;
  sockets_attempted: number;
  sockets_kept_open: number;
  elapsed_s: number;
}

/** The server's default rate window (10 s) and a little more, so each phase starts afresh. */
const windowMs = 10_500;

/** How many requests are in flight at once: a browser's worth of connections, many times over. */
const width = 32;

const randomBearer = () => randomBytes(32).toString('base64url');

/** Sends `count` requests made by `request`, `width` at a time; returns their statuses. */
async function flood(count: number, request: () => Promise<number>): Promise<number[]> {
  const statuses: number[] = [];
  await eachWithin(Array.from({ length: count }), width, async () => {
    statuses.push(await request());
  });
  return statuses;
}

/** Random-token requests, batch by batch, until one is throttled; returns how many were answered. */
async function answeredUntilThrottled(
  request: () => Promise<number>,
  cap: number,
): Promise<number> {
  let answered = 0;
  for (let sent = 0; sent < cap; sent += width) {
    const statuses = await flood(width, request);
    answered += statuses.filter((status) => status !== 429).length;
    if (statuses.includes(429)) return answered;
  }
  return answered;
}

/** Opens sockets from one address and counts those still open a moment later. */
async function socketsKept(host: Host, matchId: string, count: number): Promise<number> {
  const sockets: WebSocket[] = [];
  const open = new Set<WebSocket>();
  for (let index = 0; index < count; index++) {
    try {
      const socket = await openSocket(host.url, matchId, () => {});
      sockets.push(socket);
      open.add(socket);
      socket.on('close', () => open.delete(socket));
      socket.send(JSON.stringify({ type: 'subscribe', after: 0 }));
    } catch {
      // Refused at the upgrade: not kept.
    }
  }
  await pause(1_000);
  const kept = open.size;
  for (const socket of sockets) socket.close();
  return kept;
}

export interface RateOptions {
  requests: number;
  creates: number;
  sockets: number;
  folder: string;
}

export async function runRate(options: RateOptions): Promise<RateFigures> {
  const started = performance.now();
  const host = await startMain(options.folder);
  try {
    const duel = await createAndJoin(host.url, { ruleset: 'duel' }, ['0']);
    const view = (token: string) => async () =>
      (await call(host.url, 'GET', `/matches/${duel.id}/view`, { token })).status;
    const randomView = () => view(randomBearer())();

    const random = await flood(options.requests, randomView);
    const answered =
      random.filter((status) => status !== 429).length +
      (random.includes(429) ? 0 : await answeredUntilThrottled(randomView, 20 * options.requests));

    await pause(windowMs);
    const validCount = options.requests;
    const valid = await flood(validCount, view(duel.tokens['0']!));

    await pause(windowMs);
    const createStarted = performance.now();
    const creates = await flood(options.creates, async () => {
      const answer = await call(host.url, 'POST', '/matches', { body: fiveSeatsFourBots });
      return answer.status;
    });
    const createSeconds = (performance.now() - createStarted) / 1000;

    await pause(windowMs);
    const kept = await socketsKept(host, duel.id, options.sockets);
    return {
      random_token_requests: random.length,
      random_token_throttled: random.filter((status) => status === 429).length,
      answered_before_throttle: answered,
      valid_token_requests: valid.length,
      valid_token_throttled: valid.filter((status) => status === 429).length,
      create_attempts: creates.length,
      created: creates.filter((status) => status === 201).length,
      create_seconds: Number(createSeconds.toFixed(2)),
      sockets_attempted: options.sockets,
      sockets_kept_open: kept,
      elapsed_s: Number(((performance.now() - started) / 1000).toFixed(1)),
    };
  } finally {
    await host.stop();
  }
}
