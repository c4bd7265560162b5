import type { RoomSelector } from '../content/event-effects.js';
import { containsKind } from '../content/vocabulary.js';
import type { Game } from '../vocabulary/game.js';
import type { RoomState } from '../vocabulary/state.js';

/**
 * The rooms an Event card reaches, read from the board as it stands. A
 * selector that reads what a room tile is (its colour, its Computer, its
 * action, the Nest) sees explored rooms only: the tile of an unexplored room
 * is face down, and an Event must not turn it over. Fire and Intruders lie on
 * unexplored rooms as on any other.
 */
export function selectedRooms(game: Game, selector: RoomSelector): number[] {
  return game.state.rooms
    .filter((candidate) => isSelected(game, candidate, selector))
    .map((candidate) => candidate.number);
}

function isSelected(game: Game, candidate: RoomState, selector: RoomSelector): boolean {
  const { state } = game;
  switch (selector.kind) {
    case 'burning':
      return candidate.fire;
    case 'holding-intruders':
      return state.intruders.some(
        (intruder) =>
          intruder.room === candidate.number && selector.intruders.includes(intruder.kind),
      );
    case 'holding-slimed-character':
      return state.players.some(
        (player) => player.status === 'active' && player.room === candidate.number && player.slime,
      );
    default: {
      if (!candidate.explored) return false;
      const tile = game.tables.roomTiles.get(candidate.tile);
      if (!tile) return false;
      switch (selector.kind) {
        case 'of-colour':
          return (
            tile.colour === selector.colour &&
            (selector.computer === undefined || tile.computer === selector.computer)
          );
        case 'nest':
          return tile.nest;
        case 'with-room-action':
          return tile.action != null && containsKind(tile.action, selector.effect);
      }
    }
  }
}
