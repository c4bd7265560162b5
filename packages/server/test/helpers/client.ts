import WebSocket from 'ws';

/** Parsed JSON as the tests read it; the assertions check its shape. */
// biome-ignore lint/suspicious/noExplicitAny: received JSON is read loosely and asserted on
export type Json = any;

export interface Reply<Body = Json> {
  status: number;
  /** The bytes as received. */
  text: string;
  body: Body;
}

/** One HTTP request; `body` is sent as JSON unless it is already a string. */
export async function request<Body = Json>(
  url: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Reply<Body>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${url}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: response.status, text, body: parsed as Body };
}

export interface CreatedMatch {
  id: string;
  tokens: Record<string, string>;
  /** Each human seat's invitation, as the creator is told it. */
  invitations: Record<string, string>;
}

/** Creates a match and joins the given seats with their invitations, as the players would. */
export async function createMatch(
  url: string,
  ruleset: string,
  options: { options?: unknown; bots?: Record<string, string>; join: string[]; open?: boolean },
): Promise<CreatedMatch> {
  const created = await request(url, 'POST', '/matches', {
    body: {
      ruleset,
      options: options.options ?? {},
      bots: options.bots ?? {},
      ...(options.open === undefined ? {} : { open: options.open }),
    },
  });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${created.text}`);
  const invitations: Record<string, string> = {};
  for (const { seat, invitation } of created.body.invitations as {
    seat: string;
    invitation: string;
  }[])
    invitations[seat] = invitation;
  const tokens: Record<string, string> = {};
  for (const seat of options.join) {
    const joined = await request(url, 'POST', `/matches/${created.body.id}/seats/${seat}/join`, {
      body: { invitation: invitations[seat] },
    });
    if (joined.status !== 201) throw new Error(`join ${seat}: ${joined.status} ${joined.text}`);
    tokens[seat] = joined.body.token;
  }
  return { id: created.body.id, tokens, invitations };
}

/** A WebSocket that keeps every message it receives, raw and parsed. */
/**
 * The states a socket's messages carry, in order: each `state` message, and
 * the state the newest entry of a live push carries (as a `state` message).
 */
export function statesIn(messages: Json[]): Json[] {
  return messages.flatMap((message) => {
    if (message.type === 'state') return [message];
    if (message.type === 'entry' && message.state) return [{ type: 'state', ...message.state }];
    return [];
  });
}

/** Whether the messages carry a state at sequence number `seq` or later (or a finished match's). */
export function reachedState(messages: Json[], seq: number): boolean {
  return statesIn(messages).some((state) => state.seq >= seq || state.over);
}

export class SocketClient {
  readonly raw: string[] = [];
  readonly messages: Json[] = [];
  readonly socket: WebSocket;
  closed: { code: number; reason: string } | null = null;
  readonly #waiters: (() => void)[] = [];
  readonly opened: Promise<void>;

  constructor(url: string, matchId: string) {
    this.socket = new WebSocket(`${url.replace(/^http/, 'ws')}/matches/${matchId}/socket`);
    this.opened = new Promise((resolve, reject) => {
      this.socket.once('open', () => resolve());
      this.socket.once('error', reject);
    });
    this.socket.on('message', (data) => {
      const text = data.toString();
      this.raw.push(text);
      this.messages.push(JSON.parse(text));
      this.#wake();
    });
    this.socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
      this.#wake();
    });
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  send(message: unknown): void {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits until `check` holds of the messages so far. */
  async until(
    check: (messages: Json[]) => boolean,
    what: string,
    timeoutMs = 10_000,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!check(this.messages)) {
      if (Date.now() > deadline) {
        throw new Error(
          `timed out waiting for ${what}; got ${JSON.stringify(this.messages).slice(0, 500)}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 50);
        this.#waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  async untilClosed(timeoutMs = 10_000): Promise<{ code: number; reason: string }> {
    await this.until(() => this.closed !== null, 'the socket to close', timeoutMs);
    return this.closed!;
  }

  close(): void {
    this.socket.close();
  }
}
