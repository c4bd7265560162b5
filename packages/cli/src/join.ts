import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { GameEvent, Result } from '@tabletop/engine';
import {
  baseContent,
  createNemesis,
  type NemesisAction,
  type NemesisView,
} from '@tabletop/nemesis';
import type { FightView } from '@tabletop/outgunned';
import { isSeatEvent, seatWords } from '@tabletop/server';
import WebSocket from 'ws';
import { buildMenu } from './nemesis/menu.js';
import { isPhaseStart, renderScreen } from './nemesis/render.js';
import { board } from './outgunned/render.js';
import { fitWidth, screenRule } from './wrap.js';

/**
 * `tabletop join URL`: plays one seat of a match on a `tabletop serve`
 * server from this terminal. Everything shown comes from what the server
 * sends this seat (its view, its legal actions, the events it may see);
 * Nemesis gets the screens and menus of `tabletop play`. When the
 * connection drops (the server restarts, say), the client reconnects and
 * resumes from the last entry it saw.
 */
export interface JoinFlags {
  /** The seat to take: the seat link's, or the created match's first human seat, or an open match's first free one. */
  seat?: string;
  /** A seat token from an earlier join: rejoin that seat. */
  token?: string;
  /** Create a match of this ruleset on the server first (the URL is then the server's). */
  create?: string;
  /** The new match's options, as JSON. */
  options?: string;
  /** The new match's bot seats, e.g. "1=sensible,2=random". */
  bots?: string;
  /** List the new match for anyone to join a free seat, without an invitation. */
  open?: boolean;
  /** A bot plays a seat of the new match whose player has been gone this long (seconds). */
  awaySeconds?: number;
  /** The new match's turn timer (seconds): a bot answers for a seat that takes longer. */
  turnSeconds?: number;
  /** The bot that stands in; the ruleset's default when left out. */
  standIn?: string;
}

export interface JoinIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

export interface JoinSettings {
  /** Milliseconds between reconnection attempts. */
  retryMs?: number;
  /** How long to keep trying to reconnect before giving up. */
  giveUpMs?: number;
}

export class JoinError extends Error {
  override name = 'JoinError';
}

interface StateMessage {
  seq: number;
  view: unknown;
  prompts: { seats: string[]; text: string }[];
  actions: unknown[];
  words?: { prompts: string[]; actions: string[] };
  over: boolean;
  result: Result | null;
  /** The bots standing in for seats, in a match created with a takeover. */
  standIns?: { seat: string; bot: string }[];
}

interface Shown {
  event: GameEvent;
  words?: string;
}

/** Where `tabletop join` goes: a server, a match of it, and the seat a seat link names, with its invitation. */
export interface MatchAddress {
  server: string;
  id?: string;
  seat?: string;
  invitation?: string;
}

const seatLink = /^#\/join\/([^/]+)\/([^/]+)\/([^/?#\s]+)$/;

/**
 * `http://host:port/matches/<id>`, or a seat's link as the match's creator
 * hands it out (`http://host:port/#/join/<id>/<seat>/<invitation>`), as the
 * server's address, the match id and, for a link, its seat and invitation.
 */
export function parseMatchUrl(text: string, needsMatch = true): MatchAddress {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new JoinError(
      `"${text.slice(0, 80)}" is not a URL (e.g. http://127.0.0.1:8080/matches/m_... or a seat's link)`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new JoinError(`the URL must start with http:// or https://, not ${url.protocol}//`);
  const server = url.origin;
  const link = seatLink.exec(url.hash);
  if (link && (url.pathname === '/' || url.pathname === '')) {
    const [, id, seat, invitation] = link.map((part) => decodeURIComponent(part));
    return { server, id: id!, seat: seat!, invitation: invitation! };
  }
  const match = /^\/matches\/([^/]+)\/?$/.exec(url.pathname);
  if (match) return { server, id: decodeURIComponent(match[1]!) };
  if (needsMatch || (url.pathname !== '/' && url.pathname !== '') || url.hash !== '')
    throw new JoinError(
      `the URL must name a match, as a seat's link or ${server}/matches/<id>${needsMatch ? ' (or use --create <ruleset> with the server URL)' : ''}`,
    );
  return { server };
}

async function call(
  server: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  let response: Response;
  try {
    response = await fetch(`${server}${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
  } catch (error) {
    throw new JoinError(`cannot reach ${server}: ${(error as Error).message}`);
  }
  const parsed = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (response.status >= 400) {
    throw new JoinError(
      `${method} ${path}: ${String(parsed.code ?? response.status)}: ${String(parsed.message ?? response.statusText)}`,
    );
  }
  return { status: response.status, body: parsed };
}

/** The takeover of the match `--create` makes, from its flags; none without them. */
function takeoverOf(flags: JoinFlags): { takeover?: Record<string, unknown> } {
  if (flags.awaySeconds === undefined && flags.turnSeconds === undefined) {
    if (flags.standIn !== undefined)
      throw new JoinError('--stand-in names the bot of --away-seconds or --turn-seconds: give one');
    return {};
  }
  return {
    takeover: {
      awaySeconds: flags.awaySeconds ?? null,
      turnSeconds: flags.turnSeconds ?? null,
      bot: flags.standIn ?? null,
    },
  };
}

function parseBots(text: string | undefined): Record<string, string> {
  if (!text) return {};
  const bots: Record<string, string> = {};
  for (const part of text.split(',')) {
    const [seat, bot] = part.split('=').map((word) => word.trim());
    if (!seat || !bot)
      throw new JoinError(`--bots takes seat=bot pairs, e.g. 1=random, not "${part}"`);
    bots[seat] = bot;
  }
  return bots;
}

function parseOptions(text: string | undefined): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new JoinError(`--options must be JSON, e.g. '{"players":3}'`);
  }
}

/** Lines typed or piped in; null once the input ends. */
class Keyboard {
  readonly #lines: AsyncIterator<string>;
  readonly #close: () => void;
  readonly #io: JoinIo;
  readonly #echo: boolean;

  constructor(io: JoinIo) {
    const reader = createInterface({
      input: io.input,
      terminal: false,
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    this.#lines = reader[Symbol.asyncIterator]();
    this.#close = () => reader.close();
    this.#io = io;
    this.#echo = !(io.input as { isTTY?: boolean }).isTTY;
  }

  /** The question waiting for its answer, if any. */
  #asking: string | null = null;

  async ask(question: string): Promise<string | null> {
    this.#io.output.write(question);
    this.#asking = question;
    const line = await this.#lines.next();
    this.#asking = null;
    if (line.done) return null;
    if (this.#echo) this.#io.output.write(`${line.value}\n`);
    return line.value.trim().toLowerCase();
  }

  /** A line that arrives while a question waits: on a line of its own, the question asked again below it. */
  notice(text: string): void {
    if (this.#asking === null) {
      this.#io.output.write(`${text}\n`);
      return;
    }
    this.#io.output.write(`\n${text}\n${this.#asking}`);
  }

  close(): void {
    this.#close();
  }
}

/** What the player typed besides a choice. */
type Command = 'quit' | 'undo' | 'redraw' | 'back';

const help = `Commands at any question:
  a number   choose that option
  b          go back to the previous list (in a sub-list)
  u          take back your last action, where the rules allow
  r          show the table again
  h          this help
  q          leave (your seat stays yours: rejoin with its token in TABLETOP_TOKEN)`;

/** A numbered list; resolves to the index chosen or a command. */
async function pick(
  keyboard: Keyboard,
  write: (text: string) => void,
  question: string,
  labels: readonly string[],
  canGoBack: boolean,
): Promise<number | Command> {
  const width = String(labels.length).length;
  const show = () =>
    write(
      [
        question,
        ...labels.map((label, index) => `  ${String(index + 1).padStart(width)}) ${label}`),
      ].join('\n'),
    );
  show();
  for (;;) {
    const hint = `${labels.length === 1 ? '1' : `1-${labels.length}`}${canGoBack ? ', b back' : ''}, u undo, r table, h help, q quit`;
    const answer = await keyboard.ask(`Your choice (${hint}): `);
    if (answer === null || answer === 'q') return 'quit';
    if (answer === 'u') return 'undo';
    if (answer === 'r') return 'redraw';
    if (answer === 'b' && canGoBack) return 'back';
    if (answer === 'h') {
      write(help);
      show();
      continue;
    }
    const index = Number(answer) - 1;
    if (/^\d+$/.test(answer) && labels[index] !== undefined) return index;
    write(`Type a number from 1 to ${labels.length} (h for help).`);
  }
}

/** How a ruleset's seat is shown and asked: Nemesis as `tabletop play` does, others from the server's words. */
interface Screen {
  show(state: StateMessage, unseen: readonly Shown[]): string;
  choose(state: StateMessage, redraw: () => void): Promise<unknown | Command>;
  line(shown: Shown): string;
}

/** The server's words for events, prompts and actions; `table` draws the seat's view above the question. */
function wordsScreen(
  seat: string,
  keyboard: Keyboard,
  write: (text: string) => void,
  table?: (view: unknown) => string,
): Screen {
  const line = (shown: Shown) => `  ${shown.words ?? shown.event.text ?? shown.event.type}`;
  return {
    line,
    show(state, unseen) {
      const prompts = state.words?.prompts ?? state.prompts.map((prompt) => prompt.text);
      return [
        ...unseen.map(line),
        ...(table ? [table(state.view)] : []),
        `Seat ${seat}: ${prompts.join('; ') || 'your turn'}`,
      ].join('\n');
    },
    async choose(state) {
      const labels = state.actions.map(
        (action, index) => state.words?.actions[index] ?? JSON.stringify(action),
      );
      const answer = await pick(keyboard, write, 'Your options:', labels, false);
      return typeof answer === 'number' ? state.actions[answer] : answer;
    },
  };
}

const screenLogLines = 12;

function nemesisScreen(seat: string, keyboard: Keyboard, write: (text: string) => void): Screen {
  const ruleset = createNemesis(baseContent());
  const { glossary } = ruleset;
  const describe = ruleset.describe;
  let latest: NemesisView | null = null;
  // Events read in the words of the seat's latest view, as `tabletop play` words them.
  const words = (event: GameEvent) =>
    isSeatEvent(event)
      ? seatWords(event)
      : latest === null
        ? (event.text ?? event.type)
        : describe.event(event, latest);
  const line = (shown: Shown) => `${isPhaseStart(shown.event) ? '== ' : '  '}${words(shown.event)}`;
  return {
    line,
    show(state, unseen) {
      latest = state.view as NemesisView;
      const events = unseen.map((shown) => shown.event);
      const older = unseen.slice(0, -screenLogLines).map(line);
      const screen = renderScreen(
        latest,
        glossary,
        events.slice(-screenLogLines),
        words,
        screenLogLines,
      );
      return [...older, screenRule, screen, ''].join('\n');
    },
    async choose(state, redraw) {
      const view = state.view as NemesisView;
      latest = view;
      const prompt = view.prompts.find((candidate) => candidate.seats.includes(seat));
      const question = prompt ? describe.prompt(prompt, view) : 'Your decision';
      const menu = buildMenu(question, state.actions as NemesisAction[], view, describe);
      for (;;) {
        const answer = await pick(
          keyboard,
          write,
          menu.question,
          menu.options.map((option) => option.label),
          false,
        );
        if (answer === 'redraw') {
          redraw();
          continue;
        }
        if (typeof answer !== 'number') return answer;
        return menu.options[answer]!.action;
      }
    },
  };
}

/** The socket to the match, reopened after every drop until the game is over or the client gives up. */
class Table {
  readonly #server: string;
  readonly #id: string;
  readonly #token: string;
  readonly #settings: Required<JoinSettings>;
  readonly #write: (text: string) => void;
  #socket: WebSocket | null = null;
  #closing = false;
  #lastSeq = 0;
  seat: string | null = null;
  readonly unseen: Shown[] = [];
  latest: StateMessage | null = null;
  #wake: (() => void) | null = null;
  #pending: {
    message: Record<string, unknown>;
    settle: (reply: Record<string, unknown>) => void;
  } | null = null;
  #failure: Error | null = null;
  /** Whether the seat was asked back from its stand-in bot since it last stood in. */
  #askedBack = false;

  constructor(
    server: string,
    id: string,
    token: string,
    settings: JoinSettings,
    write: (text: string) => void,
  ) {
    this.#server = server;
    this.#id = id;
    this.#token = token;
    this.#settings = { retryMs: settings.retryMs ?? 1000, giveUpMs: settings.giveUpMs ?? 300_000 };
    this.#write = write;
  }

  async open(): Promise<void> {
    const started = Date.now();
    for (;;) {
      try {
        await this.#connect();
        return;
      } catch (error) {
        if (this.#failure) throw this.#failure;
        if (Date.now() - started > this.#settings.giveUpMs)
          throw new JoinError(`cannot reach the match: ${(error as Error).message}`);
        await new Promise((done) => setTimeout(done, this.#settings.retryMs));
      }
    }
  }

  #connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(
        `${this.#server.replace(/^http/, 'ws')}/matches/${encodeURIComponent(this.#id)}/socket`,
      );
      let subscribed = false;
      socket.once('open', () =>
        socket.send(
          JSON.stringify({ type: 'subscribe', token: this.#token, after: this.#lastSeq }),
        ),
      );
      socket.on('message', (data) => {
        let message: Record<string, unknown>;
        try {
          message = JSON.parse(data.toString()) as Record<string, unknown>;
        } catch {
          return;
        }
        if (!subscribed) {
          if (message.type === 'error') {
            reject(new JoinError(`the server refused this seat: ${String(message.message)}`));
            this.#failure = new JoinError(String(message.message));
            return;
          }
          subscribed = true;
          this.#socket = socket;
          this.seat = String(message.seat);
          // An answer lost with the old socket is asked again under the same key: applied at most once.
          if (this.#pending) socket.send(JSON.stringify(this.#pending.message));
          resolve();
        }
        this.#receive(message);
      });
      socket.on('error', (error) => {
        if (!subscribed) reject(error);
      });
      socket.on('close', () => {
        if (!subscribed) reject(new JoinError('the server closed the connection'));
        if (!subscribed || this.#closing || this.#failure) return;
        this.#socket = null;
        this.#write('The connection to the server was lost; reconnecting...');
        this.open().then(
          () => this.#write('Reconnected.'),
          (error: Error) => {
            this.#failure = error;
            this.#wake?.();
          },
        );
      });
    });
  }

  #receive(message: Record<string, unknown>): void {
    switch (message.type) {
      case 'entry': {
        this.#receiveEntry(message);
        // The newest entry of a push carries the state; the one this socket's request stored, its answer.
        if (message.state) this.#receiveState(message.state as StateMessage);
        const accepted = message.accepted as { id?: unknown } | undefined;
        if (accepted) {
          this.#settle({ type: 'accepted', id: accepted.id, seq: message.seq, replayed: false });
        }
        return;
      }
      case 'state':
        this.#receiveState(message as unknown as StateMessage);
        return;
      case 'accepted':
      case 'error':
        this.#settle(message);
        return;
    }
  }

  #receiveEntry(message: Record<string, unknown>): void {
    const seq = Number(message.seq);
    if (seq <= this.#lastSeq) return;
    this.#lastSeq = seq;
    const events = (message.events ?? []) as GameEvent[];
    const words = message.words as string[] | undefined;
    events.forEach((event, index) => {
      const said = words?.[index];
      this.unseen.push(said === undefined ? { event } : { event, words: said });
    });
  }

  /** The answer to the request waiting, if `reply` names it. */
  #settle(reply: Record<string, unknown>): void {
    if (this.#pending && reply.id === this.#pending.message.id) {
      const { settle } = this.#pending;
      this.#pending = null;
      settle(reply);
    }
  }

  #receiveState(state: StateMessage): void {
    this.latest = state;
    // A bot answered for this seat (its turn timer ran out): whoever sits at this
    // terminal is here, so the seat is asked back at once, and plays on.
    const standing = state.standIns?.some((standIn) => standIn.seat === this.seat);
    if (standing && !this.#askedBack && this.#socket) {
      this.#askedBack = true;
      this.#write('A bot answered for you: your turn timer ran out. Your seat is yours again.');
      this.#socket.send(JSON.stringify({ type: 'back', id: 'back' }));
    } else if (!standing) this.#askedBack = false;
    this.#wake?.();
  }

  /** The next state with a sequence number other than `seen`. */
  async next(seen: number): Promise<StateMessage> {
    for (;;) {
      if (this.#failure) throw this.#failure;
      if (this.latest && this.latest.seq !== seen) return this.latest;
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = null;
    }
  }

  /** The latest state once it has reached sequence number `seq`. */
  async reached(seq: number): Promise<StateMessage> {
    for (;;) {
      const latest = await this.next(-1);
      if (latest.seq >= seq) return latest;
      await this.next(latest.seq);
    }
  }

  send(message: Record<string, unknown>): Promise<Record<string, unknown>> {
    return new Promise((settle) => {
      this.#pending = { message, settle };
      this.#socket?.send(JSON.stringify(message));
    });
  }

  close(): void {
    this.#closing = true;
    this.#socket?.close();
  }
}

/** The web table's link that takes a seat with its invitation (the lobby's `#/join/...` route). */
export function webJoinLink(
  server: string,
  matchId: string,
  seat: string,
  invitation: string,
): string {
  const part = encodeURIComponent;
  return `${server}/#/join/${part(matchId)}/${part(seat)}/${part(invitation)}`;
}

/**
 * Prints the join link of each of the other human seats of a match this
 * terminal created, labelled by seat, for the host to hand out; each link
 * carries its seat's invitation, so each goes to one player only.
 */
function handOut(
  server: string,
  matchId: string,
  invitations: readonly { seat: string; invitation: string }[],
  write: (text: string) => void,
): void {
  const lines = [
    'Join links for the other seats: give each to one player (it takes that seat, once).',
    "Open it in a browser, or play it in a terminal: tabletop join '<link>'",
  ];
  for (const { seat, invitation } of invitations) {
    lines.push(`  Seat ${seat}:`, `    ${webJoinLink(server, matchId, seat, invitation)}`);
  }
  write(lines.join('\n'));
}

/** Creates the match if asked, takes a seat, and plays it until the match is over or the player leaves. */
export async function joinMatch(
  io: JoinIo,
  url: string,
  flags: JoinFlags,
  settings: JoinSettings = {},
): Promise<void> {
  const write = (text: string) => {
    const fitted = fitWidth(text);
    io.output.write(fitted.endsWith('\n') ? fitted : `${fitted}\n`);
  };
  const address = parseMatchUrl(url, flags.create === undefined);
  const server = address.server;
  let id = address.id;
  let invitations: { seat: string; invitation: string }[] = [];
  if (flags.create !== undefined) {
    if (id !== undefined) throw new JoinError('--create takes the server URL, not a match URL');
    const created = await call(server, 'POST', '/matches', {
      ruleset: flags.create,
      options: parseOptions(flags.options),
      bots: parseBots(flags.bots),
      ...(flags.open ? { open: true } : {}),
      ...takeoverOf(flags),
    });
    id = String(created.body.id);
    invitations = created.body.invitations as typeof invitations;
    write(`Match created: ${server}/matches/${id}`);
  } else if (address.seat !== undefined && address.invitation !== undefined) {
    invitations = [{ seat: address.seat, invitation: address.invitation }];
  }
  const summary = await call(server, 'GET', `/matches/${encodeURIComponent(id!)}`);
  const ruleset = String(summary.body.ruleset);
  let token = flags.token;
  if (token === undefined) {
    const seats = summary.body.seats as { seat: string; kind: string; joined: boolean }[];
    const seat =
      flags.seat ??
      invitations[0]?.seat ??
      seats.find((candidate) => candidate.kind === 'human' && !candidate.joined)?.seat;
    if (seat === undefined) throw new JoinError('every human seat of this match is taken');
    const invitation = invitations.find((each) => each.seat === seat)?.invitation;
    if (invitation === undefined && summary.body.open !== true) {
      throw new JoinError(
        `seat ${seat} is joined with its own link (${server}/#/join/...): ask whoever created the match for it`,
      );
    }
    const joined = await call(
      server,
      'POST',
      `/matches/${encodeURIComponent(id!)}/seats/${encodeURIComponent(seat)}/join`,
      invitation === undefined ? undefined : { invitation },
    );
    token = String(joined.body.token);
    write(`You have seat ${seat} of this ${ruleset} match.`);
    write(
      `Your seat's token (keep it to yourself):\n  ${token}\nTo rejoin from another terminal, put it in the TABLETOP_TOKEN environment variable and run: tabletop join ${server}/matches/${id}`,
    );
    if (flags.create !== undefined) {
      const others = invitations.filter((each) => each.seat !== seat);
      if (others.length > 0) handOut(server, id!, others, write);
    }
  }
  const keyboard = new Keyboard(io);
  const table = new Table(server, id!, token, settings, (text) => keyboard.notice(text));
  try {
    await table.open();
    await play(table, keyboard, write, ruleset, server, id!);
  } finally {
    table.close();
    keyboard.close();
  }
}

async function play(
  table: Table,
  keyboard: Keyboard,
  write: (text: string) => void,
  ruleset: string,
  server: string,
  id: string,
): Promise<void> {
  const seat = table.seat!;
  const screen =
    ruleset === 'nemesis'
      ? nemesisScreen(seat, keyboard, write)
      : ruleset === 'outgunned'
        ? wordsScreen(seat, keyboard, write, (view) => board(view as FightView))
        : wordsScreen(seat, keyboard, write);
  let seen = -1;
  let waiting = false;
  for (;;) {
    const state = await table.next(seen);
    seen = state.seq;
    const unseen = table.unseen.splice(0);
    if (state.over) {
      for (const shown of unseen) write(screen.line(shown));
      await finish(write, state, server, id);
      return;
    }
    if (state.actions.length === 0) {
      for (const shown of unseen) write(screen.line(shown));
      if (!waiting) write('Waiting for the other seats...');
      waiting = true;
      continue;
    }
    waiting = false;
    const shownScreen = screen.show(state, unseen);
    write(shownScreen);
    const answer = await screen.choose(state, () => write(shownScreen));
    if (answer === 'quit') {
      write('You left the table; your seat stays yours (rejoin with its token in TABLETOP_TOKEN).');
      return;
    }
    if (answer === 'redraw') {
      seen = -1;
      continue;
    }
    const key = randomUUID();
    const { reply, at } =
      answer === 'undo'
        ? {
            reply: await table.send({ type: 'undo', id: key, seq: state.seq, key }),
            at: state.seq,
          }
        : await submit(table, state, answer);
    seen = at;
    if (reply.type === 'error') {
      write(
        reply.code === 'stale-sequence'
          ? 'The table moved on meanwhile; here it is again.'
          : `That was refused: ${String(reply.message)}`,
      );
      seen = -1;
    }
  }
}

/** The same choices offered to this seat: what another seat did meanwhile changed nothing of them. */
function sameChoices(before: StateMessage, after: StateMessage): boolean {
  return (
    !after.over &&
    JSON.stringify(after.actions) === JSON.stringify(before.actions) &&
    JSON.stringify(after.words?.actions) === JSON.stringify(before.words?.actions)
  );
}

/**
 * Submits the player's choice at the sequence number of the state it was made
 * in. When another seat acted meanwhile (a bot, or a player answering the same
 * simultaneous prompt) and this seat is still offered the very same choices,
 * the choice is sent again at the new sequence number instead of being thrown
 * away; otherwise the refusal stands and the player sees the table again.
 */
async function submit(
  table: Table,
  state: StateMessage,
  action: unknown,
): Promise<{ reply: Record<string, unknown>; at: number }> {
  let at = state.seq;
  for (;;) {
    const key = randomUUID();
    const reply = await table.send({ type: 'submit', id: key, seq: at, key, action });
    if (reply.type !== 'error' || reply.code !== 'stale-sequence' || typeof reply.seq !== 'number')
      return { reply, at };
    const latest = await table.reached(reply.seq);
    if (!sameChoices(state, latest)) return { reply, at };
    at = latest.seq;
  }
}

async function finish(
  write: (text: string) => void,
  state: StateMessage,
  server: string,
  id: string,
): Promise<void> {
  write(['', screenRule, 'GAME OVER', state.result?.summary ?? 'The match is over.'].join('\n'));
  try {
    const record = await call(server, 'GET', `/matches/${encodeURIComponent(id)}/record`);
    write(
      `Seed "${String(record.body.seed)}": the record at ${server}/matches/${id}/record replays this match.`,
    );
  } catch (error) {
    write(`The record is not available: ${(error as Error).message}`);
  }
}
