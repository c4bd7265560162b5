import { meleeAction } from '../combat/melee.js';
import { shootAction } from '../combat/shoot.js';
import { craftAction } from '../items/craft.js';
import { useItemAction } from '../items/item-action.js';
import { completeQuestAction } from '../items/quests.js';
import { searchAction } from '../items/search-action.js';
import { tradeAction } from '../items/trade.js';
import { carefulMovement, movement } from '../movement/movement.js';
import { dropAction, pickUpAction } from '../objects/heavy-objects.js';
import { roomAction } from '../rooms/room-action.js';
import type { NemesisAction, TurnAction, TurnActionType } from '../vocabulary/actions.js';
import { pass } from './pass.js';
import { playCardAction } from './play-card.js';
import type { PlayerAction } from './player-action.js';

/** Every action a player may take on their turn, by its wire name; the compiler checks each has one. */
const playerActions: { readonly [T in TurnActionType]: PlayerAction<T> } = {
  move: movement,
  'careful-move': carefulMovement,
  shoot: shootAction,
  melee: meleeAction,
  'pick-up': pickUpAction,
  drop: dropAction,
  'room-action': roomAction,
  search: searchAction,
  'use-item': useItemAction,
  'play-card': playCardAction,
  trade: tradeAction,
  craft: craftAction,
  'complete-quest': completeQuestAction,
  pass,
};

/** The turn actions, in the order a menu offers them. */
export const turnActionList: readonly PlayerAction[] = Object.values(playerActions);

export function isTurnAction(action: NemesisAction): action is TurnAction {
  return Object.hasOwn(playerActions, action.type);
}

/** The rule of a turn action: the one place where an action's name picks its rule. */
export function playerActionOf(type: TurnActionType): PlayerAction {
  return playerActions[type];
}
