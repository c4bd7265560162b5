import { join } from 'node:path';
import {
  eventsFor,
  type GameEvent,
  Match,
  pick,
  type RandomState,
  seedRandom,
} from '@tabletop/engine';
import { createNemesis } from '@tabletop/nemesis';
import type WebSocket from 'ws';
import {
  call,
  createAndJoin,
  eachWithin,
  expectStatus,
  type Host,
  type Json,
  openSocket,
  parseOrNull,
  startHost,
} from './audit-wire.js';

/**
 * Leaks: Nemesis matches played to the end over the wire, every seat by a
 * client choosing random legal actions from what it is sent; once a match is
 * over, its record replays every true state, and every frame a seat received
 * is checked against what that seat may know at the frame's sequence number.
 */

const nemesis = createNemesis();

export interface LeakFigures {
  matches: number;
  matches_finished: number;
  seats: number;
  frames: number;
  http_answers: number;
  views_checked: number;
  events_checked: number;
  view_mismatches: number;
  event_mismatches: number;
  action_mismatches: number;
  secret_hits: number;
  leaks: number;
  /** Seat 0's state frames checked against seat 1's entitlement, and how many the check caught. */
  control_frames: number;
  control_caught: number;
  /** Of those, how many the secret scan alone caught (another seat's hand, say). */
  control_secrets_caught: number;
  refused_moves: number;
  /** Why matches did not finish, the first few. */
  failures: string[];
  elapsed_s: number;
}

/** Something a seat received, with the sequence number of what it knew when it arrived. */
interface Received {
  seat: string;
  via: 'socket' | 'http';
  raw: string;
  /** The match's sequence number the frame describes (the latest seen, for frames without). */
  seq: number;
}

/** Whether a message carries a reader's state (as `state` does, or folded in another message). */
function stateIn(message: Json): Json | null {
  if (message === null || typeof message !== 'object') return null;
  if (message.view !== undefined && typeof message.seq === 'number') return message;
  if (message.state && typeof message.state === 'object') {
    const inner = stateIn({ seq: message.seq, ...message.state });
    if (inner) return inner;
  }
  return null;
}

/** How long a match may go with no frame at all before it is given up as stalled. */
const stallMs = 120_000;

/** One seat's client: follows the match on a socket, acts over HTTP on each state that asks it. */
class SeatClient {
  readonly received: Received[] = [];
  refused = 0;
  #latest: { seq: number; actions: unknown[]; over: boolean } | null = null;
  #actedOn = -1;
  #inFlight = false;
  #knownSeq = 0;
  #socket: WebSocket | null = null;
  #pinger: NodeJS.Timeout | undefined;
  #finish: () => void = () => {};
  #fail: (error: Error) => void = () => {};
  readonly finished: Promise<void>;
  lastFrameAt = Date.now();

  constructor(
    private readonly url: string,
    private readonly matchId: string,
    readonly seat: string,
    private readonly token: string,
    private readonly random: RandomState,
  ) {
    this.finished = new Promise((resolve, reject) => {
      this.#finish = resolve;
      this.#fail = reject;
    });
    this.finished.catch(() => {});
  }

  async start(): Promise<void> {
    this.#socket = await openSocket(this.url, this.matchId, (raw) => this.#onFrame(raw));
    this.#socket.on('close', () => {
      if (!this.#latest?.over) this.#fail(new Error(`seat ${this.seat}: the socket closed`));
    });
    this.#socket.send(JSON.stringify({ type: 'subscribe', token: this.token, after: 0 }));
    // The server closes a socket silent for a minute; a long match on a slow machine outlasts it.
    this.#pinger = setInterval(() => this.#socket?.send(JSON.stringify({ type: 'ping' })), 20_000);
  }

  close(): void {
    clearInterval(this.#pinger);
    this.#socket?.close();
  }

  #onFrame(raw: string): void {
    this.lastFrameAt = Date.now();
    const message = parseOrNull(raw);
    if (typeof message?.seq === 'number') this.#knownSeq = Math.max(this.#knownSeq, message.seq);
    this.received.push({
      seat: this.seat,
      via: 'socket',
      raw,
      seq: typeof message?.seq === 'number' ? message.seq : this.#knownSeq,
    });
    const state = stateIn(message);
    if (!state || (this.#latest && state.seq < this.#latest.seq)) return;
    this.#latest = {
      seq: state.seq,
      actions: Array.isArray(state.actions) ? state.actions : [],
      over: state.over === true,
    };
    if (this.#latest.over) this.#finish();
    else this.#act();
  }

  #act(): void {
    const latest = this.#latest;
    if (this.#inFlight || !latest || latest.over || latest.actions.length === 0) return;
    if (latest.seq === this.#actedOn) return;
    this.#actedOn = latest.seq;
    this.#inFlight = true;
    const action = pick(this.random, latest.actions);
    call(this.url, 'POST', `/matches/${this.matchId}/actions`, {
      token: this.token,
      // A key per attempt: a choice made again after a refusal is another action.
      body: { seq: latest.seq, key: `seat-${this.seat}-at-${latest.seq}-${this.refused}`, action },
    }).then(
      (answer) => {
        this.#inFlight = false;
        if (answer.status === 200 && typeof answer.body?.seq === 'number') {
          this.received.push({
            seat: this.seat,
            via: 'http',
            raw: answer.text,
            seq: answer.body.seq,
          });
        } else if (answer.status === 422) {
          // A refused legal action is counted; the seat chooses again from the same state.
          this.refused++;
          if (this.refused < 50) this.#actedOn = -1;
        }
        this.#act();
      },
      (error: Error) => this.#fail(error),
    );
  }
}

/** What one seat knows at a point of the match: every string its views and events showed it. */
function collectStrings(value: unknown, into: Set<string>): void {
  if (typeof value === 'string') into.add(value);
  else if (Array.isArray(value)) for (const item of value) collectStrings(item, into);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      into.add(key);
      collectStrings(item, into);
    }
  }
}

/** Every hidden thing of a Nemesis state, as the strings that name it. */
function hiddenStrings(state: Json): Set<string> {
  const hidden = new Set<string>();
  const deck = (of: Json) => {
    collectStrings(of?.drawPile, hidden);
    collectStrings(of?.top, hidden);
    collectStrings(of?.bottom, hidden);
  };
  for (const player of state.players) {
    collectStrings(player.hand, hidden);
    collectStrings(player.items, hidden);
    collectStrings(player.objectives, hidden);
    deck(player.actionDeck);
  }
  for (const room of state.rooms) {
    if (room.explored) continue;
    collectStrings(room.tile, hidden);
    collectStrings(room.explorationToken, hidden);
  }
  collectStrings(state.bag, hidden);
  for (const name of ['attackDeck', 'eventDeck', 'contaminationDeck', 'seriousWoundDeck'])
    deck(state[name]);
  for (const colour of Object.keys(state.itemDecks)) deck(state.itemDecks[colour]);
  collectStrings(state.objectiveDeck, hidden);
  collectStrings(state.weaknessDeck, hidden);
  collectStrings(state.coordinates, hidden);
  return hidden;
}

interface Tally {
  frames: number;
  httpAnswers: number;
  viewsChecked: number;
  eventsChecked: number;
  viewMismatches: number;
  eventMismatches: number;
  actionMismatches: number;
  secretHits: number;
  /** Seat 0's state frames checked as if another seat had received them: the check must object. */
  controlChecked: number;
  controlCaught: number;
  controlSecretsCaught: number;
}

/** What one seat may see at sequence number k: its view, its legal actions, its events of entry k. */
interface Entitled {
  view: string;
  actions: string;
  events: string;
  secrets: Set<string>;
}

/** The generator's state as text: any of it on the wire would let a seat foresee the dice. */
function generatorText(state: Json): string {
  const random = state.random;
  return typeof random?.chacha20 === 'string' ? random.chacha20 : JSON.stringify(random);
}

/** Checks every frame a seat received against the record replayed, entry by entry. */
function checkFrames(record: Json, received: Received[], seats: string[], tally: Tally): void {
  const bySeq = new Map<number, Received[]>();
  for (const frame of received) {
    const list = bySeq.get(frame.seq) ?? [];
    list.push(frame);
    bySeq.set(frame.seq, list);
  }
  const match = Match.create(nemesis, record.options, record.seed, {
    generator: record.generator,
  });
  const known = new Map(seats.map((seat) => [seat, new Set<string>()]));
  let events: GameEvent[] = [];
  for (let seq = 0; seq <= record.actions.length; seq++) {
    if (seq > 0) {
      const { seat, action } = record.actions[seq - 1];
      const outcome = match.submit(seat, action);
      if (!outcome.ok) throw new Error(`the record's action ${seq} was refused on replay`);
      events = outcome.events;
    }
    const state = match.state as Json;
    const hidden = hiddenStrings(state);
    const entitlements = new Map<string, Entitled>();
    for (const seat of seats) {
      const view = match.view(seat);
      const seen = eventsFor(events, seat);
      const knows = known.get(seat)!;
      collectStrings(view, knows);
      collectStrings(seen, knows);
      entitlements.set(seat, {
        view: JSON.stringify(view),
        actions: JSON.stringify(nemesis.legalActions(state, seat)),
        events: JSON.stringify(seen),
        secrets: new Set([...hidden].filter((text) => !knows.has(text) && text.length > 1)),
      });
    }
    const never = [record.seed, generatorText(state)];
    for (const frame of bySeq.get(seq) ?? []) {
      checkFrame(frame, entitlements.get(frame.seat)!, never, tally);
      if (frame.seat === seats[0] && stateIn(parseOrNull(frame.raw))) {
        checkControl(frame, entitlements.get(seats[1]!)!, never, tally);
      }
    }
  }
}

/** Checks a frame against another seat's entitlement: a check that cannot object proves nothing. */
function checkControl(frame: Received, other: Entitled, never: string[], tally: Tally): void {
  const control = emptyTally();
  checkFrame(frame, other, never, control);
  tally.controlChecked++;
  if (control.viewMismatches + control.secretHits > 0) tally.controlCaught++;
  if (control.secretHits > 0) tally.controlSecretsCaught++;
}

function emptyTally(): Tally {
  return {
    frames: 0,
    httpAnswers: 0,
    viewsChecked: 0,
    eventsChecked: 0,
    viewMismatches: 0,
    eventMismatches: 0,
    actionMismatches: 0,
    secretHits: 0,
    controlChecked: 0,
    controlCaught: 0,
    controlSecretsCaught: 0,
  };
}

function checkFrame(frame: Received, entitled: Entitled, never: string[], tally: Tally): void {
  if (frame.via === 'socket') tally.frames++;
  else tally.httpAnswers++;
  const message = parseOrNull(frame.raw);
  const state = stateIn(message);
  if (state) {
    tally.viewsChecked++;
    if (JSON.stringify(state.view) !== entitled.view) tally.viewMismatches++;
    if (!state.over && JSON.stringify(state.actions ?? []) !== entitled.actions)
      tally.actionMismatches++;
  }
  const isEntry = frame.via === 'http' ? message?.replayed === false : message?.type === 'entry';
  if (isEntry && Array.isArray(message.events)) {
    tally.eventsChecked++;
    if (JSON.stringify(message.events) !== entitled.events) tally.eventMismatches++;
  }
  const strings = new Set<string>();
  collectStrings(message, strings);
  const secret =
    [...entitled.secrets].some((text) => strings.has(text)) ||
    never.some((text) => text.length > 0 && frame.raw.includes(text));
  if (secret) tally.secretHits++;
}

/** Plays one match to the end with a client on every seat; returns what each seat received. */
async function playOne(
  host: Host,
  players: number,
  index: number,
): Promise<{ record: Json; received: Received[]; seats: string[]; refused: number } | null> {
  const seats = Array.from({ length: players }, (_, seat) => String(seat));
  const created = await createAndJoin(
    host.url,
    { ruleset: 'nemesis', options: { players } },
    seats,
  );
  const clients = seats.map(
    (seat) =>
      new SeatClient(
        host.url,
        created.id,
        seat,
        created.tokens[seat]!,
        seedRandom(`audit/leaks/${index}/${seat}`),
      ),
  );
  await Promise.all(clients.map((client) => client.start()));
  let watchdog: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    watchdog = setInterval(() => {
      const last = Math.max(...clients.map((client) => client.lastFrameAt));
      if (Date.now() - last > stallMs) resolve('stalled');
    }, 1_000);
  });
  try {
    const outcome = await Promise.race([
      Promise.all(clients.map((client) => client.finished)),
      stalled,
      host.server.died,
    ]);
    if (outcome === 'stalled') return null;
  } finally {
    clearInterval(watchdog);
    for (const client of clients) client.close();
  }
  const record = await expectStatus(200, host.url, 'GET', `/matches/${created.id}/record`);
  return {
    record,
    received: clients.flatMap((client) => client.received),
    seats,
    refused: clients.reduce((sum, client) => sum + client.refused, 0),
  };
}

export interface LeakOptions {
  matches: number;
  /** Matches played at once. */
  parallel: number;
  folder: string;
}

export async function runLeaks(options: LeakOptions): Promise<LeakFigures> {
  const started = performance.now();
  const host = await startHost({ db: join(options.folder, 'leaks.db'), limits: 'lifted' });
  const tally = emptyTally();
  const failures: string[] = [];
  let finished = 0;
  let seatCount = 0;
  let refused = 0;
  try {
    const sizes = Array.from({ length: options.matches }, (_, index) => 2 + (index % 4));
    await eachWithin(sizes, options.parallel, async (players, index) => {
      let played: Awaited<ReturnType<typeof playOne>>;
      try {
        played = await playOne(host, players, index);
      } catch (error) {
        // A match that fails is reported and the others go on: its figures are left out.
        failures.push((error as Error).message.slice(0, 200));
        return;
      }
      if (!played) {
        failures.push(`match ${index}: no frame for ${stallMs / 1000} s`);
        return;
      }
      finished++;
      seatCount += played.seats.length;
      refused += played.refused;
      checkFrames(played.record, played.received, played.seats, tally);
    });
  } finally {
    await host.stop();
  }
  return {
    matches: options.matches,
    matches_finished: finished,
    seats: seatCount,
    frames: tally.frames,
    http_answers: tally.httpAnswers,
    views_checked: tally.viewsChecked,
    events_checked: tally.eventsChecked,
    view_mismatches: tally.viewMismatches,
    event_mismatches: tally.eventMismatches,
    action_mismatches: tally.actionMismatches,
    secret_hits: tally.secretHits,
    leaks: tally.viewMismatches + tally.eventMismatches + tally.actionMismatches + tally.secretHits,
    control_frames: tally.controlChecked,
    control_caught: tally.controlCaught,
    control_secrets_caught: tally.controlSecretsCaught,
    refused_moves: refused,
    failures: failures.slice(0, 5),
    elapsed_s: Number(((performance.now() - started) / 1000).toFixed(1)),
  };
}
