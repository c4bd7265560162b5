import type { HeavyObject } from '../content/effects.js';
import { gameMode } from '../game-modes/game-modes.js';
import { discardEveryItem, discardItemCard } from '../items/inventory.js';
import type { Game } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * In the cooperative variant the inventory waits beside the board: a
 * character the AutoDoc brings back returns with its items.
 */
function setAsideForTheAutoDoc(player: PlayerState): void {
  player.setAside = {
    items: player.items,
    weapons: player.weapons,
    ...(player.taped ? { taped: player.taped } : {}),
  };
  player.items = [];
  player.weapons = [];
  delete player.taped;
}

/**
 * A dead character holds nothing: heavy objects drop where they died (if
 * given), the hand goes to the discard pile so every card stays accounted
 * for, the items (and what was fitted to a weapon) go to their decks'
 * discard piles, and the starting weapon leaves play with the miniature.
 */
export function dropEverything(game: Game, player: PlayerState, floor: HeavyObject[] | null): void {
  if (floor) floor.push(...player.carried);
  player.carried = [];
  player.actionDeck.discardPile.push(...player.hand);
  player.hand = [];
  if (gameMode(game.state.options) === 'cooperative') {
    setAsideForTheAutoDoc(player);
    return;
  }
  discardEveryItem(game, player);
  // The starting weapon is no item: what was fitted to it is discarded apart.
  for (const weapon of player.weapons)
    for (const card of weapon.attachments ?? []) discardItemCard(game, card);
  player.weapons = [];
}
