import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * Re-roll a die already rolled (the Motion Sensor, on its holder's own
 * Noise roll): the roll waiting below on the stack for its roller's reaction
 * is thrown again, and the new face stands, for a roll is re-rolled once at
 * most. Re-rolling a Combat die belongs to the weapons and cards that allow
 * it, not built here.
 */
function rolledNoise(game: Game, player: PlayerState): number {
  const { stack } = game.state;
  for (let index = stack.length - 1; index >= 0; index--) {
    const step = stack[index]!;
    if (
      step.kind === 'noise-roll' &&
      step.seat === player.seat &&
      step.face !== undefined &&
      !step.rerolled
    )
      return index;
  }
  return -1;
}

export const rerollDie: EffectHandler<EffectOf<'reroll-die'>> = {
  unavailable(game, player, effect, step) {
    if (effect.die === 'combat')
      return refuse('not-built', `${step.source}: re-rolling a Combat die is not built yet`);
    return rolledNoise(game, player) < 0
      ? refuse('no-roll', `${step.source}: you have no Noise roll to roll again`)
      : null;
  },
  resolve(game, player, _effect, step) {
    const { stack } = game.state;
    const index = rolledNoise(game, player);
    const roll = stack[index]!;
    if (roll.kind !== 'noise-roll') return 'done';
    announce(
      game,
      'reroll',
      `${characterName(game, player)} rolls the Noise die again with ${step.source} (the ${roll.face} is set aside)`,
      { seat: player.seat, die: 'noise', face: roll.face ?? null },
    );
    stack[index] = { kind: 'noise-roll', seat: roll.seat, room: roll.room, rerolled: true };
    return 'done';
  },
};
