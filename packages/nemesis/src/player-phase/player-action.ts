import type { Rejection } from '@tabletop/engine';
import type { Answer, TurnActionType } from '../vocabulary/actions.js';
import type { Game } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { Chosen } from '../vocabulary/steps.js';

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
  /**
   * The same answer as `unavailable(...) === null`, without building the
   * refusal: listing the legal actions asks it of every action at every
   * step of a search, and only refusals need their words. Where it is
   * left out, `unavailable` answers.
   */
  available?(game: Game, player: PlayerState): boolean;
  questions: readonly Question[];
  perform(game: Game, player: PlayerState, chosen: Chosen): void;
  /**
   * The Action cards the action discards as its cost, paid even when an
   * Interruption cancels it; the cards named to pay when left out.
   */
  cardsPaid?(game: Game, player: PlayerState, chosen: Chosen): string[];
}
