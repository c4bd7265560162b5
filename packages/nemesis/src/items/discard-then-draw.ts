import { drawCard } from '@tabletop/engine';
import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { schedule } from '../vocabulary/steps.js';

type DiscardThenDraw = EffectOf<'discard-then-draw'>;

/**
 * Discard, then draw (the Military Drugs): the taker discards any number of
 * cards from their hand, Contamination cards included, naming them one at a
 * time until they stop, then draws as many Action cards plus `extra`. Each
 * card discarded adds one to the draw still to come, so the step carries its
 * own count.
 */
function draw(game: Game, player: PlayerState, count: number, source: string): void {
  let drawn = 0;
  for (; drawn < count; drawn++) {
    const card = drawCard(player.actionDeck, game.state.random, { reshuffleWhenEmpty: true });
    if (card === undefined) break;
    player.hand.push(card);
  }
  announce(
    game,
    'draw',
    `${characterName(game, player)} draws ${drawn} Action card${drawn === 1 ? '' : 's'} (${source})`,
    { seat: player.seat, count: drawn },
  );
}

export const discardThenDraw: EffectHandler<DiscardThenDraw> = {
  resolve(game, player, effect, step) {
    if (player.hand.length > 0) return 'wait';
    draw(game, player, effect.extra, step.source);
    return 'done';
  },
  question: {
    asks: 'discard',
    text: (_game, _player, effect, step) =>
      `${step.source}: discard a card, or stop and draw ${effect.extra}`,
    options: (_game, player) => [
      { type: 'done' },
      ...[...new Set(player.hand)].map((card) => ({ type: 'card' as const, card })),
    ],
    answer(game, player, effect, step, answer) {
      if (answer.type === 'done') {
        game.state.stack.pop();
        draw(game, player, effect.extra, step.source);
        return null;
      }
      if (answer.type !== 'card') return refuse('discard', 'name a card to discard, or stop');
      if (!player.hand.includes(answer.card))
        return refuse('card-not-in-hand', `${answer.card} is not in your hand`);
      game.state.stack.pop();
      player.hand.splice(player.hand.indexOf(answer.card), 1);
      player.actionDeck.discardPile.push(answer.card);
      announce(game, 'discard', `${characterName(game, player)} discards a card (${step.source})`, {
        seat: player.seat,
        count: 1,
      });
      schedule(game.state.stack, { ...step, effect: { ...effect, extra: effect.extra + 1 } });
      return null;
    },
  },
};
