import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { PlayerTurnStep } from '../vocabulary/steps.js';

/**
 * Any number of actions (the Adrenaline Injection): for the rest of this
 * round the two-action limit is lifted, and the round ends only when the
 * player passes. The limit lives on the round's own step, so it is gone with
 * the round.
 */
function roundOf(game: Game, player: PlayerState): PlayerTurnStep | undefined {
  return game.state.stack.findLast(
    (step): step is PlayerTurnStep => step.kind === 'player-turn' && step.seat === player.seat,
  );
}

export const unlimitedActions: EffectHandler<EffectOf<'unlimited-actions'>> = {
  unavailable: (game, player, _effect, step) =>
    roundOf(game, player)
      ? null
      : refuse('not-your-round', `${step.source}: it works only during your own round`),
  resolve(game, player, _effect, step) {
    roundOf(game, player)!.unlimited = true;
    announce(
      game,
      'unlimited-actions',
      `${characterName(game, player)} may take any number of actions this round (${step.source}), then must pass`,
      { seat: player.seat },
    );
    return 'done';
  },
};
