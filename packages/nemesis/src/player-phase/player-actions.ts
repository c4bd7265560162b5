import { meleeAction } from '../combat/melee.js';
import { shootAction } from '../combat/shoot.js';
import type { ActionType } from '../flow/actions.js';
import { carefulMovement, movement } from '../movement/movement.js';
import { dropAction, pickUpAction } from '../objects/heavy-objects.js';
import { pass } from './pass.js';
import type { PlayerAction } from './player-action.js';

/** Every action a player may take on their turn, by its wire name. */
export const playerActions: {
  [T in Exclude<ActionType, 'choose-character' | 'choose-objective'>]: PlayerAction<T>;
} = {
  move: movement,
  'careful-move': carefulMovement,
  shoot: shootAction,
  melee: meleeAction,
  'pick-up': pickUpAction,
  drop: dropAction,
  pass,
};
