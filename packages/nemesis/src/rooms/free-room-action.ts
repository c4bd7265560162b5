import type { Rejection } from '@tabletop/engine';
import type { RoomTileFacts } from '../content/tables.js';
import { hasWorkingComputer } from '../effects/conditions.js';
import {
  announce,
  characterName,
  type Game,
  inCombat,
  room,
  roomName,
} from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type EffectStep, schedule } from '../vocabulary/steps.js';

/**
 * A free Room Action, given by an Action card (Computer Skills, Piloting,
 * Old Friend, Blocking Access; Intranet from afar): the room's own action
 * for no Action card. The room must still work (no Malfunction marker),
 * and never in Combat. Intranet takes the action of another room with a
 * working Computer, named by the player; its effect acts in that room.
 * The handler, which asks the room's own effect, sits with the dispatch
 * (effects/handler-table.ts).
 */
function tileOf(game: Game, number: number): RoomTileFacts | undefined {
  const here = room(game.state, number);
  return here.explored ? game.tables.roomTiles.get(here.tile) : undefined;
}

/** The step of the room's action, taken for free. */
export function freeRoomActionStep(
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

/** Why the room's own action cannot be had here, before its effect is asked (the dispatch asks that). */
export function roomActionBarred(
  game: Game,
  player: PlayerState,
  number: number,
  step: EffectStep,
): Rejection | null {
  if (!freeRoomActionStep(game, player, number, step))
    return refuse('no-room-action', `${step.source}: room ${number} has no Room Action`);
  if (inCombat(game.state, player))
    return refuse('in-combat', `${step.source}: a Room Action is never taken in Combat`);
  if (room(game.state, number).malfunction)
    return refuse('malfunction', `${step.source}: a Malfunction marker switches that room off`);
  return null;
}

/** The other rooms whose Computer works, before asking whether their action can be taken. */
export function otherComputerRooms(game: Game, player: PlayerState): number[] {
  return game.state.rooms
    .map((candidate) => candidate.number)
    .filter((number) => number !== player.room && hasWorkingComputer(game, number));
}

/** The free Room Action is taken: announced, then its effect resolves in that room. */
export function takeFreeRoomAction(
  game: Game,
  player: PlayerState,
  number: number,
  step: EffectStep,
): void {
  announce(
    game,
    'room-action',
    `${characterName(game, player)} takes the Room Action of ${roomName(game, number)} for free (${step.source})`,
    { seat: player.seat, room: number, tile: room(game.state, number).tile },
  );
  schedule(game.state.stack, freeRoomActionStep(game, player, number, step)!);
}
