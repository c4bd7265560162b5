import type { PlayerState } from '../vocabulary/state.js';

/**
 * Whether the player holds this item and it is in play: an item in the
 * inventory, or a quest item once its quest is done (an unfinished quest
 * item is not an item yet, so it is not in the inventory).
 */
export function hasActiveItem(player: PlayerState, itemId: string): boolean {
  return player.items.includes(itemId);
}
