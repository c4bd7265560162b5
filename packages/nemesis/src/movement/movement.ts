import type { Rejection } from '@tabletop/engine';
import { escapeSurcharge } from '../combat/wounds.js';
import { fireTrigger } from '../flow/trigger-points.js';
import { announceNoise, placeNoise } from '../markers/markers.js';
import {
  basicActionCost,
  cannotPay,
  canPay,
  carefulMovementCost,
  payCost,
  payment,
} from '../player-phase/costs.js';
import type { PlayerAction, Question } from '../player-phase/player-action.js';
import {
  announce,
  characterName,
  charactersIn,
  corridorBetween,
  corridorsOf,
  type Game,
  hasTechnicalEntrance,
  inCombat,
  intrudersIn,
  playerOf,
  room,
  roomName,
} from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { MoveStep } from '../vocabulary/steps.js';
import { type Step, schedule } from '../vocabulary/steps.js';
import { reachableRooms } from './reachable-rooms.js';

/**
 * Movement: to a neighbouring room through a corridor whose door is not
 * closed; a character never stops in a corridor. Entering an unexplored room
 * explores it; entering an empty room sets off a Noise roll. In Combat a
 * move is an Escape.
 *
 * Careful Movement (2 cards): no Noise roll; instead a Noise marker goes in a
 * chosen corridor of the room entered that has none yet. Not in Combat, and
 * not when every such corridor already holds noise.
 */

/** Whether an open corridor leads out of the room (as `reachableRooms`, without listing). */
function hasWayOut(game: Game, from: number): boolean {
  for (const exit of game.tables.exits[from] ?? [])
    if (exit.corridor !== 'technical' && game.state.corridors[exit.corridor]!.door !== 'closed')
      return true;
  return false;
}

/** Whether Careful Movement could put its noise somewhere in this room (as `carefulNoiseSpots`, without listing). */
function hasQuietSpot(game: Game, to: number): boolean {
  for (const exit of game.tables.exits[to] ?? []) {
    if (exit.corridor === 'technical') {
      if (!game.state.technicalCorridorNoise) return true;
    } else if (!game.state.corridors[exit.corridor]!.noise) return true;
  }
  return false;
}

function checkDestination(game: Game, player: PlayerState, to: number): Rejection | null {
  if (!game.state.rooms[to - 1]) return refuse('no-such-room', `there is no room ${to}`);
  const corridor = corridorBetween(game, player.room, to);
  if (corridor === undefined)
    return refuse('not-neighbouring', `room ${to} is not next to room ${player.room}`);
  if (game.state.corridors[corridor]!.door === 'closed')
    return refuse('door-closed', `a closed door blocks the way to room ${to}`);
  return null;
}

/** Corridors of a room where Careful Movement may put its noise (the Technical Corridors count). */
export function carefulNoiseSpots(game: Game, to: number): (number | 'technical')[] {
  const spots: (number | 'technical')[] = corridorsOf(game, to).filter(
    (corridor) => !game.state.corridors[corridor]!.noise,
  );
  if (hasTechnicalEntrance(game, to) && !game.state.technicalCorridorNoise) spots.push('technical');
  return spots;
}

function destination(purpose: 'move' | 'careful'): Question {
  return {
    asks: 'choose-room',
    text: (game, player) =>
      purpose === 'careful'
        ? 'which room do you move to carefully?'
        : inCombat(game.state, player)
          ? 'which room do you escape to? Every Intruder here attacks you first'
          : 'which room do you move to?',
    pending: (_game, _player, chosen) => chosen.room === undefined,
    options(game, player) {
      const rooms = reachableRooms(game, player.room);
      return (purpose === 'careful' ? rooms.filter((to) => hasQuietSpot(game, to)) : rooms).map(
        (room) => ({ type: 'room', room }),
      );
    },
    check(game, player, _chosen, answer) {
      if (answer.type !== 'room') return refuse('choose-room', 'name the room to move to');
      const blocked = checkDestination(game, player, answer.room);
      if (blocked || purpose !== 'careful') return blocked;
      return carefulNoiseSpots(game, answer.room).length === 0
        ? refuse('no-quiet-corridor', `every corridor of room ${answer.room} already holds noise`)
        : null;
    },
    record(chosen, answer) {
      if (answer.type === 'room') chosen.room = answer.room;
    },
  };
}

/** Careful Movement's noise: a corridor of the room entered that holds none yet. */
const noiseCorridor: Question = {
  asks: 'choose-corridor',
  text: (_game, _player, chosen) => `in which corridor of room ${chosen.room} does your noise go?`,
  pending: (_game, _player, chosen) => chosen.corridor === undefined,
  options: (game, _player, chosen) =>
    carefulNoiseSpots(game, chosen.room!).map((corridor) => ({ type: 'corridor', corridor })),
  check(game, _player, chosen, answer) {
    if (answer.type !== 'corridor')
      return refuse('choose-corridor', 'name the corridor where your noise goes');
    const spots = carefulNoiseSpots(game, chosen.room!);
    if (!spots.includes(answer.corridor)) {
      return refuse(
        'bad-noise-corridor',
        `the noise must go in a corridor of room ${chosen.room} without noise: ${spots.join(', ')}`,
      );
    }
    return null;
  },
  record(chosen, answer) {
    if (answer.type === 'corridor') chosen.corridor = answer.corridor;
  },
};

export const movement: PlayerAction<'move'> = {
  type: 'move',
  countsAsAction: true,
  unavailable(game, player) {
    if (reachableRooms(game, player.room).length === 0)
      return refuse('door-closed', 'closed doors block every way out of your room');
    return cannotPay(game, player, moveCost(game, player));
  },
  available: (game, player) =>
    hasWayOut(game, player.room) && canPay(game, player, moveCost(game, player)),
  questions: [destination('move'), payment((game, player) => moveCost(game, player))],
  perform(game, player, chosen) {
    payCost(player, chosen.cards);
    const to = chosen.room!;
    if (inCombat(game.state, player)) {
      schedule(game.state.stack, { kind: 'escape', seat: player.seat, to });
    } else {
      schedule(game.state.stack, {
        kind: 'move',
        seat: player.seat,
        to,
        careful: false,
        noiseCorridor: null,
      });
    }
  },
};

/** A move costs one card; in Combat it is an Escape, which leg wounds make dearer. */
export function moveCost(game: Game, player: PlayerState): number {
  return inCombat(game.state, player)
    ? basicActionCost + escapeSurcharge(game, player)
    : basicActionCost;
}

export const carefulMovement: PlayerAction<'careful-move'> = {
  type: 'careful-move',
  countsAsAction: true,
  unavailable(game, player) {
    if (inCombat(game.state, player))
      return refuse('in-combat', 'Careful Movement is not possible in Combat');
    const rooms = reachableRooms(game, player.room);
    if (rooms.length === 0)
      return refuse('door-closed', 'closed doors block every way out of your room');
    if (!rooms.some((to) => hasQuietSpot(game, to)))
      return refuse('no-quiet-corridor', 'every corridor of every room you can reach holds noise');
    return cannotPay(game, player, carefulMovementCost);
  },
  questions: [destination('careful'), noiseCorridor, payment(() => carefulMovementCost)],
  perform(game, player, chosen) {
    payCost(player, chosen.cards);
    schedule(game.state.stack, {
      kind: 'move',
      seat: player.seat,
      to: chosen.room!,
      careful: true,
      noiseCorridor: chosen.corridor!,
    });
  },
};

/** An empty room: nobody else and no Intruder in it. */
export function isEmptyFor(game: Game, player: PlayerState, number: number): boolean {
  return (
    intrudersIn(game.state, number).length === 0 &&
    charactersIn(game.state, number).every((other) => other.seat === player.seat)
  );
}

/** The move itself, once paid (and, for an Escape, once survived). */
export const move: Procedure<MoveStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (player.status !== 'active') return 'done';
    const from = player.room;
    player.room = step.to;
    const target = room(game.state, step.to);
    announce(
      game,
      'move',
      `${characterName(game, player)} moves from room ${from} to ${roomName(game, step.to)}${step.careful ? ', carefully' : ''}`,
      {
        seat: player.seat,
        from,
        to: step.to,
      },
    );
    if (step.careful && step.noiseCorridor !== null && placeNoise(game, step.noiseCorridor))
      announceNoise(game, step.noiseCorridor, step.to);
    if (!target.explored) {
      schedule(game.state.stack, {
        kind: 'explore',
        seat: player.seat,
        room: step.to,
        from,
        careful: step.careful,
      });
    } else {
      // The room acts on whoever enters (the Room with Slime) before the Noise roll of arriving.
      const noiseRoll: Step | undefined =
        !step.careful && isEmptyFor(game, player, step.to)
          ? { kind: 'noise-roll', seat: player.seat, room: step.to }
          : undefined;
      const moment = { seat: player.seat, room: step.to, waiting: noiseRoll };
      if (!fireTrigger(game, 'enter-room', moment) && noiseRoll)
        schedule(game.state.stack, noiseRoll);
    }
    return 'done';
  },
};
