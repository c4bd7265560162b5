import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { PostgresStorage } from '../src/storage/postgres.js';
import { dropSchema, freshSchemaName, postgresUrl, requirePostgres } from './postgres-fixture.js';

/**
 * Two server processes, started as a person would start them (main.ts with a
 * PostgreSQL URL), share one database and one match.
 */

interface ServerProcess {
  url: string;
  child: ChildProcess;
}

const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));

function startServer(db: string): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', main, '--port', '0', '--db', db], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-2000);
  });
  return new Promise((resolve, reject) => {
    const timeout = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within 30 s: ${errors}`));
    }, 30_000);
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const url = /listening on (http:\/\/\S+)/.exec(line)?.[1];
      if (!url) return;
      clearTimeout(timeout);
      resolve({ url, child });
    });
    child.once('exit', (code) => {
      clearTimeout(timeout);
      reject(new Error(`the server exited (${code}) before listening: ${errors}`));
    });
  });
}

function stopServer(server: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGTERM');
  });
}

async function request(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

interface Entry {
  seq: number;
  events: unknown[];
}

/** A socket that follows the match and keeps every entry it is sent. */
class Follower {
  readonly entries: Entry[] = [];
  readonly errors: unknown[] = [];
  readonly socket: WebSocket;
  readonly subscribed: Promise<void>;

  constructor(server: string, matchId: string, token?: string) {
    this.socket = new WebSocket(`${server.replace('http', 'ws')}/matches/${matchId}/socket`);
    this.subscribed = new Promise((resolve, reject) => {
      this.socket.on('open', () => {
        this.socket.send(
          JSON.stringify({ type: 'subscribe', after: 0, ...(token ? { token } : {}) }),
        );
      });
      this.socket.on('error', reject);
      this.socket.on('message', (data) => {
        const message = JSON.parse(data.toString()) as { type: string } & Entry;
        if (message.type === 'subscribed') resolve();
        if (message.type === 'entry')
          this.entries.push({ seq: message.seq, events: message.events });
        if (message.type === 'error') this.errors.push(message);
      });
    });
  }

  async reached(seq: number): Promise<void> {
    for (let tries = 0; tries < 500; tries++) {
      if (this.entries.some((entry) => entry.seq >= seq)) return;
      await new Promise((done) => setTimeout(done, 10));
    }
    throw new Error(`a socket never saw entry ${seq}; it saw ${this.entries.length} entries`);
  }
}

describe('two server processes on one PostgreSQL', () => {
  const schema = freshSchemaName();
  const db = `${postgresUrl}?schema=${schema}`;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    await requirePostgres();
    // One after the other: the first applies the migrations.
    servers.push(await startServer(db));
    servers.push(await startServer(db));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await dropSchema(schema).catch(() => {});
  });

  it('concurrent submits to one match: no fork, one action per sequence number, the losers told to refresh, both processes push the same sequence', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const created = await request('POST', `${first.url}/matches`, {
      ruleset: 'duel',
      options: { health: 6 },
    });
    expect(created.status).toBe(201);
    const matchId = created.body.id as string;
    const invitations = created.body.invitations as { seat: string; invitation: string }[];
    const tokens: Record<string, string> = {};
    for (const [seat, server] of [
      ['0', first],
      ['1', second],
    ] as const) {
      const joined = await request('POST', `${server.url}/matches/${matchId}/seats/${seat}/join`, {
        invitation: invitations.find((each) => each.seat === seat)!.invitation,
      });
      expect(joined.status).toBe(201);
      tokens[seat] = joined.body.token as string;
    }
    const followers = [
      new Follower(first.url, matchId),
      new Follower(second.url, matchId),
      new Follower(first.url, matchId, tokens['0']),
      new Follower(second.url, matchId, tokens['1']),
    ];
    await Promise.all(followers.map((follower) => follower.subscribed));

    const accepted: { seq: number; key: string }[] = [];
    let seq = 0;
    let over = false;
    for (let round = 0; !over && round < 60; round++) {
      // Whose turn it is, as both processes see it once they agree on the sequence number.
      let mover: string | undefined;
      for (let tries = 0; tries < 200 && mover === undefined; tries++) {
        const views = await Promise.all(
          servers.flatMap((server) =>
            ['0', '1'].map((seat) =>
              request('GET', `${server.url}/matches/${matchId}/view`, undefined, tokens[seat]),
            ),
          ),
        );
        if (views.every((view) => view.body.seq === seq)) {
          over = views[0]!.body.over as boolean;
          const acting = ['0', '1'].filter(
            (_, index) => (views[index]!.body.actions as unknown[]).length > 0,
          );
          if (over || acting.length === 1) mover = acting[0] ?? '';
        }
        if (mover === undefined) await new Promise((done) => setTimeout(done, 10));
      }
      expect(mover, `both processes agree on sequence number ${seq}`).toBeDefined();
      if (over) break;

      const racers = Array.from({ length: 6 }, (_, index) => ({
        server: servers[index % 2]!,
        key: `round-${round}-racer-${index}`,
      }));
      const answers = await Promise.all(
        racers.map(({ server, key }) =>
          request(
            'POST',
            `${server.url}/matches/${matchId}/actions`,
            { seq, key, action: { type: 'roll' } },
            tokens[mover!],
          ),
        ),
      );
      const winners = answers.filter((answer) => answer.status === 200);
      expect(winners, `exactly one submit at sequence number ${seq} is accepted`).toHaveLength(1);
      expect(winners[0]!.body).toMatchObject({ seq: seq + 1, replayed: false });
      for (const loser of answers.filter((answer) => answer.status !== 200)) {
        expect(loser.status).toBe(409);
        expect(loser.body.code).toBe('stale-sequence');
      }
      accepted.push({ seq: seq + 1, key: racers[answers.indexOf(winners[0]!)]!.key });
      seq++;
    }
    expect(over, 'the duel reached its end').toBe(true);

    // The stored log: one entry per sequence number, each an accepted submit.
    const storage = await PostgresStorage.open(postgresUrl, { schema });
    try {
      const log = await storage.readLog(matchId, 0);
      expect(log.map((entry) => entry.seq)).toEqual(accepted.map((entry) => entry.seq));
      expect(log.map((entry) => entry.idempotencyKey)).toEqual(accepted.map((entry) => entry.key));
      expect((await storage.getMatch(matchId))?.over).toBe(true);
    } finally {
      await storage.close();
    }

    // Every socket, on either process, saw every entry once, in order, and the same events.
    await Promise.all(followers.map((follower) => follower.reached(seq)));
    for (const follower of followers) {
      expect(follower.errors).toEqual([]);
      expect(follower.entries.map((entry) => entry.seq)).toEqual(
        accepted.map((entry) => entry.seq),
      );
    }
    expect(followers[1]!.entries).toEqual(followers[0]!.entries);
    const logs = await Promise.all(
      servers.map((server) => request('GET', `${server.url}/matches/${matchId}/log?after=0`)),
    );
    expect(logs[1]!.body).toEqual(logs[0]!.body);
    for (const follower of followers) follower.socket.close();
  }, 60_000);

  it('a chat line written to one process reaches the sockets of the other, in the same bytes', async () => {
    const [first, second] = servers as [ServerProcess, ServerProcess];
    const created = await request('POST', `${first.url}/matches`, { ruleset: 'duel' });
    const matchId = created.body.id as string;
    const [invitation] = created.body.invitations as { invitation: string }[];
    const joined = await request('POST', `${second.url}/matches/${matchId}/seats/0/join`, {
      invitation: invitation!.invitation,
    });
    const token = joined.body.token as string;
    const chats = (url: string, withToken?: string) => {
      const received: string[] = [];
      const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/matches/${matchId}/socket`);
      const ready = new Promise<void>((resolve) => {
        socket.on('open', () =>
          socket.send(
            JSON.stringify({
              type: 'subscribe',
              after: 0,
              ...(withToken ? { token: withToken } : {}),
            }),
          ),
        );
        socket.on('message', (data) => {
          const text = data.toString();
          const message = JSON.parse(text) as { type: string };
          if (message.type === 'chat') received.push(text);
          if (message.type === 'state') resolve();
        });
      });
      return { socket, received, ready };
    };
    const onSecond = chats(second.url);
    const seatOnSecond = chats(second.url, token);
    await Promise.all([onSecond.ready, seatOnSecond.ready]);
    const posted = await request(
      'POST',
      `${first.url}/matches/${matchId}/chat`,
      { text: 'across' },
      token,
    );
    expect(posted.status).toBe(201);
    for (let tries = 0; tries < 500 && onSecond.received.length < 2; tries++) {
      await new Promise((done) => setTimeout(done, 10));
    }
    expect(JSON.parse(onSecond.received[0]!)).toEqual({ type: 'chat', lines: [] });
    expect(JSON.parse(onSecond.received[1]!).lines).toEqual([posted.body.line]);
    expect((posted.body.line as { from: string }).from).toBe('0');
    for (let tries = 0; tries < 500 && seatOnSecond.received.length < 2; tries++) {
      await new Promise((done) => setTimeout(done, 10));
    }
    expect(seatOnSecond.received).toEqual(onSecond.received);
    onSecond.socket.close();
    seatOnSecond.socket.close();
  }, 60_000);
});
