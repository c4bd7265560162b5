import { join } from 'node:path';
import { type LogEntry, SqliteStorage } from '@tabletop/server';
import type WebSocket from 'ws';
import {
  call,
  createAndJoin,
  type Host,
  openSocket,
  parseOrNull,
  pause,
  startHost,
} from './audit-wire.js';

/**
 * Kills: duels played as fast as the server answers by concurrent clients,
 * while the server is killed with SIGKILL and started again on the same
 * database, over and over. Each client keeps every action the server
 * acknowledged (its key and sequence number) and retries the one whose
 * answer never came, with the same key. At the end the store must hold
 * every acknowledged action exactly once, at the sequence number it was
 * acknowledged with.
 */

export interface KillFigures {
  kills: number;
  clients: number;
  matches: number;
  acknowledged: number;
  /** Actions whose answer the kill cut off, retried after the restart with the same key. */
  retried: number;
  /** Of those, found already stored (answered `replayed`), so applied once, not twice. */
  retried_already_stored: number;
  lost: number;
  forks: number;
  /** Matches a spectator's socket followed between kills, and those told of an entry not stored. */
  watched_matches: number;
  announced_not_stored: number;
  /** Retries answered with anything but 200: there should be none. */
  retry_refusals: number;
  elapsed_s: number;
}

interface Pending {
  matchId: string;
  seat: string;
  seq: number;
  key: string;
}

/** One client: plays its duel, both seats in turn, and a new one when it ends. */
interface Client {
  index: number;
  matchId: string;
  tokens: Record<string, string>;
  seq: number;
  /** The submit whose answer never came: it may or may not be stored. */
  pending: Pending | null;
}

interface Ledger {
  /** By match, each acknowledged key and the sequence number it was acknowledged with. */
  acknowledged: Map<string, Map<string, number>>;
  retried: number;
  retriedStored: number;
  retryRefusals: number;
  matches: number;
  /** By match, the highest sequence number a spectator's socket was told of. */
  announced: Map<string, number>;
}

function acknowledge(ledger: Ledger, matchId: string, key: string, seq: number): void {
  const keys = ledger.acknowledged.get(matchId) ?? new Map<string, number>();
  keys.set(key, seq);
  ledger.acknowledged.set(matchId, keys);
}

const duelOptions = { ruleset: 'duel', options: { health: 1000 } };

async function newDuel(host: Host, client: Client, ledger: Ledger): Promise<void> {
  const created = await createAndJoin(host.url, duelOptions, ['0', '1']);
  client.matchId = created.id;
  client.tokens = created.tokens;
  client.seq = 0;
  ledger.matches++;
}

function submit(host: Host, client: Client, pending: Pending) {
  return call(host.url, 'POST', `/matches/${pending.matchId}/actions`, {
    token: client.tokens[pending.seat]!,
    body: { seq: pending.seq, key: pending.key, action: { type: 'roll' } },
  });
}

/** After a restart: the unanswered submit again, same key; it must be applied once in all. */
async function retryPending(host: Host, client: Client, ledger: Ledger): Promise<void> {
  const pending = client.pending;
  if (!pending) return;
  const answer = await submit(host, client, pending);
  ledger.retried++;
  client.pending = null;
  if (answer.status !== 200) {
    ledger.retryRefusals++;
    const view = await call(host.url, 'GET', `/matches/${pending.matchId}/view`);
    client.seq = view.body.seq;
    return;
  }
  if (answer.body.replayed) ledger.retriedStored++;
  acknowledge(ledger, pending.matchId, pending.key, answer.body.seq);
  client.seq = answer.body.seq;
}

/** Plays until a request fails (the server was killed), leaving that submit pending. */
async function drive(host: Host, client: Client, ledger: Ledger): Promise<void> {
  try {
    if (!client.matchId) await newDuel(host, client, ledger);
    await retryPending(host, client, ledger);
  } catch {
    return;
  }
  for (;;) {
    const pending: Pending = {
      matchId: client.matchId,
      seat: client.seq % 2 === 0 ? '0' : '1',
      seq: client.seq,
      key: `client-${client.index}-${client.matchId}-${client.seq}`,
    };
    let answer: Awaited<ReturnType<typeof submit>>;
    try {
      answer = await submit(host, client, pending);
    } catch {
      client.pending = pending;
      return;
    }
    if (answer.status === 200) {
      acknowledge(ledger, pending.matchId, pending.key, answer.body.seq);
      client.seq = answer.body.seq;
    } else if (answer.body?.code === 'match-over') {
      try {
        await newDuel(host, client, ledger);
      } catch {
        return;
      }
    } else {
      throw new Error(`an action was refused under load: ${answer.status} ${answer.text}`);
    }
  }
}

/** Reads the store once the server is stopped: every acknowledged entry once, at its number. */
async function audit(db: string, ledger: Ledger): Promise<Audited> {
  const storage = await SqliteStorage.open(db);
  let lost = 0;
  let forks = 0;
  let unstored = 0;
  try {
    for (const [matchId, told] of ledger.announced) {
      if ((await storage.readLog(matchId, 0)).length < told) unstored++;
    }
    for (const [matchId, keys] of ledger.acknowledged) {
      const log = await storage.readLog(matchId, 0);
      forks += forksIn(log);
      const stored = new Map<string, number[]>();
      for (const entry of log) {
        stored.set(entry.idempotencyKey, [...(stored.get(entry.idempotencyKey) ?? []), entry.seq]);
      }
      for (const [key, seq] of keys) {
        const places = stored.get(key) ?? [];
        if (places.length === 0) lost++;
        else if (places.length !== 1 || places[0] !== seq) forks++;
      }
    }
  } finally {
    await storage.close();
  }
  return { lost, forks, unstored };
}

interface Audited {
  lost: number;
  forks: number;
  /** Matches whose spectators were told of an entry the store does not hold. */
  unstored: number;
}

/**
 * A spectator on each match already under way: what a socket is told must be
 * stored, since a follower is told of an entry only once it is committed.
 */
async function watch(host: Host, clients: Client[], ledger: Ledger): Promise<WebSocket[]> {
  // The first round's duels are created as the clients start: watched once they exist.
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline && clients.some((client) => client.matchId === '')) await pause(50);
  const sockets: WebSocket[] = [];
  for (const { matchId } of clients.filter((client) => client.matchId !== '')) {
    try {
      const socket = await openSocket(host.url, matchId, (raw) => {
        const seq = parseOrNull(raw)?.seq;
        if (typeof seq === 'number' && seq > (ledger.announced.get(matchId) ?? 0)) {
          ledger.announced.set(matchId, seq);
        }
      });
      socket.on('error', () => {});
      socket.send(JSON.stringify({ type: 'subscribe', after: 0 }));
      sockets.push(socket);
    } catch {
      // The server is gone already: nothing to watch in this round.
    }
  }
  return sockets;
}

/** Two entries at one sequence number, a gap, or one idempotency key stored twice. */
function forksIn(log: LogEntry[]): number {
  let forks = 0;
  log.forEach((entry, index) => {
    if (entry.seq !== index + 1) forks++;
  });
  const keys = new Set(log.map((entry) => entry.idempotencyKey));
  return forks + (log.length - keys.size);
}

export interface KillOptions {
  kills: number;
  clients: number;
  /** How long the clients play before each kill, on average. */
  loadMs: number;
  folder: string;
}

export async function runKills(options: KillOptions): Promise<KillFigures> {
  const started = performance.now();
  const db = join(options.folder, 'kills.db');
  const ledger: Ledger = {
    acknowledged: new Map(),
    retried: 0,
    retriedStored: 0,
    retryRefusals: 0,
    matches: 0,
    announced: new Map(),
  };
  const clients: Client[] = Array.from({ length: options.clients }, (_, index) => ({
    index,
    matchId: '',
    tokens: {},
    seq: 0,
    pending: null,
  }));
  // Snapshots every 10 entries, so that kills also fall on entries stored with a snapshot.
  const hostOptions = { db, limits: 'lifted' as const, snapshotEvery: 10 };
  for (let kill = 0; kill < options.kills; kill++) {
    const host = await startHost(hostOptions);
    const driving = clients.map((client) => drive(host, client, ledger));
    const watchers = await watch(host, clients, ledger);
    await pause(options.loadMs * (0.5 + Math.random()));
    await host.kill();
    await Promise.all(driving);
    for (const watcher of watchers) watcher.terminate();
  }
  // One last start: every pending submit is retried, then the server stops cleanly.
  const host = await startHost(hostOptions);
  try {
    for (const client of clients) await retryPending(host, client, ledger);
  } finally {
    await host.stop();
  }
  const { lost, forks, unstored } = await audit(db, ledger);
  let acknowledged = 0;
  for (const keys of ledger.acknowledged.values()) acknowledged += keys.size;
  return {
    kills: options.kills,
    clients: options.clients,
    matches: ledger.matches,
    acknowledged,
    retried: ledger.retried,
    retried_already_stored: ledger.retriedStored,
    lost,
    forks,
    announced_not_stored: unstored,
    watched_matches: ledger.announced.size,
    retry_refusals: ledger.retryRefusals,
    elapsed_s: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}
