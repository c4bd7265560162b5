import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * Ignore the attack (the Armor): the Intruder attack that has just struck
 * its holder, waiting below on the stack for their reaction, is undone whole
 * and never takes effect. The attack card stays discarded.
 */
function struckAttack(game: Game, player: PlayerState): number {
  const { stack } = game.state;
  for (let index = stack.length - 1; index >= 0; index--) {
    const step = stack[index]!;
    if (step.kind === 'intruder-attack' && step.struck && step.target === player.seat) return index;
  }
  return -1;
}

export const ignoreAttack: EffectHandler<EffectOf<'ignore-attack'>> = {
  unavailable: (game, player, _effect, step) =>
    struckAttack(game, player) < 0
      ? refuse('no-attack', `${step.source}: no Intruder attack has just struck you`)
      : null,
  resolve(game, player, _effect, step) {
    const [attack] = game.state.stack.splice(struckAttack(game, player), 1);
    announce(
      game,
      'attack-ignored',
      `${characterName(game, player)} ignores the attack thanks to ${step.source}`,
      {
        seat: player.seat,
        intruder: attack?.kind === 'intruder-attack' ? attack.intruder : null,
      },
    );
    return 'done';
  },
};
