import { join } from 'node:path';
import { diceDuel, Match } from '@tabletop/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { SqliteStorage } from '../src/storage/sqlite.js';
import { type CreatedMatch, createMatch, request, SocketClient } from './helpers/client.js';
import { type ServerProcess, spawnServer, temporaryFolder } from './helpers/server-process.js';

interface Submitted {
  key: string;
  seq: number;
  seat: string;
}

interface Client {
  match: CreatedMatch;
  acknowledged: Submitted[];
  /** The submit whose answer never came: it may or may not have been stored. */
  unanswered: Submitted | null;
}

/** Plays a duel as fast as it answers, both seats in turn, until a request fails. */
async function play(url: string, client: Client): Promise<void> {
  let seq = 0;
  for (;;) {
    const seat = seq % 2 === 0 ? '0' : '1';
    const key = `${client.match.id}-${seq}`;
    try {
      const reply = await request(url, 'POST', `/matches/${client.match.id}/actions`, {
        token: client.match.tokens[seat],
        body: { seq, key, action: { type: 'roll' } },
      });
      expect(reply.status, reply.text).toBe(200);
      client.acknowledged.push({ key, seq: reply.body.seq, seat });
      seq = reply.body.seq;
    } catch {
      client.unanswered = { key, seq, seat };
      return;
    }
  }
}

const folder = temporaryFolder();
let server: ServerProcess | null = null;

afterAll(async () => {
  await server?.stop();
  folder.remove();
});

describe('the server killed with SIGKILL under load', () => {
  it('every acknowledged action is stored exactly once; a retried unanswered one is applied at most once', async () => {
    server = await spawnServer(folder.path, ['--snapshot-every', '7', '--rate-max', '100000']);
    const clients: Client[] = [];
    for (let index = 0; index < 4; index++) {
      const match = await createMatch(server.url, 'duel', {
        options: { health: 1000 },
        join: ['0', '1'],
      });
      clients.push({ match, acknowledged: [], unanswered: null });
    }
    const watcher = new SocketClient(server.url, clients[0]!.match.id);
    await watcher.opened;
    watcher.send({ type: 'subscribe', after: 0 });
    const playing = clients.map((client) => play(server!.url, client));
    await new Promise((done) => setTimeout(done, 700));
    await server.kill();
    await Promise.all(playing);
    for (const client of clients) {
      expect(client.acknowledged.length).toBeGreaterThan(5);
      expect(client.unanswered).not.toBeNull();
    }

    await watcher.untilClosed();
    server = await spawnServer(folder.path, ['--snapshot-every', '7', '--rate-max', '100000']);
    // The spectator saw only stored entries; resuming from the last it saw, it misses none.
    const seen = watcher.messages.filter((message) => message.type === 'entry');
    const resumed = new SocketClient(server.url, clients[0]!.match.id);
    await resumed.opened;
    resumed.send({ type: 'subscribe', after: Math.max(0, ...seen.map((entry) => entry.seq)) });
    await resumed.until(
      (messages) => messages.some((message) => message.type === 'state'),
      'a state',
    );
    const state = resumed.messages.find((message) => message.type === 'state');
    const entries = [...seen, ...resumed.messages.filter((message) => message.type === 'entry')];
    expect(entries.map((entry) => entry.seq)).toEqual(
      Array.from({ length: state.seq }, (_, index) => index + 1),
    );
    expect(state.seq).toBeGreaterThanOrEqual(clients[0]!.acknowledged.length);
    resumed.close();
    const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    try {
      for (const client of clients) {
        const { id } = client.match;
        const log = await storage.readLog(id, 0);
        const keys = log.map((entry) => entry.idempotencyKey);
        expect(new Set(keys).size).toBe(keys.length);
        for (const acknowledged of client.acknowledged) {
          const stored = log.filter((entry) => entry.idempotencyKey === acknowledged.key);
          expect(stored).toHaveLength(1);
          expect(stored[0]!.seq).toBe(acknowledged.seq);
        }
        // Nothing is stored that nobody asked for: at most the unanswered one beyond the acknowledged.
        expect(log.length - client.acknowledged.length).toBeLessThanOrEqual(1);

        const unanswered = client.unanswered!;
        const retry = () =>
          request(server!.url, 'POST', `/matches/${id}/actions`, {
            token: client.match.tokens[unanswered.seat],
            body: { seq: unanswered.seq, key: unanswered.key, action: { type: 'roll' } },
          });
        const first = await retry();
        const second = await retry();
        expect(first.status, first.text).toBe(200);
        expect(second.status).toBe(200);
        expect(second.body).toEqual({ ...first.body, replayed: true });
        expect(first.body.seq).toBe(unanswered.seq + 1);
        const after = await storage.readLog(id, 0);
        expect(after.filter((entry) => entry.idempotencyKey === unanswered.key)).toHaveLength(1);
        expect(after).toHaveLength(client.acknowledged.length + 1);

        // The restarted server loaded the latest snapshot and the log after it: the same
        // match a replay from the seed gives.
        const stored = (await storage.getMatch(id))!;
        const replayed = Match.replay(diceDuel, {
          ...stored,
          generator: stored.generator as 'crypto',
          actions: after.map((entry) => ({ seat: entry.seat, action: entry.action })),
        });
        const view = await request(server.url, 'GET', `/matches/${id}/view`);
        expect(view.body.seq).toBe(after.length);
        expect(view.body.view).toEqual(replayed.view('spectator'));
      }
    } finally {
      await storage.close();
    }
  });
});
