import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import {
  announce,
  characterName,
  charactersIn,
  type Game,
  isContamination,
  playerOf,
  seatName,
} from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type EffectStep, schedule } from '../vocabulary/steps.js';

type Discard = EffectOf<'discard-action-cards'>;

/**
 * Discarding Action cards by an effect (the Smoke Grenade, the Taser, the
 * Space Suit). Each character who discards chooses their own cards, one at
 * a time, at a prompt of their own: the taker's effect hands each of them a
 * discard of their own. Where the taker picks who discards, they name one
 * other character in their room. "All" empties the hand.
 *
 * Choices where the rules are silent: a number of cards means Action cards,
 * as printed (a Contamination card leaves the hand only when its owner
 * passes or a card says so); a hand with fewer discards what it has. "All"
 * is the whole hand, Contamination cards included, as the Taser says.
 */

/** The cards this character could discard: the whole hand for "all", else its Action cards. */
function discardable(game: Game, character: PlayerState, count: Discard['count']): string[] {
  return count === 'all'
    ? [...character.hand]
    : character.hand.filter((card) => !isContamination(game, card));
}

/** The characters reached, before anyone is picked: only those who would lose a card. */
function discarders(game: Game, player: PlayerState, effect: Discard): PlayerState[] {
  const reached =
    effect.who === 'self'
      ? [player]
      : charactersIn(game.state, player.room).filter(
          (other) => effect.who === 'everyone-in-room' || other !== player,
        );
  return reached.filter((character) => discardable(game, character, effect.count).length > 0);
}

/** Each discarder's own discard, asked at their own prompt. */
function ownDiscard(step: EffectStep, character: PlayerState, count: Discard['count']): EffectStep {
  return {
    ...step,
    seat: character.seat,
    room: character.room,
    effect: { kind: 'discard-action-cards', who: 'self', count },
  };
}

function discard(game: Game, character: PlayerState, cards: readonly string[], source: string) {
  for (const card of cards) {
    character.hand.splice(character.hand.indexOf(card), 1);
    character.actionDeck.discardPile.push(card);
  }
  announce(
    game,
    'discard',
    `${characterName(game, character)} discards ${cards.length} card${cards.length === 1 ? '' : 's'} (${source})`,
    { seat: character.seat, count: cards.length },
  );
}

export const discardActionCards: EffectHandler<Discard> = {
  unavailable: (game, player, effect, step) =>
    discarders(game, player, effect).length > 0
      ? null
      : refuse('nothing-to-discard', `${step.source}: nobody here has a card to discard`),
  resolve(game, player, effect, step) {
    switch (effect.who) {
      case 'self':
        if (effect.count !== 'all') return 'wait';
        discard(game, player, [...player.hand], step.source);
        return 'done';
      case 'chosen-in-room':
        return 'wait';
      default:
        schedule(
          game.state.stack,
          ...discarders(game, player, effect).map((character) =>
            ownDiscard(step, character, effect.count),
          ),
        );
        return 'done';
    }
  },
  question: {
    asks: 'discard',
    asksFor: (effect) => (effect.who === 'chosen-in-room' ? 'choose-option' : 'discard'),
    text(_game, _player, effect, step) {
      if (effect.who === 'chosen-in-room')
        return `${step.source}: which character in your room discards ${effect.count === 'all' ? 'their whole hand' : `${effect.count} Action card(s)`}?`;
      return `${step.source}: discard an Action card${effect.count === 1 ? '' : ` (${effect.count} still to discard)`}`;
    },
    options(game, player, effect) {
      if (effect.who === 'chosen-in-room')
        return discarders(game, player, effect).map((character) => ({
          type: 'option',
          option: Number(character.seat),
        }));
      return discardable(game, player, effect.count).map((card) => ({ type: 'card', card }));
    },
    answer(game, player, effect, step, answer) {
      if (effect.who === 'chosen-in-room') {
        if (answer.type !== 'option')
          return refuse('choose-option', 'name the character who discards, by their seat');
        const chosen = playerOf(game.state, String(answer.option));
        if (!chosen || !discarders(game, player, effect).includes(chosen))
          return refuse(
            'wrong-character',
            `${seatName(game, String(answer.option))} has no card to discard here`,
          );
        game.state.stack.pop();
        schedule(game.state.stack, ownDiscard(step, chosen, effect.count));
        return null;
      }
      if (answer.type !== 'card') return refuse('discard', 'name a card to discard');
      if (!discardable(game, player, effect.count).includes(answer.card))
        return refuse('card-not-in-hand', `${answer.card} is not an Action card in your hand`);
      game.state.stack.pop();
      discard(game, player, [answer.card], step.source);
      // The rest of the discard, if any and while any card is left, is asked again.
      if (
        effect.count !== 'all' &&
        effect.count > 1 &&
        discardable(game, player, effect.count).length > 0
      )
        schedule(game.state.stack, { ...step, effect: { ...effect, count: effect.count - 1 } });
      return null;
    },
  },
};
