import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName, type Game, room, whisper } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * Looking at unexplored rooms (the Monitoring Room, the Recon Drone with
 * the Exploration token; Nemesis Plans, two rooms without): the player
 * picks a face-down room, one at a time, and sees its tile (and token)
 * alone. Everyone sees which room was looked at, as a tile lifted from the
 * board is; what lies there is the looker's secret, and they may lie about
 * it. Once the room is explored everyone knows, so the look is moot.
 */

/** What this player has seen of an unexplored room: nothing, its tile, or its tile and token. */
function seenOf(player: PlayerState, number: number): 'nothing' | 'tile' | 'tile-and-token' {
  const peek = player.peeked.find((candidate) => candidate.room === number);
  return peek === undefined ? 'nothing' : peek.token ? 'tile-and-token' : 'tile';
}

/** Unexplored rooms where this look would show the player something new. */
export function roomsToPeek(game: Game, player: PlayerState, withToken: boolean): number[] {
  return game.state.rooms
    .filter((candidate) => !candidate.explored)
    .filter((candidate) => {
      const seen = seenOf(player, candidate.number);
      return seen === 'nothing' || (withToken && seen === 'tile');
    })
    .map((candidate) => candidate.number);
}

/** The look itself: the player learns the tile (and token); the others learn only which room. */
export function peekRoom(
  game: Game,
  player: PlayerState,
  number: number,
  withToken: boolean,
): void {
  const target = room(game.state, number);
  const known = player.peeked.find((candidate) => candidate.room === number);
  if (known) known.token ||= withToken;
  else player.peeked.push({ room: number, token: withToken });
  const name = characterName(game, player);
  announce(game, 'room-peeked', `${name} secretly looks at unexplored room ${number}`, {
    seat: player.seat,
    room: number,
  });
  const tile = game.tables.roomTiles.get(target.tile)?.name ?? target.tile;
  const token =
    withToken && target.explorationToken !== null
      ? game.tables.explorationTokens.get(target.explorationToken)
      : undefined;
  const tokenText = token
    ? `; its Exploration token is ${token.kind} (${token.itemCounter} items)`
    : '';
  whisper(game, [player.seat], 'room-seen', `Room ${number} is the ${tile}${tokenText}`, {
    room: number,
    tile: target.tile,
    token: token ? token.id : null,
  });
}

export const peekRooms: EffectHandler<EffectOf<'peek-rooms'>> = {
  unavailable: (game, player, effect, step) =>
    roomsToPeek(game, player, effect.withExplorationToken).length > 0
      ? null
      : refuse('no-unexplored-room', `${step.source}: no unexplored room left to look at`),
  resolve: () => 'wait',
  question: {
    asks: 'choose-room',
    text: (_game, _player, effect, step) =>
      `${step.source}: which unexplored room do you look at${effect.withExplorationToken ? ', with its Exploration token' : ''}?`,
    options: (game, player, effect) =>
      roomsToPeek(game, player, effect.withExplorationToken).map((number) => ({
        type: 'room',
        room: number,
      })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'room') return refuse('choose-room', 'name an unexplored room');
      if (!roomsToPeek(game, player, effect.withExplorationToken).includes(answer.room))
        return refuse(
          'wrong-room',
          `room ${answer.room} is not an unexplored room you could learn more of`,
        );
      peekRoom(game, player, answer.room, effect.withExplorationToken);
      game.state.stack.pop();
      // Nemesis Plans look at a second room: the rest of the count is asked as its own step.
      if (effect.count > 1)
        game.state.stack.push({ ...step, effect: { ...effect, count: effect.count - 1 } });
      return null;
    },
  },
};
