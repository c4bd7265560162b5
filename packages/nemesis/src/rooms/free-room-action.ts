import type { Rejection } from '@tabletop/engine';
import type { EffectOf } from '../content/effects.js';
import type { RoomTileFacts } from '../content/tables.js';
import { hasWorkingComputer } from '../effects/conditions.js';
import type { EffectHandler, EffectStep } from '../effects/handler.js';
import { effectUnavailable } from '../effects/handler-table.js';
import { announce, characterName, type Game, inCombat, room, roomName } from '../flow/game.js';
import { refuse } from '../flow/procedure.js';
import type { PlayerState } from '../flow/state.js';
import { schedule } from '../flow/steps.js';

/**
 * A free Room Action, given by an Action card (Computer Skills, Piloting,
 * Old Friend, Blocking Access; Intranet from afar): the room's own action
 * for no Action card. The room must still work (no Malfunction marker),
 * and never in Combat. Intranet takes the action of another room with a
 * working Computer, named by the player; its effect acts in that room.
 */
type FreeRoomAction = EffectOf<'free-room-action'>;

function tileOf(game: Game, number: number): RoomTileFacts | undefined {
  const here = room(game.state, number);
  return here.explored ? game.tables.roomTiles.get(here.tile) : undefined;
}

/** The step of the room's action, taken for free. */
function roomActionStep(
  game: Game,
  player: PlayerState,
  number: number,
  step: EffectStep,
): EffectStep | null {
  const tile = tileOf(game, number);
  if (!tile?.action) return null;
  return {
    kind: 'effect',
    seat: player.seat,
    effect: tile.action,
    room: number,
    chosen: null,
    source: `the ${tile.name} (${step.source})`,
  };
}

function actionUnavailable(
  game: Game,
  player: PlayerState,
  number: number,
  step: EffectStep,
): Rejection | null {
  const inner = roomActionStep(game, player, number, step);
  if (!inner) return refuse('no-room-action', `${step.source}: room ${number} has no Room Action`);
  if (inCombat(game.state, player))
    return refuse('in-combat', `${step.source}: a Room Action is never taken in Combat`);
  if (room(game.state, number).malfunction)
    return refuse('malfunction', `${step.source}: a Malfunction marker switches that room off`);
  return effectUnavailable(game, player, inner.effect, inner);
}

/** The other rooms whose Computer works and whose action can be taken now. */
function otherComputerRooms(game: Game, player: PlayerState, step: EffectStep): number[] {
  return game.state.rooms
    .map((candidate) => candidate.number)
    .filter(
      (number) =>
        number !== player.room &&
        hasWorkingComputer(game, number) &&
        actionUnavailable(game, player, number, step) === null,
    );
}

function takeAction(game: Game, player: PlayerState, number: number, step: EffectStep): void {
  announce(
    game,
    'room-action',
    `${characterName(game, player)} takes the Room Action of ${roomName(game, number)} for free (${step.source})`,
    { seat: player.seat, room: number, tile: room(game.state, number).tile },
  );
  schedule(game.state.stack, roomActionStep(game, player, number, step)!);
}

export const freeRoomAction: EffectHandler<FreeRoomAction> = {
  unavailable(game, player, effect, step) {
    if (effect.room === 'own') return actionUnavailable(game, player, player.room, step);
    return otherComputerRooms(game, player, step).length > 0
      ? null
      : refuse('no-room', `${step.source}: no other room with a working Computer can act now`);
  },
  resolve(game, player, effect, step) {
    if (effect.room === 'another-computer-room') return 'wait';
    takeAction(game, player, player.room, step);
    return 'done';
  },
  question: {
    asks: 'choose-room',
    text: (_game, _player, _effect, step) =>
      `${step.source}: which other Computer room's action do you take?`,
    options: (game, player, _effect, step) =>
      otherComputerRooms(game, player, step).map((number) => ({ type: 'room', room: number })),
    answer(game, player, _effect, step, answer) {
      if (answer.type !== 'room') return refuse('choose-room', 'name a room with a Computer');
      if (!otherComputerRooms(game, player, step).includes(answer.room))
        return refuse(
          'wrong-room',
          `room ${answer.room} is not another working Computer room whose action can be taken`,
        );
      game.state.stack.pop();
      takeAction(game, player, answer.room, step);
      return null;
    },
  },
};
