import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game, playerOf, seatName } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';

/**
 * Interruption: cancel what the window it was played at answers. The
 * window sits right above it on the stack: another player's action (its
 * cost stays paid, and it still counts as an action of the round), or
 * another player's Interruption waiting to take effect (the card stays
 * discarded). The window itself closes: there is nothing left to answer.
 */
function answeredWindow(game: Game): number {
  const { stack } = game.state;
  for (let index = stack.length - 1; index >= 0; index--) {
    const step = stack[index]!;
    if (step.kind === 'interrupt-window' && step.trigger !== 'surprise-attack-on-you') return index;
  }
  return -1;
}

export const cancelInterrupted: EffectHandler<EffectOf<'cancel-interrupted'>> = {
  unavailable: (game, _player, _effect, step) =>
    answeredWindow(game) < 0
      ? refuse('nothing-to-cancel', `${step.source}: there is no action or Interruption to cancel`)
      : null,
  resolve(game, player) {
    const { stack } = game.state;
    const index = answeredWindow(game);
    const window = stack[index];
    const target = stack[index - 1];
    if (window?.kind !== 'interrupt-window' || target === undefined) return 'done';
    const other = playerOf(game.state, window.seat);
    const whose = other ? characterName(game, other) : seatName(game, window.seat);
    if (window.trigger === 'before-action-resolves' && target.kind === 'action-choice') {
      target.interrupted = 'cancelled';
      stack.splice(index, 1);
      announce(
        game,
        'action-cancelled',
        `${characterName(game, player)} cancels the action of ${whose}`,
        { seat: player.seat, cancelled: window.seat, action: target.action },
      );
    } else if (window.trigger === 'interruption-played' && target.kind === 'effect') {
      stack.splice(index - 1, 2);
      announce(
        game,
        'interruption-cancelled',
        `${characterName(game, player)} cancels the Interruption of ${whose}`,
        { seat: player.seat, cancelled: window.seat },
      );
    }
    return 'done';
  },
};
