import { killCharacter } from '../combat/death.js';
import type { Effect } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { killIntruder } from '../intruders/intruder-injury.js';
import { closeDoor } from '../markers/markers.js';
import {
  announce,
  characterName,
  charactersIn,
  corridorsOf,
  type Game,
  intrudersIn,
  room,
} from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * Airlock Control, the Emergency Airlock procedure: pick another explored
 * Yellow room none of whose doors is destroyed; every door of its corridors
 * closes and the procedure's token goes there. A door of that room opening
 * before the Player Phase ends lifts the token (see `openDoor`). If the
 * token is still there and every door of the room is closed when the last
 * player has passed, everyone inside dies, characters and Intruders alike,
 * leaving no Corpse and no Carcass (the air takes them); heavy objects a
 * character carried drop in the room, as at any death. A Fire there goes
 * out. Then the token is removed, whatever happened.
 */

/** The procedure reaches the Yellow rooms only; a face-down room has no colour yet. */
function isYellow(game: Game, number: number): boolean {
  const state = room(game.state, number);
  return state.explored && game.tables.roomTiles.get(state.tile)?.colour === 'yellow';
}

/** Rooms the procedure may seal from where the player stands. */
export function airlockRooms(game: Game, player: PlayerState): number[] {
  return game.state.rooms
    .filter(
      (candidate) =>
        candidate.number !== player.room &&
        isYellow(game, candidate.number) &&
        corridorsOf(game, candidate.number).every(
          (corridor) => game.state.corridors[corridor]!.door !== 'destroyed',
        ),
    )
    .map((candidate) => candidate.number);
}

/** Closes every door of the room and places the token there (one token: a new seal moves it). */
export function sealRoom(game: Game, player: PlayerState, number: number): void {
  for (const corridor of corridorsOf(game, number)) closeDoor(game, corridor);
  game.state.airlock = number;
  announce(
    game,
    'airlock-sealed',
    `${characterName(game, player)} starts the Emergency Airlock procedure in room ${number}: its doors close`,
    { seat: player.seat, room: number },
  );
}

/** Whether every door of the sealed room is still closed. */
function stillSealed(game: Game, number: number): boolean {
  return corridorsOf(game, number).every(
    (corridor) => game.state.corridors[corridor]!.door === 'closed',
  );
}

/** At the end of the Player Phase: the sealed room is vented, then the token goes. */
export function ventAirlock(game: Game): void {
  const number = game.state.airlock;
  if (number === null) return;
  game.state.airlock = null;
  if (!stillSealed(game, number)) return;
  const target = room(game.state, number);
  announce(game, 'airlock-vented', `The airlock vents room ${number}: nobody inside survives`, {
    room: number,
  });
  for (const intruder of intrudersIn(game.state, number))
    killIntruder(game, intruder, 'vented through the airlock', { carcass: false });
  for (const player of charactersIn(game.state, number))
    killCharacter(game, player, 'vented through the airlock', { corpse: false });
  target.fire = false;
}

export const emergencyAirlock: EffectHandler<Effect> = {
  unavailable: (game, player, _effect, step) =>
    airlockRooms(game, player).length > 0
      ? null
      : refuse('no-room', `${step.source}: no other Yellow room without a destroyed door`),
  resolve: () => 'wait',
  question: {
    asks: 'choose-room',
    text: (_game, _player, _effect, step) =>
      `${step.source}: which other Yellow room do you seal for the Emergency Airlock procedure?`,
    options: (game, player) =>
      airlockRooms(game, player).map((number) => ({ type: 'room', room: number })),
    answer(game, player, _effect, _step, answer) {
      if (answer.type !== 'room') return refuse('choose-room', 'name the room to seal');
      if (!airlockRooms(game, player).includes(answer.room))
        return refuse(
          'wrong-room',
          `room ${answer.room} is not another Yellow room without a destroyed door`,
        );
      game.state.stack.pop();
      sealRoom(game, player, answer.room);
      return null;
    },
  },
};
