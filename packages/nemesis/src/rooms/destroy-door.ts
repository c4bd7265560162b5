import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { targetRoom } from '../effects/ship.js';
import { destroyDoor } from '../markers/markers.js';
import { announce, characterName, corridorsOf, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { EffectStep } from '../vocabulary/steps.js';

/**
 * Demolition: a Door in a corridor touching the room is destroyed. Only a
 * closed door is a Door token on the board, so only a closed one can be
 * destroyed; a destroyed door never closes again (but for the Plasma Torch).
 */
type DestroyDoor = EffectOf<'destroy-door'>;

function closedDoors(
  game: Game,
  player: PlayerState,
  effect: DestroyDoor,
  step: EffectStep,
): number[] {
  return corridorsOf(game, targetRoom(player, effect.room, step)).filter(
    (corridor) => game.state.corridors[corridor]!.door === 'closed',
  );
}

export const destroyDoorEffect: EffectHandler<DestroyDoor> = {
  unavailable: (game, player, effect, step) =>
    closedDoors(game, player, effect, step).length > 0
      ? null
      : refuse('no-door', `${step.source}: no closed door touches your room`),
  resolve: () => 'wait',
  question: {
    asks: 'choose-corridor',
    text: (_game, _player, _effect, step) => `${step.source}: which door do you destroy?`,
    options: (game, player, effect, step) =>
      closedDoors(game, player, effect, step).map((corridor) => ({ type: 'corridor', corridor })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'corridor') return refuse('choose-corridor', 'name the door to destroy');
      const doors = closedDoors(game, player, effect, step);
      if (answer.corridor === 'technical' || !doors.includes(answer.corridor))
        return refuse(
          'wrong-corridor',
          `corridor ${answer.corridor} has no closed door next to your room (${doors.join(', ')})`,
        );
      game.state.stack.pop();
      announce(
        game,
        'demolition',
        `${characterName(game, player)} smashes a door (${step.source})`,
        {
          seat: player.seat,
          corridor: answer.corridor,
        },
      );
      destroyDoor(game, answer.corridor);
      return null;
    },
  },
};
