import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  AppendNotice,
  ChatNotice,
  LogEntry,
  NewMatch,
  Storage,
} from '../src/storage/storage.js';

/**
 * A fresh, empty database for one test. `open` connects to it (again): two
 * calls give two independent connections to the same data, as two server
 * processes would have.
 */
export interface StorageFixture {
  open(): Promise<Storage>;
  destroy(): Promise<void>;
}

export function newMatch(id: string, createdAt = 1_000, open = true): NewMatch {
  return {
    id,
    ruleset: 'duel',
    version: '1',
    options: { health: 20 },
    seed: `seed-of-${id}`,
    generator: 'crypto',
    seats: [
      {
        seat: '0',
        kind: 'human',
        bot: null,
        tokenHash: null,
        invitationHash: `${'e'.repeat(63)}0`,
      },
      { seat: '1', kind: 'bot', bot: 'random', tokenHash: null, invitationHash: null },
    ],
    createdAt,
    open,
    takeover: null,
  };
}

export function entry(seq: number, key = `key-${seq}`, seat = '0'): LogEntry {
  return {
    seq,
    kind: 'action',
    seat,
    action: { type: 'roll' },
    idempotencyKey: key,
    events: [{ type: 'rolled', audience: 'all', roll: seq }],
    at: 5_000 + seq,
  };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (check()) return;
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The contract every Storage adapter keeps, checked on a real database.
 * Each adapter's test file calls it with a way to make fresh databases.
 */
export function storageSuite(name: string, createFixture: () => Promise<StorageFixture>): void {
  describe(`${name} storage`, () => {
    let fixture: StorageFixture;
    let storage: Storage;
    const opened: Storage[] = [];

    async function open(): Promise<Storage> {
      const connection = await fixture.open();
      opened.push(connection);
      return connection;
    }

    beforeEach(async () => {
      fixture = await createFixture();
      storage = await open();
    });

    afterEach(async () => {
      for (const connection of opened.splice(0)) await connection.close();
      await fixture.destroy();
    });

    describe('migrations', () => {
      it('are applied once: migrating again applies nothing', async () => {
        expect(await storage.migrate()).toEqual([]);
        const again = await open();
        expect(await again.migrate()).toEqual([]);
      });
    });

    describe('matches', () => {
      it('a created match reads back as created, at sequence number 0, not over', async () => {
        const match = newMatch('m1');
        await storage.createMatch(match);
        expect(await storage.getMatch('m1')).toEqual({
          ...match,
          seq: 0,
          over: false,
          result: null,
        });
      });

      it('an unknown match reads as null', async () => {
        expect(await storage.getMatch('nowhere')).toBeNull();
      });

      it('a second match with the same id is refused and the first stays as it was', async () => {
        await storage.createMatch(newMatch('m1'));
        await expect(storage.createMatch({ ...newMatch('m1'), seed: 'other' })).rejects.toThrow();
        expect((await storage.getMatch('m1'))?.seed).toBe('seed-of-m1');
      });

      it('the initial snapshot is stored with the match', async () => {
        await storage.createMatch(newMatch('m1'), { seq: 0, state: { health: [20, 20] } });
        expect(await storage.latestSnapshot('m1')).toEqual({ seq: 0, state: { health: [20, 20] } });
      });

      it('the list is newest first and shows neither seed, options nor token hashes', async () => {
        await storage.createMatch(newMatch('old', 1_000));
        await storage.createMatch(newMatch('new', 2_000));
        await storage.claimSeat('new', '0', 'a'.repeat(64));
        const list = await storage.listMatches();
        expect(list.map((match) => match.id)).toEqual(['new', 'old']);
        expect(list[0]).toEqual({
          id: 'new',
          ruleset: 'duel',
          version: '1',
          seats: [
            { seat: '0', kind: 'human', bot: null, joined: true },
            { seat: '1', kind: 'bot', bot: 'random', joined: false },
          ],
          seq: 0,
          over: false,
          createdAt: 2_000,
        });
        expect(JSON.stringify(list)).not.toContain('seed-of');
        expect(JSON.stringify(list)).not.toContain('a'.repeat(64));
        expect(JSON.stringify(list)).not.toContain('e'.repeat(63));
        expect(
          (await storage.listMatches({ limit: 1, offset: 1 })).map((match) => match.id),
        ).toEqual(['old']);
      });

      it('a match not marked open is never listed, yet reads back with its invitation hashes', async () => {
        await storage.createMatch(newMatch('listed', 1_000));
        await storage.createMatch(newMatch('private', 2_000, false));
        expect((await storage.listMatches()).map((match) => match.id)).toEqual(['listed']);
        const stored = await storage.getMatch('private');
        expect(stored?.open).toBe(false);
        expect(stored?.seats.map((seat) => seat.invitationHash)).toEqual([
          `${'e'.repeat(63)}0`,
          null,
        ]);
        expect((await storage.getMatch('listed'))?.open).toBe(true);
      });

      it('a match marked over keeps its result', async () => {
        await storage.createMatch(newMatch('m1'));
        await storage.markOver('m1', { winners: ['0'], summary: 'seat 0 wins' });
        const match = await storage.getMatch('m1');
        expect(match?.over).toBe(true);
        expect(match?.result).toEqual({ winners: ['0'], summary: 'seat 0 wins' });
      });
    });

    describe('seats', () => {
      it('a human seat is claimed once; the second claim changes nothing', async () => {
        await storage.createMatch(newMatch('m1'));
        expect(await storage.claimSeat('m1', '0', 'first')).toBe(true);
        expect(await storage.claimSeat('m1', '0', 'second')).toBe(false);
        expect((await storage.getMatch('m1'))?.seats[0]?.tokenHash).toBe('first');
      });

      it('a bot seat or an unknown seat cannot be claimed', async () => {
        await storage.createMatch(newMatch('m1'));
        expect(await storage.claimSeat('m1', '1', 'hash')).toBe(false);
        expect(await storage.claimSeat('m1', '7', 'hash')).toBe(false);
        expect(await storage.claimSeat('nowhere', '0', 'hash')).toBe(false);
        expect((await storage.getMatch('m1'))?.seats[1]?.tokenHash).toBeNull();
      });
    });

    describe('the log', () => {
      beforeEach(async () => {
        await storage.createMatch(newMatch('m1'));
      });

      it('entries append in sequence and read back in order, after a given number', async () => {
        for (let seq = 1; seq <= 5; seq++)
          expect(await storage.append('m1', entry(seq))).toEqual({ ok: true });
        expect((await storage.getMatch('m1'))?.seq).toBe(5);
        expect(await storage.readLog('m1', 0)).toEqual([1, 2, 3, 4, 5].map((seq) => entry(seq)));
        expect((await storage.readLog('m1', 3)).map((stored) => stored.seq)).toEqual([4, 5]);
        expect((await storage.readLog('m1', 1, 2)).map((stored) => stored.seq)).toEqual([2, 3]);
        expect(await storage.readLog('m1', 5)).toEqual([]);
      });

      it("the last sequence numbers of several matches read in one call, another connection's appends included", async () => {
        await storage.createMatch(newMatch('m2'));
        await storage.append('m1', entry(1));
        const other = await open();
        await other.append('m1', entry(2));
        expect(await storage.sequences(['m1', 'm2', 'nowhere', 'm1'])).toEqual(
          new Map([
            ['m1', 2],
            ['m2', 0],
          ]),
        );
        expect(await storage.sequences([])).toEqual(new Map());
      });

      it('an undo entry has no action', async () => {
        await storage.append('m1', entry(1));
        const undo: LogEntry = { ...entry(2), kind: 'undo', action: null };
        await storage.append('m1', undo, { snapshot: { seq: 2, state: { undone: true } } });
        expect(await storage.readLog('m1', 1)).toEqual([undo]);
      });

      it('a seat entry (a stand-in bot, a player back) is stored and read back like any entry', async () => {
        await storage.append('m1', entry(1));
        const seat: LogEntry = {
          ...entry(2, 'bot:seat:2'),
          kind: 'seat',
          action: { standIn: 'random', reason: 'away', seconds: 60 },
          events: [{ type: 'stand-in', audience: 'all', seat: '0', bot: 'random' }],
        };
        expect(await storage.append('m1', seat)).toEqual({ ok: true });
        expect(await storage.readLog('m1', 1)).toEqual([seat]);
      });

      it('a takeover is stored with its match, and its matches not over are found', async () => {
        const takeover = { awaySeconds: 60, turnSeconds: null, bot: 'random' };
        await storage.createMatch({ ...newMatch('t1'), takeover });
        await storage.createMatch({
          ...newMatch('t2'),
          takeover: { ...takeover, awaySeconds: null, turnSeconds: 30 },
        });
        expect((await storage.getMatch('t1'))?.takeover).toEqual(takeover);
        expect((await storage.getMatch('m1'))?.takeover).toBeNull();
        expect(await storage.matchesWithTakeover()).toEqual(['t1', 't2']);
        await storage.markOver('t1', { winners: [] });
        expect(await storage.matchesWithTakeover()).toEqual(['t2']);
      });

      it('a sequence number already taken is a conflict naming the last one, and changes nothing', async () => {
        await storage.append('m1', entry(1));
        await storage.append('m1', entry(2));
        expect(await storage.append('m1', entry(2, 'other'))).toEqual({
          ok: false,
          conflict: 'sequence',
          seq: 2,
        });
        expect(await storage.readLog('m1', 0)).toEqual([entry(1), entry(2)]);
        expect(await storage.findByIdempotencyKey('m1', 'other')).toBeNull();
      });

      it('a gap in sequence numbers is a conflict too', async () => {
        expect(await storage.append('m1', entry(2))).toEqual({
          ok: false,
          conflict: 'sequence',
          seq: 0,
        });
        expect(await storage.append('m1', entry(0))).toEqual({
          ok: false,
          conflict: 'sequence',
          seq: 0,
        });
        expect(await storage.readLog('m1', 0)).toEqual([]);
      });

      it('an idempotency key already stored gives back its entry instead of appending', async () => {
        await storage.append('m1', entry(1, 'once'));
        expect(await storage.append('m1', entry(2, 'once'))).toEqual({
          ok: false,
          conflict: 'idempotency-key',
          entry: entry(1, 'once'),
        });
        expect((await storage.getMatch('m1'))?.seq).toBe(1);
        expect(await storage.findByIdempotencyKey('m1', 'once')).toEqual(entry(1, 'once'));
        expect(await storage.findByIdempotencyKey('m1', 'never')).toBeNull();
      });

      it('idempotency keys belong to one match', async () => {
        await storage.createMatch(newMatch('m2'));
        await storage.append('m1', entry(1, 'shared'));
        expect(await storage.append('m2', entry(1, 'shared'))).toEqual({ ok: true });
      });

      it('appending to an unknown match is a conflict', async () => {
        expect(await storage.append('nowhere', entry(1))).toEqual({
          ok: false,
          conflict: 'no-match',
        });
      });

      it('of many appends at one sequence number, from several connections, exactly one is stored', async () => {
        const other = await open();
        const attempts = await Promise.all(
          Array.from({ length: 12 }, (_, index) =>
            (index % 2 === 0 ? storage : other).append('m1', entry(1, `racer-${index}`)),
          ),
        );
        expect(attempts.filter((attempt) => attempt.ok)).toHaveLength(1);
        for (const attempt of attempts.filter((attempt) => !attempt.ok)) {
          expect(attempt).toEqual({ ok: false, conflict: 'sequence', seq: 1 });
        }
        expect(await storage.readLog('m1', 0)).toHaveLength(1);
      });

      it('a snapshot and the end of the match are written with the entry', async () => {
        await storage.append('m1', entry(1), {
          snapshot: { seq: 1, state: { after: 1 } },
          result: { winners: ['1'], summary: 'seat 1 wins' },
        });
        expect(await storage.latestSnapshot('m1')).toEqual({ seq: 1, state: { after: 1 } });
        expect((await storage.getMatch('m1'))?.result).toEqual({
          winners: ['1'],
          summary: 'seat 1 wins',
        });
      });

      it('a refused append writes none of its extras', async () => {
        await storage.append('m1', entry(1));
        await storage.append('m1', entry(1, 'late'), {
          snapshot: { seq: 1, state: { wrong: true } },
          result: { winners: [], summary: 'wrong' },
        });
        expect(await storage.latestSnapshot('m1')).toBeNull();
        expect((await storage.getMatch('m1'))?.over).toBe(false);
      });
    });

    describe('snapshots', () => {
      it('the latest snapshot is the one with the highest sequence number', async () => {
        await storage.createMatch(newMatch('m1'));
        expect(await storage.latestSnapshot('m1')).toBeNull();
        await storage.saveSnapshot('m1', { seq: 50, state: { at: 50 } });
        await storage.saveSnapshot('m1', { seq: 100, state: { at: 100 } });
        await storage.saveSnapshot('m1', { seq: 0, state: { at: 0 } });
        expect(await storage.latestSnapshot('m1')).toEqual({ seq: 100, state: { at: 100 } });
      });

      it('states come back as the same plain data', async () => {
        await storage.createMatch(newMatch('m1'));
        const state = { nested: { list: [1, 'two', null, true], empty: {} }, text: 'é ✓ "quoted"' };
        await storage.saveSnapshot('m1', { seq: 0, state });
        expect((await storage.latestSnapshot('m1'))?.state).toEqual(state);
      });
    });

    describe('subscription', () => {
      it('appends from another connection are announced; after unsubscribing, none are', async () => {
        const other = await open();
        await storage.createMatch(newMatch('m1'));
        const notices: AppendNotice[] = [];
        const stop = await storage.subscribe((notice) => notices.push(notice));
        await other.append('m1', entry(1));
        await other.append('m1', entry(2));
        await until(() => notices.length >= 2, 'two notices');
        expect(notices).toEqual([
          { matchId: 'm1', seq: 1 },
          { matchId: 'm1', seq: 2 },
        ]);
        await stop();
        await other.append('m1', entry(3));
        await new Promise((done) => setTimeout(done, 100));
        expect(notices).toHaveLength(2);
      });

      it('a refused append is not announced', async () => {
        await storage.createMatch(newMatch('m1'));
        await storage.append('m1', entry(1));
        const notices: AppendNotice[] = [];
        await storage.subscribe((notice) => notices.push(notice));
        await storage.append('m1', entry(1, 'late'));
        await new Promise((done) => setTimeout(done, 100));
        expect(notices).toEqual([]);
      });
    });

    describe('retention', () => {
      it('deletes finished matches whose last entry is older than the cutoff, with all their rows, and nothing else', async () => {
        // entry(seq) is stamped at 5_000 + seq; matches are created at 1_000.
        for (const id of ['old-over', 'recent-over', 'old-going', 'empty-over'])
          await storage.createMatch(newMatch(id), { seq: 0, state: { id } });
        await storage.append('old-over', entry(1), { snapshot: { seq: 1, state: { at: 1 } } });
        await storage.addChat('old-over', { from: '0', text: 'gg', at: 5_002 }, 10);
        await storage.append('old-over', entry(2), { result: { winners: ['0'], summary: 'won' } });
        await storage.append('recent-over', entry(1));
        await storage.append('recent-over', { ...entry(2), at: 9_000 }, { result: null });
        await storage.append('old-going', entry(1));
        await storage.markOver('empty-over', { winners: [], summary: 'abandoned' });
        expect((await storage.deleteFinished(6_000, 10)).sort()).toEqual([
          'empty-over',
          'old-over',
        ]);
        expect(await storage.getMatch('old-over')).toBeNull();
        expect(await storage.readLog('old-over', 0)).toEqual([]);
        expect(await storage.latestSnapshot('old-over')).toBeNull();
        expect(await storage.readChat('old-over', 0, 10)).toEqual([]);
        expect(await storage.getMatch('empty-over')).toBeNull();
        expect((await storage.getMatch('recent-over'))?.seq).toBe(2);
        expect((await storage.getMatch('old-going'))?.seq).toBe(1);
        expect(await storage.deleteFinished(6_000, 10)).toEqual([]);
        expect(await storage.deleteFinished(10_000, 10)).toEqual(['recent-over']);
      });

      it('deletes at most the number asked for at once', async () => {
        for (const id of ['a', 'b', 'c']) {
          await storage.createMatch(newMatch(id));
          await storage.markOver(id, null);
        }
        expect(await storage.deleteFinished(2_000, 2)).toHaveLength(2);
        expect(await storage.deleteFinished(2_000, 2)).toHaveLength(1);
      });
    });

    describe('chat', () => {
      it('lines are numbered from 1 per match and read back after an id, or the last few', async () => {
        await storage.createMatch(newMatch('m1'));
        await storage.createMatch(newMatch('m2'));
        for (const text of ['a', 'b', 'c']) {
          expect((await storage.addChat('m1', { from: '0', text, at: 7 }, 10)).ok).toBe(true);
        }
        const other = await storage.addChat('m2', { from: 'spectator', text: 'é ✓', at: 8 }, 10);
        expect(other).toEqual({ ok: true, line: { id: 1, from: 'spectator', text: 'é ✓', at: 8 } });
        expect((await storage.readChat('m1', 1, 10)).map((line) => line.text)).toEqual(['b', 'c']);
        expect((await storage.readChat('m1', 0, 2)).map((line) => line.id)).toEqual([1, 2]);
        expect((await storage.lastChat('m1', 2)).map((line) => line.id)).toEqual([2, 3]);
        expect(await storage.readChat('m3', 0, 10)).toEqual([]);
      });

      it('a full chat or an unknown match stores nothing, across connections', async () => {
        const other = await open();
        await storage.createMatch(newMatch('m1'));
        await storage.addChat('m1', { from: '0', text: 'one', at: 1 }, 2);
        await other.addChat('m1', { from: '1', text: 'two', at: 2 }, 2);
        expect(await storage.addChat('m1', { from: '0', text: 'three', at: 3 }, 2)).toEqual({
          ok: false,
          conflict: 'full',
        });
        expect(await storage.addChat('m9', { from: '0', text: 'x', at: 3 }, 2)).toEqual({
          ok: false,
          conflict: 'no-match',
        });
        expect((await other.readChat('m1', 0, 10)).map((line) => line.text)).toEqual([
          'one',
          'two',
        ]);
      });

      it('lines added at once from two connections get distinct ids', async () => {
        const other = await open();
        await storage.createMatch(newMatch('m1'));
        await Promise.all(
          Array.from({ length: 10 }, (_, index) =>
            (index % 2 === 0 ? storage : other).addChat(
              'm1',
              { from: '0', text: `${index}`, at: index },
              100,
            ),
          ),
        );
        const ids = (await storage.readChat('m1', 0, 100)).map((line) => line.id);
        expect(ids).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      });

      it('lines from another connection are announced', async () => {
        const other = await open();
        await storage.createMatch(newMatch('m1'));
        const notices: ChatNotice[] = [];
        const stop = await storage.subscribeChat((notice) => notices.push(notice));
        await other.addChat('m1', { from: '0', text: 'hi', at: 1 }, 10);
        await until(() => notices.length >= 1, 'a chat notice');
        expect(notices).toEqual([{ matchId: 'm1', id: 1 }]);
        await stop();
      });
    });

    describe('durability', () => {
      it('what was stored is there after closing and opening again', async () => {
        await storage.createMatch(newMatch('m1'), { seq: 0, state: { start: true } });
        await storage.claimSeat('m1', '0', 'hash');
        await storage.append('m1', entry(1));
        await storage.close();
        const again = await open();
        expect((await again.getMatch('m1'))?.seats[0]?.tokenHash).toBe('hash');
        expect(await again.readLog('m1', 0)).toEqual([entry(1)]);
        expect(await again.latestSnapshot('m1')).toEqual({ seq: 0, state: { start: true } });
      });
    });
  });
}
