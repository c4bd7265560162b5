import type { Rejection } from '@tabletop/engine';
import { type Game, isContamination } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { Chosen } from '../vocabulary/steps.js';
import type { Question } from './player-action.js';

/**
 * Costs: an action is paid by discarding Action cards from the hand, one for
 * a Basic Action, two for Careful Movement. Contamination cards never pay.
 * The cards are named one at a time.
 */
export const basicActionCost = 1;
export const carefulMovementCost = 2;

/** Cards in hand that can pay: every card but the Contamination cards. */
export function payableCards(game: Game, player: PlayerState): string[] {
  return player.hand.filter((card) => !isContamination(game, card));
}

/** How many cards in hand can pay (as `payableCards`, without listing them). */
export function payableCount(game: Game, player: PlayerState): number {
  let payable = 0;
  for (const card of player.hand) if (!isContamination(game, card)) payable++;
  return payable;
}

export function canPay(game: Game, player: PlayerState, cost: number): boolean {
  let payable = 0;
  for (const card of player.hand)
    if (!isContamination(game, card) && ++payable >= cost) return true;
  return cost <= 0;
}

/**
 * The cost, asked one card at a time; `cost` may depend on what was chosen
 * before (an Escape). `played` names the Action card being played, if any:
 * it is discarded for its own effect and cannot also pay.
 */
export function payment(
  cost: (game: Game, player: PlayerState, chosen: Chosen) => number,
  played: (game: Game, player: PlayerState, chosen: Chosen) => string | undefined = () => undefined,
): Question {
  return {
    asks: 'pay',
    text: (game, player, chosen) => {
      const owed = cost(game, player, chosen) - chosen.cards.length;
      return owed === 1
        ? 'discard an Action card to pay'
        : `discard an Action card to pay (${owed} still to pay)`;
    },
    pending: (game, player, chosen) => chosen.cards.length < cost(game, player, chosen),
    options(game, player, chosen) {
      const own = played(game, player, chosen);
      return payableCards(game, player)
        .filter((card) => !chosen.cards.includes(card) && card !== own)
        .map((card) => ({ type: 'card', card }));
    },
    check(game, player, chosen, answer) {
      if (answer.type !== 'card') return refuse('pay', 'name an Action card from your hand to pay');
      if (!player.hand.includes(answer.card))
        return refuse('card-not-in-hand', `${answer.card} is not in your hand`);
      if (chosen.cards.includes(answer.card))
        return refuse('wrong-cost', 'that card is already paid');
      if (isContamination(game, answer.card))
        return refuse('contamination-cannot-pay', 'Contamination cards never pay for an action');
      if (answer.card === played(game, player, chosen))
        return refuse('wrong-cost', 'the card you play cannot also pay for itself');
      return null;
    },
    record(chosen, answer) {
      if (answer.type === 'card') chosen.cards.push(answer.card);
    },
  };
}

/** Why the hand cannot pay `cost`, or null when it can. */
export function cannotPay(game: Game, player: PlayerState, cost: number): Rejection | null {
  return canPay(game, player, cost)
    ? null
    : refuse(
        'wrong-cost',
        `this action costs ${cost} Action card${cost === 1 ? '' : 's'}, and your hand cannot pay it`,
      );
}

export function payCost(player: PlayerState, cards: readonly string[]): void {
  for (const card of cards) {
    player.hand.splice(player.hand.indexOf(card), 1);
    player.actionDeck.discardPile.push(card);
  }
}
