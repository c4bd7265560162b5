import { connect } from 'node:net';
import { join } from 'node:path';
import { type DuelAction, type DuelView, diceDuel, type GameEvent } from '@tabletop/engine';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer, failureLine, oneLineReports } from '../src/app.js';
import { createTableRegistry, type TableRuleset } from '../src/registry.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import { SocketClient } from './helpers/client.js';
import { temporaryFolder } from './helpers/server-process.js';

/** The duel with words, as a ruleset with `describe` gives them: from the reader's view only. */
const describedDuel = {
  ...diceDuel,
  describe: {
    action: (_action: DuelAction, view: DuelView) =>
      `roll against ${view.health[1 - view.turn]} health`,
    prompt: (_prompt: unknown, view: DuelView) => `seat ${view.turn} to roll`,
    event: (event: GameEvent) => `a roll of ${String(event.roll)}`,
  },
};

describe('the words a person reads', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  let storage: SqliteStorage;
  let app: FastifyInstance;

  beforeEach(async () => {
    folder = temporaryFolder();
    storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    const registry = new Map<string, TableRuleset>(createTableRegistry());
    registry.set('duel', { ...registry.get('duel')!, ruleset: describedDuel });
    app = await buildServer({ storage, registry });
  });

  afterEach(async () => {
    await app.close();
    await storage.close();
    folder.remove();
  });

  it("come with each prompt, legal action and event, in order, from the ruleset's describe", async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/matches',
      payload: { ruleset: 'duel' },
    });
    const id = created.json().id;
    const { token } = (
      await app.inject({
        method: 'POST',
        url: `/matches/${id}/seats/0/join`,
        payload: { invitation: created.json().invitations[0].invitation },
      })
    ).json();
    const authorization = `Bearer ${token}`;
    const view = (
      await app.inject({ url: `/matches/${id}/view`, headers: { authorization } })
    ).json();
    expect(view.words).toEqual({
      prompts: ['seat 0 to roll'],
      actions: ['roll against 20 health'],
    });
    const submitted = await app.inject({
      method: 'POST',
      url: `/matches/${id}/actions`,
      headers: { authorization },
      payload: { seq: 0, key: 'k', action: { type: 'roll' } },
    });
    expect(submitted.statusCode).toBe(200);
    const log = (await app.inject({ url: `/matches/${id}/log` })).json();
    expect(log.entries[0].words).toEqual([`a roll of ${log.entries[0].events[0].roll}`]);
    const spectator = (await app.inject({ url: `/matches/${id}/view` })).json();
    expect(spectator.words).toEqual({ prompts: ['seat 1 to roll'], actions: [] });
  });

  it('are left out when the ruleset has no describe', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/matches',
      payload: { ruleset: 'outgunned' },
    });
    const view = (await app.inject({ url: `/matches/${created.json().id}/view` })).json();
    expect(view.prompts.length).toBeGreaterThan(0);
    expect('words' in view).toBe(
      createTableRegistry().get('outgunned')!.ruleset.describe !== undefined,
    );
  });
});

describe('security headers', () => {
  it('every answer forbids framing and sniffing, and the page loads only its own scripts', async () => {
    const folder = temporaryFolder();
    const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    const app = await buildServer({ storage });
    try {
      for (const url of ['/rulesets', '/matches/none', '/health']) {
        const answer = await app.inject({ url });
        expect(answer.headers['x-content-type-options']).toBe('nosniff');
        expect(answer.headers['x-frame-options']).toBe('DENY');
        expect(answer.headers['referrer-policy']).toBe('no-referrer');
        const policy = String(answer.headers['content-security-policy']);
        expect(policy).toContain("frame-ancestors 'none'");
        expect(policy).toContain("script-src 'self'");
        expect(policy).not.toContain('upgrade-insecure-requests');
      }
    } finally {
      await app.close();
      await storage.close();
      folder.remove();
    }
  });
});

describe('answers before any route, and failures in the log', () => {
  it('a path that does not decode and headers too large get {code, message} answers', async () => {
    const folder = temporaryFolder();
    const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    const app = await buildServer({ storage });
    try {
      const badUrl = await app.inject({ url: '/matches/%E0%A4%A' });
      expect(badUrl.statusCode).toBe(400);
      expect(badUrl.json()).toEqual({ code: 'bad-url', message: 'the path does not decode' });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(`GET /rulesets HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
        });
        let text = '';
        socket.on('data', (chunk) => {
          text += chunk;
        });
        socket.on('end', () => resolve(text));
        socket.on('error', reject);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body).toEqual({ code: 'headers-too-large', message: expect.any(String) });
    } finally {
      await app.close();
      await storage.close();
      folder.remove();
    }
  });

  it('a failure is one line of the log, and the same failure again within a minute is counted, not written', () => {
    const lines: string[] = [];
    let clock = 0;
    const report = oneLineReports(
      (line) => lines.push(line),
      () => clock,
    );
    const failure = failureLine(new Error('disk full'));
    expect(failure).toMatch(/^Error: disk full \(at /);
    expect(failure).not.toContain('\n');
    for (let time = 0; time < 1_000; time++) {
      clock = time;
      report(`POST /matches failed: ${failure}`);
    }
    expect(lines).toHaveLength(1);
    clock = 61_000;
    report(`POST /matches failed: ${failure}`);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('and 999 times more in the last minute');
  });
});

describe('what a host watches', () => {
  it('/healthz, /readyz, and /metrics counting moves, bots, commits, answers and the busy loop', async () => {
    const started = performance.now();
    const folder = temporaryFolder();
    const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    const app = await buildServer({ storage });
    try {
      expect((await app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/readyz' })).json()).toEqual({ ok: true });
      const created = (
        await app.inject({
          method: 'POST',
          url: '/matches',
          payload: { ruleset: 'duel', bots: { '1': 'random' } },
        })
      ).json();
      const id = created.id;
      const { token } = (
        await app.inject({
          method: 'POST',
          url: `/matches/${id}/seats/0/join`,
          payload: { invitation: created.invitations[0].invitation },
        })
      ).json();
      const moved = await app.inject({
        method: 'POST',
        url: `/matches/${id}/actions`,
        headers: { authorization: `Bearer ${token}` },
        payload: { seq: 0, key: 'first', action: { type: 'roll' } },
      });
      expect(moved.statusCode).toBe(200);
      // The bot answers on its own turn, off the request.
      for (let waited = 0; waited < 50; waited++) {
        const view = (
          await app.inject({
            url: `/matches/${id}/view`,
            headers: { authorization: `Bearer ${token}` },
          })
        ).json();
        if (view.seq >= 2) break;
        await new Promise((done) => setTimeout(done, 20));
      }
      const scraped = await app.inject({ url: '/metrics' });
      expect(scraped.headers['content-type']).toContain('text/plain');
      const text = scraped.body;
      expect(text).toMatch(/tabletop_entries_total\{kind="action",by="person"\} 1\b/);
      expect(text).toMatch(/tabletop_entries_total\{kind="action",by="bot"\} [1-9]/);
      expect(text).toMatch(
        /tabletop_bot_thinking_seconds_count\{ruleset="duel",bot="random"\} [1-9]/,
      );
      expect(text).toMatch(/tabletop_storage_commit_seconds_count [2-9]/);
      expect(text).toMatch(
        /tabletop_http_request_seconds_count\{method="POST",route="\/matches\/:id\/actions",status="2xx"\} 1\b/,
      );
      expect(text).toMatch(/tabletop_open_sockets 0\b/);
      expect(text).toMatch(/tabletop_matches_in_memory 1\b/);
      // The one duel in memory, as estimated: a fixed part, its state and its entries' events.
      const cached = Number(/tabletop_cache_bytes (\d+)/.exec(text)?.[1]);
      expect(cached).toBeGreaterThan(16 * 1024);
      expect(cached).toBeLessThan(64 * 1024);
      expect(text).toMatch(/tabletop_cache_evictions_total 0\b/);
      // The main thread worked for these answers, and never for longer than the test has run.
      const busy = Number(/^tabletop_event_loop_busy_seconds_total (\S+)$/m.exec(text)?.[1]);
      expect(busy).toBeGreaterThan(0);
      expect(busy * 1000).toBeLessThanOrEqual(performance.now() - started);
      expect(text).not.toContain(token);
      expect(text).not.toContain(id);
      await storage.close();
      const notReady = await app.inject({ url: '/readyz' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().code).toBe('not-ready');
    } finally {
      await app.close();
      folder.remove();
    }
  });
});

describe('draining', () => {
  it('closing the server tells each socket to reconnect (1012), and refuses new requests', async () => {
    const folder = temporaryFolder();
    const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    const app = await buildServer({ storage });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const url = `http://127.0.0.1:${port}`;
      const id = (
        await app.inject({ method: 'POST', url: '/matches', payload: { ruleset: 'duel' } })
      ).json().id;
      const socket = new SocketClient(url, id);
      await socket.opened;
      socket.send({ type: 'subscribe', after: 0 });
      await socket.until((messages) => messages.some((m) => m.type === 'state'), 'a state');
      const closing = app.close();
      expect(await socket.untilClosed()).toEqual({
        code: 1012,
        reason: 'the server restarts: reconnect',
      });
      await closing;
    } finally {
      await storage.close();
      folder.remove();
    }
  });
});

describe('limits by client address', () => {
  it('match creation and open sockets are limited per address', async () => {
    const folder = temporaryFolder();
    const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    const app = await buildServer({
      storage,
      limits: { createPerMinute: 3, socketsPerAddress: 2 },
    });
    try {
      const create = () =>
        app.inject({ method: 'POST', url: '/matches', payload: { ruleset: 'duel' } });
      const ids: string[] = [];
      for (let made = 0; made < 3; made++) {
        const answer = await create();
        expect(answer.statusCode).toBe(201);
        ids.push(answer.json().id);
      }
      const fourth = await create();
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().code).toBe('rate-limited');
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const url = `http://127.0.0.1:${port}`;
      const first = new SocketClient(url, ids[0]!);
      const second = new SocketClient(url, ids[1]!);
      await Promise.all([first.opened, second.opened]);
      const third = new SocketClient(url, ids[2]!);
      expect(await third.untilClosed()).toEqual({
        code: 1008,
        reason: 'too many sockets from this address',
      });
      first.close();
      await first.untilClosed();
      // One closed, one may open again.
      await new Promise((done) => setTimeout(done, 50));
      const again = new SocketClient(url, ids[2]!);
      await again.opened;
      again.send({ type: 'subscribe', after: 0 });
      await again.until((messages) => messages.some((m) => m.type === 'state'), 'a state');
      second.close();
      again.close();
    } finally {
      await app.close();
      await storage.close();
      folder.remove();
    }
  });
});
