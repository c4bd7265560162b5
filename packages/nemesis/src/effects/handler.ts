import type { Rejection } from '@tabletop/engine';
import type { Condition, Effect } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import type { Answer } from '../vocabulary/actions.js';
import type { Game } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { EffectStep } from '../vocabulary/steps.js';

/** What every handler says of itself: why it is not part of the game yet, if it is not. */
export interface Handler {
  /** Present while the rule is not built; the effect is then never offered and refuses to run. */
  notBuilt?: string;
}

/** A question an effect asks its taker before it resolves (which option, which room, which weapon). */
export interface EffectQuestion<E> {
  /** The kind of answer wanted. */
  asks: string;
  /** The kind of answer, where it depends on the effect (a card to discard, or whose hand). */
  asksFor?(effect: E, step: EffectStep): string;
  text(game: Game, player: PlayerState, effect: E, step: EffectStep): string;
  options(game: Game, player: PlayerState, effect: E, step: EffectStep): Answer[];
  /** Takes the answer: a Rejection having changed nothing, or null having replaced the step. */
  answer(
    game: Game,
    player: PlayerState,
    effect: E,
    step: EffectStep,
    answer: Answer,
  ): Rejection | null;
}

export interface EffectHandler<E> extends Handler {
  /** Why it cannot be taken now (it is then never offered); null when it can. */
  unavailable?(game: Game, player: PlayerState, effect: E, step: EffectStep): Rejection | null;
  /** Does what needs no choice; 'wait' asks the question, then the answer replaces the step. */
  resolve(game: Game, player: PlayerState, effect: E, step: EffectStep): 'done' | 'wait';
  question?: EffectQuestion<E>;
}

export interface ConditionHandler<C> extends Handler {
  /** `step`: the effect it guards; absent for a room's passive, read with no effect under way. */
  holds(game: Game, player: PlayerState, condition: C, step?: EffectStep): boolean;
  /** Why the condition stops an effect, for the rejection. */
  unmet: string;
}

/** Modifiers are read by the rules where they matter; the handler names the rule that reads it. */
export interface ModifierHandler extends Handler {
  readBy: string;
}

/**
 * What completes a quest, read by the quest action (items/quests.ts): whether
 * the player can do it now, and which items of the inventory it may take.
 */
export interface QuestTaskHandler<T> extends Handler {
  /** Why the player cannot do the task now, naming what it needs; null when they can. */
  unavailable(game: Game, player: PlayerState, task: T): Rejection | null;
  /** The items of the inventory the task may take, each once; empty when it takes none. */
  itemsTaken(game: Game, player: PlayerState, task: T): string[];
  /** What the task asks, for people ("be in the Armory", "discard Tools or Duct Tape"). */
  words(tables: Tables, task: T): string;
}

export type { Condition, Effect };
