import type { Rejection } from '@tabletop/engine';
import type { ActionOf, ActionType } from '../flow/actions.js';
import type { Game } from '../flow/game.js';
import type { PlayerState } from '../flow/state.js';

/**
 * One action a player can take on their turn. `check` says whether it is
 * legal now (and changes nothing); `perform` pays and pushes the steps that
 * carry it out; `enumerate` lists every legal instance, for bots and menus.
 */
export interface PlayerAction<T extends ActionType> {
  type: T;
  /** Whether it uses up one of the two actions of the round. */
  countsAsAction: boolean;
  check(game: Game, player: PlayerState, action: ActionOf<T>): Rejection | null;
  perform(game: Game, player: PlayerState, action: ActionOf<T>): void;
  enumerate(game: Game, player: PlayerState): ActionOf<T>[];
}
