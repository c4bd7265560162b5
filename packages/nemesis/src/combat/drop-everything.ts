import type { HeavyObject, PlayerState } from '../flow/state.js';

/**
 * A dead character holds nothing: heavy objects drop where they died (if
 * given), the hand goes to the discard pile so every card stays accounted
 * for, and the weapons leave play with the miniature. What was fitted to a
 * weapon goes back among the items, which stay with the body as they are.
 */
export function dropEverything(player: PlayerState, floor: HeavyObject[] | null): void {
  if (floor) floor.push(...player.carried);
  player.carried = [];
  player.actionDeck.discardPile.push(...player.hand);
  player.hand = [];
  for (const weapon of player.weapons) player.items.push(...(weapon.attachments ?? []));
  player.weapons = [];
}
