/** The server's words for one match, as this browser reads them. */
import type { Entry, ReferenceSection } from '@tabletop/engine';

export type Action = { type: string; [field: string]: unknown };

export interface Choice {
  label: string;
  action: Action;
}

export interface Prompt {
  mode: string;
  seats: string[];
  answer?: string;
  text?: string;
  choices?: Choice[];
}

export interface GameEvent {
  type: string;
  text?: string;
  [detail: string]: unknown;
}

export interface Result {
  winners: string[];
  summary: string;
  scores?: Record<string, number>;
  /** The ruleset's own account of the end (Nemesis: the victory check). */
  details?: unknown;
}

export interface TableState {
  seq: number;
  view: unknown;
  prompts: Prompt[];
  actions: Action[];
  words?: { prompts: string[]; actions: string[]; things?: Record<string, Entry> };
  undo?: { allowed: boolean; reason?: string };
  over: boolean;
  result: Result | null;
}

export interface LogLine {
  /** The entry's sequence number and the event's place in it: never sent twice. */
  id: string;
  seq: number;
  text: string;
}

export interface SeatSummary {
  seat: string;
  kind: 'human' | 'bot';
  bot: string | null;
  joined: boolean;
}

export interface MatchSummary {
  id: string;
  ruleset: string;
  seats: SeatSummary[];
  seq: number;
  over: boolean;
  result: Result | null;
}

export class ServerError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(path: string, init: RequestInit = {}, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, { ...init, headers });
  const body = await response.json();
  if (!response.ok)
    throw new ServerError(body.code ?? 'error', body.message ?? response.statusText);
  return body as T;
}

export const server = {
  rulesets: () => call<{ rulesets: { id: string; bots: string[] }[] }>('/rulesets'),
  /** The rules reference of a ruleset's content: the same for everyone, fetched once. */
  reference: (ruleset: string) =>
    call<{ ruleset: string; version: string; sections: ReferenceSection[] }>(
      `/rulesets/${encodeURIComponent(ruleset)}/reference`,
    ),
  create: (ruleset: string, options: unknown, bots: Record<string, string>) =>
    call<MatchSummary>('/matches', {
      method: 'POST',
      body: JSON.stringify({ ruleset, options, bots }),
    }),
  join: (id: string, seat: string) =>
    call<{ seat: string; token: string }>(
      `/matches/${encodeURIComponent(id)}/seats/${encodeURIComponent(seat)}/join`,
      { method: 'POST' },
    ),
  match: (id: string) => call<MatchSummary>(`/matches/${encodeURIComponent(id)}`),
  nemesisOdds: (id: string, token: string) =>
    call<NemesisOdds>(`/matches/${encodeURIComponent(id)}/odds`, {}, token),
  rerollOdds: (query: Record<string, string>) =>
    call<RerollOdds>(`/odds/outgunned/reroll?${new URLSearchParams(query)}`),
  replay: (id: string, step: number, seat: string) =>
    call<ReplayFrame>(
      `/matches/${encodeURIComponent(id)}/replay?step=${step}&seat=${encodeURIComponent(seat)}`,
    ),
};

/** The re-roll advisor's answer: each choice the roll allows, with its exact odds. */
export interface RerollOdds {
  choices: {
    choice: 'stop' | 'reroll' | 'free-reroll' | 'all-in';
    p_success: number;
    p_success_playing_on: number;
    grit_lost: { lost: number | 'all'; p: number }[];
  }[];
  best: string;
}

/** The exact Nemesis odds for a seat's character, from that seat's view (GET /matches/:id/odds). */
export interface NemesisOdds {
  seq: number;
  seat: string;
  character: string | null;
  room: number | null;
  attacks: {
    attack: 'shoot' | 'melee';
    weapon: string | null;
    intruder: number;
    kind: string;
    injuries: number;
    p_hit: number;
    p_dead: number;
    p_retreats: number;
    p_stays: number;
    p_serious_wound: number;
  }[];
  noise: {
    room: number;
    here: boolean;
    marked: number[];
    p_encounter: number;
    outcomes: { outcome: string; p: number }[];
  }[];
  escape: {
    intruders: string[];
    p_survives: number;
    p_dies: number;
    serious_wounds_after: { serious: number; p: number }[];
  } | null;
  encounter: {
    hand: number;
    tokens_in_bag: number;
    appears: { kind: string; p: number; p_surprise: number }[];
    p_surprise: number;
    surprise_by_hand: { hand: number; p: number }[];
  } | null;
  left_out: string[];
}

export interface ReplayFrame {
  step: number;
  steps: number;
  seat: string;
  actor: string | null;
  view: unknown;
  prompts: Prompt[];
  events: GameEvent[];
  over: boolean;
  result: Result | null;
}

export function eventText(event: GameEvent, words: string | undefined): string {
  return words ?? event.text ?? event.type.replace(/-/g, ' ');
}

export interface Connection {
  submit(action: Action): void;
  close(): void;
}

export interface Listener {
  state(state: TableState): void;
  log(lines: LogLine[]): void;
  status(status: 'connecting' | 'live' | 'offline', detail?: string): void;
  refused(message: string): void;
}

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
  let seq = 0;
  let counter = 0;
  let ping: ReturnType<typeof setInterval> | undefined;
  const open = () => {
    if (closed) return;
    listener.status('connecting');
    const url = new URL(`/matches/${encodeURIComponent(matchId)}/socket`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'subscribe', after, ...(token ? { token } : {}) }));
      ping = setInterval(() => ws.send(JSON.stringify({ type: 'ping' })), 20_000);
    };
    ws.onmessage = (message) => {
      const data = JSON.parse(String(message.data));
      switch (data.type) {
        case 'subscribed':
          retry = 250;
          listener.status('live');
          break;
        case 'entry': {
          after = Math.max(after, data.seq);
          const events = (data.events ?? []) as GameEvent[];
          const words = data.words as string[] | undefined;
          listener.log(
            events.map((event, index) => ({
              id: `${data.seq}.${index}`,
              seq: data.seq,
              text: eventText(event, words?.[index]),
            })),
          );
          break;
        }
        case 'state':
          after = Math.max(after, data.seq);
          seq = data.seq;
          listener.state(data as TableState);
          break;
        case 'error':
          listener.refused(
            data.code === 'stale-sequence'
              ? 'The table moved on before your choice arrived: choose again.'
              : `${data.code}: ${data.message}`,
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
      listener.status('offline');
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 4_000);
    };
  };
  open();
  return {
    submit(action) {
      counter += 1;
      const key = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${counter}`;
      socket?.send(JSON.stringify({ type: 'submit', id: key, seq, key, action }));
    },
    close() {
      closed = true;
      clearInterval(ping);
      socket?.close();
    },
  };
}
