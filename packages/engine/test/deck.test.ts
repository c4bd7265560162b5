import { describe, expect, it } from 'vitest';
import {
  cardsLeft,
  createBag,
  createDeck,
  discardCard,
  drawCard,
  drawFromBag,
  putInBag,
  putOnBottom,
  stackOnTop,
} from '../src/deck.js';
import { seedRandom } from '../src/random.js';

describe('decks and bags', () => {
  it('drawing takes cards until the deck is empty, each card once', () => {
    const deck = createDeck(['a', 'b', 'c', 'd']);
    const random = seedRandom('deck');
    const drawn = [
      drawCard(deck, random),
      drawCard(deck, random),
      drawCard(deck, random),
      drawCard(deck, random),
    ];
    expect([...drawn].sort()).toEqual(['a', 'b', 'c', 'd']);
    expect(drawCard(deck, random)).toBeUndefined();
  });

  it('stacked cards are drawn first, in order', () => {
    const deck = createDeck(['a', 'b', 'c']);
    stackOnTop(deck, ['x', 'y']);
    const random = seedRandom('stack');
    expect(drawCard(deck, random)).toBe('x');
    expect(drawCard(deck, random)).toBe('y');
    expect(cardsLeft(deck)).toBe(3);
  });

  it('the discard pile is reshuffled into the deck when it runs out, if asked', () => {
    const deck = createDeck(['a']);
    const random = seedRandom('reshuffle');
    discardCard(deck, drawCard(deck, random)!);
    expect(drawCard(deck, random)).toBeUndefined();
    expect(drawCard(deck, random, { reshuffleWhenEmpty: true })).toBe('a');
    expect(deck.discardPile).toEqual([]);
  });

  it('a card put at the bottom is drawn only after every card of the draw pile', () => {
    const deck = createDeck(['a', 'b', 'c']);
    const random = seedRandom('bottom');
    putOnBottom(deck, 'x');
    putOnBottom(deck, 'y');
    expect(cardsLeft(deck)).toBe(5);
    const drawn = [drawCard(deck, random), drawCard(deck, random), drawCard(deck, random)];
    expect([...drawn].sort()).toEqual(['a', 'b', 'c']);
    expect(drawCard(deck, random)).toBe('x');
    expect(drawCard(deck, random)).toBe('y');
    expect(drawCard(deck, random)).toBeUndefined();
  });

  it('cards on top come before the draw pile, cards at the bottom after it', () => {
    const deck = createDeck(['a']);
    const random = seedRandom('both ends');
    putOnBottom(deck, 'z');
    stackOnTop(deck, ['t']);
    expect([drawCard(deck, random), drawCard(deck, random), drawCard(deck, random)]).toEqual([
      't',
      'a',
      'z',
    ]);
  });

  it('the discard pile is reshuffled in only once the bottom cards are drawn too', () => {
    const deck = createDeck<string>([]);
    const random = seedRandom('bottom then reshuffle');
    putOnBottom(deck, 'under');
    discardCard(deck, 'used');
    expect(drawCard(deck, random, { reshuffleWhenEmpty: true })).toBe('under');
    expect(deck.discardPile).toEqual(['used']);
    expect(drawCard(deck, random, { reshuffleWhenEmpty: true })).toBe('used');
  });

  it('a bag gives back what was put in', () => {
    const bag = createBag(['larva', 'adult']);
    const random = seedRandom('bag');
    const first = drawFromBag(bag, random)!;
    putInBag(bag, first);
    expect([...bag.tokens].sort()).toEqual(['adult', 'larva']);
  });
});
