import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TableError } from '../src/errors.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { Storage } from '../src/storage/storage.js';
import { type FollowMessage, Tables } from '../src/tables.js';
import { reachedState } from './helpers/client.js';
import { temporaryFolder } from './helpers/server-process.js';

/** A storage that never hears of other processes' appends, as if its notifications were lost. */
function deaf(storage: Storage): Storage {
  return new Proxy(storage, {
    get(target, property, receiver) {
      if (property === 'subscribe') return async () => async () => {};
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 300; tries++) {
    if (check()) return;
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('tables of two processes on one database', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  const opened: { storage: Storage; tables: Tables }[] = [];

  async function open(
    hearing = true,
    settings: { cacheSize?: number; cacheBytes?: number; retainFinishedMs?: number } = {},
  ): Promise<Tables> {
    const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    const tables = new Tables({
      storage: hearing ? storage : deaf(storage),
      report: () => {},
      snapshotEvery: 10,
      ...settings,
    });
    await tables.start();
    opened.push({ storage, tables });
    return tables;
  }

  beforeEach(() => {
    folder = temporaryFolder();
  });

  afterEach(async () => {
    for (const { storage, tables } of opened.splice(0)) {
      await tables.close();
      await storage.close();
    }
    folder.remove();
  });

  it("another process's appends reach this process's cache and followers", async () => {
    const first = await open();
    const second = await open();
    const { id, invitations } = await first.create({ ruleset: 'duel' });
    await first.join(id, '0', invitations[0]!.invitation);
    await first.join(id, '1', invitations[1]!.invitation);
    const received: FollowMessage[] = [];
    await second.follow(id, '0', 0, (message) => received.push(message));
    for (let seq = 0; seq < 3; seq++) {
      await first.submit(id, seq % 2 === 0 ? '0' : '1', {
        seq,
        key: `k${seq}`,
        action: { type: 'roll' },
      });
    }
    await until(() => reachedState(received, 3), 'seq 3');
    expect(
      received.filter((message) => message.type === 'entry').map((message) => message.seq),
    ).toEqual([1, 2, 3]);
    expect((await second.view(id, '1')).seq).toBe(3);
    const answer = await second.submit(id, '1', { seq: 3, key: 'k3', action: { type: 'roll' } });
    expect(answer.seq).toBe(4);
    expect((await first.view(id, '0')).seq).toBe(4);
  });

  it('a process that missed an append loses the compare-and-set, tells the client to refresh, and reloads', async () => {
    const first = await open();
    const second = await open(false);
    const { id } = await first.create({ ruleset: 'duel' });
    expect((await second.view(id, '0')).seq).toBe(0);
    await first.submit(id, '0', { seq: 0, key: 'winner', action: { type: 'roll' } });
    const late = second.submit(id, '0', { seq: 0, key: 'loser', action: { type: 'roll' } });
    await expect(late).rejects.toBeInstanceOf(TableError);
    await expect(late).rejects.toMatchObject({ code: 'stale-sequence', extra: { seq: 1 } });
    const view = await second.view(id, '1');
    expect(view.seq).toBe(1);
    expect(view.actions).toEqual([{ type: 'roll' }]);
  });

  it('a request that shows the store ahead of the cache catches up instead of refusing', async () => {
    const first = await open();
    const second = await open(false);
    const { id, invitations } = await first.create({ ruleset: 'duel', options: { health: 1000 } });
    await first.join(id, '0', invitations[0]!.invitation);
    await first.join(id, '1', invitations[1]!.invitation);
    expect((await second.view(id, '0')).seq).toBe(0);
    await first.submit(id, '0', { seq: 0, key: 'a', action: { type: 'roll' } });
    await first.submit(id, '1', { seq: 1, key: 'b', action: { type: 'roll' } });
    // A socket that resumes after entry 2, which this process has not heard of.
    const received: FollowMessage[] = [];
    const followed = await second.follow(id, '0', 2, (message) => received.push(message));
    expect(followed.seq).toBe(2);
    // A move sent at the sequence number the other process showed.
    const moved = await second.submit(id, '0', { seq: 2, key: 'c', action: { type: 'roll' } });
    expect(moved).toMatchObject({ seq: 3, replayed: false });
    await until(() => reachedState(received, 3), 'the socket to reach entry 3');
    expect(
      received.filter((message) => message.type === 'entry').map((message) => message.seq),
    ).toEqual([3]);
    // The other process moves on; a client still at 3 is told the match moved on, not that
    // it is not its turn.
    await first.submit(id, '1', { seq: 3, key: 'd', action: { type: 'roll' } });
    const stale = second.submit(id, '0', { seq: 3, key: 'e', action: { type: 'roll' } });
    await expect(stale).rejects.toMatchObject({ code: 'stale-sequence', extra: { seq: 4 } });
    expect(await second.submit(id, '0', { seq: 4, key: 'e', action: { type: 'roll' } })).toEqual(
      expect.objectContaining({ seq: 5 }),
    );
    const undone = second.undo(id, '1', { seq: 4, key: 'f' });
    await expect(undone).rejects.toMatchObject({ code: 'stale-sequence', extra: { seq: 5 } });
  });

  it('a match reloads as it was, undo included: the latest snapshot and the log after it', async () => {
    const first = await open();
    // The seed is the server's own, so a fight may end before any action could be taken
    // back: then a new fight goes on looking.
    let { id } = await first.create({ ruleset: 'outgunned' });
    let undone = false;
    for (let step = 0; step < 400 && !undone; step++) {
      const spectator = await first.view(id, 'spectator');
      const seat = spectator.prompts[0]?.seats[0];
      if (seat === undefined) {
        ({ id } = await first.create({ ruleset: 'outgunned' }));
        continue;
      }
      const { actions } = await first.view(id, seat);
      const answer = await first.submit(id, seat, {
        seq: spectator.seq,
        key: `step-${step}`,
        action: actions[step % actions.length],
      });
      try {
        await first.undo(id, seat, { seq: answer.seq, key: `undo-${step}` });
        undone = true;
      } catch (error) {
        expect(error).toBeInstanceOf(TableError);
      }
    }
    expect(undone).toBe(true);
    const before = await first.view(id, 'director');
    const again = await open();
    const after = await again.view(id, 'director');
    expect(after).toEqual(before);
    const log = await again.log(id, 'director', 0, 1_000);
    expect(log.entries.at(-1)?.kind).toBe('undo');
    expect(log.entries.map((entry) => entry.seq)).toEqual(log.entries.map((_, index) => index + 1));
    const last = log.entries.length;
    expect((await again.log(id, 'director', 0, 1)).entries.map((entry) => entry.seq)).toEqual([1]);
    expect(
      (await again.log(id, 'director', last - 1, 5)).entries.map((entry) => entry.seq),
    ).toEqual([last]);
  });

  it('a match loaded with a bot to act resumes its bot', async () => {
    const first = await open();
    const { id } = await first.create({ ruleset: 'duel' });
    await first.submit(id, '0', { seq: 0, key: 'human', action: { type: 'roll' } });
    await first.close();
    // As if the process had stopped between the human's move and its bot's answer.
    const db = new Database(join(folder.path, 'tabletop.db'));
    db.prepare(
      "UPDATE seats SET kind = 'bot', bot = 'random' WHERE match_id = ? AND seat = '1'",
    ).run(id);
    db.close();
    const second = await open();
    expect((await second.view(id, '0')).seq).toBeGreaterThanOrEqual(1);
    let view = await second.view(id, '0');
    for (let tries = 0; view.seq < 2 && tries < 100; tries++) {
      await new Promise((done) => setTimeout(done, 10));
      view = await second.view(id, '0');
    }
    expect(view.seq).toBe(2);
    expect(view.actions).toEqual([{ type: 'roll' }]);
  });

  it('a snapshot is stored every N entries, and a match evicted from memory reloads as it was', async () => {
    const tables = await open(true, { cacheSize: 1 });
    const ids: string[] = [];
    for (let index = 0; index < 3; index++) {
      const { id } = await tables.create({ ruleset: 'duel', options: { health: 1000 } });
      ids.push(id);
    }
    for (let seq = 0; seq < 25; seq++) {
      for (const id of ids) {
        await tables.submit(id, seq % 2 === 0 ? '0' : '1', {
          seq,
          key: `k${seq}`,
          action: { type: 'roll' },
        });
      }
    }
    const storage = opened[0]!.storage;
    for (const id of ids) {
      expect((await storage.latestSnapshot(id))?.seq).toBe(20);
      const view = await tables.view(id, 'spectator');
      const fresh = await (await open()).view(id, 'spectator');
      expect(view.seq).toBe(25);
      expect(fresh).toEqual(view);
    }
  });

  it('matches in memory are bounded by their estimated bytes: the least recently used that nobody follows go first, and come back as they were', async () => {
    // The estimates of a duel and of a two-player Nemesis match, from a process that keeps all.
    const probe = await open();
    await probe.create({ ruleset: 'duel' });
    const duel = probe.cacheBytes();
    await probe.create({ ruleset: 'nemesis', options: { players: 2 } });
    const nemesis = probe.cacheBytes() - duel;
    expect(duel).toBeGreaterThan(16 * 1024);
    expect(nemesis).toBeGreaterThan(3 * duel);

    const bound = nemesis + Math.floor(duel / 2);
    const tables = await open(true, { cacheBytes: bound });
    const first = await tables.create({ ruleset: 'duel' });
    await tables.join(first.id, '0', first.invitations[0]!.invitation);
    await tables.submit(first.id, '0', { seq: 0, key: 'a', action: { type: 'roll' } });
    const second = await tables.create({ ruleset: 'duel' });
    expect(tables.matchesInMemory()).toBe(2);
    const firstSeen = await tables.view(first.id, 'spectator');
    const secondSeen = await tables.view(second.id, 'spectator');
    // One large match takes the room of both duels: the two least recently used go.
    const large = await tables.create({ ruleset: 'nemesis', options: { players: 2 } });
    await until(() => tables.matchesInMemory() === 1, 'both duels to go');
    expect(tables.cacheBytes()).toBeLessThanOrEqual(bound);
    expect(tables.cacheBytes()).toBeGreaterThan(nemesis / 2);

    // An evicted match loads again as it was, and the large one, now the oldest, makes room.
    expect(await tables.view(first.id, 'spectator')).toEqual(firstSeen);
    await until(() => tables.matchesInMemory() === 1, 'the large match to go');
    expect(tables.cacheBytes()).toBeLessThanOrEqual(bound);
    expect(tables.cacheBytes()).toBeLessThan(nemesis);

    // A followed match stays whatever it weighs; the cold ones are loaded when asked for, and go.
    const received: FollowMessage[] = [];
    const { follower } = await tables.follow(large.id, 'spectator', 0, (message) =>
      received.push(message),
    );
    await until(() => received.some((message) => message.type === 'state'), 'the state');
    expect(await tables.view(second.id, 'spectator')).toEqual(secondSeen);
    expect(await tables.view(first.id, 'spectator')).toEqual(firstSeen);
    await until(() => tables.matchesInMemory() === 1, 'the cold duels to go');
    expect(tables.cacheBytes()).toBeGreaterThan(nemesis / 2);
    expect((await tables.info(large.id)).seq).toBe(0);
    follower.stop();
    const moved = await tables.submit(first.id, '1', {
      seq: 1,
      key: 'b',
      action: { type: 'roll' },
    });
    expect(moved.seq).toBe(2);
  });

  it('a finished match is deleted once its retention has passed since its last entry; one still going is kept', async () => {
    const day = 86_400_000;
    const tables = await open(true, { retainFinishedMs: day });
    const finished = await tables.create({
      ruleset: 'duel',
      bots: { '0': 'random', '1': 'random' },
    });
    const going = await tables.create({ ruleset: 'duel' });
    const info = await readUntil(
      () => tables.info(finished.id),
      (seen) => seen.over,
    );
    expect(info.over).toBe(true);
    expect(await tables.pruneFinished()).toBe(0);
    expect(await tables.pruneFinished(Date.now() + day + 1_000)).toBe(1);
    await expect(tables.info(finished.id)).rejects.toMatchObject({ code: 'no-such-match' });
    expect((await tables.info(going.id)).over).toBe(false);
    // Kept for good without a retention.
    const keeper = await open();
    expect(await keeper.pruneFinished(Date.now() + 1_000 * day)).toBe(0);
  });
});

async function readUntil<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 500; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('timed out');
}
