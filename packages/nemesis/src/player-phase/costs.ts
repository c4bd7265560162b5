import type { Rejection } from '@tabletop/engine';
import { type Game, isContamination } from '../flow/game.js';
import { refuse } from '../flow/procedure.js';
import type { PlayerState } from '../flow/state.js';

/**
 * Costs: an action is paid by discarding Action cards from the hand, one for
 * a Basic Action, two for Careful Movement. Contamination cards never pay.
 */
export const basicActionCost = 1;
export const carefulMovementCost = 2;

export function checkCost(
  game: Game,
  player: PlayerState,
  cards: readonly string[],
  cost: number,
): Rejection | null {
  if (cards.length !== cost) {
    return refuse(
      'wrong-cost',
      `this action costs ${cost} Action card${cost === 1 ? '' : 's'}; ${cards.length} given`,
    );
  }
  if (new Set(cards).size !== cards.length)
    return refuse('wrong-cost', 'the same card is named twice');
  for (const card of cards) {
    if (!player.hand.includes(card))
      return refuse('card-not-in-hand', `${card} is not in your hand`);
    if (isContamination(game, card))
      return refuse('contamination-cannot-pay', 'Contamination cards never pay for an action');
  }
  return null;
}

export function payCost(player: PlayerState, cards: readonly string[]): void {
  for (const card of cards) {
    player.hand.splice(player.hand.indexOf(card), 1);
    player.actionDeck.discardPile.push(card);
  }
}

/** Every way to pay `cost` from the hand, each a list of card ids. */
export function costOptions(game: Game, player: PlayerState, cost: number): string[][] {
  const payable = player.hand.filter((card) => !isContamination(game, card));
  // One card, the usual cost, needs no search (this runs for every action listed to bots).
  if (cost === 1) return payable.map((card) => [card]);
  const options: string[][] = [];
  chooseCards(payable, cost, 0, [], options);
  return options;
}

/**
 * Adds to `options` every way to complete `chosen` to `cost` cards from
 * `payable[start..]`, in hand order. A module function rather than a closure
 * in `costOptions`: it runs for every Careful Movement listed, and a closure
 * would be created (and, under tsx, renamed) on each call.
 */
function chooseCards(
  payable: readonly string[],
  cost: number,
  start: number,
  chosen: string[],
  options: string[][],
): void {
  if (chosen.length === cost) {
    options.push([...chosen]);
    return;
  }
  for (let index = start; index < payable.length; index++) {
    chosen.push(payable[index]!);
    chooseCards(payable, cost, index + 1, chosen, options);
    chosen.pop();
  }
}
