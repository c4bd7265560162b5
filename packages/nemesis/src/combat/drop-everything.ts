import type { HeavyObject, PlayerState } from '../flow/state.js';

/**
 * A dead character holds nothing: heavy objects drop where they died (if
 * given), the hand goes to the discard pile so every card stays accounted
 * for, and the weapons leave play with the miniature.
 */
export function dropEverything(player: PlayerState, floor: HeavyObject[] | null): void {
  if (floor) floor.push(...player.carried);
  player.carried = [];
  player.actionDeck.discardPile.push(...player.hand);
  player.hand = [];
  player.weapons = [];
}
