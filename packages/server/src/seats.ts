import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listIssues, shorten, TableError } from './errors.js';
import { createTableRegistry, type TableRuleset } from './registry.js';
import { jsonSchema } from './schemas.js';

const seatsBody = z.strictObject({ options: z.unknown().optional() });
const seatsAnswer = z.object({
  seats: z.array(z.string()),
  modes: z
    .array(z.string())
    .nullable()
    .describe("the values the ruleset's `mode` option takes, or null when it has none"),
  defaultBot: z.string().describe('the bot offered first for a match of these options'),
  botLabels: z
    .record(z.string(), z.string())
    .describe("what a player reads for the bots' names in a match of these options"),
});

/** The values of a ruleset's `mode` option, read from its options schema: null when it has none. */
function modesOf(table: TableRuleset): string[] | null {
  const schema = jsonSchema(table.ruleset.options) as {
    properties?: Record<string, { enum?: unknown[] }>;
  };
  const values = schema.properties?.mode?.enum;
  return Array.isArray(values) && values.every((value) => typeof value === 'string')
    ? values
    : null;
}

/**
 * The seats a match of a ruleset would have with these options, before it
 * is created (the lobby offers a player or a bot for each, and copies no
 * board data to know them), the modes its options accept, if any, and
 * the bot offered first and the bots' names for a match of these options.
 */
export function serveSeats(
  app: FastifyInstance,
  registry: ReadonlyMap<string, TableRuleset> | undefined,
  errors: Record<string, unknown>,
): void {
  let tables = registry;
  app.post(
    '/rulesets/:id/seats',
    {
      schema: {
        summary: 'the seats a match of this ruleset would have with these options',
        body: jsonSchema(seatsBody),
        response: { 200: jsonSchema(seatsAnswer), ...errors },
      },
    },
    async (request) => {
      tables ??= createTableRegistry();
      const { id } = request.params as { id: string };
      const table = tables.get(id);
      if (!table) {
        throw new TableError(
          404,
          'unknown-ruleset',
          `there is no ruleset by that id; the rulesets are ${[...tables.keys()].join(', ')}`,
        );
      }
      const { options } = request.body as { options?: unknown };
      const parsed = table.ruleset.options.safeParse(options ?? {});
      if (!parsed.success) {
        const problems = listIssues('options', parsed.error.issues);
        throw new TableError(400, 'bad-options', shorten(problems.join('; '), 2_000), {
          problems,
        });
      }
      const state = table.ruleset.setup(parsed.data, 'seats', 'fast');
      const choices = table.choicesFor?.(parsed.data) ?? {
        defaultBot: table.defaultBot,
        labels: table.labels ?? {},
      };
      return {
        seats: [...table.ruleset.seats(state)],
        modes: modesOf(table),
        defaultBot: choices.defaultBot,
        botLabels: choices.labels,
      };
    },
  );
}
