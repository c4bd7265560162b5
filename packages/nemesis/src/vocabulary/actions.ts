import { z } from 'zod';
import { HeavyObject } from '../content/effects.js';

/** What a character waiting in an Escape Pod may do at the start of their turn. */
const podChoice = z.enum(['launch', 'leave', 'wait']);
export const podChoices = podChoice.options;
export type PodChoice = z.output<typeof podChoice>;

/**
 * The wire shape of every Nemesis action. A player's turn asks one thing at
 * a time: first which action (a word with nothing attached), then each of
 * its choices in turn, with a small vocabulary of answers (a room, a
 * corridor, a target, a weapon, an object, a card, or done). So the legal
 * actions stay few: never every way to pay times every room.
 */
export const nemesisAction = z.discriminatedUnion('type', [
  // Setup and the First Encounter
  z.strictObject({ type: z.literal('choose-character'), character: z.string() }),
  z.strictObject({ type: z.literal('choose-objective'), keep: z.string() }),
  // A character waiting in an Escape Pod, at the start of their turn
  z.strictObject({
    type: z.literal('escape-pod'),
    choice: podChoice,
  }),
  // The actions of a turn, chosen by name
  z.strictObject({ type: z.literal('move') }),
  z.strictObject({ type: z.literal('careful-move') }),
  z.strictObject({ type: z.literal('shoot') }),
  z.strictObject({ type: z.literal('melee') }),
  z.strictObject({ type: z.literal('pick-up') }),
  z.strictObject({ type: z.literal('drop') }),
  z.strictObject({ type: z.literal('room-action') }),
  z.strictObject({ type: z.literal('search') }),
  z.strictObject({ type: z.literal('use-item') }),
  z.strictObject({ type: z.literal('play-card') }),
  z.strictObject({ type: z.literal('trade') }),
  z.strictObject({ type: z.literal('craft') }),
  z.strictObject({ type: z.literal('complete-quest') }),
  z.strictObject({ type: z.literal('pass') }),
  // The answers to an action's choices
  z.strictObject({ type: z.literal('room'), room: z.number().int() }),
  z.strictObject({
    type: z.literal('corridor'),
    corridor: z.union([z.number().int().min(0), z.literal('technical')]),
  }),
  z.strictObject({
    type: z.literal('target'),
    target: z.union([z.number().int().min(0), z.literal('eggs')]),
  }),
  z.strictObject({ type: z.literal('weapon'), weapon: z.string() }),
  z.strictObject({ type: z.literal('object'), object: HeavyObject }),
  z.strictObject({ type: z.literal('card'), card: z.string() }),
  // An Item card: from your inventory, a drawn pair, a trade, a crafted item or a quest
  z.strictObject({ type: z.literal('item'), item: z.string() }),
  // One of an effect's options, by its place on the card ("X, or Y"; "you may")
  z.strictObject({ type: z.literal('option'), option: z.number().int().min(0) }),
  z.strictObject({ type: z.literal('done') }),
]);

export type NemesisAction = z.output<typeof nemesisAction>;
export type ActionType = NemesisAction['type'];
export type ActionOf<T extends ActionType> = Extract<NemesisAction, { type: T }>;

/** The names of the actions a player takes on their turn. */
export const turnActionTypes = [
  'move',
  'careful-move',
  'shoot',
  'melee',
  'pick-up',
  'drop',
  'room-action',
  'search',
  'use-item',
  'play-card',
  'trade',
  'craft',
  'complete-quest',
  'pass',
] as const;
export type TurnActionType = (typeof turnActionTypes)[number];
export type TurnAction = ActionOf<TurnActionType>;

/** The answers to the choices of an action under way. */
export const answerTypes = [
  'room',
  'corridor',
  'target',
  'weapon',
  'object',
  'card',
  'item',
  'option',
  'done',
] as const;
export type AnswerType = (typeof answerTypes)[number];
export type Answer = ActionOf<AnswerType>;
