import { bleedOnPass } from '../combat/wounds.js';
import type { Effect } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName } from '../vocabulary/game.js';

/**
 * The Orbital Maneuvering System: every player still in the Player Phase
 * passes at once (with what passing brings, such as bleeding), so the Player
 * Phase ends when the taker's round does; and the Event Phase that follows
 * skips its Intruder Attack step.
 */
export const orbitalManeuver: EffectHandler<Effect> = {
  resolve(game, player, _effect, step) {
    for (const other of game.state.players) {
      // Still playing this phase: not passed, and aboard (a character waiting in a pod plays too).
      if (other.passed || (other.status !== 'active' && other.status !== 'in-pod')) continue;
      other.passed = true;
      if (other.status === 'active') bleedOnPass(game, other);
    }
    game.state.skipIntruderAttacks = true;
    announce(
      game,
      'orbital-maneuver',
      `${characterName(game, player)} fires ${step.source}: everyone passes, and no Intruder attacks in this Event Phase`,
      { seat: player.seat },
    );
    return 'done';
  },
};
