import { join } from 'node:path';
import type { RandomState, Seat } from '@tabletop/engine';
import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import type { TableError } from '../src/errors.js';
import type { TableRuleset } from '../src/registry.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { LogEntry } from '../src/storage/storage.js';
import { type Follower, type FollowMessage, Tables } from '../src/tables.js';
import { type Json, SocketClient, statesIn } from './helpers/client.js';
import { type CounterState, counter } from './helpers/counter.js';
import { temporaryFolder } from './helpers/server-process.js';
import { until } from './helpers/until.js';

/** What the stand-in bot was handed, and what the ruleset's determinize made for whom. */
interface Spy {
  chosen: { state: unknown; seat: Seat }[];
  determinized: { viewer: string; copy: CounterState }[];
}

/**
 * The counter game with a bot that passes the turn whenever it may, and a
 * determinize that notes each copy it makes: the bot must be handed one of
 * those, made for its own seat.
 */
function registry(spy: Spy): Map<string, TableRuleset> {
  const watched = {
    ...counter,
    determinize(state: CounterState, viewer: Seat | 'spectator', random: RandomState) {
      const copy = counter.determinize(state, viewer, random);
      spy.determinized.push({ viewer, copy });
      return copy;
    },
  };
  const passer = {
    choose(state: unknown, seat: Seat) {
      spy.chosen.push({ state, seat });
      const legal = counter.legalActions(state as CounterState, seat);
      return legal.find((action) => action.type === 'pass') ?? legal[0];
    },
  };
  // A bot seat that moves the game on to its end, so that no two bots pass the turn for ever.
  const adder = { choose: () => ({ type: 'add' }) };
  return new Map([
    ['counter', { ruleset: watched, bots: { passer, other: passer, adder }, defaultBot: 'passer' }],
  ]);
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

let folder: ReturnType<typeof temporaryFolder>;
let spy: Spy;
const opened: { storage: SqliteStorage; tables: Tables }[] = [];
const following: Follower[] = [];

async function open(): Promise<{ storage: SqliteStorage; tables: Tables }> {
  const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
  const tables = new Tables({ storage, registry: registry(spy), report: () => {} });
  await tables.start();
  const both = { storage, tables };
  opened.push(both);
  return both;
}

async function close(which: { storage: SqliteStorage; tables: Tables }): Promise<void> {
  opened.splice(opened.indexOf(which), 1);
  await which.tables.close();
  await which.storage.close();
}

/** A socket of `seat` (or a spectator), as the server's WebSocket route makes one. */
async function follow(tables: Tables, id: string, reader: Seat | 'spectator') {
  const messages: FollowMessage[] = [];
  const { follower } = await tables.follow(id, reader, 0, (message) => messages.push(message));
  following.push(follower);
  return { follower, messages };
}

/**
 * A counter match with the takeover given; seat 0 joined, and seat 1 joined
 * too or played by the adder bot. A seat nobody joined is never away.
 */
async function counterMatch(
  tables: Tables,
  takeover?: unknown,
  one: 'joined' | 'unjoined' | 'bot' = 'joined',
) {
  const created = await tables.create({
    ruleset: 'counter',
    options: { target: 50 },
    ...(takeover === undefined ? {} : { takeover }),
    ...(one === 'bot' ? { bots: { '1': 'adder' } } : {}),
  });
  for (const { seat, invitation } of created.invitations) {
    if (seat === '0' || one === 'joined') await tables.join(created.id, seat, invitation);
  }
  return created.id;
}

/** How many matches the database holds, read beside the server's own connection. */
function storedMatches(): number {
  const db = new Database(join(folder.path, 'tabletop.db'), { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS count FROM matches').get() as { count: number }).count;
  } finally {
    db.close();
  }
}

async function seatEntries(storage: SqliteStorage, id: string): Promise<LogEntry[]> {
  return (await storage.readLog(id, 0, 1_000)).filter((entry) => entry.kind === 'seat');
}

beforeEach(() => {
  folder = temporaryFolder();
  spy = { chosen: [], determinized: [] };
});

afterEach(async () => {
  for (const follower of following.splice(0)) follower.stop();
  for (const both of [...opened]) await close(both);
  folder.remove();
});

describe('seat takeover: a bot plays the seat of a player who is gone, until they are back', () => {
  it('off by default: a seat whose player left is never played by a bot', async () => {
    const both = await open();
    const id = await counterMatch(both.tables);
    const socket = await follow(both.tables, id, '0');
    await until(() => socket.messages.some((message) => message.type === 'state'), 'a state');
    socket.follower.stop();
    await pause(1_500);
    const info = await both.tables.info(id);
    expect(info.seq).toBe(0);
    expect(info.takeover).toBeNull();
    expect(info.seats.map((seat) => seat.standIn)).toEqual([null, null]);
    const state = await both.tables.view(id, '0');
    expect(state).not.toHaveProperty('standIns');
    expect(state).not.toHaveProperty('turnEnds');
    expect(spy.chosen).toEqual([]);
    expect(await both.storage.matchesWithTakeover()).toEqual([]);
  });

  it('a bot stands in once the player has been away awaySeconds, and the log says so', async () => {
    const both = await open();
    const id = await counterMatch(both.tables, { awaySeconds: 1 }, 'unjoined');
    const watcher = await follow(both.tables, id, '1');
    const socket = await follow(both.tables, id, '0');
    await pause(1_300);
    // Here, so never taken over, however long.
    expect((await both.tables.info(id)).seq).toBe(0);
    const left = Date.now();
    socket.follower.stop();
    await until(async () => (await both.tables.info(id)).seq >= 2, 'the stand-in to pass');
    const [standIn] = await seatEntries(both.storage, id);
    expect(standIn).toMatchObject({
      seq: 1,
      seat: '0',
      action: { standIn: 'passer', reason: 'away', seconds: 1 },
    });
    expect(standIn!.at - left).toBeGreaterThanOrEqual(950);
    const log = await both.storage.readLog(id, 0, 10);
    expect(log[1]).toMatchObject({ kind: 'action', seat: '0', action: { type: 'pass' } });
    expect(log[1]!.idempotencyKey).toBe('bot:stand-in:2');
    const info = await both.tables.info(id);
    expect(info.seats.map((seat) => seat.standIn)).toEqual(['passer', null]);
    expect(info.takeover).toEqual({ awaySeconds: 1, turnSeconds: null, bot: null });
    const words = watcher.messages.flatMap((message) =>
      message.type === 'entry' && message.kind === 'seat' ? (message.words ?? []) : [],
    );
    expect(words).toEqual(['A passer bot plays for Player 1 until they are back: away for 1 s.']);
    const state = await both.tables.view(id, '1');
    expect(state.standIns).toEqual([{ seat: '0', bot: 'passer' }]);
  });

  it('the player is back when they reconnect: the seat is theirs again, and the log says so', async () => {
    const both = await open();
    const id = await counterMatch(both.tables, { awaySeconds: 1 }, 'unjoined');
    const first = await follow(both.tables, id, '0');
    first.follower.stop();
    await until(async () => (await both.tables.info(id)).seq >= 2, 'the stand-in to pass');
    await follow(both.tables, id, '0');
    await until(async () => (await seatEntries(both.storage, id)).length === 2, 'the return');
    const [, back] = await seatEntries(both.storage, id);
    expect(back).toMatchObject({ seat: '0', action: { standIn: null } });
    expect((await both.tables.info(id)).seats[0]!.standIn).toBeNull();
    // Seat 1 passes: seat 0 is asked, and its player answers, not a bot.
    const seq = (await both.tables.info(id)).seq;
    await both.tables.submit(id, '1', { seq, key: 'one-passes', action: { type: 'pass' } });
    const chosen = spy.chosen.length;
    await pause(1_300);
    expect(spy.chosen.length).toBe(chosen);
    expect((await both.tables.info(id)).seq).toBe(seq + 1);
    const log = await both.tables.log(id, '1', 0, 100);
    expect(
      log.entries.filter((entry) => entry.kind === 'seat').flatMap((entry) => entry.words),
    ).toEqual([
      'A passer bot plays for Player 1 until they are back: away for 1 s.',
      'Player 1 is back and plays again.',
    ]);
  });

  it('taking back the stand-in bot’s action takes the seat back; a refused action does not', async () => {
    const both = await open();
    const id = await counterMatch(both.tables, { awaySeconds: 1 }, 'unjoined');
    (await follow(both.tables, id, '0')).follower.stop();
    await until(async () => (await both.tables.info(id)).seq >= 2, 'the stand-in to pass');
    const seq = (await both.tables.info(id)).seq;
    // Seat 1's turn: seat 0's move is refused, and changes nothing.
    await expect(
      both.tables.submit(id, '0', { seq, key: 'early', action: { type: 'add' } }),
    ).rejects.toMatchObject({ code: 'not-your-turn' });
    expect((await both.tables.info(id)).seats[0]!.standIn).toBe('passer');
    expect((await both.tables.info(id)).seq).toBe(seq);
    const undone = await both.tables.undo(id, '0', { seq, key: 'mine-again' });
    expect(undone.seq).toBe(seq + 2);
    const log = await both.storage.readLog(id, seq, 10);
    expect(log.map((entry) => [entry.kind, entry.seat])).toEqual([
      ['seat', '0'],
      ['undo', '0'],
    ]);
    expect((await both.tables.info(id)).seats[0]!.standIn).toBeNull();
    const state = await both.tables.view(id, '0');
    expect(state.actions).toContainEqual({ type: 'add' });
  });

  it('a player asks for the seat back over HTTP, and the socket message does the same', async () => {
    const storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    const app: FastifyInstance = await buildServer({
      storage,
      registry: registry(spy),
      report: () => {},
    });
    try {
      const created = await app.inject({
        method: 'POST',
        url: '/matches',
        payload: { ruleset: 'counter', options: { target: 50 }, takeover: { turnSeconds: 2 } },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id, invitations } = created.json() as {
        id: string;
        invitations: { seat: string; invitation: string }[];
      };
      const tokens: string[] = [];
      for (const { seat, invitation } of invitations) {
        const joined = await app.inject({
          method: 'POST',
          url: `/matches/${id}/seats/${seat}/join`,
          payload: { invitation },
        });
        tokens.push(joined.json().token);
      }
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      const socket = new SocketClient(url, id);
      await socket.opened;
      socket.send({ type: 'subscribe', token: tokens[0], after: 0 });
      // The player watches, yet takes too long: the bot answers, and seat 1 is asked.
      // A bot plays seat 0, and has passed the turn to seat 1.
      const standing = (message: Json) =>
        message.view.turn === 1 && message.standIns.some((one: Json) => one.seat === '0');
      await socket.until((messages) => statesIn(messages).some(standing), 'the stand-in');
      const summary = async () => (await app.inject({ url: `/matches/${id}` })).json();
      expect((await summary()).seats[0].standIn).toBe('passer');
      const back = await app.inject({
        method: 'POST',
        url: `/matches/${id}/back`,
        headers: { authorization: `Bearer ${tokens[0]}` },
      });
      expect(back.statusCode, back.body).toBe(200);
      expect((await summary()).seats[0].standIn).toBeNull();
      const spectator = await app.inject({ method: 'POST', url: `/matches/${id}/back` });
      expect(spectator.statusCode).toBe(401);
      expect(spectator.json()).toMatchObject({ code: 'missing-token' });
      // Seat 1 answers in time; seat 0 is asked, takes too long again, and asks back over the socket.
      const passed = await app.inject({
        method: 'POST',
        url: `/matches/${id}/actions`,
        headers: { authorization: `Bearer ${tokens[1]}` },
        payload: { seq: back.json().seq, key: 'one-passes', action: { type: 'pass' } },
      });
      expect(passed.statusCode, passed.body).toBe(200);
      const seen = socket.messages.length;
      await socket.until(
        (messages) => statesIn(messages.slice(seen)).some(standing),
        'the stand-in again',
      );
      const asked = socket.messages.length;
      socket.send({ type: 'back', id: 'mine' });
      await socket.until(
        (messages) =>
          statesIn(messages.slice(asked)).some(
            (state) => !state.standIns.some((one: Json) => one.seat === '0'),
          ),
        'the seat back',
      );
      expect(socket.messages.slice(asked)).toContainEqual(
        expect.objectContaining({ type: 'accepted', id: 'mine' }),
      );
      const changes = (await storage.readLog(id, 0, 1_000)).filter(
        (entry) => entry.kind === 'seat' && entry.seat === '0',
      );
      expect(changes.map((entry) => (entry.action as Json).standIn)).toEqual([
        'passer',
        null,
        'passer',
        null,
      ]);
      socket.close();
    } finally {
      await app.close();
      await storage.close();
    }
  });

  it('when the turn timer runs out the bot answers for the seat, though its player is here', async () => {
    const both = await open();
    const id = await counterMatch(both.tables, { turnSeconds: 1 }, 'bot');
    const socket = await follow(both.tables, id, '0');
    await until(() => socket.messages.some((message) => message.type === 'state'), 'a state');
    const first = socket.messages.find((message) => message.type === 'state');
    const created = (await both.storage.getMatch(id))!.createdAt;
    expect(first).toMatchObject({ turnEnds: [{ seat: '0', at: created + 1_000 }], standIns: [] });
    await until(async () => (await both.tables.info(id)).seq >= 2, 'the timer to run out');
    const [standIn] = await seatEntries(both.storage, id);
    expect(standIn).toMatchObject({ seat: '0', action: { reason: 'timer', seconds: 1 } });
    expect(standIn!.at - created).toBeGreaterThanOrEqual(1_000);
    expect(spy.chosen.map((choice) => choice.seat)).toEqual(['0']);
  });

  it('the stand-in bot is handed only its seat’s re-dealt copy, never the state', async () => {
    const both = await open();
    const id = await counterMatch(both.tables, { turnSeconds: 1, bot: 'other' }, 'bot');
    await until(() => spy.chosen.length > 0, 'the bot to choose');
    const [choice] = spy.chosen;
    expect(choice!.seat).toBe('0');
    const made = spy.determinized.find((each) => each.copy === choice!.state);
    expect(made?.viewer).toBe('0');
    expect((await both.tables.info(id)).seats[0]!.standIn).toBe('other');
  });

  it('a restarted server resumes the timers from the stored log, and keeps who stands in', async () => {
    const first = await open();
    const id = await counterMatch(first.tables, { turnSeconds: 2 }, 'bot');
    const created = (await first.storage.getMatch(id))!.createdAt;
    await close(first);
    // Down long enough that a timer counted from the restart could not come before 3.5 s.
    await pause(1_500);
    const second = await open();
    await until(async () => (await seatEntries(second.storage, id)).length === 1, 'the stand-in');
    const [standIn] = await seatEntries(second.storage, id);
    // Counted from the stored creation, not from the restart (a busy machine may fire it late).
    expect(standIn!.at - created).toBeGreaterThanOrEqual(2_000);
    expect(standIn!.at - created).toBeLessThan(3_400);
    await until(async () => (await second.storage.readLog(id, 0, 10)).length >= 2, 'its move');
    await close(second);
    const third = await open();
    expect((await third.tables.info(id)).seats[0]!.standIn).toBe('passer');
  });

  it('bad settings are refused naming the field, and store nothing', async () => {
    const both = await open();
    const bad = async (takeover: unknown) => {
      try {
        await both.tables.create({ ruleset: 'counter', takeover });
      } catch (error) {
        return error as TableError;
      }
      throw new Error('accepted');
    };
    expect(await bad({ awaySeconds: 0 })).toMatchObject({
      status: 400,
      code: 'bad-takeover',
      message: 'takeover.awaySeconds: a whole number of seconds from 1 to 86400, or null for off',
    });
    expect(await bad({ turnSeconds: 2.5 })).toMatchObject({ code: 'bad-takeover' });
    expect((await bad({ turnSeconds: 'soon' })).message).toContain('takeover.turnSeconds');
    expect(await bad({ awaySeconds: 5, bot: 'nobody' })).toMatchObject({
      code: 'no-such-bot',
      message: 'takeover.bot: the counter bots are passer, other, adder',
    });
    expect((await bad({ awaySeconds: 5, wait: 3 })).message).toContain('takeover');
    expect(storedMatches()).toBe(0);

    const app = await buildServer({ storage: both.storage, registry: registry(spy) });
    try {
      const reply = await app.inject({
        method: 'POST',
        url: '/matches',
        payload: { ruleset: 'counter', takeover: { awaySeconds: -3 } },
      });
      expect(reply.statusCode).toBe(400);
      expect(reply.json().message).toContain('takeover.awaySeconds');
      const unknownBot = await app.inject({
        method: 'POST',
        url: '/matches',
        payload: { ruleset: 'counter', takeover: { turnSeconds: 30, bot: 'nobody' } },
      });
      expect(unknownBot.json()).toMatchObject({ code: 'no-such-bot' });
      expect(storedMatches()).toBe(0);
    } finally {
      await app.close();
    }
  });
});
