import type { Rejection, Seat } from '@tabletop/engine';
import { escapeSurcharge } from '../combat/wounds.js';
import type { ActionOf } from '../flow/actions.js';
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
} from '../flow/game.js';
import { type Procedure, refuse } from '../flow/procedure.js';
import type { PlayerState } from '../flow/state.js';
import { schedule } from '../flow/steps.js';
import { placeNoise } from '../markers/markers.js';
import {
  basicActionCost,
  carefulMovementCost,
  checkCost,
  costOptions,
  payCost,
} from '../player-phase/costs.js';
import type { PlayerAction } from '../player-phase/player-action.js';

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
export function reachableRooms(game: Game, from: number): number[] {
  return corridorsOf(game, from)
    .filter((corridor) => game.state.corridors[corridor]!.door !== 'closed')
    .map((corridor) => {
      const [first, second] = game.tables.corridors[corridor]!.ends;
      return first === from ? second : first;
    });
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

export const movement: PlayerAction<'move'> = {
  type: 'move',
  countsAsAction: true,
  check(game, player, action) {
    return (
      checkDestination(game, player, action.to) ??
      checkCost(game, player, action.cards, moveCost(game, player))
    );
  },
  perform(game, player, action) {
    payCost(player, action.cards);
    if (inCombat(game.state, player)) {
      schedule(game.state.stack, { kind: 'escape', seat: player.seat, to: action.to });
    } else {
      schedule(game.state.stack, {
        kind: 'move',
        seat: player.seat,
        to: action.to,
        careful: false,
        noiseCorridor: null,
      });
    }
  },
  enumerate(game, player) {
    const actions: ActionOf<'move'>[] = [];
    const payments = costOptions(game, player, moveCost(game, player));
    for (const to of reachableRooms(game, player.room))
      for (const cards of payments) actions.push({ type: 'move', to, cards });
    return actions;
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
  check(game, player, action) {
    if (inCombat(game.state, player))
      return refuse('in-combat', 'Careful Movement is not possible in Combat');
    const blocked = checkDestination(game, player, action.to);
    if (blocked) return blocked;
    const spots = carefulNoiseSpots(game, action.to);
    if (spots.length === 0)
      return refuse('no-quiet-corridor', `every corridor of room ${action.to} already holds noise`);
    if (!spots.includes(action.noise)) {
      return refuse(
        'bad-noise-corridor',
        `the noise must go in a corridor of room ${action.to} without noise: ${spots.join(', ')}`,
      );
    }
    return checkCost(game, player, action.cards, carefulMovementCost);
  },
  perform(game, player, action) {
    payCost(player, action.cards);
    schedule(game.state.stack, {
      kind: 'move',
      seat: player.seat,
      to: action.to,
      careful: true,
      noiseCorridor: action.noise,
    });
  },
  enumerate(game, player) {
    if (inCombat(game.state, player)) return [];
    const actions: ActionOf<'careful-move'>[] = [];
    const payments = costOptions(game, player, carefulMovementCost);
    if (payments.length === 0) return actions;
    for (const to of reachableRooms(game, player.room)) {
      for (const noise of carefulNoiseSpots(game, to)) {
        for (const cards of payments) actions.push({ type: 'careful-move', to, noise, cards });
      }
    }
    return actions;
  },
};

/** An empty room: nobody else and no Intruder in it. */
export function isEmptyFor(game: Game, player: PlayerState, number: number): boolean {
  return (
    intrudersIn(game.state, number).length === 0 &&
    charactersIn(game.state, number).every((other) => other.seat === player.seat)
  );
}

/** A move once paid: Careful Movement names where its noise goes. */
export interface MoveStep {
  kind: 'move';
  seat: Seat;
  to: number;
  careful: boolean;
  noiseCorridor: number | 'technical' | null;
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
    if (step.careful && step.noiseCorridor !== null) placeNoise(game, step.noiseCorridor);
    if (!target.explored) {
      schedule(game.state.stack, {
        kind: 'explore',
        seat: player.seat,
        room: step.to,
        from,
        careful: step.careful,
      });
    } else if (!step.careful && isEmptyFor(game, player, step.to)) {
      schedule(game.state.stack, { kind: 'noise-roll', seat: player.seat, room: step.to });
    }
    return 'done';
  },
};
