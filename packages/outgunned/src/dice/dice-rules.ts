import { z } from 'zod';

/**
 * The points of the core dice rules that sources dispute, as switches.
 *
 * `threeExtremesMakeImpossible` (default false): three for one climbs from
 * Basic to Critical to Extreme; one reading of the rules as written stops
 * there, so an Impossible success needs a set of five. With 9 dice at most the
 * switch changes no single roll (two Extremes already use 8 dice), but it
 * matters once successes from several sources are pooled.
 */
export const diceRulesSchema = z
  .object({
    threeExtremesMakeImpossible: z.boolean().default(false),
  })
  .strict();

export type DiceRules = z.infer<typeof diceRulesSchema>;

export const defaultDiceRules: DiceRules = { threeExtremesMakeImpossible: false };
