import type { Rejection } from '@tabletop/engine';
import type { ActionCardFacts } from '../content/tables.js';
import type { EffectStep } from '../effects/handler.js';
import { effectUnavailable } from '../effects/handler-table.js';
import { announce, characterName, type Game, inCombat } from '../flow/game.js';
import { refuse } from '../flow/procedure.js';
import type { PlayerState } from '../flow/state.js';
import { schedule } from '../flow/steps.js';
import { cannotPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction } from '../player-phase/player-action.js';

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

function searchStepOf(player: PlayerState, card: ActionCardFacts): EffectStep {
  return {
    kind: 'effect',
    seat: player.seat,
    effect: card.play!,
    room: player.room,
    chosen: null,
    source: `the ${card.name} card`,
  };
}

function combatForbids(game: Game, player: PlayerState, card: ActionCardFacts): Rejection | null {
  const combat = inCombat(game.state, player);
  if (card.combat === 'out-of-combat' && combat)
    return refuse('in-combat', `the ${card.name} card is never played in Combat`);
  if (card.combat === 'in-combat' && !combat)
    return refuse('not-in-combat', `the ${card.name} card is played only in Combat`);
  return null;
}

export const searchAction: PlayerAction<'search'> = {
  type: 'search',
  countsAsAction: true,
  unavailable(game, player) {
    const card = searchCardsIn(game, player)[0];
    if (!card) return refuse('no-search-card', 'you hold no Search card');
    return (
      combatForbids(game, player, card) ??
      effectUnavailable(game, player, card.play!, searchStepOf(player, card)) ??
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
    schedule(game.state.stack, searchStepOf(player, card));
  },
};
