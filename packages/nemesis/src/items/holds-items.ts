import type { ConditionOf } from '../content/effects.js';
import type { ConditionHandler } from '../effects/handler.js';

/** Items in the inventory, counted; an inactive quest item is not yet an item and is not there. */
export const holdsItems: ConditionHandler<ConditionOf<'holds-items'>> = {
  unmet: 'you do not hold enough items',
  holds: (_game, player, condition) => player.items.length >= condition.atLeast,
};
