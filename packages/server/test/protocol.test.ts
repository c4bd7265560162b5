import { join } from 'node:path';
import { diceDuel, Match, type MatchRecord } from '@tabletop/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../src/tokens.js';
import { createMatch, reachedState, request, SocketClient, statesIn } from './helpers/client.js';
import { type ServerProcess, spawnServer, temporaryFolder } from './helpers/server-process.js';

let server: ServerProcess;
let url: string;
const folder = temporaryFolder();

beforeAll(async () => {
  server = await spawnServer(folder.path);
  url = server.url;
});

afterAll(async () => {
  await server?.stop();
  folder.remove();
});

/** Plays seat 0 of a duel against the random bot until it is over; returns every body received. */
async function playDuelToTheEnd(id: string, token: string): Promise<string[]> {
  const received: string[] = [];
  for (let turn = 0; turn < 500; turn++) {
    const view = await request(url, 'GET', `/matches/${id}/view`, { token });
    received.push(view.text);
    if (view.body.over) return received;
    if (view.body.actions.length === 0) {
      await new Promise((done) => setTimeout(done, 20));
      continue;
    }
    const submitted = await request(url, 'POST', `/matches/${id}/actions`, {
      token,
      body: { seq: view.body.seq, key: `turn-${turn}`, action: view.body.actions[0] },
    });
    received.push(submitted.text);
    expect([200, 409]).toContain(submitted.status);
  }
  throw new Error('the duel did not end');
}

describe('matches over HTTP', () => {
  it('a match is created with its seats; a human seat is joined once; a bot seat never', async () => {
    const created = await request(url, 'POST', '/matches', {
      body: { ruleset: 'duel', bots: { '1': 'random' } },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ruleset: 'duel',
      seq: 0,
      over: false,
      open: false,
      seats: [
        { seat: '0', kind: 'human', bot: null, joined: false },
        { seat: '1', kind: 'bot', bot: 'random', joined: false },
      ],
    });
    const id = created.body.id;
    const [invitation] = created.body.invitations;
    expect(created.body.invitations).toHaveLength(1);
    expect(invitation.seat).toBe('0');
    const first = await request(url, 'POST', `/matches/${id}/seats/0/join`, {
      body: { invitation: invitation.invitation },
    });
    expect(first.status).toBe(201);
    expect(first.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const second = await request(url, 'POST', `/matches/${id}/seats/0/join`, {
      body: { invitation: invitation.invitation },
    });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('seat-taken');
    const bot = await request(url, 'POST', `/matches/${id}/seats/1/join`, {
      body: { invitation: invitation.invitation },
    });
    expect(bot.body.code).toBe('seat-is-bot');
    const info = await request(url, 'GET', `/matches/${id}`);
    expect(info.body.seats[0].joined).toBe(true);
  });

  it('a seat is joined only with its own invitation; only matches created open are listed, and join without one', async () => {
    const created = await request(url, 'POST', '/matches', { body: { ruleset: 'duel' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const invitations = created.body.invitations as {
      seat: string;
      invitation: string;
      link: string;
    }[];
    expect(invitations.map((each) => each.seat)).toEqual(['0', '1']);
    for (const each of invitations) {
      expect(each.invitation).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(each.link).toBe(`/#/join/${id}/${each.seat}/${each.invitation}`);
    }
    expect(invitations[0]!.invitation).not.toBe(invitations[1]!.invitation);
    const [zero, one] = invitations.map((each) => each.invitation) as [string, string];

    // Without an invitation, with another seat's, with a made-up one: refused, nothing changed.
    const refusals = [
      [undefined, 'invitation-required'],
      [one, 'bad-invitation'],
      ['made-up', 'bad-invitation'],
    ] as const;
    for (const [invitation, code] of refusals) {
      const refused = await request(url, 'POST', `/matches/${id}/seats/0/join`, {
        ...(invitation === undefined ? {} : { body: { invitation } }),
      });
      expect(refused.status, refused.text).toBe(403);
      expect(refused.body).toEqual({ code, message: expect.any(String) });
      expect(refused.text).not.toContain(zero);
      expect(refused.text).not.toContain(one);
    }
    const malformed = await request(url, 'POST', `/matches/${id}/seats/0/join`, {
      body: { invitation: 'a\u0000b', extra: 1 },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('bad-request');
    expect((await request(url, 'GET', `/matches/${id}`)).body.seats[0].joined).toBe(false);

    const joined = await request(url, 'POST', `/matches/${id}/seats/0/join`, {
      body: { invitation: zero },
    });
    expect(joined.status).toBe(201);
    // What others read of the match never holds an invitation.
    const info = await request(url, 'GET', `/matches/${id}`);
    const view = await request(url, 'GET', `/matches/${id}/view`, { token: joined.body.token });
    for (const text of [info.text, view.text]) {
      expect(text).not.toContain(zero);
      expect(text).not.toContain(one);
    }
    expect(info.body.open).toBe(false);

    const listed = await request(url, 'POST', '/matches', {
      body: { ruleset: 'duel', open: true },
    });
    expect(listed.body.open).toBe(true);
    const list = await request(url, 'GET', '/matches?limit=500');
    const ids = list.body.matches.map((match: { id: string }) => match.id);
    expect(ids).toContain(listed.body.id);
    expect(ids).not.toContain(id);
    expect(list.text).not.toContain(listed.body.invitations[0].invitation);
    const anyone = await request(url, 'POST', `/matches/${listed.body.id}/seats/1/join`);
    expect(anyone.status).toBe(201);
    const wrong = await request(url, 'POST', `/matches/${listed.body.id}/seats/0/join`, {
      body: { invitation: one },
    });
    expect(wrong.body.code).toBe('bad-invitation');

    // Stored as hashes only.
    const Database = (await import('better-sqlite3')).default;
    const db = new Database(join(folder.path, 'tabletop.db'), { readonly: true });
    try {
      const seats = db
        .prepare('SELECT seat, invitation_hash FROM seats WHERE match_id = ? ORDER BY position')
        .all(id) as { seat: string; invitation_hash: string }[];
      expect(seats.map((seat) => seat.invitation_hash)).toEqual([hashToken(zero), hashToken(one)]);
      const everything = JSON.stringify(db.prepare('SELECT * FROM seats').all());
      expect(everything).not.toContain(zero);
      expect(everything).not.toContain(one);
    } finally {
      db.close();
    }
  });

  it('a seat reads its view, prompts and legal actions; a spectator reads the view without actions', async () => {
    const { id, tokens } = await createMatch(url, 'duel', { join: ['0', '1'] });
    const seat = await request(url, 'GET', `/matches/${id}/view`, { token: tokens['0'] });
    expect(seat.status).toBe(200);
    expect(seat.body).toMatchObject({
      seq: 0,
      seat: '0',
      view: { health: [20, 20], turn: 0 },
      actions: [{ type: 'roll' }],
      over: false,
      result: null,
    });
    expect(seat.body.prompts[0]).toMatchObject({ seats: ['0'], answer: 'roll' });
    expect(seat.body.words.prompts).toHaveLength(seat.body.prompts.length);
    expect(seat.body.words.actions).toHaveLength(1);
    expect(seat.body.words.actions[0]).toMatch(/\w/);
    const spectator = await request(url, 'GET', `/matches/${id}/view`);
    expect(spectator.body).toMatchObject({ seat: 'spectator', actions: [] });
    expect(spectator.body.prompts[0].choices).toBeUndefined();
  });

  it('an accepted action moves the sequence number on by one; the bot then plays until a human must act', async () => {
    const { id, tokens } = await createMatch(url, 'duel', { bots: { '1': 'random' }, join: ['0'] });
    const submitted = await request(url, 'POST', `/matches/${id}/actions`, {
      token: tokens['0'],
      body: { seq: 0, key: 'first', action: { type: 'roll' } },
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ seq: 1, replayed: false });
    expect(submitted.body.events[0]).toMatchObject({ type: 'rolled', seat: '0' });
    let view = await request(url, 'GET', `/matches/${id}/view`, { token: tokens['0'] });
    for (let tries = 0; view.body.seq < 2 && tries < 100; tries++) {
      await new Promise((done) => setTimeout(done, 20));
      view = await request(url, 'GET', `/matches/${id}/view`, { token: tokens['0'] });
    }
    expect(view.body.seq).toBe(2);
    expect(view.body.view.turn).toBe(0);
    const log = await request(url, 'GET', `/matches/${id}/log?after=0`);
    expect(log.body.entries.map((entry: { seq: number }) => entry.seq)).toEqual([1, 2]);
    expect(log.body.entries[1].events[0]).toMatchObject({ type: 'rolled', seat: '1' });
  });

  it('a retry with the same idempotency key gets the same answer and is applied once', async () => {
    const { id, tokens } = await createMatch(url, 'duel', { join: ['0', '1'] });
    const body = { seq: 0, key: 'only-once', action: { type: 'roll' } };
    const first = await request(url, 'POST', `/matches/${id}/actions`, {
      token: tokens['0'],
      body,
    });
    const again = await request(url, 'POST', `/matches/${id}/actions`, {
      token: tokens['0'],
      body,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, replayed: true });
    // Sent again with the sequence number it moved the match to: still the stored answer.
    const later = await request(url, 'POST', `/matches/${id}/actions`, {
      token: tokens['0'],
      body: { ...body, seq: 1 },
    });
    expect(later.status, later.text).toBe(200);
    expect(later.body).toEqual({ ...first.body, replayed: true });
    const reused = await request(url, 'POST', `/matches/${id}/actions`, {
      token: tokens['1'],
      body: { seq: 1, key: 'only-once', action: { type: 'roll' } },
    });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('idempotency-key-reused');
    expect((await request(url, 'GET', `/matches/${id}/log`)).body.entries).toHaveLength(1);
  });

  it('the record, seed included, is readable once the match is over; the seed was in nothing sent before', async () => {
    const { id, tokens } = await createMatch(url, 'duel', {
      options: { health: 3 },
      bots: { '1': 'random' },
      join: ['0'],
    });
    const before = await request(url, 'GET', `/matches/${id}/record`);
    expect(before.status).toBe(409);
    expect(before.body.code).toBe('match-not-over');
    const received = [before.text, ...(await playDuelToTheEnd(id, tokens['0']!))];
    received.push((await request(url, 'GET', `/matches/${id}/log`, { token: tokens['0'] })).text);
    const record = await request<MatchRecord>(url, 'GET', `/matches/${id}/record`);
    expect(record.status).toBe(200);
    expect(record.body.generator).toBe('crypto');
    expect(record.body.seed).toMatch(/^[0-9a-f]{64}$/);
    for (const text of received) expect(text).not.toContain(record.body.seed);
    const replayed = Match.replay(diceDuel, record.body);
    const final = await request(url, 'GET', `/matches/${id}/view`);
    expect(replayed.view('spectator')).toEqual(final.body.view);
    expect(final.body.result).toEqual(replayed.result());
  });

  it('an undo takes the state back where the policy allows and is refused, naming why, where not', async () => {
    const newFight = () =>
      createMatch(url, 'outgunned', { join: ['director', 'hero-1', 'hero-2'] });
    // The seed is the server's own, so a fight may end before any action could
    // be taken back: then the next fight goes on looking.
    let { id, tokens } = await newFight();
    let undone = 0;
    let refused = 0;
    for (let step = 0; step < 300 && undone === 0; step++) {
      const spectator = await request(url, 'GET', `/matches/${id}/view`);
      const seat = spectator.body.prompts[0]?.seats[0] as string | undefined;
      if (seat === undefined) {
        ({ id, tokens } = await newFight());
        continue;
      }
      const before = await request(url, 'GET', `/matches/${id}/view`, { token: tokens[seat] });
      const action = before.body.actions[step % before.body.actions.length];
      const submitted = await request(url, 'POST', `/matches/${id}/actions`, {
        token: tokens[seat],
        body: { seq: before.body.seq, key: `step-${step}`, action },
      });
      expect(submitted.status).toBe(200);
      const undo = await request(url, 'POST', `/matches/${id}/undo`, {
        token: tokens[seat],
        body: { seq: submitted.body.seq, key: `undo-${step}` },
      });
      if (undo.status === 200) {
        undone++;
        expect(undo.body.seq).toBe(submitted.body.seq + 1);
        const after = await request(url, 'GET', `/matches/${id}/view`, { token: tokens[seat] });
        expect(after.body.view).toEqual(before.body.view);
        expect(after.body.actions).toEqual(before.body.actions);
      } else {
        refused++;
        expect(undo.status).toBe(422);
        expect(undo.body.message.length).toBeGreaterThan(0);
      }
    }
    expect(undone).toBe(1);
    expect(refused).toBeLessThan(300);

    const duel = await createMatch(url, 'duel', { join: ['0', '1'] });
    await request(url, 'POST', `/matches/${duel.id}/actions`, {
      token: duel.tokens['0'],
      body: { seq: 0, key: 'roll', action: { type: 'roll' } },
    });
    const dice = await request(url, 'POST', `/matches/${duel.id}/undo`, {
      token: duel.tokens['0'],
      body: { seq: 1, key: 'undo' },
    });
    expect(dice.status).toBe(422);
    expect(dice.body.code).toBe('random-drawn');
    const other = await request(url, 'POST', `/matches/${duel.id}/undo`, {
      token: duel.tokens['1'],
      body: { seq: 1, key: 'undo-other' },
    });
    // Seat 1 has not acted yet: it has nothing to take back.
    expect(other.body.code).toBe('nothing-to-undo');
    expect((await request(url, 'GET', `/matches/${duel.id}/view`)).body.seq).toBe(1);
  });

  it('the OpenAPI document declares every route with its schema', async () => {
    const document = await request(url, 'GET', '/openapi.json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toMatch(/^3\./);
    for (const path of [
      '/matches',
      '/matches/{id}',
      '/matches/{id}/seats/{seat}/join',
      '/matches/{id}/view',
      '/matches/{id}/actions',
      '/matches/{id}/undo',
      '/matches/{id}/log',
      '/matches/{id}/record',
    ]) {
      expect(document.body.paths, path).toHaveProperty([path]);
    }
    const submit = document.body.paths['/matches/{id}/actions'].post;
    expect(submit.requestBody.content['application/json'].schema.required).toEqual([
      'seq',
      'key',
      'action',
    ]);
  });
});

describe('bots', () => {
  it('bots play Nemesis seats from their views, one entry after another, while a spectator follows', async () => {
    const created = await request(url, 'POST', '/matches', {
      body: {
        ruleset: 'nemesis',
        options: { players: 2 },
        bots: { '0': 'sensible', '1': 'random' },
      },
    });
    expect(created.status).toBe(201);
    const socket = new SocketClient(url, created.body.id);
    await socket.opened;
    socket.send({ type: 'subscribe', after: 0 });
    await socket.until(
      (messages) => reachedState(messages, 40),
      'forty entries played by bots',
      30_000,
    );
    socket.close();
    const entries = socket.messages.filter((message) => message.type === 'entry');
    expect(entries.map((entry) => entry.seq)).toEqual(entries.map((_, index) => index + 1));
    const log = await request(url, 'GET', `/matches/${created.body.id}/log`);
    expect(log.body.entries.length).toBeGreaterThanOrEqual(entries.length);
  });

  it('a duel of two bots plays to the end, and its record replays to the same result', async () => {
    const created = await request(url, 'POST', '/matches', {
      body: { ruleset: 'duel', options: { health: 5 }, bots: { '0': 'random', '1': 'random' } },
    });
    const id = created.body.id;
    let info = await request(url, 'GET', `/matches/${id}`);
    for (let tries = 0; !info.body.over && tries < 200; tries++) {
      await new Promise((done) => setTimeout(done, 25));
      info = await request(url, 'GET', `/matches/${id}`);
    }
    expect(info.body.over).toBe(true);
    const record = await request<MatchRecord>(url, 'GET', `/matches/${id}/record`);
    expect(record.body.actions).toHaveLength(info.body.seq);
    expect(Match.replay(diceDuel, record.body).result()).toEqual(info.body.result);
  });
});

describe('matches over WebSocket', () => {
  it('a seat receives every entry once, in order, then its state; after a reconnect it resumes where it was', async () => {
    const { id, tokens } = await createMatch(url, 'duel', {
      options: { health: 100 },
      join: ['0', '1'],
    });
    const play = async (count: number) => {
      for (let index = 0; index < count; index++) {
        const view = await request(url, 'GET', `/matches/${id}/view`);
        const seat = String(view.body.view.turn);
        const submitted = await request(url, 'POST', `/matches/${id}/actions`, {
          token: tokens[seat],
          body: { seq: view.body.seq, key: `move-${view.body.seq}`, action: { type: 'roll' } },
        });
        expect(submitted.status).toBe(200);
      }
    };
    await play(3);
    const first = new SocketClient(url, id);
    await first.opened;
    first.send({ type: 'subscribe', token: tokens['0'], after: 1 });
    await first.until(
      (messages) => messages.some((message) => message.type === 'state'),
      'a state',
    );
    expect(first.messages.map((message) => [message.type, message.seq])).toEqual([
      ['subscribed', 3],
      // The chat's recent history, right after subscribed (empty here).
      ['chat', undefined],
      ['entry', 2],
      ['entry', 3],
      ['state', 3],
    ]);
    await play(4);
    await first.until((messages) => reachedState(messages, 7), 'the state after entry 7');
    // Live, each entry is one frame, and the newest carries the state after it.
    expect(first.messages.slice(5).map((message) => [message.type, message.state?.seq])).toEqual([
      ['entry', 4],
      ['entry', 5],
      ['entry', 6],
      ['entry', 7],
    ]);
    first.close();
    await first.untilClosed();
    const seenBefore = Math.max(
      ...first.messages.filter((message) => message.type !== 'chat').map((message) => message.seq),
    );
    await play(3);
    const second = new SocketClient(url, id);
    await second.opened;
    second.send({ type: 'subscribe', token: tokens['0'], after: seenBefore });
    await second.until(
      (messages) => messages.some((message) => message.type === 'state' && message.seq === 10),
      'the state after entry 10',
    );
    const entries = [...first.messages, ...second.messages]
      .filter((message) => message.type === 'entry')
      .map((message) => message.seq);
    expect(entries).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const state = second.messages.at(-1);
    expect(state).toMatchObject({ type: 'state', seat: '0', seq: 10 });
    const view = await request(url, 'GET', `/matches/${id}/view`, { token: tokens['0'] });
    expect(JSON.stringify({ type: 'state', ...view.body })).toBe(second.raw.at(-1));
    second.close();
  });

  it('a seat submits over its socket; the answer carries its id and the new sequence number', async () => {
    const { id, tokens } = await createMatch(url, 'duel', { bots: { '1': 'random' }, join: ['0'] });
    const socket = new SocketClient(url, id);
    await socket.opened;
    socket.send({ type: 'subscribe', token: tokens['0'], after: 0 });
    await socket.until(
      (messages) => messages.some((message) => message.type === 'state'),
      'a state',
    );
    socket.send({ type: 'submit', id: 'a', seq: 0, key: 'socket-1', action: { type: 'roll' } });
    await socket.until((messages) => reachedState(messages, 2), "the bot's answer");
    // The answer travels in the frame of the entry it stored, with the state after it.
    const answered = socket.messages.filter((message) => message.accepted);
    expect(answered).toHaveLength(1);
    expect(answered[0]).toMatchObject({ type: 'entry', seq: 1, accepted: { id: 'a' } });
    expect(socket.messages.some((message) => message.type === 'accepted')).toBe(false);
    socket.send({ type: 'submit', id: 'b', seq: 0, key: 'socket-2', action: { type: 'roll' } });
    await socket.until(
      (messages) => messages.some((message) => message.id === 'b'),
      'an answer to b',
    );
    expect(socket.messages.find((message) => message.id === 'b')).toMatchObject({
      type: 'error',
      code: 'stale-sequence',
      seq: 2,
    });
    socket.close();
  });

  it('each entry reaches each socket as one frame: the mover gets its answer in it, every socket the state after it', async () => {
    const { id, tokens } = await createMatch(url, 'duel', {
      options: { health: 100 },
      join: ['0', '1'],
    });
    const subscribed = async (token?: string) => {
      const socket = new SocketClient(url, id);
      await socket.opened;
      socket.send({ type: 'subscribe', after: 0, ...(token ? { token } : {}) });
      await socket.until((messages) => reachedState(messages, 0), 'a state');
      return socket;
    };
    const seats = { '0': await subscribed(tokens['0']), '1': await subscribed(tokens['1']) };
    const spectator = await subscribed();
    const sockets = [seats['0'], seats['1'], spectator];
    const welcome = sockets.map((socket) => socket.messages.length);
    const moves = 6;
    for (let seq = 0; seq < moves; seq++) {
      const mover = seats[seq % 2 === 0 ? '0' : '1'];
      mover.send({
        type: 'submit',
        id: `move-${seq}`,
        seq,
        key: `key-${seq}`,
        action: { type: 'roll' },
      });
      for (const socket of sockets) {
        await socket.until((messages) => reachedState(messages, seq + 1), `entry ${seq + 1}`);
      }
    }
    sockets.forEach((socket, index) => {
      const frames = socket.messages.slice(welcome[index]);
      expect(frames).toHaveLength(moves);
      expect(frames.map((frame) => [frame.type, frame.seq, frame.state?.seq])).toEqual(
        Array.from({ length: moves }, (_, at) => ['entry', at + 1, at + 1]),
      );
    });
    for (const [seat, socket] of Object.entries(seats)) {
      const answered = socket.messages.filter((message) => message.accepted);
      expect(answered.map((frame) => [frame.seq, frame.accepted.id])).toEqual(
        Array.from({ length: moves / 2 }, (_, turn) => {
          const seq = 2 * turn + Number(seat);
          return [seq + 1, `move-${seq}`];
        }),
      );
    }
    expect(spectator.messages.some((message) => message.accepted)).toBe(false);
    // A retry of a stored move has no entry to ride on: its answer comes alone, as replayed.
    seats['0'].send({
      type: 'submit',
      id: 'again',
      seq: 0,
      key: 'key-0',
      action: { type: 'roll' },
    });
    await seats['0'].until(
      (messages) => messages.some((message) => message.id === 'again'),
      'the replayed answer',
    );
    expect(seats['0'].messages.at(-1)).toEqual({
      type: 'accepted',
      id: 'again',
      seq: 1,
      replayed: true,
    });
    for (const socket of sockets) socket.close();
  });

  it('a spectator follows without a token and cannot act', async () => {
    const { id, tokens } = await createMatch(url, 'duel', { join: ['0', '1'] });
    const socket = new SocketClient(url, id);
    await socket.opened;
    socket.send({ type: 'subscribe', after: 0 });
    await socket.until(
      (messages) => messages.some((message) => message.type === 'state'),
      'a state',
    );
    await request(url, 'POST', `/matches/${id}/actions`, {
      token: tokens['0'],
      body: { seq: 0, key: 'k', action: { type: 'roll' } },
    });
    await socket.until((messages) => reachedState(messages, 1), 'the state after entry 1');
    expect(statesIn(socket.messages).at(-1)).toMatchObject({ seat: 'spectator', actions: [] });
    socket.send({ type: 'submit', id: 'x', seq: 1, key: 'k2', action: { type: 'roll' } });
    await socket.until((messages) => messages.some((message) => message.id === 'x'), 'an answer');
    expect(socket.messages.find((message) => message.id === 'x')).toMatchObject({
      type: 'error',
      code: 'missing-token',
    });
    socket.close();
  });
});
