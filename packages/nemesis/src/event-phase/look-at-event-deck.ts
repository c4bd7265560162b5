import { drawCard, putOnBottom, type Seat, stackOnTop } from '@tabletop/engine';
import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game, whisper } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { NemesisState, PlayerState } from '../vocabulary/state.js';

/**
 * Risk Assessment: the taker looks at the top Event card, alone, then
 * leaves it on top (option 0) or puts it at the bottom of the deck (option
 * 1). Everyone sees where it went, not what it is. The draw pile is in no
 * order until a card is drawn, so looking takes the next card off it and
 * lays it on top, known to the taker, until it is drawn.
 */
type LookAtEventDeck = EffectOf<'look-at-event-deck'>;

/** The Event cards a seat has seen that still lie on top of or under the deck. */
export function eventCardsKnown(state: NemesisState, seat: Seat): string[] {
  const { top, bottom } = state.eventDeck;
  return state.eventCardsSeen
    .filter((seen) => seen.seat === seat && (top.includes(seen.card) || bottom.includes(seen.card)))
    .map((seen) => seen.card);
}

function lookAtTop(game: Game, player: PlayerState): void {
  const { state } = game;
  const card = drawCard(state.eventDeck, state.random, { reshuffleWhenEmpty: true })!;
  stackOnTop(state.eventDeck, [card]);
  // A card seen before and shuffled back since is known anew, by this taker alone.
  state.eventCardsSeen = state.eventCardsSeen.filter((seen) => seen.card !== card);
  state.eventCardsSeen.push({ card, seat: player.seat });
  announce(game, 'event-looked-at', `${characterName(game, player)} looks at the top Event card`, {
    seat: player.seat,
  });
  whisper(
    game,
    [player.seat],
    'event-seen',
    `The top Event card is ${game.tables.eventCards.get(card)?.name ?? card}`,
    { card },
  );
}

function cardsToDraw(state: NemesisState): number {
  const deck = state.eventDeck;
  return deck.top.length + deck.drawPile.length + deck.bottom.length + deck.discardPile.length;
}

export const lookAtEventDeck: EffectHandler<LookAtEventDeck> = {
  unavailable: (game, _player, _effect, step) =>
    cardsToDraw(game.state) > 0
      ? null
      : refuse('no-event-card', `${step.source}: no Event card is left to look at`),
  resolve(game, player, _effect, step) {
    if (step.answered === undefined) {
      lookAtTop(game, player);
      step.answered = [];
    }
    return 'wait';
  },
  question: {
    asks: 'choose-option',
    text: (_game, _player, _effect, step) =>
      `${step.source}: leave the Event card on top (option 0), or put it at the bottom (option 1)?`,
    options: () => [
      { type: 'option', option: 0 },
      { type: 'option', option: 1 },
    ],
    answer(game, player, _effect, step, answer) {
      if (answer.type !== 'option' || answer.option > 1)
        return refuse('choose-option', 'option 0 leaves it on top, option 1 puts it at the bottom');
      game.state.stack.pop();
      if (answer.option === 1) {
        const card = game.state.eventDeck.top.shift()!;
        putOnBottom(game.state.eventDeck, card);
      }
      announce(
        game,
        'event-placed',
        `${characterName(game, player)} ${answer.option === 0 ? 'leaves the Event card on top' : 'puts the top Event card at the bottom'} (${step.source})`,
        { seat: player.seat, bottom: answer.option === 1 },
      );
      return null;
    },
  },
};
