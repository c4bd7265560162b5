import { z } from 'zod';
import { difficultyTiers } from '../dice/difficulty.js';
import { attributes, coverKinds, rangeBands, skills } from './heroes.js';

const seat = z.string().min(1).max(40);

export const quickActionKinds = [
  'reload',
  'take-mags',
  'buy-mag',
  'approach',
  'withdraw',
  'reach-partial-cover',
  'leave-cover',
  'grab-or-toss',
  'push-friend-into-cover',
] as const;
export const fullActionKinds = [
  'approach',
  'withdraw',
  'take-total-cover',
  'push-friend-into-total-cover',
] as const;
export const coolActionKinds = ['reach-cover-with-friend'] as const;

const reactionRoll = z.object({ attribute: z.enum(attributes), skill: z.enum(skills) }).strict();

/** How a Hero pushes a roll: Adrenaline dice, going all out, or a Spotlight instead of dice. */
const rollBoosts = {
  adrenaline: z.number().int().min(0).max(6).default(0),
  /** Going all out: +1 die, and the roll becomes a Gamble. */
  allOut: z.boolean().default(false),
  /** Spend a Spotlight: no dice, an automatic Extreme success. */
  spotlight: z.boolean().default(false),
};

const count = z.number().int().min(0).max(81).default(0);

/**
 * All of a roll's extra successes at once: how many hurt the Enemy (damage
 * in an attack, counters in a reaction), how many protect which friend, and
 * the actions bought with the rest.
 */
const spendExtras = z
  .object({
    type: z.literal('spend-extras'),
    damage: count,
    counter: count,
    protect: z.record(seat, z.number().int().min(1).max(2)).default({}),
    quick: count,
    full: count,
    cool: count,
  })
  .strict();

/** Every action of the fight, as it travels on the wire. */
export const fightActionSchema = z.discriminatedUnion('type', [
  // Heroes, Action Turn.
  z
    .object({
      type: z.literal('quick-action'),
      kind: z.enum(quickActionKinds),
      enemy: z.string().max(40).optional(),
      weapon: z.number().int().min(0).max(9).optional(),
      friend: seat.optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('full-action'),
      kind: z.enum(fullActionKinds),
      enemy: z.string().max(40).optional(),
      friend: seat.optional(),
    })
    .strict(),
  z
    .object({ type: z.literal('cool-action'), kind: z.enum(coolActionKinds), friend: seat })
    .strict(),
  z
    .object({
      type: z.literal('attack'),
      enemy: z.string().max(40),
      weapon: z.number().int().min(0).max(9),
      attribute: z.enum(attributes),
      skill: z.enum(skills),
      fullAuto: z.boolean().default(false),
      ...rollBoosts,
    })
    .strict(),
  z.object({ type: z.literal('covering-fire'), weapon: z.number().int().min(0).max(9) }).strict(),
  z
    .object({
      type: z.literal('collateral-action'),
      attribute: z.enum(attributes),
      skill: z.enum(skills),
      ...rollBoosts,
    })
    .strict(),
  z.object({ type: z.literal('end-turn') }).strict(),
  // Heroes, any roll.
  z
    .object({ type: z.literal('reroll'), kind: z.enum(['reroll', 'free-reroll', 'all-in']) })
    .strict(),
  z.object({ type: z.literal('keep-roll') }).strict(),
  spendExtras,
  z.object({ type: z.literal('stop-spending') }).strict(),
  // Heroes, Reaction Turn.
  z
    .object({
      type: z.literal('roll-reaction'),
      ...rollBoosts,
    })
    .strict(),
  // Heroes, a friend facing the Death Roulette.
  z.object({ type: z.literal('spend-spotlight') }).strict(),
  z.object({ type: z.literal('let-fate-decide') }).strict(),
  // Director.
  z
    .object({
      type: z.literal('declare-reaction'),
      /** One roll for everyone: named, one of the six examples (1-6), or "random" (a die picks the example). */
      reaction: z.union([reactionRoll, z.number().int().min(1).max(6), z.literal('random')]),
      /** Different Reactions: some Heroes roll something else. */
      perHero: z.record(seat, reactionRoll).optional(),
      /** Heroes beyond the Enemy's reach who pass automatically. */
      autoPass: z.array(seat).max(6).optional(),
      /** New range bands of Heroes to this Enemy, as the Enemies move. */
      ranges: z.record(seat, z.enum(rangeBands)).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('set-difficulty'),
      tier: z.enum(difficultyTiers),
      double: z.boolean().default(false),
    })
    .strict(),
  z.object({ type: z.literal('bad-luck'), mags: z.number().int().min(0).max(18) }).strict(),
  z.object({ type: z.literal('interrupt') }).strict(),
]);

export type FightAction = z.infer<typeof fightActionSchema>;
export type FightActionInput = z.input<typeof fightActionSchema>;
export type ReactionChoice = z.infer<typeof reactionRoll>;
export type Allocation = z.infer<typeof spendExtras>;
export type RollBoosts = Pick<
  Extract<FightAction, { type: 'attack' }>,
  'adrenaline' | 'allOut' | 'spotlight'
>;

export { coverKinds };
