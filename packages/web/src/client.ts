/**
 * The server's words for one match, as this browser reads them. Every wire
 * type is the server's or the engine's own (type-only imports, erased from
 * the bundle): the page copies none of them.
 */
import type { Entry, GameEvent, Prompt, ReferenceSection, Result } from '@tabletop/engine';
import type { Advice } from '@tabletop/outgunned';
import type {
  Accepted,
  ChatLine,
  CreatedMatch,
  EntryMessage,
  FollowMessage,
  MatchInfo,
  MatchSummary,
  NemesisOdds,
  Reader,
  Reference,
  ReplayFrame,
  RulesetSummary,
  StateMessage,
  Takeover,
} from '@tabletop/server';

export type {
  Accepted,
  ChatLine,
  CreatedMatch,
  Entry,
  EntryMessage,
  FollowMessage,
  GameEvent,
  MatchInfo,
  MatchSummary,
  NemesisOdds,
  Prompt,
  Reader,
  ReferenceSection,
  ReplayFrame,
  Result,
  RulesetSummary,
  StateMessage,
  Takeover,
};

/** A legal action as the page reads it: the ruleset's own object, whose fields the chooser compares. */
export type Action = Record<string, unknown>;

/** What a live table draws: the server's state message. */
export type TableState = StateMessage;

/** The re-roll advisor's answer (GET /odds/outgunned/reroll): the advisor's own type. */
export type RerollOdds = Advice;

export interface LogLine {
  /** The entry's sequence number and the event's place in it: never sent twice. */
  id: string;
  seq: number;
  /** The event's type, for the log's filters. */
  type: string;
  /** The seats the event names (its actor, or those it happened to). */
  seats: string[];
  text: string;
}

export class ServerError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly problems: string[] = [],
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, { ...init, headers });
  let body: Record<string, unknown>;
  try {
    body = await response.json();
  } catch {
    throw new ServerError('error', `the server answered ${response.status} ${response.statusText}`);
  }
  if (!response.ok) {
    const problems = Array.isArray(body.problems)
      ? body.problems.filter((p): p is string => typeof p === 'string')
      : [];
    throw new ServerError(
      typeof body.code === 'string' ? body.code : 'error',
      typeof body.message === 'string' ? body.message : response.statusText,
      problems,
    );
  }
  return body as T;
}

const id = encodeURIComponent;

export const server = {
  rulesets: () => call<{ rulesets: RulesetSummary[] }>('/rulesets'),
  /** The rules reference of a ruleset's content: the same for everyone, fetched once. */
  reference: (ruleset: string) => call<Reference>(`/rulesets/${id(ruleset)}/reference`),
  scene: (ruleset: string, scene: string) =>
    call<unknown>(`/rulesets/${id(ruleset)}/scenes/${id(scene)}`),
  /** `open`: listed in every lobby, its free seats taken without an invitation. */
  create: (
    ruleset: string,
    options: unknown,
    bots: Record<string, string>,
    open: boolean,
    takeover: Takeover | null = null,
  ) =>
    call<CreatedMatch>('/matches', {
      method: 'POST',
      body: JSON.stringify({ ruleset, options, bots, open, ...(takeover ? { takeover } : {}) }),
    }),
  /** Takes a seat with the invitation its link carries (none for an open match's free seat). */
  join: (match: string, seat: string, invitation?: string) =>
    call<{ seat: string; token: string }>(`/matches/${id(match)}/seats/${id(seat)}/join`, {
      method: 'POST',
      ...(invitation === undefined ? {} : { body: JSON.stringify({ invitation }) }),
    }),
  /** The open matches, newest first. */
  openMatches: () => call<{ matches: MatchSummary[] }>('/matches?limit=20'),
  match: (match: string) => call<MatchInfo>(`/matches/${id(match)}`),
  nemesisOdds: (match: string, token: string) =>
    call<NemesisOdds>(`/matches/${id(match)}/odds`, {}, token),
  rerollOdds: (query: Record<string, string>) =>
    call<RerollOdds>(`/odds/outgunned/reroll?${new URLSearchParams(query)}`),
  replay: (match: string, step: number, seat: string) =>
    call<ReplayFrame>(`/matches/${id(match)}/replay?step=${step}&seat=${id(seat)}`),
  recordLink: (match: string) => `/matches/${id(match)}/record?download=1`,
};

export function eventText(event: GameEvent, words: string | undefined): string {
  return words ?? event.text ?? event.type.replace(/-/g, ' ');
}

/** The seats an event names: its actor, or every seat it happened to. */
export function seatsOf(event: GameEvent): string[] {
  const seats: string[] = [];
  if (typeof event.seat === 'string') seats.push(event.seat);
  if (Array.isArray(event.seats))
    for (const seat of event.seats) if (typeof seat === 'string') seats.push(seat);
  return seats;
}

export function logLines(entry: EntryMessage): LogLine[] {
  return entry.events.map((event, index) => ({
    id: `${entry.seq}.${index}`,
    seq: entry.seq,
    type: event.type,
    seats: seatsOf(event),
    text: eventText(event, entry.words?.[index]),
  }));
}

export interface Connection {
  submit(action: Action): void;
  /** Takes back this seat's last `steps` actions, all or none. */
  undo(steps: number): void;
  /** Takes this seat back from the bot standing in for it. */
  back(): void;
  chat(text: string): void;
  close(): void;
}

export interface Listener {
  state(state: TableState): void;
  log(lines: LogLine[]): void;
  chat(lines: ChatLine[]): void;
  status(status: 'connecting' | 'live' | 'offline', detail?: string): void;
  refused(message: string): void;
  chatRefused(message: string): void;
}

/** What a player reads of a choice made while the socket reconnects: it was not sent. */
export const offlineWords =
  'Not sent: the table is offline and reconnecting. Choose again once it says live.';

/**
 * Follows one match over the socket as a seat (with its token) or a
 * spectator; after any disconnect it subscribes again from the highest
 * sequence number received, so every entry arrives exactly once.
 */
export function connect(
  matchId: string,
  token: string | undefined,
  listener: Listener,
): Connection {
  let socket: WebSocket | null = null;
  let after = 0;
  let closed = false;
  let retry = 250;
  /** The server said it restarts (1012): said until the table is live again, through the failed retries. */
  let restarting = false;
  let seq = 0;
  let counter = 0;
  let ping: ReturnType<typeof setInterval> | undefined;
  /** Sends if the socket is open; a message sent while it reconnects would be lost unheard. */
  const send = (message: object): boolean => {
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  };
  const key = () => {
    counter += 1;
    return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${counter}`;
  };
  const showState = (state: TableState) => {
    after = Math.max(after, state.seq);
    seq = state.seq;
    listener.state(state);
  };
  const open = () => {
    if (closed) return;
    listener.status('connecting');
    const url = new URL(`/matches/${id(matchId)}/socket`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'subscribe', after, ...(token ? { token } : {}) }));
      ping = setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), 20_000);
    };
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data)) as
        | FollowMessage
        | { type: 'error'; id?: string; code: string; message: string }
        | { type: 'accepted' | 'pong' };
      switch (data.type) {
        case 'subscribed':
          retry = 250;
          restarting = false;
          listener.status('live');
          break;
        case 'entry':
          after = Math.max(after, data.seq);
          listener.log(logLines(data));
          // The newest entry of a push carries the state after it.
          if (data.state) showState(data.state);
          break;
        case 'state': {
          const { type: _type, ...state } = data;
          showState(state);
          break;
        }
        case 'chat':
          listener.chat(data.lines);
          break;
        case 'error':
          if (data.id?.startsWith('chat-')) listener.chatRefused(data.message);
          else
            listener.refused(
              data.code === 'stale-sequence'
                ? 'The table moved on before your choice arrived: choose again.'
                : data.message,
            );
          break;
      }
    };
    ws.onclose = (event) => {
      clearInterval(ping);
      if (closed) return;
      if (event.code === 1008) {
        listener.status('offline', event.reason || 'the server refused this seat');
        return;
      }
      // 1012: the server is stopping to restart, and said so.
      if (event.code === 1012) restarting = true;
      listener.status(
        'offline',
        restarting ? 'the server is restarting, reconnecting' : 'reconnecting',
      );
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 4_000);
    };
  };
  open();
  return {
    submit(action) {
      const k = key();
      if (!send({ type: 'submit', id: k, seq, key: k, action })) listener.refused(offlineWords);
    },
    undo(steps) {
      const k = key();
      const sent = send({ type: 'undo', id: k, seq, key: k, ...(steps > 1 ? { steps } : {}) });
      if (!sent) listener.refused(offlineWords);
    },
    back() {
      if (!send({ type: 'back', id: key() })) listener.refused(offlineWords);
    },
    chat(text) {
      counter += 1;
      if (!send({ type: 'chat', id: `chat-${counter}`, text })) listener.chatRefused(offlineWords);
    },
    close() {
      closed = true;
      clearInterval(ping);
      socket?.close();
    },
  };
}
