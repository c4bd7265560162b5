import { cardsLeft, drawCard, putOnBottom, type Seat } from '@tabletop/engine';
import { type ItemDeckColour, itemDeckColours } from '../content/schema.js';
import type { Tables } from '../content/tables.js';
import type { Game } from '../vocabulary/game.js';
import type { NemesisState } from '../vocabulary/state.js';

/**
 * The Red, Yellow and Green Item decks that Search draws from. A card a
 * searcher puts back goes under the deck, known to that searcher alone.
 *
 * Choice (the rules are silent): when a deck runs out, its discard pile is
 * shuffled to form a new deck, as the Intruder Attack deck does.
 */

/** The deck an item belongs to, or null for the crafted and quest items, which no Search finds. */
export function itemDeckOf(tables: Tables, item: string): ItemDeckColour | null {
  const colour = tables.items.get(item)?.colour;
  return itemDeckColours.find((deck) => deck === colour) ?? null;
}

/** Whether a deck can still give a card: one left to draw, or a discard pile to shuffle in. */
export function deckCanGive(state: NemesisState, colour: ItemDeckColour): boolean {
  const deck = state.itemDecks[colour];
  return cardsLeft(deck) > 0 || deck.discardPile.length > 0;
}

/** Draws one item card from a deck, or undefined when the deck and its discard pile are empty. */
export function drawItem(game: Game, colour: ItemDeckColour): string | undefined {
  const deck = game.state.itemDecks[colour];
  const fromBottom = deck.top.length === 0 && deck.drawPile.length === 0 && deck.bottom.length > 0;
  const card = drawCard(deck, game.state.random, { reshuffleWhenEmpty: true });
  if (fromBottom) game.state.itemsPutUnder[colour].shift();
  return card;
}

/** Puts a card under its deck; the player who put it there knows it. */
export function putItemUnder(game: Game, colour: ItemDeckColour, item: string, seat: Seat): void {
  putOnBottom(game.state.itemDecks[colour], item);
  game.state.itemsPutUnder[colour].push(seat);
}
