import type { EffectOf } from '../content/effects.js';
import { hasWorkingComputer } from '../effects/conditions.js';
import type { EffectHandler } from '../effects/handler.js';
import { placeMalfunction } from '../markers/markers.js';
import { announce, characterName, type Game, room, roomName } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { EffectStep } from '../vocabulary/steps.js';

/**
 * A Malfunction put on purpose: Demolition breaks your own room, Blocking
 * Access switches off any room with a working Computer (which the player
 * names). It counts toward the ninth marker like any other. A room that
 * already malfunctions, or never does (the Nest), is no target.
 */
type PlaceMalfunction = EffectOf<'place-malfunction'>;

function canMalfunction(game: Game, number: number): boolean {
  const target = room(game.state, number);
  return !target.malfunction && game.tables.roomTiles.get(target.tile)?.allowsMalfunction !== false;
}

function targets(game: Game, player: PlayerState, effect: PlaceMalfunction): number[] {
  if (effect.room === 'own') return canMalfunction(game, player.room) ? [player.room] : [];
  return game.state.rooms
    .map((candidate) => candidate.number)
    .filter((number) => hasWorkingComputer(game, number) && canMalfunction(game, number));
}

function breakRoom(game: Game, player: PlayerState, number: number, step: EffectStep): void {
  announce(
    game,
    'sabotage',
    `${characterName(game, player)} breaks ${roomName(game, number)} (${step.source})`,
    { seat: player.seat, room: number },
  );
  placeMalfunction(game, number);
}

export const placeMalfunctionEffect: EffectHandler<PlaceMalfunction> = {
  unavailable: (game, player, effect, step) =>
    targets(game, player, effect).length > 0
      ? null
      : refuse(
          'no-room',
          effect.room === 'own'
            ? `${step.source}: your room cannot take a Malfunction marker`
            : `${step.source}: no room has a working Computer to break`,
        ),
  resolve(game, player, effect, step) {
    if (effect.room === 'any-computer-room') return 'wait';
    breakRoom(game, player, player.room, step);
    return 'done';
  },
  question: {
    asks: 'choose-room',
    text: (_game, _player, _effect, step) =>
      `${step.source}: which room with a Computer do you put a Malfunction in?`,
    options: (game, player, effect) =>
      targets(game, player, effect).map((number) => ({ type: 'room', room: number })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'room') return refuse('choose-room', 'name a room with a Computer');
      if (!targets(game, player, effect).includes(answer.room))
        return refuse('wrong-room', `room ${answer.room} has no working Computer to break`);
      game.state.stack.pop();
      breakRoom(game, player, answer.room, step);
      return null;
    },
  },
};
