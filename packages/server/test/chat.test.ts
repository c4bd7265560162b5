import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, type ServerOptions } from '../src/app.js';
import { PostgresStorage } from '../src/storage/postgres.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { Storage } from '../src/storage/storage.js';
import { type Json, SocketClient } from './helpers/client.js';
import { temporaryFolder } from './helpers/server-process.js';
import { dropSchema, freshSchemaName, postgresUrl, requirePostgres } from './postgres-fixture.js';

interface Place {
  /** Opens another connection to the same database, as another process would. */
  open(): Promise<Storage>;
  remove(): Promise<void>;
}

const places: Record<string, () => Promise<Place>> = {
  SQLite: async () => {
    const folder = temporaryFolder();
    return {
      open: () => SqliteStorage.open(join(folder.path, 'tabletop.db')),
      remove: async () => folder.remove(),
    };
  },
  PostgreSQL: async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    return {
      open: () => PostgresStorage.open(postgresUrl, { schema }),
      remove: () => dropSchema(schema),
    };
  },
};

describe.each(Object.keys(places))('chat on %s', (name) => {
  let place: Place;
  const storages: Storage[] = [];
  const apps: FastifyInstance[] = [];
  const sockets: SocketClient[] = [];
  let app: FastifyInstance;

  async function server(options: Partial<ServerOptions> = {}): Promise<FastifyInstance> {
    const storage = await place.open();
    storages.push(storage);
    const built = await buildServer({ storage, ...options });
    apps.push(built);
    return built;
  }

  beforeEach(async () => {
    place = await places[name]!();
    app = await server();
  });

  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const built of apps.splice(0)) await built.close();
    for (const storage of storages.splice(0)) await storage.close();
    await place.remove();
  });

  async function match(on = app): Promise<{ id: string; tokens: Record<string, string> }> {
    const { id, invitations } = (
      await on.inject({ method: 'POST', url: '/matches', payload: { ruleset: 'duel' } })
    ).json() as { id: string; invitations: { seat: string; invitation: string }[] };
    const tokens: Record<string, string> = {};
    for (const { seat, invitation } of invitations) {
      tokens[seat] = (
        await on.inject({
          method: 'POST',
          url: `/matches/${id}/seats/${seat}/join`,
          payload: { invitation },
        })
      ).json().token;
    }
    return { id, tokens };
  }

  function post(id: string, text: unknown, token?: string, on = app) {
    return on.inject({
      method: 'POST',
      url: `/matches/${id}/chat`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: { text },
    });
  }

  async function lines(id: string, after = 0): Promise<Json[]> {
    const reply = await app.inject({ url: `/matches/${id}/chat?after=${after}` });
    expect(reply.statusCode).toBe(200);
    return reply.json().lines;
  }

  async function follow(on: FastifyInstance, id: string, token?: string): Promise<SocketClient> {
    const url = on.server.listening
      ? `http://127.0.0.1:${(on.server.address() as { port: number }).port}`
      : await on.listen({ port: 0, host: '127.0.0.1' });
    const socket = new SocketClient(url, id);
    sockets.push(socket);
    await socket.opened;
    socket.send(token ? { type: 'subscribe', token, after: 0 } : { type: 'subscribe', after: 0 });
    await socket.until((all) => all.some((message) => message.type === 'state'), 'a state');
    return socket;
  }

  it('a seat writes with its token, a spectator without; every reader reads the same lines, after an id', async () => {
    const { id, tokens } = await match();
    const seat = await post(id, '  good luck  ', tokens['0']);
    expect(seat.statusCode, seat.body).toBe(201);
    expect(seat.json().line).toMatchObject({ id: 1, from: '0', text: 'good luck' });
    const spectator = await post(id, 'watching');
    expect(spectator.json().line).toMatchObject({ id: 2, from: 'spectator', text: 'watching' });
    const all = await lines(id);
    expect(all.map((line) => [line.id, line.from, line.text])).toEqual([
      [1, '0', 'good luck'],
      [2, 'spectator', 'watching'],
    ]);
    for (const line of all) expect(Object.keys(line).sort()).toEqual(['at', 'from', 'id', 'text']);
    expect((await lines(id, 1)).map((line) => line.id)).toEqual([2]);
    const asSeat = await app.inject({
      url: `/matches/${id}/chat`,
      headers: { authorization: `Bearer ${tokens['1']}` },
    });
    expect(asSeat.body).toBe(JSON.stringify({ lines: all }));
  });

  it('a follower gets the recent history right after subscribed, then each new line, from HTTP or the socket', async () => {
    const { id, tokens } = await match();
    await post(id, 'before', tokens['0']);
    const seat = await follow(app, id, tokens['0']);
    const watcher = await follow(app, id);
    for (const socket of [seat, watcher]) {
      expect(socket.messages[0].type).toBe('subscribed');
      expect(socket.messages[1]).toEqual({
        type: 'chat',
        lines: [expect.objectContaining({ id: 1, text: 'before' })],
      });
    }
    seat.send({ type: 'chat', text: 'from the socket' });
    await watcher.until(
      (all) => all.filter((message) => message.type === 'chat').length >= 2,
      'the line from the socket',
    );
    await post(id, 'from http');
    for (const socket of [seat, watcher]) {
      await socket.until(
        (all) => all.filter((message) => message.type === 'chat').length >= 3,
        'two more chat messages',
      );
    }
    const chats = (socket: SocketClient) =>
      socket.raw.filter((raw) => JSON.parse(raw).type === 'chat');
    expect(chats(seat)).toEqual(chats(watcher));
    const later = chats(seat)
      .slice(1)
      .flatMap((raw) => JSON.parse(raw).lines);
    expect(later.map((line: Json) => [line.id, line.from, line.text])).toEqual([
      [2, '0', 'from the socket'],
      [3, 'spectator', 'from http'],
    ]);
  });

  it('the history a follower gets is the last lines only', async () => {
    app = await server({ chat: { history: 2 } });
    const { id, tokens } = await match();
    for (const text of ['one', 'two', 'three']) await post(id, text, tokens['0']);
    const socket = await follow(app, id);
    expect(socket.messages[1].lines.map((line: Json) => line.text)).toEqual(['two', 'three']);
  });

  it('bad text is refused with what was wrong, and nothing is stored', async () => {
    const { id, tokens } = await match();
    const cases: [unknown, RegExp][] = [
      ['', /empty once trimmed/],
      ['   \t ', /empty once trimmed/],
      ['x'.repeat(501), /501 characters once trimmed; at most 500/],
      ['two\nlines', /control character \(U\+000A\) at position 3/],
      ['bell\u0007', /control character \(U\+0007\)/],
      ['broken \ud800 pair', /lone surrogate \(U\+D800\) at position 7/],
      ['\udc00', /lone surrogate \(U\+DC00\)/],
    ];
    for (const [text, message] of cases) {
      const refused = await post(id, text, tokens['0']);
      expect(refused.statusCode, String(text)).toBe(400);
      expect(refused.json().code).toBe('bad-text');
      expect(refused.json().message).toMatch(message);
    }
    expect((await post(id, 42, tokens['0'])).json()).toMatchObject({ code: 'bad-request' });
    expect((await post(id, `${'é'.repeat(499)}👍`, tokens['0'])).statusCode).toBe(201);
    expect(await lines(id)).toHaveLength(1);
    const socket = await follow(app, id, tokens['1']);
    socket.send({ type: 'chat', id: 'c1', text: 'a\u0000b' });
    await socket.until((all) => all.some((message) => message.id === 'c1'), 'the refusal');
    expect(socket.messages.find((message) => message.id === 'c1')).toMatchObject({
      type: 'error',
      code: 'bad-text',
    });
    expect(await lines(id)).toHaveLength(1);
  });

  it('a reader writes at most 5 lines per 10 s; the sixth is refused and not stored; others may still write', async () => {
    const { id, tokens } = await match();
    for (let line = 1; line <= 5; line++) {
      expect((await post(id, `line ${line}`, tokens['0'])).statusCode).toBe(201);
    }
    const refused = await post(id, 'one too many', tokens['0']);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate-limited' });
    expect(refused.json().message).toMatch(/at most 5 chat lines per 10 s/);
    expect((await post(id, 'my turn', tokens['1'])).statusCode).toBe(201);
    // Spectators are counted by address: over a socket too.
    for (let line = 1; line <= 5; line++)
      expect((await post(id, `watch ${line}`)).statusCode).toBe(201);
    expect((await post(id, 'watch 6')).statusCode).toBe(429);
    const socket = await follow(app, id);
    socket.send({ type: 'chat', id: 'c', text: 'from the socket' });
    await socket.until((all) => all.some((message) => message.id === 'c'), 'the refusal');
    expect(socket.messages.find((message) => message.id === 'c').code).toBe('rate-limited');
    expect((await lines(id)).map((line) => line.text)).not.toContain('one too many');
    expect(await lines(id)).toHaveLength(11);
  });

  it('a match holds at most so many lines; beyond, nothing is stored', async () => {
    app = await server({ chat: { linesMax: 3, rateMax: 100 } });
    const { id, tokens } = await match();
    for (const text of ['a', 'b', 'c'])
      expect((await post(id, text, tokens['0'])).statusCode).toBe(201);
    const refused = await post(id, 'd', tokens['0']);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'chat-full',
      message: "this match's chat holds 3 lines, as many as it may",
    });
    expect(await lines(id)).toHaveLength(3);
  });

  it('a bad token or an unknown match is refused', async () => {
    const { id } = await match();
    expect((await post(id, 'hi', 'not-a-token')).json().code).toBe('bad-token');
    expect((await post('no-such-match', 'hi')).statusCode).toBe(404);
    expect((await app.inject({ url: '/matches/no-such-match/chat' })).statusCode).toBe(404);
    expect(await lines(id)).toEqual([]);
    const socket = new SocketClient(await app.listen({ port: 0, host: '127.0.0.1' }), id);
    sockets.push(socket);
    await socket.opened;
    socket.send({ type: 'chat', text: 'before subscribing' });
    await socket.until((all) => all.length > 0, 'the refusal');
    expect(socket.messages[0]).toMatchObject({ type: 'error', code: 'not-subscribed' });
  });

  it('a line written through one server reaches the followers of another on the same database', async () => {
    const { id, tokens } = await match();
    const other = await server();
    const socket = await follow(other, id);
    await post(id, 'across', tokens['0']);
    await socket.until(
      (all) => all.some((message) => message.type === 'chat' && message.lines.length === 1),
      'the line',
    );
    expect(socket.messages.at(-1).lines[0]).toMatchObject({ id: 1, from: '0', text: 'across' });
  });
});
