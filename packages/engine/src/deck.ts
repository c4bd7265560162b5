import { type RandomState, randomInt, shuffle } from './random.js';

/**
 * A deck as plain data. The draw pile has no stored order: a card is drawn
 * at random when it is drawn ("shuffle at draw time"), so no future order
 * sits in the state to leak. `top` holds cards whose place on top is known
 * (stacked by a test or a rule, or put back on top), drawn first, first in line first.
 * `bottom` holds cards put under the deck, drawn only once the draw pile is
 * empty, the one put there first drawn first.
 */
export interface Deck<Card> {
  drawPile: Card[];
  top: Card[];
  bottom: Card[];
  discardPile: Card[];
}

export function createDeck<Card>(cards: readonly Card[]): Deck<Card> {
  return { drawPile: [...cards], top: [], bottom: [], discardPile: [] };
}

export function cardsLeft<Card>(deck: Deck<Card>): number {
  return deck.top.length + deck.drawPile.length + deck.bottom.length;
}

/** Moves the discard pile back into the draw pile. */
export function reshuffleDiscardPile<Card>(deck: Deck<Card>): void {
  for (const card of deck.discardPile) deck.drawPile.push(card);
  deck.discardPile.length = 0;
}

/**
 * Draws one card: from the top, else at random from the draw pile, else from
 * the bottom; undefined when the deck is empty (after reshuffling the
 * discard pile into it, if asked).
 */
export function drawCard<Card>(
  deck: Deck<Card>,
  random: RandomState,
  options: { reshuffleWhenEmpty?: boolean } = {},
): Card | undefined {
  if (deck.top.length > 0) return deck.top.shift();
  if (deck.drawPile.length > 0) return takeRandom(deck.drawPile, random);
  if (deck.bottom.length > 0) return deck.bottom.shift();
  if (options.reshuffleWhenEmpty) reshuffleDiscardPile(deck);
  return takeRandom(deck.drawPile, random);
}

export function discardCard<Card>(deck: Deck<Card>, card: Card): void {
  deck.discardPile.push(card);
}

/** Puts known cards on top, the first of `cards` to be drawn first. */
export function stackOnTop<Card>(deck: Deck<Card>, cards: readonly Card[]): void {
  deck.top.unshift(...cards);
}

/** Puts a card under the deck: it is drawn after every card now in the deck. */
export function putOnBottom<Card>(deck: Deck<Card>, card: Card): void {
  deck.bottom.push(card);
}

/**
 * A bag of tokens drawn blind, as plain data. `next` names tokens of the bag
 * that are known to come out next, in order (stacked by a test); they are
 * also counted in `tokens`.
 */
export interface Bag<Token> {
  tokens: Token[];
  next: Token[];
}

export function createBag<Token>(tokens: readonly Token[]): Bag<Token> {
  return { tokens: [...tokens], next: [] };
}

export function drawFromBag<Token>(bag: Bag<Token>, random: RandomState): Token | undefined {
  while (bag.next.length > 0) {
    const wanted = bag.next.shift()!;
    const index = bag.tokens.indexOf(wanted);
    if (index >= 0) {
      bag.tokens.splice(index, 1);
      return wanted;
    }
  }
  return takeRandom(bag.tokens, random);
}

export function putInBag<Token>(bag: Bag<Token>, token: Token): void {
  bag.tokens.push(token);
}

/** Removes and returns a uniformly random element; order of the rest is not meaningful. */
export function takeRandom<T>(items: T[], random: RandomState): T | undefined {
  if (items.length === 0) return undefined;
  const index = randomInt(random, 0, items.length - 1);
  const chosen = items[index]!;
  items[index] = items[items.length - 1]!;
  items.pop();
  return chosen;
}

export { shuffle };
