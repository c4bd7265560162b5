import type { Socket } from 'node:net';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { BotPool, type BotSource } from './bot-pool.js';
import { describeIssue, quote, shorten, TableError } from './errors.js';
import { createMetrics } from './metrics.js';
import { serveOdds } from './odds.js';
import type { TrustProxy } from './proxy.js';
import type { TableRuleset } from './registry.js';
import {
  accepted,
  backAnswer,
  type ClientMessage,
  chatBody,
  chatPage,
  chatPosted,
  chatQuery,
  clientMessage,
  createBody,
  createdMatch,
  errorBody,
  joinBody,
  joined,
  jsonSchema,
  listQuery,
  logPage,
  logQuery,
  matchInfo,
  matchList,
  matchParams,
  record,
  recordQuery,
  referenceBody,
  replayFrame,
  replayQuery,
  rulesetList,
  rulesetParams,
  sceneParams,
  seatParams,
  stateMessage,
  submitBody,
  undoBody,
} from './schemas.js';
import { serveSeats } from './seats.js';
import type { Storage } from './storage/storage.js';
import { botKeyPrefix, type ChatLimits, type Follower, type Reader, Tables } from './tables.js';
import { hashToken } from './tokens.js';
import { serveWeb } from './web.js';

export interface ServerLimits {
  /** Largest request body, in bytes. */
  bodyBytes: number;
  /** Largest WebSocket message, in bytes. */
  messageBytes: number;
  /** Requests per seat token per `rateWindowMs`. */
  rateMax: number;
  /**
   * Requests per client address per `rateWindowMs`, whatever token they
   * carry: a new made-up token per request gets no fresh allowance.
   */
  addressRateMax: number;
  rateWindowMs: number;
  /** Matches one client address may create per minute. */
  createPerMinute: number;
  /** WebSockets one client address may hold open at once. */
  socketsPerAddress: number;
  /** WebSocket messages per socket per `rateWindowMs`. */
  socketRateMax: number;
  /** A request must be answered within this long. */
  requestTimeoutMs: number;
  /** A socket that sends nothing for this long is closed. */
  idleSocketMs: number;
  /** A socket whose reader lets this much go unread is closed. */
  socketBacklogBytes: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveMs: number;
  /** Largest match record `POST /matches/import` takes, in bytes. */
  recordBytes: number;
}

export const defaultLimits: ServerLimits = {
  bodyBytes: 64 * 1024,
  messageBytes: 16 * 1024,
  rateMax: 300,
  addressRateMax: 1_200,
  rateWindowMs: 10_000,
  createPerMinute: 60,
  socketsPerAddress: 64,
  socketRateMax: 300,
  requestTimeoutMs: 10_000,
  idleSocketMs: 60_000,
  socketBacklogBytes: 4 * 1024 * 1024,
  keepAliveMs: 5_000,
  recordBytes: 8 * 1024 * 1024,
};

export interface ServerOptions {
  storage: Storage;
  limits?: Partial<ServerLimits>;
  /** A snapshot every this many entries (50 by default). */
  snapshotEvery?: number;
  registry?: ReadonlyMap<string, TableRuleset>;
  /** Fastify's request log (off by default; it never holds tokens or bodies). */
  logger?: boolean;
  /** Where failures that no client caused are written; standard error by default. */
  report?: (message: string) => void;
  /** The built web table to serve at `/` (a folder holding index.html and assets/). */
  web?: string;
  /** The chat's limits (5 lines per reader per 10 s, 2,000 lines per match by default). */
  chat?: Partial<ChatLimits>;
  /** Whether the server plays a human seat's only answer when it reveals nothing (on by default). */
  forcedPlay?: boolean;
  /** The bound on the estimated bytes of the matches kept in memory (1 GiB by default). */
  cacheBytes?: number;
  /** How long finished matches are kept after their last entry, in milliseconds (for good by default). */
  retainFinishedMs?: number;
  /**
   * Whose `X-Forwarded-For` to believe, so that limits by client address
   * count the players behind a reverse proxy, not the proxy (none by default).
   */
  trustProxy?: TrustProxy;
  /**
   * Worker threads the bots think in, so that a thinking bot holds up no
   * other match; 0 (the default here) runs them on the event loop, for
   * tests and hosts with one core. `startServer` defaults to
   * `defaultBotThreads()`.
   */
  botThreads?: number;
  /** Where the bot threads find the bots: the server's own unless `registry` is a test's. */
  botSource?: BotSource;
}

/** Whose chat lines count together for the rate limit: a seat of the match, or a spectator's address. */
function chatLimitKey(matchId: string, reader: Reader, address: string): string {
  return reader === 'spectator' ? `address:${address}` : `seat:${matchId}:${reader}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    tables: Tables;
  }
}

const bearer = /^Bearer ([A-Za-z0-9_-]{1,200})$/;

/** The token of `Authorization: Bearer <token>`, undefined without the header. */
function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header === undefined) return undefined;
  const match = bearer.exec(header);
  if (!match) {
    throw new TableError(403, 'bad-token', 'the Authorization header must be "Bearer <token>"');
  }
  return match[1]!;
}

function requireToken(request: FastifyRequest): string {
  const token = tokenOf(request);
  if (token === undefined) {
    throw new TableError(
      401,
      'missing-token',
      'this route needs Authorization: Bearer <seat token>',
    );
  }
  return token;
}

function number(text: string | undefined, fallback: number, max: number): number {
  return text === undefined ? fallback : Math.min(Number(text), max);
}

function checkKey(key: string): void {
  if (key.startsWith(botKeyPrefix)) {
    throw new TableError(
      400,
      'bad-request',
      `body.key: keys starting "${botKeyPrefix}" are the bots'`,
    );
  }
}

interface ValidationIssue {
  instancePath: string;
  message?: string;
}

/** Names where the request was wrong without quoting more than a short prefix of it. */
function describeValidation(
  context: string | undefined,
  issues: readonly ValidationIssue[],
): string {
  return shorten(
    issues
      .slice(0, 3)
      .map((issue) => {
        const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const where =
          path.length > 0
            ? `${context}.${path.length > 32 ? `${path.slice(0, 32)}…` : path}`
            : context;
        return `${where}: ${issue.message ?? 'is not valid'}`;
      })
      .join('; '),
  );
}

const errors = {
  400: jsonSchema(errorBody),
  401: jsonSchema(errorBody),
  403: jsonSchema(errorBody),
  404: jsonSchema(errorBody),
  409: jsonSchema(errorBody),
  413: jsonSchema(errorBody),
  415: jsonSchema(errorBody),
  422: jsonSchema(errorBody),
  429: jsonSchema(errorBody),
  500: jsonSchema(errorBody),
};

/** A failure in one line: its message and where it was thrown, never the whole stack. */
export function failureLine(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, 300);
  const where = error.stack?.split('\n').find((line) => line.trim().startsWith('at '));
  return `${error.name}: ${error.message.slice(0, 300)}${where ? ` (${where.trim()})` : ''}`;
}

/**
 * Reports that say the same thing again within a minute are counted, not
 * written: a failing disk or database must not fill the log it writes to.
 */
export function oneLineReports(
  write: (message: string) => void,
  now: () => number = Date.now,
): (message: string) => void {
  const seen = new Map<string, { since: number; repeats: number }>();
  return (message) => {
    const line = message.replaceAll('\n', ' ');
    const at = now();
    const earlier = seen.get(line);
    if (earlier && at - earlier.since < 60_000) {
      earlier.repeats++;
      return;
    }
    if (seen.size > 1_000) seen.clear();
    const repeated = earlier?.repeats
      ? ` (and ${earlier.repeats} times more in the last minute)`
      : '';
    seen.set(line, { since: at, repeats: 0 });
    write(`${line}${repeated}`);
  };
}

/** The HTTP and WebSocket server over one storage; not yet listening. */
export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const limits = { ...defaultLimits, ...options.limits };
  // Failures no client caused; they name routes and matches, never bodies, tokens or seeds.
  const report = oneLineReports(
    options.report ?? ((message: string) => process.stderr.write(`tabletop server: ${message}\n`)),
  );
  const app = Fastify({
    logger: options.logger ?? false,
    // Behind a reverse proxy every request comes from the proxy: the per-address
    // limits then key on the address it forwards, believed from the proxies named.
    trustProxy: options.trustProxy ?? false,
    bodyLimit: limits.bodyBytes,
    requestTimeout: limits.requestTimeoutMs,
    // A connection that sends nothing for this long is dropped (a body that
    // stops arriving, say); WebSockets turn this off once upgraded.
    connectionTimeout: limits.requestTimeoutMs,
    // Node checks request timeouts every 30 s by default: too coarse for a 10 s limit.
    http: {
      connectionsCheckingInterval: Math.max(100, Math.min(1_000, limits.requestTimeoutMs / 2)),
    },
    keepAliveTimeout: limits.keepAliveMs,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, useDefaults: false } },
    // A path that does not decode is the client's mistake, answered in the API's words.
    frameworkErrors: (error, _request, reply) => {
      const bad = error.code === 'FST_ERR_BAD_URL';
      (reply as FastifyReply)
        .status(400)
        .send(
          bad
            ? { code: 'bad-url', message: 'the path does not decode' }
            : { code: 'bad-request', message: 'the request could not be read' },
        );
    },
    // Before any route: headers too large, or bytes that are not HTTP. Answered as JSON too.
    clientErrorHandler: (error, socket) => {
      if (!socket.writable) return;
      const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
      const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
      const body = JSON.stringify(
        tooLarge
          ? { code: 'headers-too-large', message: 'the request headers are too large' }
          : { code: 'bad-request', message: 'the request is not valid HTTP' },
      );
      socket.end(
        `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    },
  });
  // Counted from here on; the gauge of matches in memory reads the tables when scraped.
  let tablesMade: Tables | undefined;
  const bots = options.botThreads
    ? new BotPool({
        threads: options.botThreads,
        ...(options.botSource ? { source: options.botSource } : {}),
        report,
      })
    : null;
  const metrics = createMetrics({
    matchesInMemory: () => tablesMade?.matchesInMemory() ?? 0,
    cacheBytes: () => tablesMade?.cacheBytes() ?? 0,
    botThreads: () => bots?.threads ?? 0,
    botQuestionsWaiting: () => bots?.waiting() ?? 0,
  });
  const tables = new Tables({
    metrics,
    ...(bots ? { bots } : {}),
    storage: options.storage,
    ...(options.registry ? { registry: options.registry } : {}),
    ...(options.snapshotEvery ? { snapshotEvery: options.snapshotEvery } : {}),
    ...(options.chat ? { chat: options.chat } : {}),
    ...(options.forcedPlay !== undefined ? { forcedPlay: options.forcedPlay } : {}),
    ...(options.cacheBytes !== undefined ? { cacheBytes: options.cacheBytes } : {}),
    ...(options.retainFinishedMs !== undefined
      ? { retainFinishedMs: options.retainFinishedMs }
      : {}),
    report,
  });
  tablesMade = tables;
  try {
    await tables.start();
  } catch (error) {
    await bots?.close();
    throw error;
  }
  // Every answer, the page's and the API's: the page loads only its own files, is never framed,
  // and no response is sniffed into another type. Plain HTTP on a LAN stays plain HTTP (no upgrade).
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.decorate('tables', tables);
  app.addHook('onClose', async () => {
    await tables.close();
    await bots?.close();
  });
  // Bodies are JSON only: plain text is refused as a media type, not read as a string.
  app.removeContentTypeParser('text/plain');

  // Response schemas document the routes; bodies are written as they are.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof TableError) return reply.status(error.status).send(error.body());
    const failure = error as {
      statusCode?: number;
      code?: string;
      message?: string;
      validation?: ValidationIssue[];
      validationContext?: string;
    };
    if (failure.validation) {
      return reply.status(400).send({
        code: 'bad-request',
        message: describeValidation(failure.validationContext, failure.validation),
      });
    }
    if (failure.statusCode === 429) {
      return reply.status(429).send({
        code: 'rate-limited',
        message: failure.message ?? 'too many requests: wait and try again',
      });
    }
    switch (failure.code) {
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return reply
          .status(400)
          .send({ code: 'bad-request', message: 'the body is not valid JSON' });
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return reply.status(400).send({
          code: 'bad-request',
          message: 'the body is empty; send JSON (an object)',
        });
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return reply.status(413).send({
          code: 'body-too-large',
          message: `the body is over ${request.routeOptions.bodyLimit ?? limits.bodyBytes} bytes`,
        });
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return reply.status(415).send({
          code: 'unsupported-media-type',
          message: 'send bodies as application/json',
        });
    }
    if (failure.statusCode !== undefined && failure.statusCode < 500) {
      return reply
        .status(failure.statusCode)
        .send({ code: 'bad-request', message: 'the request could not be read' });
    }
    report(
      `${request.method} ${request.routeOptions.url ?? 'unknown route'} failed: ${failureLine(error)}`,
    );
    return reply
      .status(500)
      .send({ code: 'internal', message: 'the server failed; nothing was changed' });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      code: 'not-found',
      message: `no route ${request.method} ${quote(request.url.split('?')[0])}`,
    });
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'tabletop server',
        version: '0.1.0',
        description: 'Matches of Nemesis, the Outgunned fight and the dice duel; see the README.',
      },
    },
  });
  // Every request counts against its client address, whatever token it carries; a request
  // with a token counts against that token too (a seat behind a shared address keeps its own).
  await app.register(rateLimit, {
    global: true,
    max: limits.addressRateMax,
    timeWindow: limits.rateWindowMs,
    keyGenerator: (request) => `address:${request.ip}`,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate-limited',
      message: `too many requests: at most ${context.max} per ${context.after}`,
    }),
  });
  // Counted apart from the address's limit (the plugin's own handlers run once a request).
  const perToken = app.createRateLimit({
    max: limits.rateMax,
    timeWindow: limits.rateWindowMs,
    keyGenerator: (request) => `token:${hashToken(String(request.headers.authorization))}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (typeof request.headers.authorization !== 'string') return;
    const counted = await perToken(request);
    if (!counted.isAllowed && counted.isExceeded) {
      return reply.status(429).send({
        code: 'rate-limited',
        message: `too many requests for this token: at most ${limits.rateMax} per ${limits.rateWindowMs / 1000} s`,
      });
    }
  });
  await app.register(websocket, {
    options: { maxPayload: limits.messageBytes },
    // Draining (SIGTERM, say): requests under way finish, new ones get 503, and each socket is
    // closed with 1012 "service restart" so its client reconnects to this or another process.
    preClose(done) {
      for (const client of app.websocketServer.clients)
        client.close(1012, 'the server restarts: reconnect');
      app.websocketServer.close(() => done());
    },
  });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  if (options.web) serveWeb(app, options.web);

  app.get('/health', { schema: { hide: true } }, async () => ({ ok: true }));
  // Alive: the process answers. Ready: it can read its storage, so it may be sent players.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ ok: true }));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await options.storage.getMatch('readyz');
      return { ok: true };
    } catch {
      return reply.status(503).send({ code: 'not-ready', message: 'the storage does not answer' });
    }
  });
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );
  app.addHook('onResponse', async (request, reply) => {
    metrics.answered(
      request.method,
      request.routeOptions.url ?? 'unknown',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  serveOdds(app, errors, tokenOf);
  serveSeats(app, options.registry, errors);

  app.get(
    '/rulesets',
    {
      schema: {
        summary: 'the rulesets this server offers, with their bots and example scenes',
        response: { 200: jsonSchema(rulesetList) },
      },
    },
    async () => ({ rulesets: tables.rulesets() }),
  );

  app.get(
    '/rulesets/:id/reference',
    {
      schema: {
        summary: "the ruleset's rules reference: public, the same for everyone",
        params: jsonSchema(rulesetParams),
        response: { 200: jsonSchema(referenceBody), ...errors },
      },
    },
    async (request, reply) => {
      const reference = tables.reference((request.params as { id: string }).id);
      // The same until the server is upgraded, which restarts it.
      reply.header('cache-control', 'public, max-age=3600');
      return reference;
    },
  );

  app.get(
    '/rulesets/:id/scenes/:scene',
    {
      schema: {
        summary: 'an example scene, to send as options.scene when creating a match',
        params: jsonSchema(sceneParams),
        response: { 200: { type: 'object', additionalProperties: true }, ...errors },
      },
    },
    async (request, reply) => {
      const { id, scene } = request.params as { id: string; scene: string };
      const found = tables.scene(id, scene);
      reply.header('cache-control', 'public, max-age=3600');
      return found;
    },
  );

  app.post(
    '/matches',
    {
      config: {
        rateLimit: {
          max: limits.createPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `create:${request.ip}`,
        },
      },
      schema: {
        summary: "create a match; the answer holds each human seat's invitation, once",
        body: jsonSchema(createBody),
        response: { 201: jsonSchema(createdMatch), ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body as ReturnType<typeof createBody.parse>;
      reply.status(201);
      return tables.create(body);
    },
  );

  app.post(
    '/matches/import',
    {
      // A long match's record is larger than a move: the body may be too.
      bodyLimit: Math.max(limits.bodyBytes, limits.recordBytes),
      config: {
        rateLimit: {
          max: limits.createPerMinute,
          timeWindow: 60_000,
          keyGenerator: (request: FastifyRequest) => `create:${request.ip}`,
        },
      },
      schema: {
        summary:
          'a new match from the record of a finished one (GET /matches/{id}/record), replayed and checked',
        body: {
          type: 'object',
          description:
            'the record: { ruleset, version, options, seed, generator, actions: [ { seat, action } ] }',
        },
        response: { 201: jsonSchema(matchInfo), ...errors },
      },
    },
    async (request, reply) => {
      const imported = await tables.importRecord(request.body);
      reply.status(201);
      return imported;
    },
  );

  app.get(
    '/matches',
    {
      schema: {
        summary: 'list the open matches, newest first',
        querystring: jsonSchema(listQuery),
        response: { 200: jsonSchema(matchList), ...errors },
      },
    },
    async (request) => {
      const query = request.query as { limit?: string; offset?: string };
      return {
        matches: await tables.list(number(query.limit, 50, 500), number(query.offset, 0, 1e9)),
      };
    },
  );

  app.get(
    '/matches/:id',
    {
      schema: {
        summary: "a match's public summary",
        params: jsonSchema(matchParams),
        response: { 200: jsonSchema(matchInfo), ...errors },
      },
    },
    async (request) => tables.info((request.params as { id: string }).id),
  );

  app.post(
    '/matches/:id/seats/:seat/join',
    {
      schema: {
        summary:
          "take a human seat with its invitation (an open match's without); the token is shown once",
        params: jsonSchema(seatParams),
        body: jsonSchema(joinBody),
        response: { 201: jsonSchema(joined), ...errors },
      },
      // An open match's seat is joined with no body at all: checked as an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const { id, seat } = request.params as { id: string; seat: string };
      const body = request.body as { invitation?: string } | undefined;
      const answer = await tables.join(id, seat, body?.invitation);
      reply.status(201);
      return answer;
    },
  );

  app.get(
    '/matches/:id/view',
    {
      schema: {
        summary: "the reader's view, prompts and legal actions (a spectator's without a token)",
        params: jsonSchema(matchParams),
        response: { 200: jsonSchema(stateMessage), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const reader = await tables.reader(id, tokenOf(request));
      return tables.view(id, reader);
    },
  );

  app.post(
    '/matches/:id/actions',
    {
      schema: {
        summary: 'submit an action, with the sequence number seen and an idempotency key',
        params: jsonSchema(matchParams),
        body: jsonSchema(submitBody),
        response: { 200: jsonSchema(accepted), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const body = request.body as { seq: number; key: string; action: unknown };
      const seat = await seatOf(id, request);
      checkKey(body.key);
      return tables.submit(id, seat, body);
    },
  );

  app.post(
    '/matches/:id/undo',
    {
      schema: {
        summary: "take back the seat's own last action, where the undo policy allows",
        params: jsonSchema(matchParams),
        body: jsonSchema(undoBody),
        response: { 200: jsonSchema(accepted), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const body = request.body as { seq: number; key: string; steps?: number };
      const seat = await seatOf(id, request);
      checkKey(body.key);
      return tables.undo(id, seat, body);
    },
  );

  app.post(
    '/matches/:id/back',
    {
      schema: {
        summary: 'take the seat back from the bot standing in for it (nothing changes without one)',
        params: jsonSchema(matchParams),
        response: { 200: jsonSchema(backAnswer), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return tables.back(id, await seatOf(id, request));
    },
  );

  app.get(
    '/matches/:id/log',
    {
      schema: {
        summary: 'the log as the reader may see it',
        params: jsonSchema(matchParams),
        querystring: jsonSchema(logQuery),
        response: { 200: jsonSchema(logPage), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const query = request.query as { after?: string; limit?: string };
      const reader = await tables.reader(id, tokenOf(request));
      return tables.log(id, reader, number(query.after, 0, 1e15), number(query.limit, 500, 1_000));
    },
  );

  app.get(
    '/matches/:id/record',
    {
      schema: {
        summary: 'the record, seed included, once the match is over (for bug reports and replays)',
        params: jsonSchema(matchParams),
        querystring: jsonSchema(recordQuery),
        response: { 200: jsonSchema(record), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const found = (await tables.record(id)) as { ruleset: string };
      if ((request.query as { download?: string }).download === '1') {
        const name = `${found.ruleset}-${id}`.replace(/[^A-Za-z0-9_.-]/g, '_');
        reply.header('content-disposition', `attachment; filename="${name}.json"`);
      }
      return found;
    },
  );

  app.get(
    '/matches/:id/replay',
    {
      schema: {
        summary: 'a finished match as a reader saw it after some of its actions, with its words',
        params: jsonSchema(matchParams),
        querystring: jsonSchema(replayQuery),
        response: { 200: jsonSchema(replayFrame), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const query = request.query as { step?: string; seat?: string };
      const seat = typeof query.seat === 'string' && query.seat !== '' ? query.seat : 'spectator';
      const step = query.step ?? '0';
      if (!/^[0-9]{1,9}$/.test(step)) {
        throw new TableError(400, 'bad-request', 'querystring.step: a whole number of actions');
      }
      return tables.replayView(id, Number(step), seat);
    },
  );

  app.get(
    '/matches/:id/chat',
    {
      schema: {
        summary: "the match's chat lines after an id: the same for every reader",
        params: jsonSchema(matchParams),
        querystring: jsonSchema(chatQuery),
        response: { 200: jsonSchema(chatPage), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const query = request.query as { after?: string; limit?: string };
      await tables.reader(id, tokenOf(request));
      const lines = await tables.chatLines(
        id,
        number(query.after, 0, 1e15),
        Math.max(1, number(query.limit, 500, 2_000)),
      );
      return { lines };
    },
  );

  app.post(
    '/matches/:id/chat',
    {
      schema: {
        summary: "write a line in the match's chat: a seat with its token, a spectator without",
        params: jsonSchema(matchParams),
        body: jsonSchema(chatBody),
        response: { 201: jsonSchema(chatPosted), ...errors },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { text } = request.body as { text: string };
      const reader = await tables.reader(id, tokenOf(request));
      const line = await tables.chat(id, reader, text, chatLimitKey(id, reader, request.ip));
      reply.status(201);
      return { line };
    },
  );

  async function seatOf(matchId: string, request: FastifyRequest): Promise<string> {
    const reader = await tables.reader(matchId, requireToken(request));
    if (reader === 'spectator') throw new TableError(401, 'missing-token', 'spectators cannot act');
    return reader;
  }

  /** Open sockets by client address, for `socketsPerAddress`. */
  const socketsByAddress = new Map<string, number>();
  app.get(
    '/matches/:id/socket',
    { websocket: true, schema: { hide: true, params: jsonSchema(matchParams) } },
    (socket, request) => {
      const held = socketsByAddress.get(request.ip) ?? 0;
      if (held >= limits.socketsPerAddress) {
        socket.close(1008, 'too many sockets from this address');
        return;
      }
      socketsByAddress.set(request.ip, held + 1);
      metrics.socketOpened();
      socket.once('close', () => {
        metrics.socketClosed();
        const left = (socketsByAddress.get(request.ip) ?? 1) - 1;
        if (left > 0) socketsByAddress.set(request.ip, left);
        else socketsByAddress.delete(request.ip);
      });
      serveSocket(socket, tables, (request.params as { id: string }).id, limits, request.ip);
    },
  );

  return app;
}

function errorMessage(error: unknown, id?: string): Record<string, unknown> {
  const body =
    error instanceof TableError
      ? error.body()
      : { code: 'internal', message: 'the server failed; nothing was changed' };
  return { type: 'error', ...(id === undefined ? {} : { id }), ...body };
}

/** One WebSocket: a subscription to one match, and the seat's submits and undos. */
function serveSocket(
  socket: WebSocket,
  tables: Tables,
  matchId: string,
  limits: ServerLimits,
  address: string,
): void {
  let reader: Reader | null = null;
  let follower: Follower | null = null;
  let latest = 0;
  let subscribing = false;
  let windowStart = Date.now();
  let inWindow = 0;

  // Messages sent in one tick (an entry and the state after it, say) leave
  // in one write: ws writes each frame on its own otherwise.
  const connection = (socket as { _socket?: Socket })._socket;
  let corked = false;
  const uncork = () => {
    corked = false;
    connection?.uncork();
  };
  const send = (message: object) => {
    if (socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > limits.socketBacklogBytes) {
      // A close frame would wait behind the unread backlog: drop the connection.
      socket.terminate();
      return;
    }
    if (connection && !corked) {
      corked = true;
      connection.cork();
      process.nextTick(uncork);
    }
    socket.send(JSON.stringify(message));
  };
  // Restarted, not made anew, at each message: a socket may send hundreds a minute.
  const idle = setTimeout(() => socket.close(1001, 'idle'), limits.idleSocketMs);
  const resetIdle = () => idle.refresh();

  socket.on('close', () => {
    clearTimeout(idle);
    follower?.stop();
  });
  socket.on('error', () => socket.terminate());

  socket.on('message', (data, isBinary) => {
    resetIdle();
    const now = Date.now();
    if (now - windowStart >= limits.rateWindowMs) {
      windowStart = now;
      inWindow = 0;
    }
    if (++inWindow > limits.socketRateMax) {
      send({
        type: 'error',
        code: 'rate-limited',
        message: `too many messages: at most ${limits.socketRateMax} per ${limits.rateWindowMs} ms`,
      });
      return;
    }
    if (isBinary) {
      send({ type: 'error', code: 'bad-request', message: 'send JSON text messages' });
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(data.toString());
    } catch {
      send({ type: 'error', code: 'bad-request', message: 'the message is not valid JSON' });
      return;
    }
    const parsed = clientMessage.safeParse(raw);
    if (!parsed.success) {
      send({
        type: 'error',
        code: 'bad-request',
        message: `message ${describeIssue(parsed.error.issues)}`,
      });
      return;
    }
    void handle(parsed.data);
  });

  async function handle(message: ClientMessage): Promise<void> {
    switch (message.type) {
      case 'ping':
        send({ type: 'pong', seq: latest });
        return;
      case 'subscribe': {
        if (subscribing || follower) {
          send({
            type: 'error',
            code: 'already-subscribed',
            message: 'this socket is subscribed already',
          });
          return;
        }
        subscribing = true;
        try {
          reader = await tables.reader(matchId, message.token);
          const followed = await tables.follow(matchId, reader, message.after, (update) => {
            if (update.type !== 'chat') latest = Math.max(latest, update.seq);
            send(update);
          });
          if (socket.readyState !== socket.OPEN) followed.follower.stop();
          else follower = followed.follower;
        } catch (error) {
          send(errorMessage(error));
          socket.close(1008, 'subscription refused');
        } finally {
          subscribing = false;
        }
        return;
      }
      case 'chat': {
        try {
          if (reader === null || follower === null) {
            throw new TableError(
              401,
              'not-subscribed',
              'subscribe first (with a seat token, or without one as a spectator)',
            );
          }
          await tables.chat(matchId, reader, message.text, chatLimitKey(matchId, reader, address));
        } catch (error) {
          send(errorMessage(error, message.id));
        }
        return;
      }
      case 'back': {
        try {
          if (reader === null || follower === null) {
            throw new TableError(401, 'not-subscribed', 'subscribe with a seat token first');
          }
          if (reader === 'spectator')
            throw new TableError(401, 'missing-token', 'spectators have no seat to take back');
          const answer = await tables.back(matchId, reader);
          send({ type: 'accepted', id: message.id, seq: answer.seq, replayed: false });
        } catch (error) {
          send(errorMessage(error, message.id));
        }
        return;
      }
      case 'submit':
      case 'undo': {
        try {
          if (reader === null || follower === null) {
            throw new TableError(401, 'not-subscribed', 'subscribe with a seat token first');
          }
          if (reader === 'spectator')
            throw new TableError(401, 'missing-token', 'spectators cannot act');
          checkKey(message.key);
          const receipt = { follower, id: message.id };
          const answer =
            message.type === 'submit'
              ? await tables.submit(matchId, reader, message, receipt)
              : await tables.undo(matchId, reader, message, receipt);
          // A fresh entry carries its answer in its own frame; a replayed one has no frame.
          if (answer.replayed)
            send({ type: 'accepted', id: message.id, seq: answer.seq, replayed: true });
        } catch (error) {
          send(errorMessage(error, message.id));
        }
      }
    }
  }
}
