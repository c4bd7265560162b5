import { checkNoCharacterActive } from '../end-of-game/end-of-game.js';
import { announce, characterName, type Game, room } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import { dropEverything } from './drop-everything.js';

/**
 * Character death: the miniature leaves the board, a Corpse token lies where
 * the character died, and every heavy object carried drops there. The first
 * death unlocks every Escape Pod. The Emergency Airlock leaves no Corpse.
 */
export function killCharacter(
  game: Game,
  player: PlayerState,
  cause: string,
  options: { corpse?: boolean } = {},
): void {
  if (player.status !== 'active') return;
  const { state } = game;
  const where = room(state, player.room);
  player.status = 'dead';
  player.death = { cause, room: player.room, round: state.round };
  const corpsesOnBoard =
    state.rooms.reduce(
      (count, candidate) =>
        count + candidate.objects.filter((object) => object === 'corpse').length,
      0,
    ) +
    state.players.reduce(
      (count, other) => count + other.carried.filter((object) => object === 'corpse').length,
      0,
    );
  if (options.corpse !== false && corpsesOnBoard < game.tables.supplies.corpses)
    where.objects.push('corpse');
  else player.death.noCorpse = true;
  dropEverything(game, player, where.objects);
  announce(game, 'death', `${characterName(game, player)} dies in room ${player.room} (${cause})`, {
    seat: player.seat,
    room: player.room,
    cause,
  });
  if (!state.firstDeathDone) {
    state.firstDeathDone = true;
    for (const pod of state.pods) pod.locked = false;
    announce(game, 'pods-unlocked', 'The first death unlocks every Escape Pod');
  }
  checkNoCharacterActive(game);
}
