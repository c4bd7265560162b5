import { bleedOnPass } from '../combat/wounds.js';
import type { ActionOf } from '../flow/actions.js';
import { announce, characterName } from '../flow/game.js';
import { refuse } from '../flow/procedure.js';
import type { PlayerAction } from './player-action.js';

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
    bleedOnPass(game, player);
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
    // Every subset of the hand (at most 2^hand size, and hands stay small), in the order of a
    // bit mask over the hand. Built by doubling: the subsets with card k are those without it,
    // each plus card k; this lists the same subsets in the same order as counting masks, but
    // each is built once, not by filtering the whole hand for every mask (a hot path of playouts).
    const subsets: string[][] = [[]];
    for (const card of player.hand) {
      const count = subsets.length;
      for (let index = 0; index < count; index++) subsets.push([...subsets[index]!, card]);
    }
    return subsets.map((discard): ActionOf<'pass'> => ({ type: 'pass', discard }));
  },
};
