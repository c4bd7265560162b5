import type { ActionOf } from './actions.js';
import type { PlayerAction } from './basic-action.js';
import { announce, characterName } from './game.js';
import { refuse } from './procedure.js';

/** Pass: optionally discard any cards, Contamination included; sit out the rest of the phase. */
export const pass: PlayerAction<'pass'> = {
  type: 'pass',
  countsAsAction: false,
  check(_game, player, action) {
    if (new Set(action.discard).size !== action.discard.length)
      return refuse('bad-discard', 'the same card is named twice');
    for (const card of action.discard) {
      if (!player.hand.includes(card))
        return refuse('card-not-in-hand', `${card} is not in your hand`);
    }
    return null;
  },
  perform(game, player, action) {
    for (const card of action.discard) {
      player.hand.splice(player.hand.indexOf(card), 1);
      player.actionDeck.discardPile.push(card);
    }
    player.passed = true;
    announce(
      game,
      'pass',
      `${characterName(game, player)} passes${action.discard.length ? ` and discards ${action.discard.length} card(s)` : ''}`,
      {
        seat: player.seat,
      },
    );
    // The turn step sees the pass and moves on to the next player.
  },
  enumerate(_game, player) {
    const subsets: ActionOf<'pass'>[] = [];
    const hand = player.hand;
    // Every subset of the hand (at most 2^hand size, and hands stay small).
    for (let mask = 0; mask < 1 << hand.length; mask++) {
      subsets.push({
        type: 'pass',
        discard: hand.filter((_, index) => (mask & (1 << index)) !== 0),
      });
    }
    return subsets;
  },
};
