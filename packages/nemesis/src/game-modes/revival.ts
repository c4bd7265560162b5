import { announce, characterName, type Game, intrudersIn } from '../vocabulary/game.js';
import type { PlayerState, RoomState } from '../vocabulary/state.js';
import { gameMode } from './game-modes.js';

/**
 * Revival, the Emergency Room's AutoDoc (the cooperative variant only): a
 * dead character's Corpse brought into a working Emergency Room (explored,
 * no Intruder, no Malfunction) brings that character back there at the
 * start of the next round, every Light Wound gone and every Serious Wound
 * dressed, with the items set aside at death.
 *
 * Readings where the sources are silent:
 * - the Corpse counts lying on the floor or in a character's hands;
 * - Corpse tokens are alike, so the AutoDoc wakes the character dead the
 *   longest (the earliest round, then the lowest seat) among those who left
 *   a Corpse; the token goes back to the box;
 * - the blue Corpse is no player's and wakes nobody;
 * - the character keeps what else it had (Slime, a Larva, Contamination).
 */
export const emergencyRoom = 'emergency-room';

function isWorkingEmergencyRoom(game: Game, room: RoomState): boolean {
  return (
    room.explored &&
    room.tile === emergencyRoom &&
    !room.malfunction &&
    intrudersIn(game.state, room.number).length === 0
  );
}

/** The dead a Corpse could bring back, longest dead first. */
function waitingForTheAutoDoc(game: Game): PlayerState[] {
  return game.state.players
    .filter((player) => player.status === 'dead' && player.death && !player.death.noCorpse)
    .sort(
      (one, other) =>
        one.death!.round - other.death!.round || Number(one.seat) - Number(other.seat),
    );
}

/** Takes one Corpse from the room: off the floor first, else out of a character's hands. */
function takeCorpse(game: Game, room: RoomState): boolean {
  const lying = room.objects.indexOf('corpse');
  if (lying >= 0) {
    room.objects.splice(lying, 1);
    return true;
  }
  for (const player of game.state.players) {
    if (player.status !== 'active' || player.room !== room.number) continue;
    const carried = player.carried.indexOf('corpse');
    if (carried >= 0) {
      player.carried.splice(carried, 1);
      return true;
    }
  }
  return false;
}

function revive(game: Game, player: PlayerState, room: number): void {
  const aside = player.setAside;
  player.status = 'active';
  player.room = room;
  player.lightWounds = 0;
  for (const wound of player.seriousWounds) wound.dressed = true;
  player.items = aside?.items ?? [];
  player.weapons = aside?.weapons ?? [];
  if (aside?.taped) player.taped = aside.taped;
  delete player.setAside;
  delete player.death;
  announce(
    game,
    'revived',
    `The AutoDoc brings ${characterName(game, player)} back to life in room ${room}`,
    { seat: player.seat, room },
  );
}

/**
 * At the start of a round (the `start-of-round` trigger point,
 * flow/trigger-points.ts): each Corpse in a working Emergency Room brings
 * one character back.
 */
export function autoDocRevival(game: Game): void {
  if (gameMode(game.state.options) !== 'cooperative') return;
  for (const room of game.state.rooms) {
    if (!isWorkingEmergencyRoom(game, room)) continue;
    for (const player of waitingForTheAutoDoc(game)) {
      if (!takeCorpse(game, room)) break;
      revive(game, player, room.number);
    }
  }
}
