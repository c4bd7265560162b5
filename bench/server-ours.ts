import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import {
  type BenchOptions,
  playMatches,
  type ServerProcess,
  type ServerRun,
  serverArguments,
  startServerProcess,
  type Tally,
  thinkingTime,
} from './server-measure.js';

/**
 * Our half of `bench:server`: the tabletop server in a process of its own,
 * with durable storage (a SQLite file or a PostgreSQL schema); bot clients,
 * one WebSocket per seat, play the dice duel through the protocol of
 * packages/server/README.md, as any client would.
 */

/** Our server on `db`, in a process of its own; ready with the port it listens on. */
export async function startOurServer(
  db: string,
  ...flags: string[]
): Promise<ServerProcess<number>> {
  const host = fileURLToPath(new URL('./server-host.ts', import.meta.url));
  return startServerProcess(serverArguments(host, '--db', db, ...flags), process.env, (line) => {
    try {
      return (JSON.parse(line) as { port?: number }).port;
    } catch {
      return undefined;
    }
  });
}

export async function post<T>(url: string): Promise<T>;
export async function post<T>(url: string, body: unknown): Promise<T>;
export async function post<T>(url: string, ...body: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    ...(body.length > 0
      ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body[0]) }
      : {}),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

interface Seat {
  matchId: string;
  seat: string;
  token: string;
}

/** Creates a duel with two human seats and joins both with their invitations, as two players would. */
async function createMatch(base: string, health: number): Promise<Seat[]> {
  const { id, invitations } = await post<{
    id: string;
    invitations: { seat: string; invitation: string }[];
  }>(`${base}/matches`, { ruleset: 'duel', options: { health } });
  const seats: Seat[] = [];
  for (const { seat, invitation } of invitations) {
    const { token } = await post<{ token: string }>(`${base}/matches/${id}/seats/${seat}/join`, {
      invitation,
    });
    seats.push({ matchId: id, seat, token });
  }
  return seats;
}

interface StateMessage {
  seq: number;
  actions: unknown[];
  over: boolean;
}

/**
 * One bot: on each state in which it has legal actions, it submits the first
 * with the state's sequence number; the latency is the time from the submit
 * to the state that includes it.
 */
class Bot {
  private readonly socket: WebSocket;
  private going = false;
  private last: StateMessage | null = null;
  private awaitedSeq = -1;
  private submittedAt = 0;
  private submits = 0;
  private finish: () => void = () => {};
  private fail: (error: Error) => void = () => {};
  readonly finished: Promise<void>;
  readonly ready: Promise<void>;

  constructor(
    base: string,
    private readonly seat: Seat,
    private readonly thinkMs: number,
    private readonly tally: Tally,
  ) {
    let markReady: () => void = () => {};
    let failReady: (error: Error) => void = () => {};
    this.ready = new Promise((resolve, reject) => {
      markReady = resolve;
      failReady = reject;
    });
    this.finished = new Promise((resolve, reject) => {
      this.finish = resolve;
      this.fail = reject;
    });
    // A failure before `go` is the ready promise's to report.
    this.finished.catch(() => {});
    const where = `match ${seat.matchId} seat ${seat.seat}`;
    this.socket = new WebSocket(`${base.replace('http', 'ws')}/matches/${seat.matchId}/socket`);
    this.socket.on('open', () => {
      this.socket.send(JSON.stringify({ type: 'subscribe', token: seat.token, after: 0 }));
    });
    this.socket.on('error', (error) => {
      failReady(error);
      this.fail(new Error(`${where}: ${error.message}`));
    });
    this.socket.on('close', (code) => {
      const error = new Error(`${where}: the socket closed (${code}) before the match was over`);
      failReady(error);
      this.fail(error);
    });
    this.socket.on('message', (data) => {
      if (this.tally.frames !== null) this.tally.frames++;
      const message = JSON.parse(data.toString()) as {
        type: string;
        code?: string;
        state?: StateMessage;
      };
      if (message.type === 'error') {
        this.fail(new Error(`${where}: ${data.toString().slice(0, 200)}`));
        return;
      }
      // A live entry carries the state after it; a subscription ends with a state of its own.
      const state =
        message.type === 'entry'
          ? message.state
          : message.type === 'state'
            ? (message as unknown as StateMessage)
            : undefined;
      if (!state) return;
      this.last = state;
      markReady();
      this.onState(state);
    });
  }

  go(): void {
    this.going = true;
    if (this.last) this.onState(this.last);
  }

  private onState(state: StateMessage): void {
    if (this.awaitedSeq !== -1 && state.seq >= this.awaitedSeq) {
      this.tally.latenciesMs.push(performance.now() - this.submittedAt);
      this.tally.moves++;
      this.awaitedSeq = -1;
    }
    if (state.over) {
      this.finish();
      return;
    }
    if (!this.going || this.awaitedSeq !== -1 || state.actions.length === 0) return;
    this.awaitedSeq = state.seq + 1;
    if (this.thinkMs > 0) setTimeout(() => this.submit(state), thinkingTime(this.thinkMs));
    else this.submit(state);
  }

  private submit(state: StateMessage): void {
    this.submittedAt = performance.now();
    this.submits++;
    this.socket.send(
      JSON.stringify({
        type: 'submit',
        id: String(this.submits),
        seq: state.seq,
        key: `${this.seat.seat}-${state.seq}`,
        action: state.actions[0],
      }),
    );
  }

  stop(): void {
    this.socket.removeAllListeners('close');
    this.socket.close();
  }
}

/**
 * Runs `matches` concurrent duels against our server on `db` and returns what
 * the bots measured. Bots think `thinkMs` before each move (0: they move at once).
 */
export async function benchOurServer(
  name: string,
  db: string,
  { matches, health, thinkMs }: BenchOptions,
): Promise<ServerRun> {
  const server = await startOurServer(db);
  const base = `http://127.0.0.1:${server.ready}`;
  const tally: Tally = { moves: 0, latenciesMs: [], frames: 0 };
  const bots: Bot[] = [];
  try {
    const created: Seat[][] = [];
    for (let match = 0; match < matches; match += 50) {
      const batch = Math.min(50, matches - match);
      created.push(
        ...(await Promise.all(Array.from({ length: batch }, () => createMatch(base, health)))),
      );
    }
    for (const seats of created) {
      for (const seat of seats) bots.push(new Bot(base, seat, thinkMs, tally));
    }
    const players = created.map((_, match) => [bots[2 * match]!, bots[2 * match + 1]!]);
    return await playMatches(name, players, server, tally, thinkMs);
  } finally {
    for (const bot of bots) bot.stop();
    await server.stop();
  }
}
