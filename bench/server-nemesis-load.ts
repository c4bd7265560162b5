import WebSocket from 'ws';
import { percentile } from './server-measure.js';
import { post } from './server-ours.js';

/**
 * The clients of `bench:server-nemesis`: four-player Nemesis matches, each
 * with one simulated person at seat 0 (over a WebSocket, as the web table
 * plays) and bots at the other seats, played by the server. The person
 * waits a uniform 2-5 s (scaled by `thinkScale`) before each move and picks
 * one of its legal actions at random.
 */

/** How a match is set up: the bots at seats 1-3, and whether seat 0 is a person at all. */
export interface MatchKind {
  /** The bot at each seat the server plays, e.g. `normal` (the sensible bot) or `ismcts`. */
  bots: Record<string, string>;
  /** Seat 0 is a person's (a simulated one), or a bot's too. */
  person: boolean;
}

export const personWithSensibleBots: MatchKind = {
  bots: { '1': 'normal', '2': 'normal', '3': 'normal' },
  person: true,
};

export const searchBotsOnly: MatchKind = {
  bots: { '0': 'ismcts', '1': 'ismcts', '2': 'ismcts', '3': 'ismcts' },
  person: false,
};

/** What the people measured: each move's time from its submit to the state that includes it. */
export interface Tally {
  moves: number;
  latenciesMs: number[];
  /** Moves sent again on a newer state: the match moved on (a bot's simultaneous answer) first. */
  retries: number;
}

export function newTally(): Tally {
  return { moves: 0, latenciesMs: [], retries: 0 };
}

interface StateMessage {
  type: 'state';
  seq: number;
  actions: unknown[];
  over: boolean;
}

/** The seat a person plays: its match, on which server, with the token its join gave. */
interface Place {
  base: string;
  matchId: string;
  token: string;
}

/** A person's pause before a move: uniform from 2 to 5 s, times `scale`. */
function thinkingTime(scale: number): number {
  return (2_000 + Math.random() * 3_000) * scale;
}

/**
 * One simulated person at seat 0 of a match. It acts on states: the one
 * that ends a catch-up, and the one the newest entry of each push carries,
 * each read for its sequence number, actions and end.
 */
class Person {
  readonly #socket: WebSocket;
  #latest: StateMessage | null = null;
  #awaitedSeq = -1;
  #submittedAt = 0;
  #timer: NodeJS.Timeout | null = null;
  #submits = 0;
  #stopped = false;

  constructor(
    place: Place,
    private readonly tally: Tally,
    private readonly thinkScale: number,
    private readonly over: () => void,
    failed: (error: Error) => void,
  ) {
    this.#socket = new WebSocket(
      `${place.base.replace('http', 'ws')}/matches/${place.matchId}/socket`,
    );
    this.#socket.on('open', () => {
      this.#socket.send(JSON.stringify({ type: 'subscribe', token: place.token, after: 0 }));
    });
    // A person stopped while its socket still connects (the fleet shrunk) gets an error: not a failure.
    this.#socket.on('error', (error) => {
      if (!this.#stopped) failed(error);
    });
    this.#socket.on('close', (code) => {
      if (!this.#stopped) failed(new Error(`match ${place.matchId}: the socket closed (${code})`));
    });
    this.#socket.on('message', (data) => this.#received(data.toString()));
  }

  #received(text: string): void {
    const message = JSON.parse(text) as {
      type: string;
      code?: string;
      state?: Omit<StateMessage, 'type'>;
    };
    // The newest entry of a push carries the reader's state after it; the catch-up ends with one.
    if (message.type === 'entry' && message.state)
      this.#onState({ ...message.state, type: 'state' });
    else if (message.type === 'state') this.#onState(message as StateMessage);
    else if (message.type === 'error') this.#refused();
  }

  #onState(state: StateMessage): void {
    this.#latest = state;
    if (this.#awaitedSeq !== -1 && state.seq >= this.#awaitedSeq) {
      this.tally.latenciesMs.push(performance.now() - this.#submittedAt);
      this.tally.moves++;
      this.#awaitedSeq = -1;
    }
    if (state.over) {
      this.stop();
      this.over();
      return;
    }
    if (this.#awaitedSeq === -1 && this.#timer === null && state.actions.length > 0) {
      this.#timer = setTimeout(() => this.#move(), thinkingTime(this.thinkScale));
    }
  }

  /** A move refused because the match moved on meanwhile: the person answers the newer state. */
  #refused(): void {
    this.#awaitedSeq = -1;
    this.tally.retries++;
    if (this.#latest && this.#latest.actions.length > 0 && this.#timer === null) this.#move();
  }

  #move(): void {
    this.#timer = null;
    const state = this.#latest;
    if (this.#stopped || !state || state.over || state.actions.length === 0) return;
    const action = state.actions[Math.floor(Math.random() * state.actions.length)];
    this.#awaitedSeq = state.seq + 1;
    this.#submittedAt = performance.now();
    this.#submits++;
    this.#socket.send(
      JSON.stringify({
        type: 'submit',
        id: String(this.#submits),
        seq: state.seq,
        key: `person-${state.seq}-${this.#submits}`,
        action,
      }),
    );
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#socket.close();
  }
}

/** Creates a four-player match of `kind` on `base`; with a person, joins seat 0 as one would. */
async function createMatch(base: string, kind: MatchKind): Promise<Place> {
  const { id, invitations } = await post<{
    id: string;
    invitations: { seat: string; invitation: string }[];
  }>(`${base}/matches`, { ruleset: 'nemesis', options: { players: 4 }, bots: kind.bots });
  if (!kind.person) return { base, matchId: id, token: '' };
  const seat = invitations.find((invitation) => invitation.seat === '0')!;
  const { token } = await post<{ token: string }>(`${base}/matches/${id}/seats/0/join`, {
    invitation: seat.invitation,
  });
  return { base, matchId: id, token };
}

/**
 * The matches the bench keeps going on its servers (shared round-robin):
 * `resize` starts or stops people so that that many matches have one
 * playing; a match that ends is replaced by a new one.
 */
export class Fleet {
  readonly tally = newTally();
  readonly #people: Person[] = [];
  #created = 0;
  #failure: Error | null = null;

  constructor(
    private readonly bases: string[],
    private readonly thinkScale: number,
  ) {}

  get size(): number {
    return this.#people.length;
  }

  /** Throws the first failure a person met (a socket closed, a server gone). */
  check(): void {
    if (this.#failure) throw this.#failure;
  }

  async resize(target: number): Promise<void> {
    while (this.#people.length > target) this.#people.pop()!.stop();
    while (this.#people.length < target) {
      const batch = Math.min(25, target - this.#people.length);
      await Promise.all(Array.from({ length: batch }, () => this.#start()));
      this.check();
    }
  }

  async #start(): Promise<void> {
    const base = this.bases[this.#created++ % this.bases.length]!;
    const place = await createMatch(base, personWithSensibleBots);
    const person: Person = new Person(
      place,
      this.tally,
      this.thinkScale,
      () => {
        const index = this.#people.indexOf(person);
        if (index === -1) return;
        this.#people.splice(index, 1);
        void this.#start().catch((error: Error) => {
          this.#failure ??= error;
        });
      },
      (error) => {
        this.#failure ??= error;
      },
    );
    this.#people.push(person);
  }

  stop(): void {
    for (const person of this.#people.splice(0)) person.stop();
  }
}

/** Creates `count` matches of bots alone on `base`: they play with nobody watching. */
export async function startBotMatches(base: string, count: number): Promise<void> {
  for (let made = 0; made < count; made += 10) {
    const batch = Math.min(10, count - made);
    await Promise.all(Array.from({ length: batch }, () => createMatch(base, searchBotsOnly)));
  }
}

/** The server counters a window is measured by, read from `/metrics`. */
export interface ServerCounters {
  botMoves: number;
  entries: number;
  commitSeconds: number;
  commits: number;
  cpuSeconds: number;
  /** The main threads' busy time (the event loop running, not waiting). */
  busySeconds: number;
  /** The event loop's delay, 99th percentile, since the last read (the largest of the servers'). */
  loopLagP99Seconds: number;
}

function sample(text: string, name: string, labels = ''): number {
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (!(rest.startsWith(' ') || rest.startsWith('{'))) continue;
    if (labels && !rest.includes(labels)) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

export async function readCounters(base: string): Promise<ServerCounters> {
  const text = await (await fetch(`${base}/metrics`)).text();
  return {
    botMoves: sample(text, 'tabletop_entries_total', 'kind="action",by="bot"'),
    entries: sample(text, 'tabletop_entries_total'),
    commitSeconds: sample(text, 'tabletop_storage_commit_seconds_sum'),
    commits: sample(text, 'tabletop_storage_commit_seconds_count'),
    cpuSeconds: sample(text, 'tabletop_process_process_cpu_seconds_total'),
    busySeconds: sample(text, 'tabletop_event_loop_busy_seconds_total'),
    loopLagP99Seconds: sample(text, 'tabletop_process_nodejs_eventloop_lag_p99_seconds'),
  };
}

/** The counters of every server, summed. */
export async function readAllCounters(bases: string[]): Promise<ServerCounters> {
  const each = await Promise.all(bases.map(readCounters));
  return {
    botMoves: each.reduce((sum, counters) => sum + counters.botMoves, 0),
    entries: each.reduce((sum, counters) => sum + counters.entries, 0),
    commitSeconds: each.reduce((sum, counters) => sum + counters.commitSeconds, 0),
    commits: each.reduce((sum, counters) => sum + counters.commits, 0),
    cpuSeconds: each.reduce((sum, counters) => sum + counters.cpuSeconds, 0),
    busySeconds: each.reduce((sum, counters) => sum + counters.busySeconds, 0),
    loopLagP99Seconds: Math.max(...each.map((counters) => counters.loopLagP99Seconds)),
  };
}

/** What one measuring window gave: the people's side, and the servers' per entry. */
export interface Window {
  matches: number;
  p50_ms: number;
  p99_ms: number;
  human_moves: number;
  human_moves_per_s: number;
  bot_moves_per_s: number;
  entries_per_s: number;
  /** Storage commit time per entry stored, in milliseconds. */
  commit_ms_per_move: number;
  /** The server processes' processor time per entry stored (every thread), in milliseconds. */
  server_cpu_ms_per_move: number;
  /** The servers' main threads' busy time per entry stored, in milliseconds: the event loop's share of the above. */
  main_thread_ms_per_move: number;
  /** How late the servers' event loops ran, 99th percentile over the window (the worst server's). */
  event_loop_lag_p99_ms: number;
}

const round = (value: number, places = 2) => Number(value.toFixed(places));

/** Measures `seconds` of play after `warmUpSeconds`: the people's moves and the servers' counters. */
export async function measureWindow(
  fleet: Fleet,
  bases: string[],
  warmUpSeconds: number,
  seconds: number,
): Promise<Window> {
  await new Promise((done) => setTimeout(done, warmUpSeconds * 1000));
  fleet.check();
  fleet.tally.latenciesMs = [];
  const moves = fleet.tally.moves;
  const before = await readAllCounters(bases);
  const started = performance.now();
  await new Promise((done) => setTimeout(done, seconds * 1000));
  const after = await readAllCounters(bases);
  const elapsed = (performance.now() - started) / 1000;
  fleet.check();
  const latencies = fleet.tally.latenciesMs;
  const entries = after.entries - before.entries;
  const perEntry = (value: number) => (entries > 0 ? round((value * 1000) / entries, 3) : 0);
  return {
    matches: fleet.size,
    p50_ms: round(percentile(latencies, 0.5)),
    p99_ms: round(percentile(latencies, 0.99)),
    human_moves: fleet.tally.moves - moves,
    human_moves_per_s: round((fleet.tally.moves - moves) / elapsed, 1),
    bot_moves_per_s: round((after.botMoves - before.botMoves) / elapsed, 1),
    entries_per_s: round(entries / elapsed, 1),
    commit_ms_per_move:
      after.commits > before.commits
        ? round(
            ((after.commitSeconds - before.commitSeconds) * 1000) /
              (after.commits - before.commits),
            3,
          )
        : 0,
    server_cpu_ms_per_move: perEntry(after.cpuSeconds - before.cpuSeconds),
    main_thread_ms_per_move: perEntry(after.busySeconds - before.busySeconds),
    // prom-client starts the delay's histogram afresh at each read: this is the window's.
    event_loop_lag_p99_ms: round(after.loopLagP99Seconds * 1000),
  };
}
