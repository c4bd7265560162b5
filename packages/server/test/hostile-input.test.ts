import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedMatch, createMatch, request, SocketClient } from './helpers/client.js';
import { type ServerProcess, spawnServer, temporaryFolder } from './helpers/server-process.js';

const folder = temporaryFolder();
let server: ServerProcess;
let url: string;
let match: CreatedMatch;
let other: CreatedMatch;

/** Everything a seat and a spectator can read of the match, to show a refusal changed nothing. */
async function fingerprint(): Promise<string> {
  const parts = await Promise.all([
    request(url, 'GET', `/matches/${match.id}/view`, { token: match.tokens['0'] }),
    request(url, 'GET', `/matches/${match.id}/log`),
    request(url, 'GET', `/matches/${match.id}`),
  ]);
  return parts.map((part) => part.text).join('\n');
}

/** The refusal is a JSON body with a code and a short message, and nothing changed. */
async function refused(
  attempt: () => Promise<{ status: number; body: unknown; text: string }>,
  status: number,
  code: string,
): Promise<string> {
  const before = await fingerprint();
  const reply = await attempt();
  expect(reply.status, reply.text).toBe(status);
  expect(reply.body).toMatchObject({ code, message: expect.any(String) });
  expect((reply.body as { message: string }).message.length).toBeLessThan(300);
  expect(await fingerprint()).toBe(before);
  return reply.text;
}

beforeAll(async () => {
  server = await spawnServer(folder.path);
  url = server.url;
  match = await createMatch(url, 'duel', { join: ['0', '1'] });
  other = await createMatch(url, 'duel', { join: ['0', '1'] });
  const first = await request(url, 'POST', `/matches/${match.id}/actions`, {
    token: match.tokens['0'],
    body: { seq: 0, key: 'opening', action: { type: 'roll' } },
  });
  expect(first.status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  folder.remove();
});

const submit = (body: unknown, token?: string, headers?: Record<string, string>) => () =>
  request(url, 'POST', `/matches/${match.id}/actions`, {
    body,
    ...(token === undefined ? {} : { token }),
    ...(headers ? { headers } : {}),
  });

describe('bad and hostile HTTP requests get a clear error each and change nothing', () => {
  it('malformed JSON', async () => {
    await refused(
      submit('{"seq": 1, "key": "k", "action": {', match.tokens['1']),
      400,
      'bad-request',
    );
  });

  it('an empty body, a body that is not JSON, a body of the wrong shape', async () => {
    await refused(submit('', match.tokens['1']), 400, 'bad-request');
    await refused(
      submit('seq=1', match.tokens['1'], { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'unsupported-media-type',
    );
    await refused(
      submit('{"seq": 1}', match.tokens['1'], { 'content-type': 'text/plain' }),
      415,
      'unsupported-media-type',
    );
    await refused(
      submit({ seq: 'one', key: 'k', action: {} }, match.tokens['1']),
      400,
      'bad-request',
    );
    await refused(submit({ key: 'k', action: {} }, match.tokens['1']), 400, 'bad-request');
    await refused(
      submit({ seq: 1, key: 'k', action: { type: 'roll' }, extra: true }, match.tokens['1']),
      400,
      'bad-request',
    );
    await refused(submit([1, 2, 3], match.tokens['1']), 400, 'bad-request');
  });

  it('a missing token, a wrong token, a token of another match, a malformed header', async () => {
    const body = { seq: 1, key: 'k', action: { type: 'roll' } };
    await refused(submit(body), 401, 'missing-token');
    await refused(submit(body, 'not-a-real-token-at-all'), 403, 'bad-token');
    await refused(submit(body, other.tokens['1']), 403, 'bad-token');
    await refused(submit(body, undefined, { authorization: 'Basic abc' }), 403, 'bad-token');
  });

  it("another seat's token acting out of turn", async () => {
    await refused(
      submit({ seq: 1, key: 'k', action: { type: 'roll' } }, match.tokens['0']),
      422,
      'not-your-turn',
    );
  });

  it('a stale sequence number, and one from the future', async () => {
    const stale = await refused(
      submit({ seq: 0, key: 'late', action: { type: 'roll' } }, match.tokens['1']),
      409,
      'stale-sequence',
    );
    expect(JSON.parse(stale).seq).toBe(1);
    await refused(
      submit({ seq: 7, key: 'future', action: { type: 'roll' } }, match.tokens['1']),
      409,
      'stale-sequence',
    );
  });

  it('an action that is not of the ruleset, quoted back no longer than a short prefix', async () => {
    const long = 'x'.repeat(5_000);
    const text = await refused(
      submit({ seq: 1, key: 'k', action: { type: long } }, match.tokens['1']),
      422,
      'malformed-action',
    );
    expect(text).not.toContain('x'.repeat(40));
    const key = await refused(
      submit({ seq: 1, key: 'k', action: { type: 'roll', [long]: 1 } }, match.tokens['1']),
      422,
      'malformed-action',
    );
    expect(key).not.toContain('x'.repeat(40));
  });

  it('an oversized body', async () => {
    const huge = { seq: 1, key: 'k', action: { type: 'roll', padding: 'y'.repeat(100_000) } };
    const text = await refused(submit(huge, match.tokens['1']), 413, 'body-too-large');
    expect(text).not.toContain('yyyy');
  });

  it('unknown matches, seats, routes, rulesets, options and bots', async () => {
    await refused(() => request(url, 'GET', '/matches/m_nothing/view'), 404, 'no-such-match');
    await refused(
      () => request(url, 'POST', `/matches/${match.id}/seats/9/join`),
      404,
      'no-such-seat',
    );
    const route = await refused(
      () => request(url, 'GET', `/${'z'.repeat(3_000)}`),
      404,
      'not-found',
    );
    expect(route).not.toContain('z'.repeat(40));
    await refused(
      () => request(url, 'POST', '/matches', { body: { ruleset: 'chess' } }),
      400,
      'unknown-ruleset',
    );
    await refused(
      () =>
        request(url, 'POST', '/matches', { body: { ruleset: 'duel', options: { health: -4 } } }),
      400,
      'bad-options',
    );
    await refused(
      () =>
        request(url, 'POST', '/matches', { body: { ruleset: 'duel', bots: { '7': 'random' } } }),
      400,
      'no-such-seat',
    );
    await refused(
      () =>
        request(url, 'POST', '/matches', { body: { ruleset: 'duel', bots: { '1': 'genius' } } }),
      400,
      'no-such-bot',
    );
  });

  it("a client may not use the bots' idempotency keys", async () => {
    await refused(
      submit({ seq: 1, key: 'bot:2', action: { type: 'roll' } }, match.tokens['1']),
      400,
      'bad-request',
    );
  });

  it('the server still answers, and the match goes on', async () => {
    expect((await request(url, 'GET', '/health')).status).toBe(200);
    const next = await submit(
      { seq: 1, key: 'second', action: { type: 'roll' } },
      match.tokens['1'],
    )();
    expect(next.status).toBe(200);
    expect(next.body.seq).toBe(2);
  });
});

describe('bad and hostile WebSocket messages', () => {
  it('not JSON, an unknown message, acting before subscribing: an error each, the socket stays open', async () => {
    const socket = new SocketClient(url, match.id);
    await socket.opened;
    socket.send('{not json');
    socket.send({ type: 'shout', words: 'w'.repeat(2_000) });
    socket.send({ type: 'ping', ['w'.repeat(2_000)]: 1 });
    socket.send({ type: 'submit', id: '1', seq: 2, key: 'early', action: { type: 'roll' } });
    await socket.until((messages) => messages.length === 4, 'four answers');
    expect(socket.messages.map((message) => message.code)).toEqual([
      'bad-request',
      'bad-request',
      'bad-request',
      'not-subscribed',
    ]);
    expect(socket.raw.join('')).not.toContain('w'.repeat(40));
    socket.send({ type: 'ping' });
    await socket.until((messages) => messages.some((message) => message.type === 'pong'), 'a pong');
    expect(socket.closed).toBeNull();
    socket.close();
  });

  it('a request id with a control character or a lone surrogate: an error naming it, nothing played', async () => {
    const socket = new SocketClient(url, match.id);
    await socket.opened;
    const before = (await request(url, 'GET', `/matches/${match.id}/view`)).body.seq;
    for (const id of ['broken \ud800', 'bell \u0007'])
      socket.send({
        type: 'submit',
        id,
        seq: before,
        key: `id ${id.length}`,
        action: { type: 'roll' },
      });
    await socket.until((messages) => messages.length === 2, 'two answers');
    for (const message of socket.messages) {
      expect(message).toMatchObject({ type: 'error', code: 'bad-request' });
      expect(message.message).toMatch(/id.*control characters or lone surrogates/);
    }
    expect((await request(url, 'GET', `/matches/${match.id}/view`)).body.seq).toBe(before);
    socket.close();
  });

  it('a wrong token: an error, then the socket is closed', async () => {
    const socket = new SocketClient(url, match.id);
    await socket.opened;
    socket.send({ type: 'subscribe', token: 'wrong', after: 0 });
    const closed = await socket.untilClosed();
    expect(closed.code).toBe(1008);
    expect(socket.messages).toEqual([
      { type: 'error', code: 'bad-token', message: 'this token opens no seat of this match' },
    ]);
  });

  it('an oversized message closes the socket; nothing changed', async () => {
    const before = await fingerprint();
    const socket = new SocketClient(url, match.id);
    await socket.opened;
    socket.send({ type: 'subscribe', token: match.tokens['0'], after: 0 });
    await socket.until(
      (messages) => messages.some((message) => message.type === 'state'),
      'a state',
    );
    socket.send({
      type: 'submit',
      id: 'big',
      seq: 2,
      key: 'big',
      action: { pad: 'p'.repeat(40_000) },
    });
    expect((await socket.untilClosed()).code).toBe(1009);
    expect(await fingerprint()).toBe(before);
  });
});

describe('limits', () => {
  const limited = temporaryFolder();
  let small: ServerProcess;

  beforeAll(async () => {
    small = await spawnServer(limited.path, [
      '--rate-max',
      '30',
      '--rate-window-ms',
      '2000',
      '--idle-socket-ms',
      '600',
      '--request-timeout-ms',
      '500',
    ]);
  });

  afterAll(async () => {
    await small?.stop();
    limited.remove();
  });

  it('a flood of requests from one token is limited with 429, other tokens are still answered, nothing changed', async () => {
    const duel = await createMatch(small.url, 'duel', { join: ['0', '1'] });
    const view = (token: string) =>
      request(small.url, 'GET', `/matches/${duel.id}/view`, { token });
    const flood = await Promise.all(Array.from({ length: 60 }, () => view(duel.tokens['1']!)));
    const limitedReplies = flood.filter((reply) => reply.status === 429);
    expect(limitedReplies.length).toBeGreaterThanOrEqual(25);
    for (const reply of limitedReplies) expect(reply.body.code).toBe('rate-limited');
    for (const reply of flood.filter((each) => each.status !== 429)) {
      expect(reply.status).toBe(200);
      expect(reply.body.seq).toBe(0);
    }
    const otherSeat = await view(duel.tokens['0']!);
    expect(otherSeat.status).toBe(200);
    expect(otherSeat.body.seq).toBe(0);
  });

  it('a made-up token per request gets no fresh allowance: the client address is limited too', async () => {
    const duel = await createMatch(small.url, 'duel', { join: ['0', '1'] });
    const made = () =>
      request(small.url, 'GET', `/matches/${duel.id}/view`, {
        token: `made-up-${Math.random().toString(36).slice(2)}`,
      });
    // 30 a token, 120 an address per window: 200 requests under 200 tokens from one address.
    const flood = await Promise.all(Array.from({ length: 200 }, made));
    const limited = flood.filter((reply) => reply.status === 429);
    expect(limited.length).toBeGreaterThanOrEqual(60);
    for (const reply of limited) expect(reply.body.code).toBe('rate-limited');
    for (const reply of flood.filter((each) => each.status !== 429))
      expect(reply.body.code).toBe('bad-token');
    // The window passes and the address is answered again.
    await new Promise((done) => setTimeout(done, 2_100));
    expect((await request(small.url, 'GET', `/matches/${duel.id}`)).status).toBe(200);
  });

  it('a flood of socket messages is refused past the limit; the socket stays open, the server answers', async () => {
    const duel = await createMatch(small.url, 'duel', { join: [] });
    const socket = new SocketClient(small.url, duel.id);
    await socket.opened;
    for (let index = 0; index < 45; index++) socket.send({ type: 'ping' });
    await socket.until((messages) => messages.length === 45, 'an answer to each');
    const limited = socket.messages.filter((message) => message.code === 'rate-limited');
    expect(limited.length).toBeGreaterThanOrEqual(15);
    expect(socket.messages.filter((message) => message.type === 'pong').length).toBeLessThanOrEqual(
      30,
    );
    expect(socket.closed).toBeNull();
    expect((await request(small.url, 'GET', '/health')).status).toBe(200);
    socket.close();
  });

  it('a request that stops arriving has its connection closed', async () => {
    const { port } = new URL(small.url);
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const connection = connect(Number(port), '127.0.0.1', () => {
        connection.write(
          'POST /matches HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"rule',
        );
      });
      let received = '';
      connection.on('data', (chunk) => {
        received += chunk;
      });
      connection.on('close', () => resolve(received));
      connection.on('error', reject);
    });
    expect(answer).not.toMatch(/^HTTP\/1\.1 2/);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await request(small.url, 'GET', '/health')).status).toBe(200);
  });

  it('a socket that stays silent is closed', async () => {
    const duel = await createMatch(small.url, 'duel', { join: [] });
    const socket = new SocketClient(small.url, duel.id);
    await socket.opened;
    const closed = await socket.untilClosed(5_000);
    expect(closed.code).toBe(1001);
    expect((await request(small.url, 'GET', '/health')).status).toBe(200);
  });

  it('a socket that keeps sending stays open past the idle limit', async () => {
    const duel = await createMatch(small.url, 'duel', { join: [] });
    const socket = new SocketClient(small.url, duel.id);
    await socket.opened;
    // Twice the 600 ms limit, a ping every 200 ms.
    for (let ping = 0; ping < 6; ping++) {
      socket.send({ type: 'ping' });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(socket.closed).toBeNull();
    expect(socket.messages.filter((message) => message.type === 'pong')).toHaveLength(6);
    socket.close();
  });
});
