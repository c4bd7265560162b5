import type { ActionCardFacts } from '../content/tables.js';
import { effectUnavailable } from '../effects/handler-table.js';
import { cardStep, combatForbids } from '../player-phase/action-card.js';
import { cannotPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction } from '../player-phase/player-action.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { schedule } from '../vocabulary/steps.js';

/**
 * The Search Action card, which every character's deck holds: played as an
 * action of its own, it is discarded with its cost (none for the base card)
 * and its effect (a search of the room, lowering its item counter) resolves.
 * The two copies in a deck are alike, so the first in hand is played and
 * the player is not asked which.
 */

/**
 * A Search card: an Action card whose effect is a plain search of the room,
 * which stops at an empty item counter. Scavenging searches even then, at a
 * cost, so it is played as a card of its own.
 */
export function isSearchCard(card: ActionCardFacts): boolean {
  return card.play?.kind === 'search' && card.play.evenWhenEmpty !== true;
}

/** The Search cards in a hand, in hand order. */
function searchCardsIn(game: Game, player: PlayerState): ActionCardFacts[] {
  const cards: ActionCardFacts[] = [];
  for (const card of player.hand) {
    const facts = game.tables.actionCards.get(card);
    if (facts && isSearchCard(facts)) cards.push(facts);
  }
  return cards;
}

export const searchAction: PlayerAction<'search'> = {
  type: 'search',
  countsAsAction: true,
  unavailable(game, player) {
    const card = searchCardsIn(game, player)[0];
    if (!card) return refuse('no-search-card', 'you hold no Search card');
    return (
      combatForbids(game, player, card) ??
      effectUnavailable(game, player, card.play!, cardStep(player, card)) ??
      // The card itself is discarded besides its cost.
      cannotPay(game, player, card.cost + 1)
    );
  },
  questions: [
    payment(
      (game, player) => searchCardsIn(game, player)[0]?.cost ?? 0,
      (game, player) => searchCardsIn(game, player)[0]?.id,
    ),
  ],
  cardsPaid: (game, player, chosen) => [searchCardsIn(game, player)[0]!.id, ...chosen.cards],
  perform(game, player, chosen) {
    const card = searchCardsIn(game, player)[0]!;
    payCost(player, [card.id, ...chosen.cards]);
    announce(game, 'play-card', `${characterName(game, player)} plays the ${card.name} card`, {
      seat: player.seat,
      card: card.id,
    });
    schedule(game.state.stack, cardStep(player, card));
  },
};
