import { z } from 'zod';

/** The wire shape of every Nemesis action. Cards named in `cards` pay the action's cost. */
const cards = z.array(z.string()).max(12);
const target = z.union([z.number().int().min(0), z.literal('eggs')]);
const heavyObject = z.enum(['corpse', 'carcass', 'egg']);

export const nemesisAction = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('choose-character'), character: z.string() }),
  z.strictObject({ type: z.literal('choose-objective'), keep: z.string() }),
  z.strictObject({ type: z.literal('move'), to: z.number().int(), cards }),
  z.strictObject({
    type: z.literal('careful-move'),
    to: z.number().int(),
    noise: z.union([z.number().int().min(0), z.literal('technical')]),
    cards,
  }),
  z.strictObject({ type: z.literal('shoot'), weapon: z.string(), target, cards }),
  z.strictObject({ type: z.literal('melee'), target, cards }),
  z.strictObject({
    type: z.literal('pick-up'),
    object: heavyObject,
    drop: heavyObject.optional(),
    cards,
  }),
  z.strictObject({ type: z.literal('drop'), object: heavyObject }),
  z.strictObject({ type: z.literal('pass'), discard: cards }),
]);

export type NemesisAction = z.output<typeof nemesisAction>;
export type ActionType = NemesisAction['type'];
export type ActionOf<T extends ActionType> = Extract<NemesisAction, { type: T }>;
