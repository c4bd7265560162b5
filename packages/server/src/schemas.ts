import { z } from 'zod';
import { takeoverBody } from './takeover.js';

/**
 * The wire shapes, in zod: the routes declare their JSON Schema from these
 * (and the OpenAPI document shows them); WebSocket messages are parsed with
 * them directly.
 */

const seq = z.number().int().min(0).describe('a sequence number: 0 after setup, +1 per entry');
/**
 * Text every store keeps as it came: no control character (PostgreSQL
 * refuses a NUL) and no lone surrogate (two such strings would read alike
 * once stored as UTF-8). Checked at the edge, so both stores see the same.
 */
const plain = /^[^\p{Cc}\p{Cs}]*$/u;
const plainError = 'must be text without control characters or lone surrogates';
const key = z
  .string()
  .min(1)
  .max(100)
  .regex(plain, plainError)
  .describe('an idempotency key chosen by the client, unique within the match');
const action = z
  .looseObject({})
  .describe('an action in the ruleset\'s wire shape, e.g. {"type":"roll"}');
const name = z.string().min(1).max(40).regex(plain, plainError);
const matchId = z.string().min(1).max(64).regex(plain, plainError);

export const matchParams = z.strictObject({ id: matchId });
export const seatParams = z.strictObject({ id: matchId, seat: name });

export const createBody = z.strictObject({
  ruleset: name.describe('duel, nemesis or outgunned'),
  options: z
    .looseObject({})
    .optional()
    .describe("the ruleset's options; defaults for what is left out"),
  bots: z
    .record(name, name)
    .optional()
    .describe('seat -> bot name, for the seats bots play; the others are human'),
  open: z
    .boolean()
    .optional()
    .describe(
      'true: listed by GET /matches, and a free seat is joined without an invitation; false by default',
    ),
  takeover: takeoverBody.optional(),
});

const invitation = z
  .string()
  .min(1)
  .max(200)
  .regex(plain, plainError)
  .describe("the seat's invitation secret, which its link carries");
export const joinBody = z.strictObject({ invitation: invitation.optional() });

export const submitBody = z.strictObject({ seq, key, action });
const steps = z
  .number()
  .int()
  .min(1)
  .max(20)
  .optional()
  .describe(
    "how many of the seat's last actions to take back at once, all or none (1 when left out)",
  );
export const undoBody = z.strictObject({ seq, key, steps });

const digits = z.string().regex(/^[0-9]{1,15}$/);
export const listQuery = z.strictObject({ limit: digits.optional(), offset: digits.optional() });
export const logQuery = z.strictObject({
  after: digits.optional().describe('entries with a greater sequence number are listed'),
  limit: digits.optional(),
});

const anything = z.unknown();
const seatKind = z.enum(['human', 'bot']);
const listedSeat = z.object({
  seat: z.string(),
  kind: seatKind,
  bot: z.string().nullable(),
  joined: z.boolean(),
});
const publicSeat = listedSeat.extend({
  standIn: z
    .string()
    .nullable()
    .describe('the bot playing this human seat until its player is back; null when none'),
});
const takeoverSettings = z
  .object({
    awaySeconds: z.number().int().nullable(),
    turnSeconds: z.number().int().nullable(),
    bot: z.string().nullable(),
  })
  .nullable()
  .describe('stand-in bots and turn timers, as chosen at creation; null when off');
const prompt = z.object({
  mode: z.enum(['single', 'simultaneous', 'window']),
  seats: z.array(z.string()),
  answer: z.string(),
  text: z.string(),
  choices: z.array(z.object({ label: z.string(), action: anything })).optional(),
});
const gameEvent = z.looseObject({ type: z.string(), audience: anything });
const result = z
  .looseObject({ winners: z.array(z.string()), summary: z.string() })
  .nullable()
  .describe("the ruleset's Result once the match is over, else null");

export const errorBody = z.looseObject({
  code: z.string(),
  message: z.string(),
  seq: z.number().int().optional(),
});

export const matchInfo = z.object({
  id: z.string(),
  ruleset: z.string(),
  version: z.string(),
  seats: z.array(publicSeat),
  open: z.boolean().describe('listed, its free seats joined without an invitation'),
  seq: z.number().int(),
  over: z.boolean(),
  result,
  takeover: takeoverSettings,
});

export const matchList = z.object({
  matches: z.array(
    z.object({
      id: z.string(),
      ruleset: z.string(),
      version: z.string(),
      seats: z.array(listedSeat),
      seq: z.number().int(),
      over: z.boolean(),
      createdAt: z.number().int(),
    }),
  ),
});

export const createdMatch = matchInfo.extend({
  invitations: z
    .array(
      z.object({
        seat: z.string(),
        invitation: z.string(),
        link: z.string().describe('the web join link, relative to the server'),
      }),
    )
    .describe("one per human seat, told to the match's creator only: hand each to one player"),
});

export const joined = z.object({ seat: z.string(), token: z.string() });

/** The words about one thing (the engine's Entry). */
export const entry = z.object({
  key: z.string(),
  name: z.string(),
  kind: z.string(),
  cost: z.string().optional(),
  tags: z.array(z.string()).optional(),
  text: z.string(),
  state: z.string().optional(),
  parts: z.array(z.object({ text: z.string(), holds: z.boolean().nullable() })).optional(),
  see: z.array(z.string()).optional(),
});
const things = z
  .record(z.string(), entry)
  .optional()
  .describe("words about each thing the reader's view shows, by key (when the ruleset has them)");

export const stateMessage = z.object({
  seq: z.number().int(),
  seat: z.string().describe('the reader: a seat, or "spectator"'),
  view: anything.describe("the ruleset's view for the reader"),
  prompts: z.array(prompt),
  actions: z.array(anything).describe("the reader's own legal actions"),
  words: z
    .object({ prompts: z.array(z.string()), actions: z.array(z.string()), things })
    .optional()
    .describe("the ruleset's words for each prompt and legal action, from the reader's view"),
  undo: z
    .object({ allowed: z.boolean(), reason: z.string().optional() })
    .optional()
    .describe(
      "a seat's only: whether it may take back its last action now, and if not why, in a player's words",
    ),
  over: z.boolean(),
  result,
  standIns: z
    .array(z.object({ seat: z.string(), bot: z.string() }))
    .optional()
    .describe('matches with a takeover only: the bots standing in for human seats now'),
  turnEnds: z
    .array(z.object({ seat: z.string(), at: z.number().int() }))
    .optional()
    .describe(
      'matches with a turn timer only: when each seat asked to act runs out of time (ms since the epoch)',
    ),
});

export const replayFrame = z.object({
  step: z.number().int(),
  steps: z.number().int(),
  seat: z.string(),
  actor: z.string().nullable(),
  view: anything,
  prompts: z.array(prompt),
  events: z.array(gameEvent),
  words: z
    .object({ prompts: z.array(z.string()), events: z.array(z.string()), things })
    .optional()
    .describe('the same words as the live table: each prompt, each event, each thing'),
  over: z.boolean(),
  result,
});

export const replayQuery = z.strictObject({
  step: z.string().optional().describe('how many actions to replay (all of them when more)'),
  seat: z.string().max(40).optional().describe("whose view; a spectator's when left out"),
});

export const rulesetParams = z.strictObject({ id: name });
export const sceneParams = z.strictObject({ id: name, scene: z.string().min(1).max(80) });

export const rulesetList = z.object({
  rulesets: z.array(
    z.object({
      id: z.string(),
      version: z.string(),
      bots: z.array(z.string()).describe("the bots offered (a level's old name is accepted too)"),
      botLabels: z
        .record(z.string(), z.string())
        .optional()
        .describe('what a player reads for a bot, with its time per decision'),
      defaultBot: z.string().describe('the best-measured bot, offered first'),
      scenes: z
        .array(z.object({ id: z.string(), name: z.string(), description: z.string() }))
        .optional()
        .describe('example scenes (Outgunned): GET /rulesets/{id}/scenes/{scene} gives each'),
    }),
  ),
});

export const referenceBody = z.object({
  ruleset: z.string(),
  version: z.string(),
  sections: z.array(z.object({ id: z.string(), title: z.string(), entries: z.array(entry) })),
});

export const entryMessage = z.object({
  seq: z.number().int(),
  kind: z
    .enum(['action', 'undo', 'seat'])
    .describe('seat: a bot stands in for a seat, or its player is back (the table, not the rules)'),
  events: z.array(gameEvent).describe('the events of the entry the reader may see'),
  words: z.array(z.string()).optional(),
});

export const accepted = z.object({
  seq: z.number().int(),
  replayed: z.boolean().describe('true when the key was already stored: nothing was applied again'),
  events: z.array(gameEvent),
});

export const logPage = z.object({ seq: z.number().int(), entries: z.array(entryMessage) });

export const record = z.object({
  ruleset: z.string(),
  version: z.string(),
  options: anything,
  seed: z.string(),
  generator: z.string(),
  actions: z.array(z.object({ seat: z.string(), action: anything })),
});

export const recordQuery = z.strictObject({
  download: z
    .enum(['0', '1'])
    .optional()
    .describe('1: answered as a file to save (content-disposition: attachment)'),
});

export const backAnswer = z.object({
  seq: z.number().int().describe("the match's sequence number once the seat is its player's again"),
});

export const chatLine = z.object({
  id: z.number().int().describe('counts up from 1 within the match'),
  from: z.string().describe('a seat, or "spectator"'),
  text: z.string(),
  at: z.number().int().describe('milliseconds since the epoch'),
});
const chatText = z
  .string()
  .max(10_000)
  .describe('1 to 500 characters once trimmed, one line, well-formed Unicode');
export const chatBody = z.strictObject({ text: chatText });
export const chatQuery = z.strictObject({
  after: digits.optional().describe('lines with a greater id are listed (0 by default)'),
  limit: digits.optional().describe('at most this many lines (500 by default, 2000 at most)'),
});
export const chatPage = z.object({ lines: z.array(chatLine) });
export const chatPosted = z.object({ line: chatLine });

/** A client's id for a socket request, echoed in its answer. */
const requestId = z.string().max(100).regex(plain, plainError);

/** Messages a WebSocket client may send. */
export const clientMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('subscribe'),
    token: z.string().min(1).max(200).regex(plain, plainError).optional(),
    after: seq,
  }),
  z.strictObject({ type: z.literal('submit'), id: requestId, seq, key, action }),
  z.strictObject({ type: z.literal('undo'), id: requestId, seq, key, steps }),
  z.strictObject({ type: z.literal('ping') }),
  z.strictObject({ type: z.literal('back'), id: requestId.optional() }),
  z.strictObject({ type: z.literal('chat'), id: requestId.optional(), text: chatText }),
]);

export type ClientMessage = z.infer<typeof clientMessage>;

/** The JSON Schema a route declares, from its zod shape. */
export function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'any',
  });
  return rest;
}
