import { connect } from 'node:net';
import { join } from 'node:path';
import {
  type Answer,
  type Created,
  call,
  createAndJoin,
  expectStatus,
  type Json,
  openSocket,
  parseOrNull,
  pause,
  startHost,
} from './audit-wire.js';

/**
 * Hostile input: a catalogue of requests and socket messages no honest
 * client sends. Each must be refused with a 4xx `{ code, message }` (or, on
 * a socket, an `error` message or a close with 1008/1009), never a 5xx, and
 * the match it aims at must read the same bytes before and after.
 */

export interface HostileFigures {
  kinds: number;
  refused_cleanly: number;
  /** Refused, but not in the API's words: named in `unclean`. */
  refused_otherwise: number;
  server_errors: number;
  state_changes: number;
  unclean: string[];
  changed: string[];
  elapsed_s: number;
}

interface Target {
  url: string;
  port: number;
  /** A duel at sequence number 1: seat 1 is to roll. */
  duel: Created;
  other: Created;
  nemesis: Created;
}

type Outcome =
  | { via: 'http'; status: number; body: Json }
  | { via: 'socket'; errors: Json[]; closeCode: number | null };

interface Kind {
  name: string;
  send(target: Target): Promise<Outcome>;
}

const fromAnswer = (answer: Answer): Outcome => ({
  via: 'http',
  status: answer.status,
  body: answer.body,
});

/**
 * A request to the duel's route as `who` says: seat 1 (the seat to act) by
 * default, seat 0, nobody, or a token made up.
 */
function toDuel(
  name: string,
  method: string,
  route: string,
  body: unknown,
  options: { who?: '0' | '1' | 'nobody'; token?: string; headers?: Record<string, string> } = {},
): Kind {
  return {
    name,
    send: async (target) => {
      const who = options.who ?? '1';
      const token = options.token ?? (who === 'nobody' ? undefined : target.duel.tokens[who]);
      return fromAnswer(
        await call(target.url, method, `/matches/${target.duel.id}${route}`, {
          ...(body === undefined ? {} : { body }),
          ...(token === undefined ? {} : { token }),
          ...(options.headers ? { headers: options.headers } : {}),
        }),
      );
    },
  };
}

const action = (fields: Record<string, unknown>) =>
  toDuel(
    `action ${Object.keys(fields).join('+') || 'fields'}: ${JSON.stringify(fields).slice(0, 60)}`,
    'POST',
    '/actions',
    fields,
  );

const roll = { type: 'roll' };

/** Bodies for `POST /actions` that break its shape, one field at a time. */
function shapeKinds(): Kind[] {
  const bodies: [string, unknown][] = [
    ['seq as a string', { seq: '1', key: 'k', action: roll }],
    ['seq missing', { key: 'k', action: roll }],
    ['seq negative', { seq: -1, key: 'k', action: roll }],
    ['seq fractional', { seq: 1.5, key: 'k', action: roll }],
    ['seq beyond safe integers', { seq: 2 ** 60, key: 'k', action: roll }],
    ['seq null', { seq: null, key: 'k', action: roll }],
    ['seq an object', { seq: { $gt: 0 }, key: 'k', action: roll }],
    ['key missing', { seq: 1, action: roll }],
    ['key empty', { seq: 1, key: '', action: roll }],
    ['key of 101 characters', { seq: 1, key: 'k'.repeat(101), action: roll }],
    ['key a number', { seq: 1, key: 7, action: roll }],
    ['key an array', { seq: 1, key: ['k'], action: roll }],
    ["key starting with the bots' prefix", { seq: 1, key: 'bot:1', action: roll }],
    ['action missing', { seq: 1, key: 'k' }],
    ['action null', { seq: 1, key: 'k', action: null }],
    ['action a string', { seq: 1, key: 'k', action: 'roll' }],
    ['action an array', { seq: 1, key: 'k', action: [roll] }],
    ['action of an unknown type', { seq: 1, key: 'k', action: { type: 'win' } }],
    ['action type of 5,000 characters', { seq: 1, key: 'k', action: { type: 'x'.repeat(5_000) } }],
    [
      'action with a field of a 5,000-character name',
      { seq: 1, key: 'k', action: { type: 'roll', ['x'.repeat(5_000)]: 1 } },
    ],
    ['action with an extra field', { seq: 1, key: 'k', action: { type: 'roll', dice: 6 } }],
    ['action type a number', { seq: 1, key: 'k', action: { type: 1 } }],
    ['an extra top-level field', { seq: 1, key: 'k', action: roll, extra: true }],
    [
      'a __proto__ field',
      JSON.parse('{"seq":1,"key":"k","action":{"type":"roll"},"__proto__":{"admin":true}}'),
    ],
    [
      'a constructor field in the action',
      { seq: 1, key: 'k', action: { type: 'roll', constructor: { prototype: { admin: true } } } },
    ],
    ['a body that is an array', [1, 2, 3]],
    ['a body that is a number', 12],
    ['a body that is a JSON string', 'x'],
    ['a body that is null', null],
  ];
  return bodies.map(([name, body]) => ({
    ...toDuel(
      `body: ${name}`,
      'POST',
      '/actions',
      typeof body === 'string' ? JSON.stringify(body) : body,
    ),
  }));
}

/** Bytes that are not the JSON they claim to be. */
function syntaxKinds(): Kind[] {
  const texts: [string, string, Record<string, string>?][] = [
    ['malformed JSON', '{"seq": 1, "key": "k", "action": {'],
    ['an empty body', ''],
    ['JSON with trailing bytes', '{"seq":1,"key":"k","action":{"type":"roll"}}xyz'],
    ['JSON with a comment', '{"seq":1,/* c */"key":"k","action":{"type":"roll"}}'],
    [
      'JSON with a byte-order mark, at a stale number',
      '\ufeff{"seq":0,"key":"k2","action":{"type":"roll"}}',
    ],
    ['JSON with a field twice', '{"seq":1,"key":"k","action":{"type":"roll"},"seq":"x"}'],
    ['JSON nested 20,000 deep', `${'['.repeat(20_000)}${']'.repeat(20_000)}`],
    ['JSON with single quotes', "{'seq':1,'key':'k','action':{'type':'roll'}}"],
    ['a form body', 'seq=1&key=k', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['a text body', '{"seq":1}', { 'content-type': 'text/plain' }],
    [
      'a multipart body',
      '--b\r\n\r\nx\r\n--b--',
      { 'content-type': 'multipart/form-data; boundary=b' },
    ],
    [
      'JSON declared UTF-16, at a stale number',
      '{"seq":0,"key":"k","action":{"type":"roll"}}',
      { 'content-type': 'application/json; charset=utf-16' },
    ],
    [
      'a body of 100 KB',
      JSON.stringify({ seq: 1, key: 'k', action: { type: 'roll', pad: 'y'.repeat(100_000) } }),
    ],
  ];
  return texts.map(([name, text, headers]) =>
    toDuel(`bytes: ${name}`, 'POST', '/actions', text, headers ? { headers } : {}),
  );
}

/** Keys and texts with characters a store or a log line should never meet. */
function textKinds(): Kind[] {
  const bad: [string, string][] = [
    ['a NUL', 'k\u0000'],
    ['a tab', 'tab\there'],
    ['a newline', 'line\nbreak'],
    ['a carriage return', 'cr\rhere'],
    ['an escape character', 'esc\u001b[31m'],
    ['a lone high surrogate', '\ud800'],
    ['a lone low surrogate', '\udc00'],
    ['surrogates reversed', '\udc00\ud800'],
    ['a DEL', 'del\u007f'],
    ['a C1 control', 'c1\u0085'],
  ];
  const kinds: Kind[] = [];
  for (const [name, text] of bad) {
    kinds.push(toDuel(`key with ${name}`, 'POST', '/actions', { seq: 1, key: text, action: roll }));
    kinds.push(toDuel(`chat with ${name}`, 'POST', '/chat', { text: `hello ${text}` }));
  }
  kinds.push(toDuel('chat empty', 'POST', '/chat', { text: '' }));
  kinds.push(toDuel('chat of spaces only', 'POST', '/chat', { text: '    ' }));
  kinds.push(toDuel('chat of 501 characters', 'POST', '/chat', { text: 'c'.repeat(501) }));
  kinds.push(toDuel('chat text a number', 'POST', '/chat', { text: 5 }));
  kinds.push(toDuel('chat with an extra field', 'POST', '/chat', { text: 'hi', from: '0' }));
  return kinds;
}

/** Who the request says it comes from. */
function tokenKinds(): Kind[] {
  const body = { seq: 1, key: 'k', action: roll };
  return [
    toDuel('no token', 'POST', '/actions', body, { who: 'nobody' }),
    toDuel('a made-up token', 'POST', '/actions', body, { token: 'not-a-real-token-at-all' }),
    toDuel('a token of 8 KB', 'POST', '/actions', body, { token: 't'.repeat(8_000) }),
    toDuel('an empty bearer', 'POST', '/actions', body, {
      who: 'nobody',
      headers: { authorization: 'Bearer ' },
    }),
    toDuel('Basic credentials', 'POST', '/actions', body, {
      who: 'nobody',
      headers: { authorization: 'Basic YTpi' },
    }),
    toDuel('a bearer in lower case', 'POST', '/actions', body, {
      who: 'nobody',
      headers: { authorization: 'bearer x' },
    }),
    {
      name: "another match's token",
      send: async (target) =>
        fromAnswer(
          await call(target.url, 'POST', `/matches/${target.duel.id}/actions`, {
            token: target.other.tokens['1'],
            body,
          }),
        ),
    },
    {
      name: 'the other seat acting out of turn',
      send: async (target) =>
        fromAnswer(
          await call(target.url, 'POST', `/matches/${target.duel.id}/actions`, {
            token: target.duel.tokens['0'],
            body: { seq: 1, key: 'k', action: roll },
          }),
        ),
    },
    toDuel('a view with a made-up token', 'GET', '/view', undefined, { token: 'made-up' }),
    toDuel('an undo without a token', 'POST', '/undo', { seq: 1, key: 'u' }, { who: 'nobody' }),
  ];
}

/** Sequence numbers, keys and undos that do not fit the match as it stands. */
function sequenceKinds(): Kind[] {
  return [
    action({ seq: 0, key: 'late', action: roll }),
    action({ seq: 7, key: 'future', action: roll }),
    action({ seq: 2 ** 53 - 1, key: 'far', action: roll }),
    toDuel('a key seat 0 used, sent by seat 1', 'POST', '/actions', {
      seq: 1,
      key: 'opening',
      action: roll,
    }),
    toDuel('undo of a roll (drew dice)', 'POST', '/undo', { seq: 1, key: 'u' }),
    toDuel('undo with 0 steps', 'POST', '/undo', { seq: 1, key: 'u', steps: 0 }),
    toDuel('undo with 21 steps', 'POST', '/undo', { seq: 1, key: 'u', steps: 21 }),
    toDuel('undo with steps as a string', 'POST', '/undo', { seq: 1, key: 'u', steps: '1' }),
    toDuel('undo at a stale sequence number', 'POST', '/undo', { seq: 0, key: 'u' }),
    toDuel('undo with a NUL in its key', 'POST', '/undo', { seq: 1, key: 'u\u0000' }),
    toDuel(
      'undo by seat 0, whose action is not the last',
      'POST',
      '/undo',
      { seq: 1, key: 'u' },
      { who: '0' },
    ),
  ];
}

/** A record's fields with nothing played: a match not over, whatever else is right. */
const recordShape = { ruleset: 'duel', version: '1', options: {}, seed: 's', actions: [] };

const importing = (name: string, body: unknown): Kind => ({
  name: `import: ${name}`,
  send: async (target) => fromAnswer(await call(target.url, 'POST', '/matches/import', { body })),
});

/** Joining, creating and importing, wrongly. */
function lobbyKinds(): Kind[] {
  const create = (name: string, body: unknown): Kind => ({
    name: `create: ${name}`,
    send: async (target) => fromAnswer(await call(target.url, 'POST', '/matches', { body })),
  });
  const join = (name: string, seat: string, body: unknown): Kind =>
    toDuel(`join: ${name}`, 'POST', `/seats/${seat}/join`, body, { who: 'nobody' });
  return [
    join('a seat already taken', '0', { invitation: 'x' }),
    join('seat 9', '9', { invitation: 'x' }),
    join('seat "-1"', '-1', {}),
    join('seat "..%2F0"', '..%2F0', {}),
    join('an invitation of another seat', '1', { invitation: 'A'.repeat(43) }),
    join('an invitation a number', '1', { invitation: 12 }),
    join('an invitation of 10 KB', '1', { invitation: 'i'.repeat(10_000) }),
    create('an unknown ruleset', { ruleset: 'chess' }),
    create('a ruleset a number', { ruleset: 7 }),
    create('a ruleset of 5,000 characters', { ruleset: 'r'.repeat(5_000) }),
    create('negative health', { ruleset: 'duel', options: { health: -4 } }),
    create('options a string', { ruleset: 'duel', options: 'all' }),
    create('a bot on seat 7', { ruleset: 'duel', bots: { '7': 'random' } }),
    create('an unknown bot', { ruleset: 'duel', bots: { '1': 'genius' } }),
    create('a takeover of 0 s', { ruleset: 'duel', takeover: { awaySeconds: 0 } }),
    create('nine Nemesis players', { ruleset: 'nemesis', options: { players: 9 } }),
    create('one character twice', {
      ruleset: 'nemesis',
      options: { players: 2, characters: ['captain', 'captain'] },
    }),
    create('Outgunned stacked dice', { ruleset: 'outgunned', options: { stackedDice: [6, 6, 6] } }),
    create('open a string', { ruleset: 'duel', open: 'yes' }),
    create('an extra field', { ruleset: 'duel', admin: true }),
    importing('a record of the wrong shape', { ruleset: 'duel' }),
    importing('a record not over', { ...recordShape, generator: 'fast' }),
    importing('an unknown generator', { ...recordShape, generator: 'dice' }),
  ];
}

/** Reading routes with queries, paths and methods that do not fit. */
function readKinds(): Kind[] {
  const get = (name: string, path: string, method = 'GET'): Kind => ({
    name: `${method} ${name}`,
    send: async (target) =>
      fromAnswer(await call(target.url, method, path.replace('ID', target.duel.id))),
  });
  return [
    get('log after -1', '/matches/ID/log?after=-1'),
    get('log after "abc"', '/matches/ID/log?after=abc'),
    get('log limit -5', '/matches/ID/log?limit=-5'),
    get('log with after twice', '/matches/ID/log?after=1&after=2'),
    get('log with an unknown parameter', '/matches/ID/log?admin=1'),
    get('the record of a match not over', '/matches/ID/record'),
    get('a replay of a match not over', '/matches/ID/replay?step=1'),
    get('a replay step "abc"', '/matches/ID/replay?step=abc'),
    get('matches limit "abc"', '/matches?limit=abc'),
    get('matches offset -1', '/matches?offset=-1'),
    get('chat after "abc"', '/matches/ID/chat?after=abc'),
    get('odds of a duel', '/matches/ID/odds'),
    get('re-roll odds of a 7', '/odds/outgunned/reroll?showing=7&difficulty=critical'),
    get('re-roll odds of letters', '/odds/outgunned/reroll?showing=a,b'),
    get('an unknown scene', '/rulesets/outgunned/scenes/nowhere'),
    get('a scene of an unknown ruleset', '/rulesets/chess/scenes/x'),
    get('a NUL in a match id', '/matches/a%00b'),
    get('a NUL in a match id, log', '/matches/a%00b/log'),
    get('a path that does not decode', '/matches/%E0%A4%A'),
    get('a lone surrogate in a path', '/matches/%ED%A0%80/view'),
    get('an encoded traversal', '/matches/..%2F..%2Fetc%2Fpasswd'),
    get('an encoded slash', '/matches/ID%2Fview'),
    get('a route of 3,000 characters', `/${'z'.repeat(3_000)}`),
    get('a match id of 10,000 characters', `/matches/${'m'.repeat(10_000)}/view`),
    get('a match id in Unicode', '/matches/%E2%98%83/view'),
    get('a route beyond a route', '/matches/ID/view/more'),
    get('a route in capitals', '/MATCHES/ID/VIEW'),
    get(
      'a query of 1,000 parameters',
      `/matches/ID/log?${Array.from({ length: 1_000 }, (_, index) => `p${index}=1`).join('&')}`,
    ),
    get('a match deleted', '/matches/ID', 'DELETE'),
    get('actions replaced', '/matches/ID/actions', 'PUT'),
    get('a match patched', '/matches/ID', 'PATCH'),
  ];
}

const pieceBytes = 64 * 1024;

/** One exchange on a bare connection: the bytes as sent, the answer as read. */
function exchange(port: number, bytes: string | Buffer, waitMs = 3_000): Promise<Outcome> {
  return new Promise((resolve) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => void writeUntilAnswered());
    // A large body goes out in pieces, with time for the server to answer between them,
    // and stops once it has: bytes it never read would make its close a reset, and a
    // reset can discard its answer before the answer is read here.
    const whole = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes, 'latin1');
    const writeUntilAnswered = async () => {
      for (let offset = 0; offset < whole.length && received === ''; offset += pieceBytes) {
        if (socket.destroyed) return;
        socket.write(whole.subarray(offset, offset + pieceBytes));
        await pause(20);
      }
    };
    const finish = () => {
      socket.destroy();
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      const body = received.split('\r\n\r\n').slice(1).join('\r\n\r\n');
      resolve({ via: 'http', status: status ? Number(status[1]) : 0, body: parseOrNull(body) });
    };
    const timer = setTimeout(finish, waitMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const length = /content-length: (\d+)/i.exec(received);
      const head = received.indexOf('\r\n\r\n');
      if (length && head >= 0 && received.length - head - 4 >= Number(length[1])) {
        clearTimeout(timer);
        finish();
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      finish();
    });
    socket.on('error', () => {});
  });
}

/** Requests whose bytes break HTTP itself: only a bare connection sends them. */
function wireKinds(): Kind[] {
  const bare = (
    name: string,
    build: (target: Target) => string | Buffer,
    waitMs?: number,
  ): Kind => ({
    name: `wire: ${name}`,
    send: (target) => exchange(target.port, build(target), waitMs),
  });
  const post = (target: Target, headers: string, body: string | Buffer) =>
    Buffer.concat([
      Buffer.from(
        `POST /matches/${target.duel.id}/actions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${target.duel.tokens['1']}\r\nConnection: close\r\n${headers}\r\n`,
        'latin1',
      ),
      Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'),
    ]);
  const get = (path: string, headers = '') =>
    `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n${headers}\r\n`;
  const valid = '{"seq":1,"key":"wire","action":{"type":"roll"}}';
  return [
    bare('headers of 64 KB', () => get('/health', `X-Pad: ${'h'.repeat(65_536)}\r\n`)),
    bare('a header with a control character', () => get('/health', 'X-Bad: a\u0001b\r\n')),
    bare('a header name with a space', () => get('/health', 'X Bad: v\r\n')),
    bare('a garbage request line', () => 'HELLO\r\n\r\n'),
    bare(
      'a request line of 10 KB',
      () => `GET /${'p'.repeat(10_000)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ),
    bare('an absolute-form target with a traversal', () =>
      get('http://evil.example/../etc/passwd'),
    ),
    bare('a raw traversal', () => get('/matches/../../../etc/passwd')),
    bare('an unknown HTTP version', () => 'GET /health HTTP/9.9\r\nHost: x\r\n\r\n'),
    bare('bare newlines', () => 'GET /health HTTP/1.1\nHost: x\n\n'),
    bare('chunked with a content length too', (target) =>
      post(
        target,
        `Content-Type: application/json\r\nContent-Length: ${valid.length}\r\nTransfer-Encoding: chunked\r\n`,
        `0\r\n\r\n${valid}`,
      ),
    ),
    bare('chunks that do not parse', (target) =>
      post(
        target,
        'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n',
        'zz\r\nabc\r\n0\r\n\r\n',
      ),
    ),
    bare('a negative content length', (target) =>
      post(target, 'Content-Type: application/json\r\nContent-Length: -1\r\n', valid),
    ),
    bare('a content length of a terabyte', (target) =>
      post(target, 'Content-Type: application/json\r\nContent-Length: 1000000000000\r\n', valid),
    ),
    bare('a content length twice, differing', (target) =>
      post(
        target,
        `Content-Type: application/json\r\nContent-Length: ${valid.length}\r\nContent-Length: 3\r\n`,
        valid,
      ),
    ),
    bare('a body of 4 MB', (target) =>
      post(
        target,
        'Content-Type: application/json\r\nContent-Length: 4000000\r\n',
        `{"seq":1,"key":"k","action":{"type":"roll","pad":"${'y'.repeat(3_999_950)}"}}`.slice(
          0,
          4_000_000,
        ),
      ),
    ),
    bare('bytes that are not UTF-8', (target) =>
      post(
        target,
        'Content-Type: application/json\r\nContent-Length: 40\r\n',
        Buffer.concat([
          Buffer.from('{"seq":1,"key":"'),
          Buffer.from([0xff, 0xfe, 0xc0, 0x80]),
          Buffer.from('","action":{"type":"roll"}}'),
        ]),
      ),
    ),
    bare('two authorization headers', (target) =>
      Buffer.from(
        `POST /matches/${target.duel.id}/actions HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${target.duel.tokens['0']}\r\nAuthorization: Bearer made-up\r\nContent-Type: application/json\r\nContent-Length: ${valid.length}\r\nConnection: close\r\n\r\n${valid}`,
      ),
    ),
    bare(
      'a request that stops arriving',
      (target) =>
        post(target, 'Content-Type: application/json\r\nContent-Length: 200\r\n', '{"seq":1,'),
      15_000,
    ),
  ];
}

/** Messages on a match's socket, optionally after subscribing as seat 1. */
function socketKind(
  name: string,
  messages: (target: Target) => (string | Buffer)[],
  subscribeFirst: boolean,
  matchOf: (target: Target) => string = (target) => target.duel.id,
): Kind {
  return {
    name: `socket: ${name}`,
    send: async (target) => {
      const frames: Json[] = [];
      let closeCode: number | null = null;
      let sending = false;
      const socket = await openSocket(target.url, matchOf(target), (raw) => {
        if (sending) frames.push(parseOrNull(raw));
        else if (parseOrNull(raw)?.type === 'state' || parseOrNull(raw)?.type === 'subscribed')
          frames.length = 0;
      });
      socket.on('close', (code) => {
        closeCode = code;
      });
      if (subscribeFirst) {
        socket.send(
          JSON.stringify({ type: 'subscribe', token: target.duel.tokens['1'], after: 1 }),
        );
        await pause(300);
      }
      sending = true;
      for (const message of messages(target)) socket.send(message);
      for (let waited = 0; waited < 2_000; waited += 50) {
        if (closeCode !== null || frames.some((frame) => frame?.type === 'error')) break;
        await pause(50);
      }
      socket.close();
      return {
        via: 'socket',
        errors: frames.filter((frame) => frame?.type === 'error'),
        closeCode,
      };
    },
  };
}

function socketKinds(): Kind[] {
  const text = (value: unknown) => () => [JSON.stringify(value)];
  // Each submit has a key of its own: one stored would make the next a replay, not a refusal.
  let keys = 0;
  const submit = (fields: Record<string, unknown>) =>
    text({ type: 'submit', id: 's', seq: 1, key: `ws-${keys++}`, action: roll, ...fields });
  return [
    socketKind('not JSON', () => ['{not json'], false),
    socketKind('an unknown message', text({ type: 'shout', words: 'w'.repeat(2_000) }), false),
    socketKind(
      'a ping with a long field name',
      text({ type: 'ping', ['w'.repeat(2_000)]: 1 }),
      false,
    ),
    socketKind('a submit before subscribing', submit({}), false),
    socketKind(
      'a subscribe with a wrong token',
      text({ type: 'subscribe', token: 'wrong', after: 0 }),
      false,
    ),
    socketKind('a subscribe after -1', text({ type: 'subscribe', after: -1 }), false),
    socketKind('a subscribe after "x"', text({ type: 'subscribe', after: 'x' }), false),
    socketKind(
      'a subscribe with a token of 8 KB',
      text({ type: 'subscribe', token: 't'.repeat(8_000), after: 0 }),
      false,
    ),
    socketKind('a JSON array', text([1, 2]), false),
    socketKind('JSON null', () => ['null'], false),
    socketKind('a binary frame', () => [Buffer.from([0, 1, 2, 255])], false),
    socketKind(
      'a message nested 5,000 deep',
      () => [`${'['.repeat(5_000)}${']'.repeat(5_000)}`],
      false,
    ),
    socketKind(
      'a message of 40 KB',
      () => [JSON.stringify({ type: 'ping', pad: 'p'.repeat(40_000) })],
      false,
    ),
    socketKind('a second subscribe', text({ type: 'subscribe', after: 0 }), true),
    socketKind('a submit with a NUL in its key', submit({ key: 'k\u0000' }), true),
    socketKind('a submit with a lone surrogate in its key', submit({ key: '\ud800' }), true),
    socketKind(
      'a stale submit with a lone surrogate in its id, echoed in the error',
      submit({ id: '\udc00', seq: 0 }),
      true,
    ),
    socketKind('a submit at a stale sequence number', submit({ seq: 0 }), true),
    socketKind('a submit from the future', submit({ seq: 99 }), true),
    socketKind('a submit of an unknown action', submit({ action: { type: 'win' } }), true),
    socketKind("a submit with the bots' key prefix", submit({ key: 'bot:x' }), true),
    socketKind('a submit with seq a string', submit({ seq: '1' }), true),
    socketKind('an undo of a roll', text({ type: 'undo', id: 'u', seq: 1, key: 'wu-1' }), true),
    socketKind(
      'an undo of 99 steps',
      text({ type: 'undo', id: 'u', seq: 1, key: 'wu-2', steps: 99 }),
      true,
    ),
    socketKind('a chat with a lone surrogate', text({ type: 'chat', text: 'hi \ud800' }), true),
    socketKind('a chat with a newline', text({ type: 'chat', text: 'two\nlines' }), true),
    socketKind('a chat of 501 characters', text({ type: 'chat', text: 'c'.repeat(501) }), true),
    socketKind(
      'a subscribe to a match that does not exist',
      text({ type: 'subscribe', after: 0 }),
      false,
      () => 'm_nothing',
    ),
  ];
}

export function catalogue(): Kind[] {
  return [
    ...shapeKinds(),
    ...syntaxKinds(),
    ...textKinds(),
    ...tokenKinds(),
    ...sequenceKinds(),
    ...lobbyKinds(),
    ...readKinds(),
    ...wireKinds(),
    ...socketKinds(),
  ];
}

/** Everything the seats and a spectator can read of the matches aimed at. */
async function fingerprint(target: Target): Promise<string> {
  const reads = await Promise.all([
    call(target.url, 'GET', `/matches/${target.duel.id}/view`, { token: target.duel.tokens['0'] }),
    call(target.url, 'GET', `/matches/${target.duel.id}/view`, { token: target.duel.tokens['1'] }),
    call(target.url, 'GET', `/matches/${target.duel.id}/log`),
    call(target.url, 'GET', `/matches/${target.duel.id}`),
    call(target.url, 'GET', `/matches/${target.duel.id}/chat`),
    call(target.url, 'GET', `/matches/${target.other.id}/log`),
    call(target.url, 'GET', `/matches/${target.nemesis.id}/view`, {
      token: target.nemesis.tokens['0'],
    }),
    call(target.url, 'GET', '/matches'),
  ]);
  return reads.map((read) => `${read.status} ${read.text}`).join('\n');
}

type Verdict = 'clean' | 'otherwise' | 'server-error';

function judge(outcome: Outcome): Verdict {
  if (outcome.via === 'socket') {
    const worded = outcome.errors.every(
      (error) => typeof error.code === 'string' && typeof error.message === 'string',
    );
    if (outcome.errors.length > 0 && worded) return 'clean';
    return outcome.closeCode === 1008 || outcome.closeCode === 1009 ? 'clean' : 'otherwise';
  }
  if (outcome.status >= 500) return 'server-error';
  const worded =
    typeof outcome.body?.code === 'string' && typeof outcome.body?.message === 'string';
  return outcome.status >= 400 && outcome.status < 500 && worded ? 'clean' : 'otherwise';
}

/** Seat 0 rolls once: the duel then waits on seat 1, at sequence number 1. */
async function prepare(url: string, port: number): Promise<Target> {
  const duel = await createAndJoin(url, { ruleset: 'duel' }, ['0', '1']);
  const other = await createAndJoin(url, { ruleset: 'duel' }, ['0', '1']);
  const nemesis = await createAndJoin(url, { ruleset: 'nemesis', options: { players: 2 } }, [
    '0',
    '1',
  ]);
  await expectStatus(200, url, 'POST', `/matches/${duel.id}/actions`, {
    token: duel.tokens['0'],
    body: { seq: 0, key: 'opening', action: roll },
  });
  return { url, port, duel, other, nemesis };
}

export async function runHostile(options: { folder: string }): Promise<HostileFigures> {
  const started = performance.now();
  const host = await startHost({ db: join(options.folder, 'hostile.db'), limits: 'lifted' });
  const figures: HostileFigures = {
    kinds: 0,
    refused_cleanly: 0,
    refused_otherwise: 0,
    server_errors: 0,
    state_changes: 0,
    unclean: [],
    changed: [],
    elapsed_s: 0,
  };
  try {
    const target = await prepare(host.url, Number(new URL(host.url).port));
    for (const kind of catalogue()) {
      const before = await fingerprint(target);
      // A request the server cut off while it was still being sent reads as status 0.
      const outcome = await kind
        .send(target)
        .catch((): Outcome => ({ via: 'http', status: 0, body: null }));
      figures.kinds++;
      const verdict = judge(outcome);
      if (verdict === 'clean') figures.refused_cleanly++;
      else if (verdict === 'server-error') figures.server_errors++;
      else figures.refused_otherwise++;
      if (verdict !== 'clean') figures.unclean.push(`${kind.name} (${describe(outcome)})`);
      if ((await fingerprint(target)) !== before) {
        figures.state_changes++;
        figures.changed.push(kind.name);
      }
    }
    // The server still answers after all of it.
    await expectStatus(200, host.url, 'GET', '/health');
  } finally {
    await host.stop();
  }
  figures.elapsed_s = Number(((performance.now() - started) / 1000).toFixed(1));
  return figures;
}

function describe(outcome: Outcome): string {
  if (outcome.via === 'socket')
    return `socket: ${outcome.errors.length} errors, closed ${outcome.closeCode ?? 'no'}`;
  if (outcome.status === 0) return 'the connection was closed without an answer';
  return `${outcome.status} ${JSON.stringify(outcome.body)?.slice(0, 80)}`;
}
