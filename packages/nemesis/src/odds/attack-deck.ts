import type { Tables } from '../content/tables.js';

/**
 * The Intruder Attack deck as the odds see it: the cards still to draw and
 * the discard pile, which becomes the new deck when the deck runs out. When
 * the discard pile is not known, every card is taken to be still in the deck:
 * with the order unknown, each card is as likely to come next as any other.
 */
export interface AttackDeckState {
  drawPile: readonly string[];
  discardPile: readonly string[];
}

/** The deck with a known discard pile (the other cards are in the deck), or with none known. */
export function attackDeckWith(tables: Tables, discard: readonly string[] | null): AttackDeckState {
  const all = [...tables.attackCards.keys()];
  if (discard === null) return { drawPile: all, discardPile: [] };
  const seen = new Set<string>();
  for (const card of discard) {
    if (!tables.attackCards.has(card))
      throw new RangeError(`there is no Intruder Attack card "${card}"`);
    if (seen.has(card)) throw new RangeError(`the Intruder Attack card "${card}" is listed twice`);
    seen.add(card);
  }
  return { drawPile: all.filter((card) => !seen.has(card)), discardPile: [...discard] };
}

export interface Drawn {
  cards: string[];
  deck: AttackDeckState;
  p: number;
}

/**
 * Every way of drawing `count` cards one after another, each with its
 * chance. The deck is rebuilt from the discard pile when it runs out. With
 * `discard: 'each'` each card is discarded as soon as it is drawn (an
 * attack); with `'after'` they are discarded together once all are drawn
 * (a death check), so a rebuilt deck cannot hold a card drawn in the same check.
 */
export function everyDraw(
  deck: AttackDeckState,
  count: number,
  discard: 'each' | 'after',
): Drawn[] {
  const results: Drawn[] = [];
  const step = (state: AttackDeckState, cards: string[], p: number) => {
    if (cards.length === count) {
      const discardPile =
        discard === 'after' ? [...state.discardPile, ...cards] : [...state.discardPile];
      results.push({ cards, deck: { drawPile: state.drawPile, discardPile }, p });
      return;
    }
    let { drawPile, discardPile } = state;
    if (drawPile.length === 0) {
      drawPile = discardPile;
      discardPile = [];
    }
    if (drawPile.length === 0) {
      // Nothing left anywhere: the draw ends short, as the engine's does.
      results.push({ cards, deck: { drawPile, discardPile }, p });
      return;
    }
    drawPile.forEach((card, index) => {
      const rest = [...drawPile.slice(0, index), ...drawPile.slice(index + 1)];
      step(
        {
          drawPile: rest,
          discardPile: discard === 'each' ? [...discardPile, card] : discardPile,
        },
        [...cards, card],
        p / drawPile.length,
      );
    });
  };
  step(deck, [], 1);
  return results;
}
