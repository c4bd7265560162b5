import { meleeAction } from '../combat/melee.js';
import { shootAction } from '../combat/shoot.js';
import type { ActionOf, ActionType, NemesisAction } from '../flow/actions.js';
import { carefulMovement, movement } from '../movement/movement.js';
import { dropAction, pickUpAction } from '../objects/heavy-objects.js';
import { pass } from './pass.js';
import type { PlayerAction } from './player-action.js';

/** The wire names of the actions a player takes on their turn. */
export type TurnActionType = Exclude<ActionType, 'choose-character' | 'choose-objective'>;
export type TurnAction = ActionOf<TurnActionType>;

/** Every action a player may take on their turn, by its wire name. */
export const playerActions: { [T in TurnActionType]: PlayerAction<T> } = {
  move: movement,
  'careful-move': carefulMovement,
  shoot: shootAction,
  melee: meleeAction,
  'pick-up': pickUpAction,
  drop: dropAction,
  pass,
};

export function isTurnAction(action: NemesisAction): action is TurnAction {
  return Object.hasOwn(playerActions, action.type);
}

/** The handler of a turn action: the one place where an action's name picks its rule. */
export function playerActionOf<T extends TurnActionType>(action: { type: T }): PlayerAction<T> {
  return playerActions[action.type];
}
