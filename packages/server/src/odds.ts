import type { NemesisView } from '@tabletop/nemesis';
import { adviseReroll, difficultyTiers, largestPool } from '@tabletop/outgunned';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { describeIssue, TableError } from './errors.js';
import { baseNemesisOdds, nemesisOdds, nemesisOddsFor } from './nemesis-odds.js';
import { jsonSchema, matchParams } from './schemas.js';

/**
 * The Outgunned re-roll advisor over HTTP, for the web table's roll panel.
 *
 * A stateless route rather than figures added to the roller's view: the
 * odds are a pure function of what any reader of the roll already sees
 * (the dice showing, the difficulty, the re-rolls used, the roller's Free
 * Re-rolls left), so the route takes no match, no token and touches no
 * state: it cannot leak a secret, and it costs nothing to the other readers
 * or to every view the server sends (the advisor takes tens of milliseconds
 * for a large pool; the page asks only while a roll waits on its choice).
 *
 * The Nemesis odds panel asks more of the table (the reader's room, its
 * Intruders and corridors, the Attack deck's discard pile, the tokens
 * outside the bag), so its route reads the match, as the seat's view route
 * does, but computes from that seat's view alone (`nemesisOddsFor` takes the
 * view, never the state): it can tell the reader nothing the view does not.
 */

const flag = z.enum(['true', 'false']);

export const rerollOddsQuery = z
  .strictObject({
    showing: z
      .string()
      .regex(/^[1-6](,[1-6])*$/, 'die faces 1 to 6 joined by commas, e.g. 1,1,3,5,6')
      .refine((text) => text.split(',').length <= largestPool, {
        message: `at most ${largestPool} dice`,
      })
      .describe('the dice that count, as they show'),
    difficulty: z.enum(difficultyTiers).describe('the difficulty tier'),
    double: flag.optional().describe('a double difficulty (2 Basic, 2 Critical, 2 Extreme)'),
    rerolled: z
      .enum(['no', 'better', 'worse'])
      .optional()
      .describe('whether the Re-roll was used on this roll, and whether it came out better'),
    freeRerolled: flag.optional().describe('the Free Re-roll was used on this roll'),
    wentAllIn: flag.optional().describe('All In was used on this roll'),
    freeRerolls: z
      .string()
      .regex(/^[0-9]$/, 'a whole number 0 to 9')
      .optional()
      .describe("the roller's Free Re-rolls left"),
    threeExtremesMakeImpossible: flag.optional().describe("the fight's dice rule of that name"),
  })
  .refine((query) => !(query.double === 'true' && query.difficulty === 'impossible'), {
    path: ['double'],
    message: 'there is no double Impossible difficulty',
  });

const grit = z.union([z.number().int(), z.literal('all')]);
export const rerollOdds = z.object({
  dice: z.array(z.number().int()),
  difficulty: z.object({ tier: z.enum(difficultyTiers), double: z.boolean() }),
  choices: z.array(
    z.object({
      choice: z.enum(['stop', 'reroll', 'free-reroll', 'all-in']),
      p_success: z.number().describe('this choice, then stop'),
      p_success_playing_on: z.number().describe('this choice, then the best later choices'),
      grit_lost: z
        .array(z.object({ lost: grit, p: z.number() }))
        .describe('Grit a Dangerous roll loses with this choice, then stopping'),
    }),
  ),
  best: z.enum(['stop', 'reroll', 'free-reroll', 'all-in']),
});

/** Answers kept for the readers of one roll: every seat and spectator asks the same question. */
const keptAnswers = 256;

export function serveOdds(
  app: FastifyInstance,
  errors: Record<string, unknown>,
  tokenOf: (request: FastifyRequest) => string | undefined,
): void {
  const answers = new Map<string, ReturnType<typeof adviseReroll>>();
  app.get(
    '/odds/outgunned/reroll',
    {
      schema: {
        summary:
          'the exact chance of success of each re-roll choice an Outgunned roll allows, and the Grit lost',
        querystring: jsonSchema(rerollOddsQuery),
        response: { 200: jsonSchema(rerollOdds), ...errors },
      },
      // zod checks the query below, so the error names the parameter in plain words.
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request, reply) => {
      const parsed = rerollOddsQuery.safeParse(request.query);
      if (!parsed.success) {
        throw new TableError(400, 'bad-request', `query.${describeIssue(parsed.error.issues)}`);
      }
      const query = parsed.data;
      // The answer is a pure function of the query, so browsers may keep it too.
      reply.header('cache-control', 'public, max-age=86400');
      const key = JSON.stringify(query);
      const known = answers.get(key);
      if (known) return known;
      const answer = adviseReroll({
        dice: query.showing.split(',').map(Number),
        difficulty: { tier: query.difficulty, double: query.double === 'true' },
        rerolled: query.rerolled ?? 'no',
        freeRerolled: query.freeRerolled === 'true',
        wentAllIn: query.wentAllIn === 'true',
        freeRerolls: Number(query.freeRerolls ?? '0'),
        rules: { threeExtremesMakeImpossible: query.threeExtremesMakeImpossible === 'true' },
      });
      if (answers.size >= keptAnswers) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
      return answer;
    },
  );

  app.get(
    '/matches/:id/odds',
    {
      schema: {
        summary:
          "exact Nemesis odds for the reader's character, from that seat's view: attacks, Noise rolls, an Escape, an Encounter",
        params: jsonSchema(matchParams),
        response: { 200: jsonSchema(nemesisOdds), ...errors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      const { ruleset } = await app.tables.info(id);
      if (ruleset !== 'nemesis') {
        throw new TableError(
          404,
          'no-odds',
          `the odds panel is for Nemesis matches, not ${ruleset}; an Outgunned roll has /odds/outgunned/reroll`,
        );
      }
      const reader = await app.tables.reader(id, tokenOf(request));
      if (reader === 'spectator') {
        throw new TableError(
          401,
          'missing-token',
          "the odds are for a seat's character: send Authorization: Bearer <seat token>",
        );
      }
      const { view, seq } = await app.tables.view(id, reader);
      return nemesisOddsFor(baseNemesisOdds(), view as NemesisView, seq);
    },
  );
}
