import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import {
  announce,
  characterName,
  type Game,
  hasTechnicalEntrance,
  inCombat,
  room,
} from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { schedule } from '../vocabulary/steps.js';
import { reachableRooms } from './reachable-rooms.js';

type Move = EffectOf<'move'>;

/**
 * Moves other than the basic ones, given by items: into a neighbouring room
 * (the Smoke Grenade), through the Technical Corridors from one room with
 * an entrance to any other (the Technical Corridors Plans), or to any other
 * room of one colour (the Space Suit). The arrival is a move like any other:
 * an unexplored room is explored, an empty one sets off a Noise roll, a room
 * with an Intruder means Combat. Leaving Combat this way is an Escape, with
 * every Intruder's attack, unless the effect says it leaves unharmed.
 *
 * A room's colour shows only once its tile is face up, so a move to a room
 * of a colour goes only to explored rooms.
 */
function destinations(game: Game, player: PlayerState, effect: Move): number[] {
  const others = game.state.rooms
    .map((candidate) => candidate.number)
    .filter((number) => number !== player.room);
  switch (effect.to) {
    case 'neighbour':
      return reachableRooms(game, player.room);
    case 'technical-entrance-room':
      return others.filter((number) => hasTechnicalEntrance(game, number));
    case 'room-of-colour':
      return others.filter((number) => {
        const target = room(game.state, number);
        return target.explored && game.tables.roomTiles.get(target.tile)?.colour === effect.colour;
      });
  }
}

/**
 * Moves a character by an effect. Leaving Combat is an Escape unless the
 * effect spares them the attacks; a quiet move arrives as Careful Movement
 * does, with no Noise roll and no noise placed.
 */
export function moveByCard(
  game: Game,
  player: PlayerState,
  to: number,
  how: { unharmed: boolean; quiet?: boolean | undefined },
  source: string,
): void {
  const fighting = inCombat(game.state, player);
  if (fighting && !how.unharmed) {
    schedule(game.state.stack, { kind: 'escape', seat: player.seat, to });
    return;
  }
  if (fighting)
    announce(
      game,
      'leaves-combat',
      `${characterName(game, player)} slips away with ${source}: no Intruder attacks`,
      { seat: player.seat, from: player.room, to },
    );
  schedule(game.state.stack, {
    kind: 'move',
    seat: player.seat,
    to,
    careful: how.quiet === true,
    noiseCorridor: null,
  });
}

export const moveByEffect: EffectHandler<Move> = {
  unavailable: (game, player, effect, step) =>
    destinations(game, player, effect).length > 0
      ? null
      : refuse('nowhere-to-go', `${step.source}: there is no room to move to`),
  resolve: () => 'wait',
  question: {
    asks: 'choose-room',
    text: (_game, _player, _effect, step) => `${step.source}: which room do you move to?`,
    options: (game, player, effect) =>
      destinations(game, player, effect).map((number) => ({ type: 'room', room: number })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'room') return refuse('choose-room', 'name the room to move to');
      if (!destinations(game, player, effect).includes(answer.room))
        return refuse('wrong-room', `${step.source} cannot take you to room ${answer.room}`);
      game.state.stack.pop();
      moveByCard(game, player, answer.room, effect, step.source);
      return null;
    },
  },
};
