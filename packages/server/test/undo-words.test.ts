import { join } from 'node:path';
import { clonePlain, redealGenerator } from '@tabletop/engine';
import { strongestLevelWithin } from '@tabletop/nemesis';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { createTableRegistry, type TableRuleset } from '../src/registry.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import { type Json, reachedState, SocketClient, statesIn } from './helpers/client.js';
import { counter, counterReference } from './helpers/counter.js';
import { temporaryFolder } from './helpers/server-process.js';

let folder: ReturnType<typeof temporaryFolder>;
let storage: SqliteStorage;
let app: FastifyInstance;

/**
 * The counter game whose `pass` tells the table whether the passing seat's
 * card is odd, and whose re-deal keeps a viewer's first world the true one
 * (each viewer's worlds come from a generator of its own): so the secret
 * shows in the second world a viewer is re-dealt, never in the first.
 */
const firstWorlds = new WeakSet<object>();
const telling: typeof counter = {
  ...counter,
  id: 'telling',
  apply(state, seat, action) {
    const outcome = counter.apply(state, seat, action);
    if (outcome.ok && action.type === 'pass') state.total += state.cards[seat === '0' ? 0 : 1] % 2;
    return outcome;
  },
  determinize(state, viewer, random) {
    const copy = clonePlain(state);
    if (!firstWorlds.has(random)) {
      firstWorlds.add(random);
      return copy;
    }
    // Every later world gives each card the viewer has not seen the other parity.
    for (const index of [0, 1] as const) {
      if (viewer !== String(index) || !copy.peeked[index])
        copy.cards[index] = copy.cards[index] === 9 ? 8 : copy.cards[index] + 1;
    }
    redealGenerator(copy.random, random);
    return copy;
  },
};

function registry(): Map<string, TableRuleset> {
  const tables = new Map<string, TableRuleset>(createTableRegistry());
  tables.set('counter', { ruleset: counter, bots: {}, defaultBot: 'none' });
  tables.set('telling', { ruleset: telling, bots: {}, defaultBot: 'none' });
  return tables;
}

beforeEach(async () => {
  folder = temporaryFolder();
  storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
  app = await buildServer({ storage, registry: registry() });
});

afterEach(async () => {
  await app.close();
  await storage.close();
  folder.remove();
});

async function counterMatch(
  target = 100,
  ready = false,
  ruleset = 'counter',
): Promise<{ id: string; auth: Record<string, string> }> {
  const created = await app.inject({
    method: 'POST',
    url: '/matches',
    payload: { ruleset, options: { target, ready } },
  });
  const { id, invitations } = created.json() as {
    id: string;
    invitations: { seat: string; invitation: string }[];
  };
  const auth: Record<string, string> = {};
  for (const { seat, invitation } of invitations) {
    const { token } = (
      await app.inject({
        method: 'POST',
        url: `/matches/${id}/seats/${seat}/join`,
        payload: { invitation },
      })
    ).json();
    auth[seat] = `Bearer ${token}`;
  }
  return { id, auth };
}

async function view(id: string, authorization?: string): Promise<Json> {
  const reply = await app.inject({
    url: `/matches/${id}/view`,
    headers: authorization ? { authorization } : {},
  });
  expect(reply.statusCode).toBe(200);
  return reply.json();
}

async function act(id: string, authorization: string, type: string, key: string): Promise<Json> {
  const seq = (await view(id, authorization)).seq;
  const reply = await app.inject({
    method: 'POST',
    url: `/matches/${id}/actions`,
    headers: { authorization },
    payload: { seq, key, action: { type } },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json();
}

async function undo(id: string, authorization: string, key: string, steps?: number) {
  const seq = (await view(id, authorization)).seq;
  return app.inject({
    method: 'POST',
    url: `/matches/${id}/undo`,
    headers: { authorization },
    payload: steps === undefined ? { seq, key } : { seq, key, steps },
  });
}

describe('state messages', () => {
  it("carry the words about each thing from the reader's own view", async () => {
    const { id, auth } = await counterMatch();
    await act(id, auth['0']!, 'peek', 'p');
    const seat = await view(id, auth['0']);
    expect(seat.words.things).toEqual(counter.describe!.things!(seat.view));
    expect(seat.words.things['card:mine'].state).toBe(String(seat.view.card));
    const other = await view(id, auth['1']);
    expect(Object.keys(other.words.things)).toEqual(['track:total']);
    const spectator = await view(id);
    expect(Object.keys(spectator.words.things)).toEqual(['track:total']);
  });

  it('leave the words about things out when the ruleset has none', async () => {
    const created = await app.inject({
      method: 'POST',
      url: '/matches',
      payload: { ruleset: 'duel' },
    });
    const state = await view(created.json().id);
    expect(state.words.prompts).toHaveLength(1);
    expect('things' in state.words).toBe(false);
  });

  it('offer an undo on a check of fewer worlds than the undo makes, and say so once the undo finds a secret shown', async () => {
    const { id, auth } = await counterMatch(100, false, 'telling');
    await act(id, auth['0']!, 'pass', 'x');
    // One world a viewer, the true one: nothing looks shown.
    expect((await view(id, auth['0'])).undo).toEqual({ allowed: true });
    const refused = await undo(id, auth['0']!, 'u');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'secret-revealed' });
    expect((await view(id, auth['0'])).undo).toEqual({
      allowed: false,
      reason: 'it showed someone something hidden',
    });
    expect((await view(id, auth['0'])).seq).toBe((await view(id)).seq);
  });

  it("tell a seat whether it may take back its last action, and why not in a player's words; a spectator is told nothing", async () => {
    const { id, auth } = await counterMatch();
    expect((await view(id, auth['0'])).undo).toEqual({
      allowed: false,
      reason: 'you have taken no action to take back',
    });
    await act(id, auth['0']!, 'add', 'a');
    expect((await view(id, auth['0'])).undo).toEqual({ allowed: true });
    // Seat 1 has not acted: that is why, not seat 0's action.
    expect((await view(id, auth['1'])).undo).toEqual({
      allowed: false,
      reason: 'you have taken no action to take back',
    });
    expect('undo' in (await view(id))).toBe(false);
    await act(id, auth['0']!, 'roll', 'r');
    expect((await view(id, auth['0'])).undo).toEqual({
      allowed: false,
      reason: 'it drew cards or rolled dice',
    });
    await act(id, auth['0']!, 'pass', 'x');
    await act(id, auth['1']!, 'peek', 'p');
    expect((await view(id, auth['1'])).undo).toEqual({
      allowed: false,
      reason: 'it showed someone something hidden',
    });
  });

  it("give the ruleset's own words when its rules forbid taking the action back", async () => {
    const { id, auth } = await counterMatch();
    for (let add = 0; add < 10; add++) await act(id, auth['0']!, 'add', `a${add}`);
    await act(id, auth['0']!, 'pass', 'p');
    expect((await view(id, auth['0'])).undo).toEqual({
      allowed: false,
      reason: 'the counter rules do not allow taking it back',
    });
  });

  it('over the socket carry the same undo answer as over HTTP', async () => {
    const { id, auth } = await counterMatch();
    await act(id, auth['0']!, 'add', 'a');
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new SocketClient(url, id);
    await socket.opened;
    socket.send({ type: 'subscribe', token: auth['0']!.slice(7), after: 0 });
    await socket.until((all) => all.some((message) => message.type === 'state'), 'a state');
    const messages = socket.messages;
    const state = messages.find((message) => message.type === 'state');
    expect(state.undo).toEqual({ allowed: true });
    expect(state.words.things['track:total'].state).toBe('1 of 100');
    socket.close();
    await socket.untilClosed();
  });
});

describe('undo steps', () => {
  it("take back that many of the seat's last actions at once, as one entry", async () => {
    const { id, auth } = await counterMatch();
    for (const key of ['a', 'b', 'c']) await act(id, auth['0']!, 'add', key);
    const reply = await undo(id, auth['0']!, 'u', 2);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().seq).toBe(4);
    expect(reply.json().events.map((event: Json) => event.type)).toEqual(['undone', 'undone']);
    const state = await view(id, auth['0']);
    expect(state.view.total).toBe(1);
    expect(state.seq).toBe(4);
    const log = (await app.inject({ url: `/matches/${id}/log` })).json();
    expect(log.entries.map((entry: Json) => entry.kind)).toEqual([
      'action',
      'action',
      'action',
      'undo',
    ]);
  });

  it('take back all or none: one step too many changes nothing and says which step could not be taken back', async () => {
    const { id, auth } = await counterMatch();
    await act(id, auth['0']!, 'roll', 'r');
    await act(id, auth['0']!, 'add', 'a');
    await act(id, auth['0']!, 'add', 'b');
    const before = await view(id, auth['0']);
    const refused = await undo(id, auth['0']!, 'too-many', 3);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('random-drawn');
    expect(refused.json().message).toMatch(/action 3 from the end cannot be taken back/);
    expect(await view(id, auth['0'])).toEqual(before);
    const taken = await undo(id, auth['0']!, 'two', 2);
    expect(taken.statusCode).toBe(200);
    expect((await view(id, auth['0'])).view.total).toBe(before.view.total - 2);
  });

  it('are 1 to 20, a whole number; anything else is refused with what was wrong', async () => {
    const { id, auth } = await counterMatch();
    await act(id, auth['0']!, 'add', 'a');
    for (const steps of [0, 21, 1.5]) {
      const refused = await undo(id, auth['0']!, `bad-${steps}`, steps);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('bad-request');
      expect(refused.json().message).toMatch(/steps/);
    }
    expect((await view(id, auth['0'])).seq).toBe(1);
  });

  it('replay the same after a restart: the stored entry takes back as many as it did', async () => {
    const { id, auth } = await counterMatch();
    for (const key of ['a', 'b', 'c', 'd']) await act(id, auth['0']!, 'add', key);
    const first = await undo(id, auth['0']!, 'u', 3);
    expect(first.statusCode, first.body).toBe(200);
    await act(id, auth['0']!, 'add', 'e');
    const before = await view(id, auth['0']);
    await app.close();
    app = await buildServer({ storage, registry: registry() });
    const after = await view(id, auth['0']);
    expect(after).toEqual(before);
    expect(after.view.total).toBe(2);
    // The second add after the undo may still be taken back, with the first.
    const second = await undo(id, auth['0']!, 'v', 2);
    expect(second.statusCode, second.body).toBe(200);
    expect((await view(id, auth['0'])).view.total).toBe(0);
  });

  it('a retry of a several-step undo with the same key is answered again, not applied again', async () => {
    const { id, auth } = await counterMatch();
    for (const key of ['a', 'b', 'c']) await act(id, auth['0']!, 'add', key);
    const first = await undo(id, auth['0']!, 'u', 2);
    const again = await app.inject({
      method: 'POST',
      url: `/matches/${id}/undo`,
      headers: { authorization: auth['0']! },
      payload: { seq: 3, key: 'u', steps: 2 },
    });
    expect(again.json()).toEqual({ ...first.json(), replayed: true });
    const other = await app.inject({
      method: 'POST',
      url: `/matches/${id}/undo`,
      headers: { authorization: auth['0']! },
      payload: { seq: 3, key: 'u', steps: 1 },
    });
    expect(other.json().code).toBe('idempotency-key-reused');
    expect((await view(id, auth['0'])).view.total).toBe(1);
  });

  it('are taken by the socket undo message too', async () => {
    const { id, auth } = await counterMatch();
    for (const key of ['a', 'b', 'c']) await act(id, auth['0']!, 'add', key);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new SocketClient(url, id);
    await socket.opened;
    socket.send({ type: 'subscribe', token: auth['0']!.slice(7), after: 3 });
    await socket.until((all) => all.some((message) => message.type === 'state'), 'a state');
    socket.send({ type: 'undo', id: 'u1', seq: 3, key: 'socket-undo', steps: 3 });
    await socket.until((all) => reachedState(all, 4), 'the state after the undo');
    const messages = socket.messages;
    expect(messages.find((message) => message.accepted?.id === 'u1')).toMatchObject({
      type: 'entry',
      kind: 'undo',
      seq: 4,
    });
    expect(statesIn(messages).at(-1).view.total).toBe(0);
    socket.send({ type: 'undo', id: 'u2', seq: 4, key: 'bad', steps: 21 });
    await socket.until(
      (all) => all.some((message) => message.id === 'u2' || message.code === 'bad-request'),
      'the refusal',
    );
    const refused = socket.messages;
    expect(refused.at(-1)).toMatchObject({ type: 'error', code: 'bad-request' });
    expect(refused.at(-1).message).toMatch(/steps/);
    socket.close();
    await socket.untilClosed();
  });
});

describe('replay frames', () => {
  it('carry the words of the live table: prompts, events and things', async () => {
    const { id, auth } = await counterMatch(3);
    await act(id, auth['0']!, 'peek', 'p');
    for (const key of ['a', 'b', 'c']) await act(id, auth['0']!, 'add', key);
    const frame = (await app.inject({ url: `/matches/${id}/replay?step=2&seat=0` })).json();
    expect(frame.step).toBe(2);
    expect(frame.words).toEqual({
      prompts: frame.prompts.map((prompt: Json) => counter.describe!.prompt(prompt, frame.view)),
      events: frame.events.map((event: Json) => counter.describe!.event(event, frame.view)),
      things: counter.describe!.things!(frame.view),
    });
    expect(frame.words.events).toEqual(['0 added']);
    expect(frame.words.things['card:mine']).toBeDefined();
    const spectator = (await app.inject({ url: `/matches/${id}/replay?step=1` })).json();
    expect(spectator.words.events).toEqual([]);
    expect(spectator.words.things['card:mine']).toBeUndefined();
  });
});

/** The reader's state once its sequence number is `seq` (the server may still be playing). */
async function viewAt(id: string, authorization: string, seq: number): Promise<Json> {
  for (let tries = 0; tries < 100; tries++) {
    const state = await view(id, authorization);
    if (state.seq >= seq) return state;
    await new Promise((done) => setTimeout(done, 20));
  }
  throw new Error(`the match never reached ${seq}`);
}

/** Long enough for the server to have played anything it was going to. */
const settle = () => new Promise((done) => setTimeout(done, 300));

describe('a question with a single answer that reveals nothing', () => {
  it('is not asked: the server plays it for the human seat, as an entry of that seat', async () => {
    const { id, auth } = await counterMatch(100, true);
    await act(id, auth['0']!, 'pass', 'p');
    const state = await viewAt(id, auth['1']!, 2);
    expect(state.seq).toBe(2);
    expect(state.view.owed).toBeNull();
    expect(state.actions).toHaveLength(4);
    const log = (await app.inject({ url: `/matches/${id}/log` })).json();
    expect(log.entries[1].events).toEqual([{ type: 'ready', audience: 'all', seat: '1' }]);
    const stored = await storage.readLog(id, 1);
    expect(stored[0]).toMatchObject({ seat: '1', action: { type: 'ready' } });
    expect(stored[0]!.idempotencyKey).toMatch(/^bot:/);
  });

  it('is never shown to a follower: it gets the entries, then the state after the answer', async () => {
    const { id, auth } = await counterMatch(100, true);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new SocketClient(url, id);
    await socket.opened;
    socket.send({ type: 'subscribe', token: auth['1']!.slice(7), after: 0 });
    await socket.until((all) => all.some((message) => message.type === 'state'), 'a state');
    await act(id, auth['0']!, 'pass', 'p');
    await socket.until((all) => reachedState(all, 2), 'the state after the single answer');
    await settle();
    const states = statesIn(socket.messages);
    expect(states.map((state) => state.seq)).toEqual([0, 2]);
    expect(states.every((state) => state.view.owed === null)).toBe(true);
    expect(
      socket.messages.filter((message) => message.type === 'entry').map((entry) => entry.seq),
    ).toEqual([1, 2]);
    socket.close();
    await socket.untilClosed();
  });

  it('is asked when the answer draws', async () => {
    const { id, auth } = await counterMatch(100, true);
    await act(id, auth['0']!, 'peek', 'p');
    await settle();
    const state = await view(id, auth['0']);
    expect(state.seq).toBe(1);
    expect(state.actions).toEqual([{ type: 'shuffle' }]);
  });

  it("is taken back with the seat's choice before it, as one step", async () => {
    const { id, auth } = await counterMatch(100, true);
    await act(id, auth['0']!, 'add', 'a');
    await act(id, auth['0']!, 'add', 'b');
    await act(id, auth['0']!, 'add', 'c');
    // The third add owes a confirm, played for the seat.
    const confirmed = await viewAt(id, auth['0']!, 4);
    expect(confirmed.view).toMatchObject({ total: 3, owed: null });
    expect(confirmed.undo).toEqual({ allowed: true });
    const taken = await undo(id, auth['0']!, 'u');
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().events).toHaveLength(2);
    const state = await view(id, auth['0']);
    expect(state.view).toMatchObject({ total: 2, owed: null });
    expect(state.actions).toHaveLength(4);
    // Two steps: the third add with its confirm, then the second add.
    await act(id, auth['0']!, 'add', 'd');
    await viewAt(id, auth['0']!, 7);
    expect((await undo(id, auth['0']!, 'v', 2)).statusCode).toBe(200);
    expect((await view(id, auth['0'])).view).toMatchObject({ total: 1, owed: null });
  });

  it("is not the seat's to take back alone: another seat's choice came before it", async () => {
    const { id, auth } = await counterMatch(100, true);
    await act(id, auth['0']!, 'pass', 'p');
    const state = await viewAt(id, auth['1']!, 2);
    expect(state.undo).toEqual({ allowed: false, reason: 'another player has acted since' });
    const refused = await undo(id, auth['1']!, 'u');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('not-your-action');
    expect((await view(id, auth['1'])).seq).toBe(2);
  });

  it('is asked again, not played again, right after the seat took back its own answer to it', async () => {
    await app.close();
    app = await buildServer({ storage, registry: registry(), forcedPlay: false });
    const { id, auth } = await counterMatch(100, true);
    await act(id, auth['0']!, 'pass', 'p');
    await act(id, auth['1']!, 'ready', 'r');
    await app.close();
    app = await buildServer({ storage, registry: registry() });
    expect((await undo(id, auth['1']!, 'u')).statusCode).toBe(200);
    await settle();
    const state = await view(id, auth['1']);
    expect(state.seq).toBe(3);
    expect(state.actions).toEqual([{ type: 'ready' }]);
  });

  it('is asked when the server is told not to play single answers', async () => {
    await app.close();
    app = await buildServer({ storage, registry: registry(), forcedPlay: false });
    const { id, auth } = await counterMatch(100, true);
    await act(id, auth['0']!, 'pass', 'p');
    await settle();
    expect((await view(id, auth['1'])).actions).toEqual([{ type: 'ready' }]);
  });
});

describe('the match record', () => {
  it('is refused while the match goes on, then holds the seed and the standing actions', async () => {
    const { id, auth } = await counterMatch(4);
    await act(id, auth['0']!, 'add', 'a');
    const early = await app.inject({ url: `/matches/${id}/record` });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('match-not-over');
    await act(id, auth['0']!, 'add', 'b');
    expect((await undo(id, auth['0']!, 'u')).statusCode).toBe(200);
    await act(id, auth['0']!, 'pass', 'c');
    for (const key of ['d', 'e', 'f']) await act(id, auth['1']!, 'add', key);
    const reply = await app.inject({ url: `/matches/${id}/record` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toBeUndefined();
    const record = reply.json();
    const stored = await storage.getMatch(id);
    expect(record).toMatchObject({ ruleset: 'counter', version: '1', seed: stored!.seed });
    expect(record.seed.length).toBeGreaterThan(10);
    expect(record.actions).toEqual([
      { seat: '0', action: { type: 'add' } },
      { seat: '0', action: { type: 'pass' } },
      { seat: '1', action: { type: 'add' } },
      { seat: '1', action: { type: 'add' } },
      { seat: '1', action: { type: 'add' } },
    ]);
  });

  it('comes as a file to save with ?download=1', async () => {
    const { id, auth } = await counterMatch(1);
    await act(id, auth['0']!, 'add', 'a');
    const reply = await app.inject({ url: `/matches/${id}/record?download=1` });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-disposition']).toBe(`attachment; filename="counter-${id}.json"`);
    expect(reply.json().actions).toHaveLength(1);
    const bad = await app.inject({ url: `/matches/${id}/record?download=yes` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/download/);
  });
});

describe('the OpenAPI document', () => {
  it('declares the new routes and the new fields of a state', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json();
    for (const path of [
      '/rulesets/{id}/reference',
      '/rulesets/{id}/scenes/{scene}',
      '/matches/{id}/chat',
      '/matches/{id}/replay',
      '/matches/{id}/record',
    ]) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
    expect(Object.keys(document.paths['/matches/{id}/chat'])).toEqual(['get', 'post']);
    const state =
      document.paths['/matches/{id}/view'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(state.properties)).toEqual(expect.arrayContaining(['words', 'undo']));
    expect(Object.keys(state.properties.words.properties)).toContain('things');
    const undoBody =
      document.paths['/matches/{id}/undo'].post.requestBody.content['application/json'].schema;
    expect(undoBody.properties.steps).toMatchObject({ minimum: 1, maximum: 20 });
  });
});

describe('the rulesets', () => {
  it("serve a ruleset's rules reference, once worked out, with a cache header", async () => {
    const reply = await app.inject({ url: '/rulesets/counter/reference' });
    expect(reply.statusCode).toBe(200);
    expect(reply.json()).toEqual({ ruleset: 'counter', version: '1', sections: counterReference });
    expect(reply.headers['cache-control']).toMatch(/max-age=\d+/);
  });

  it('answer 404 with what was wrong for an unknown ruleset or one with no reference', async () => {
    const unknown = await app.inject({ url: '/rulesets/chess/reference' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'unknown-ruleset' });
    expect(unknown.json().message).toMatch(/counter/);
    const none = await app.inject({ url: '/rulesets/duel/reference' });
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      code: 'no-reference',
      message: 'the duel ruleset has no rules reference',
    });
  });

  it('list each ruleset with its default bot, and the Outgunned example scenes', async () => {
    const { rulesets } = (await app.inject({ url: '/rulesets' })).json();
    const byId = Object.fromEntries(rulesets.map((ruleset: Json) => [ruleset.id, ruleset]));
    expect(byId.nemesis.defaultBot).toBe(strongestLevelWithin(2));
    expect(byId.outgunned.defaultBot).toBe('search-director');
    expect(byId.outgunned.bots).toContain('sensible');
    for (const ruleset of rulesets) {
      if (!['counter', 'telling'].includes(ruleset.id))
        expect(ruleset.bots).toContain(ruleset.defaultBot);
    }
    expect(byId.outgunned.scenes.map((scene: Json) => scene.id)).toEqual([
      'goons-in-the-alley',
      'warehouse-ambush',
      'bar-brawl',
      'rooftop-boss',
    ]);
    expect(byId.outgunned.scenes[2]).toMatchObject({ name: 'Bar brawl' });
    expect(byId.outgunned.scenes[2].description).toMatch(/biker gang/);
    expect(byId.duel.scenes).toBeUndefined();
  });

  it('serve an example scene that creates a match when sent as options.scene', async () => {
    const scene = await app.inject({ url: '/rulesets/outgunned/scenes/bar-brawl' });
    expect(scene.statusCode).toBe(200);
    expect(scene.json()).toMatchObject({ name: 'Bar brawl', mode: 'brawl' });
    const created = await app.inject({
      method: 'POST',
      url: '/matches',
      payload: { ruleset: 'outgunned', options: { scene: scene.json() } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const state = await view(created.json().id);
    expect(JSON.stringify(state.view)).toContain('Rosa Vega');
    const missing = await app.inject({ url: '/rulesets/outgunned/scenes/moon-base' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('no-such-scene');
    expect(missing.json().message).toMatch(/bar-brawl/);
  });

  it('refuse a broken uploaded scene, listing every problem by its path, and create nothing', async () => {
    const scene = (await app.inject({ url: '/rulesets/outgunned/scenes/bar-brawl' })).json();
    scene.heroes[0].grit = 'lots';
    scene.heroes[1].attributes.brawn = 99;
    scene.range = 'orbit';
    const before = (await app.inject({ url: '/matches' })).json().matches.length;
    const refused = await app.inject({
      method: 'POST',
      url: '/matches',
      payload: { ruleset: 'outgunned', options: { scene } },
    });
    expect(refused.statusCode).toBe(400);
    const body = refused.json();
    expect(body.code).toBe('bad-options');
    const paths = body.problems.map((problem: string) => problem.split(':')[0]);
    expect(paths).toEqual(
      expect.arrayContaining([
        'options.scene.heroes.0.grit',
        'options.scene.heroes.1.attributes.brawn',
        'options.scene.range',
      ]),
    );
    for (const path of paths) expect(body.message).toContain(path);
    expect((await app.inject({ url: '/matches' })).json().matches.length).toBe(before);
  });
});
