import { bleedOnPass } from '../combat/wounds.js';
import { announce, characterName } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerAction, Question } from './player-action.js';

/**
 * Pass: optionally discard any cards, Contamination included, named one at
 * a time until the player is done; then sit out the rest of the phase.
 */
const discards: Question = {
  asks: 'discard',
  text: (_game, _player, chosen) =>
    chosen.cards.length === 0
      ? 'you pass: discard a card, or keep your hand'
      : `you pass: discard another card, or stop (${chosen.cards.length} discarded)`,
  pending: (_game, player, chosen) => !chosen.done && chosen.cards.length < player.hand.length,
  options(_game, player, chosen) {
    const answers: ReturnType<Question['options']> = [{ type: 'done' }];
    for (const card of player.hand)
      if (!chosen.cards.includes(card)) answers.push({ type: 'card', card });
    return answers;
  },
  check(_game, player, chosen, answer) {
    if (answer.type === 'done') return null;
    if (answer.type !== 'card') return refuse('bad-discard', 'name a card to discard, or stop');
    if (!player.hand.includes(answer.card))
      return refuse('card-not-in-hand', `${answer.card} is not in your hand`);
    if (chosen.cards.includes(answer.card))
      return refuse('bad-discard', 'that card is already discarded');
    return null;
  },
  record(chosen, answer) {
    if (answer.type === 'done') chosen.done = true;
    else if (answer.type === 'card') chosen.cards.push(answer.card);
  },
};

export const pass: PlayerAction<'pass'> = {
  type: 'pass',
  countsAsAction: false,
  unavailable: () => null,
  questions: [discards],
  perform(game, player, chosen) {
    for (const card of chosen.cards) {
      player.hand.splice(player.hand.indexOf(card), 1);
      player.actionDeck.discardPile.push(card);
    }
    player.passed = true;
    announce(
      game,
      'pass',
      `${characterName(game, player)} passes${chosen.cards.length ? ` and discards ${chosen.cards.length} card(s)` : ''}`,
      { seat: player.seat },
    );
    // After the pass is told: a Bleeding wound may kill, and a death may end the game.
    bleedOnPass(game, player);
    // The turn step sees the pass and moves on to the next player.
  },
};
