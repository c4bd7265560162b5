import type { Rejection } from '@tabletop/engine';
import type { Answer, TurnActionType } from '../flow/actions.js';
import type { Game } from '../flow/game.js';
import type { HeavyObject, PlayerState } from '../flow/state.js';

/**
 * What a player has chosen so far for an action under way: plain data, kept
 * in its step. Cards are named one at a time, to pay a cost or to discard.
 */
export interface Chosen {
  room?: number;
  corridor?: number | 'technical';
  target?: number | 'eggs';
  weapon?: string;
  object?: HeavyObject;
  drop?: HeavyObject;
  /** An item: from the inventory, to use or to drop; the crafted item to make; the quest to complete. */
  item?: string;
  /** Items of the inventory given up, one at a time: a Craft's components, a quest's item. */
  components?: string[];
  /** A Heavy Item dropped in exchange, when picking up with full hands. */
  dropItem?: string;
  /** Which of an item's uses, by its place on the card, when it has several. */
  use?: number;
  /** Whether the item reloads an autoloaded weapon for free (the Autoloader), once asked. */
  free?: boolean;
  cards: string[];
  /** The Action card played for its effect. */
  played?: string;
  /** The player said they are done naming cards. */
  done?: boolean;
}

/**
 * One choice of an action, asked on its own. `options` lists every legal
 * answer now (for bots and menus); `check` says why an answer is refused
 * (changing nothing); `record` keeps an accepted one.
 */
export interface Question {
  /** The kind of answer wanted, as the prompt names it ("choose-room", "pay", ...). */
  asks: string;
  /** The question, for people. */
  text(game: Game, player: PlayerState, chosen: Chosen): string;
  /** Whether it is still to be answered. */
  pending(game: Game, player: PlayerState, chosen: Chosen): boolean;
  options(game: Game, player: PlayerState, chosen: Chosen): Answer[];
  check(game: Game, player: PlayerState, chosen: Chosen, answer: Answer): Rejection | null;
  record(chosen: Chosen, answer: Answer): void;
}

/**
 * One action a player can take on their turn. `unavailable` says why it
 * cannot be taken now (null when every one of its choices can be answered); its questions are
 * then asked in order, one at a time; `perform` pays and pushes the steps
 * that carry it out once all are answered.
 */
export interface PlayerAction<T extends TurnActionType = TurnActionType> {
  type: T;
  /** Whether it uses up one of the two actions of the round. */
  countsAsAction: boolean;
  unavailable(game: Game, player: PlayerState): Rejection | null;
  questions: readonly Question[];
  perform(game: Game, player: PlayerState, chosen: Chosen): void;
  /**
   * The Action cards the action discards as its cost, paid even when an
   * Interruption cancels it; the cards named to pay when left out.
   */
  cardsPaid?(game: Game, player: PlayerState, chosen: Chosen): string[];
}
