import type { ActionType } from './actions.js';
import type { PlayerAction } from './basic-action.js';
import { dropAction, pickUpAction } from './heavy-objects.js';
import { meleeAction } from './melee.js';
import { carefulMovement, movement } from './movement.js';
import { pass } from './pass.js';
import { shootAction } from './shoot.js';

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
