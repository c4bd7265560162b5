import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Game } from 'boardgame.io';
import { Client } from 'boardgame.io/client';
import { SocketIO } from 'boardgame.io/multiplayer';
import { boardgameioDuel } from './duel-boardgameio.js';
import {
  type BenchOptions,
  playMatches,
  type ServerProcess,
  type ServerRun,
  startServerProcess,
  type Tally,
  thinkingTime,
  tsxArguments,
} from './server-measure.js';

/**
 * The anchor of `bench:server`: boardgame.io 0.50.2's own Server, with its
 * FlatFile storage in a temporary folder, in a process of its own; its
 * socket.io clients, two per match, play the dice duel on loopback.
 */

/** The duel as the server hosts it: every match draws its own seed, as a real server's would. */
function hostedDuel(health: number): Game {
  return { ...boardgameioDuel(health, 'unused'), seed: undefined } as Game;
}

async function serve(health: number, folder: string): Promise<void> {
  const { Server, FlatFile } = await import('boardgame.io/server');
  const server = Server({
    games: [hostedDuel(health)],
    db: new FlatFile({ dir: folder }),
    origins: ['http://127.0.0.1'],
  });
  // The Lobby API gets a port of its own: with the Koa installed beside
  // boardgame.io 0.50.2, routes added after the socket server attached are
  // never reached on the shared port.
  const { appServer, apiServer } = await server.run({
    port: 0,
    lobbyConfig: { apiPort: await freePort() },
  });
  steadyStorage();
  process.stdout.write(
    `${JSON.stringify({ port: portOf(appServer), lobby: portOf(apiServer) })}\n`,
  );
  process.on('SIGTERM', () => {
    server.kill({ appServer, apiServer });
    process.exit(0);
  });
}

/**
 * The anchor at its best. node-persist, under FlatFile, queues writes and
 * flushes them once a second by default, so every move would wait up to a
 * second: here each write goes to its file at once. And every two minutes it
 * reads every file to drop expired ones, though FlatFile sets no expiry; a
 * file read while it is being written fails that scan and ends the server,
 * so the scan is stopped.
 */
function steadyStorage(): void {
  const persist = createRequire(import.meta.url)('node-persist') as {
    defaultInstance: {
      setOptions(options: { writeQueue: boolean }): void;
      stopExpiredKeysInterval(): void;
    };
  };
  persist.defaultInstance.setOptions({ writeQueue: false });
  persist.defaultInstance.stopExpiredKeysInterval();
}

function portOf(server: { address(): AddressInfo | string | null } | undefined): number {
  const address = server?.address();
  if (typeof address !== 'object' || address === null) throw new Error('server not listening');
  return address.port;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const port = portOf(probe);
      probe.close(() => resolve(port));
    });
  });
}

interface Ports {
  port: number;
  lobby: number;
}

async function startBoardgameioServer(
  health: number,
  folder: string,
): Promise<ServerProcess<Ports>> {
  const file = fileURLToPath(import.meta.url);
  return startServerProcess(
    tsxArguments(file, '--serve', String(health), folder),
    { ...process.env, NODE_ENV: 'production' },
    (line) => {
      try {
        const ports = JSON.parse(line) as Partial<Ports>;
        return ports.port && ports.lobby ? { port: ports.port, lobby: ports.lobby } : undefined;
      } catch {
        return undefined;
      }
    },
  );
}

async function post<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Seat {
  matchID: string;
  playerID: string;
  credentials: string;
}

/** Creates a match through the Lobby API and joins both seats, as players would. */
async function createMatch(base: string): Promise<Seat[]> {
  const { matchID } = await post<{ matchID: string }>(`${base}/games/duel/create`, {
    numPlayers: 2,
  });
  const seats: Seat[] = [];
  for (const playerID of ['0', '1']) {
    const { playerCredentials } = await post<{ playerCredentials: string }>(
      `${base}/games/duel/${matchID}/join`,
      { playerID, playerName: `bot ${playerID}` },
    );
    seats.push({ matchID, playerID, credentials: playerCredentials });
  }
  return seats;
}

/**
 * One bot: a boardgame.io client on its own socket. On its turn it rolls, and
 * the latency is the time from the move to the state update that includes it.
 */
class Bot {
  private readonly client;
  private synced = false;
  private going = false;
  private submittedAt = 0;
  private awaitedStateID = -1;
  private finish: () => void = () => {};
  readonly finished: Promise<void>;
  readonly ready: Promise<void>;

  constructor(
    game: Game,
    server: string,
    seat: Seat,
    private readonly thinkMs: number,
    private readonly tally: Tally,
  ) {
    this.client = Client({
      game,
      numPlayers: 2,
      multiplayer: SocketIO({ server, socketOpts: { transports: ['websocket'] } }),
      matchID: seat.matchID,
      playerID: seat.playerID,
      credentials: seat.credentials,
      debug: false,
    });
    let markReady: () => void = () => {};
    this.ready = new Promise((resolve) => {
      markReady = resolve;
    });
    this.finished = new Promise((resolve) => {
      this.finish = resolve;
    });
    this.client.subscribe((state) => {
      if (state === null) return;
      if (!this.synced) {
        this.synced = true;
        markReady();
      }
      this.onState(state._stateID, state.ctx.currentPlayer, state.ctx.gameover !== undefined);
    });
    this.client.start();
  }

  go(): void {
    this.going = true;
    const state = this.client.getState();
    if (state)
      this.onState(state._stateID, state.ctx.currentPlayer, state.ctx.gameover !== undefined);
  }

  private onState(stateID: number, currentPlayer: string, over: boolean): void {
    if (this.awaitedStateID !== -1 && stateID >= this.awaitedStateID) {
      this.tally.latenciesMs.push(performance.now() - this.submittedAt);
      this.tally.moves++;
      this.awaitedStateID = -1;
    }
    if (over) {
      this.finish();
      return;
    }
    if (!this.going || this.awaitedStateID !== -1 || currentPlayer !== this.client.playerID) return;
    this.awaitedStateID = stateID + 1;
    if (this.thinkMs > 0) setTimeout(() => this.roll(), thinkingTime(this.thinkMs));
    else this.roll();
  }

  private roll(): void {
    this.submittedAt = performance.now();
    this.client.moves.roll!();
  }

  stop(): void {
    this.client.stop();
  }
}

/**
 * Runs `matches` concurrent duels against boardgame.io's server and returns
 * what the bots measured. Bots think `thinkMs` before each move.
 */
export async function benchBoardgameioServer({
  matches,
  health,
  thinkMs,
}: BenchOptions): Promise<ServerRun> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-boardgameio-'));
  const server = await startBoardgameioServer(health, folder);
  const game = hostedDuel(health);
  const base = `http://127.0.0.1:${server.ready.port}`;
  const lobby = `http://127.0.0.1:${server.ready.lobby}`;
  const tally: Tally = { moves: 0, latenciesMs: [], frames: null };
  const bots: Bot[] = [];
  try {
    const created: Seat[][] = [];
    for (let match = 0; match < matches; match += 50) {
      const batch = Math.min(50, matches - match);
      created.push(...(await Promise.all(Array.from({ length: batch }, () => createMatch(lobby)))));
    }
    for (const seats of created) {
      for (const seat of seats) bots.push(new Bot(game, base, seat, thinkMs, tally));
    }
    const players = created.map((_, match) => [bots[2 * match]!, bots[2 * match + 1]!]);
    return await playMatches('boardgame.io 0.50.2 (FlatFile)', players, server, tally, thinkMs);
  } finally {
    for (const bot of bots) bot.stop();
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  await serve(Number(process.argv[3]), process.argv[4]!);
}
