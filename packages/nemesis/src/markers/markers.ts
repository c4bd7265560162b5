import { destroyShip } from '../end-of-game/end-of-game.js';
import {
  announce,
  corridorName,
  corridorsOf,
  type Game,
  hasTechnicalEntrance,
  room,
} from '../vocabulary/game.js';

/**
 * Markers on the board: one Noise marker per corridor (the Technical
 * Corridors are one space), one Fire and one Malfunction per room, one Door
 * per corridor. A ninth Fire or Malfunction marker destroys the ship.
 */

/** Places noise in a corridor (or the Technical Corridors); false when one was already there. */
export function placeNoise(game: Game, corridor: number | 'technical'): boolean {
  const { state } = game;
  if (corridor === 'technical') {
    if (state.technicalCorridorNoise) return false;
    state.technicalCorridorNoise = true;
    return true;
  }
  const target = state.corridors[corridor]!;
  if (target.noise) return false;
  target.noise = true;
  return true;
}

/** A Noise marker placed, as the log tells it: one line a marker, so the map never changes unsaid. */
export function announceNoise(game: Game, corridor: number | 'technical', number: number): void {
  announce(
    game,
    'noise',
    `Noise in ${corridorName(game, corridor)}`,
    corridor === 'technical' ? { room: number } : { room: number, corridor },
  );
}

/**
 * Noise in each corridor of a room that has none yet, the Technical
 * Corridors included; `told` says each marker placed in the log (a caller
 * whose own line already says it passes false).
 */
export function placeNoiseAround(game: Game, number: number, told = true): void {
  const places: (number | 'technical')[] = [...corridorsOf(game, number)];
  if (hasTechnicalEntrance(game, number)) places.push('technical');
  for (const place of places) {
    if (placeNoise(game, place) && told) announceNoise(game, place, number);
  }
}

/** Encounter step 1: every Noise marker around the room goes. */
export function discardNoiseAround(game: Game, number: number): void {
  for (const corridor of corridorsOf(game, number)) game.state.corridors[corridor]!.noise = false;
  if (hasTechnicalEntrance(game, number)) game.state.technicalCorridorNoise = false;
}

export function fireMarkersOnBoard(game: Game): number {
  return game.state.rooms.filter((candidate) => candidate.fire).length;
}

export function malfunctionMarkersOnBoard(game: Game): number {
  return game.state.rooms.filter((candidate) => candidate.malfunction).length;
}

/** Places Fire; a room holds one at most; the ninth marker destroys the ship. */
export function placeFire(game: Game, number: number): void {
  const target = room(game.state, number);
  if (target.fire) return;
  if (fireMarkersOnBoard(game) >= game.tables.supplies.fire) {
    destroyShip(game, 'a ninth Fire marker was needed: the ship burns up');
    return;
  }
  target.fire = true;
  announce(game, 'fire', `Fire breaks out in room ${number}`, { room: number });
}

/**
 * Places a Malfunction; a room holds one at most; the ninth marker destroys
 * the ship. A room the pack says never malfunctions (the Nest, the Room with
 * Slime) takes none.
 */
export function placeMalfunction(game: Game, number: number): void {
  const target = room(game.state, number);
  if (target.malfunction) return;
  if (game.tables.roomTiles.get(target.tile)?.allowsMalfunction === false) return;
  if (malfunctionMarkersOnBoard(game) >= game.tables.supplies.malfunction) {
    destroyShip(game, 'a ninth Malfunction marker was needed: the ship breaks apart');
    return;
  }
  target.malfunction = true;
  announce(game, 'malfunction', `Room ${number} malfunctions`, { room: number });
}

export function doorsOnBoard(game: Game): number {
  return game.state.corridors.filter((corridor) => corridor.door !== 'open').length;
}

/**
 * Closes a door in an open corridor; a destroyed door closes again only with
 * `evenDestroyed` (the Plasma Torch), its token turned back over. With no
 * Door token left in the supply, one is taken from the board: the rules let
 * the player pick any; the engine takes the first destroyed door, else the
 * first closed one, so that no choice interrupts the resolution.
 */
export function closeDoor(
  game: Game,
  corridor: number,
  options: { evenDestroyed?: boolean } = {},
): void {
  const target = game.state.corridors[corridor]!;
  if (target.door === 'closed' || (target.door === 'destroyed' && !options.evenDestroyed)) return;
  if (target.door === 'open' && doorsOnBoard(game) >= game.tables.supplies.doors) {
    const taken =
      game.state.corridors.find((candidate) => candidate.door === 'destroyed') ??
      game.state.corridors.find((candidate) => candidate.door === 'closed');
    if (!taken) return;
    openDoor(game, taken.index, { quietly: true });
  }
  target.door = 'closed';
  announce(game, 'door-closed', `A door closes in ${corridorName(game, corridor)}`, { corridor });
}

/**
 * Opens a door (its token goes back to the supply). A door of the room
 * sealed by the Emergency Airlock opening lifts the procedure.
 */
export function openDoor(game: Game, corridor: number, options: { quietly?: boolean } = {}): void {
  const target = game.state.corridors[corridor]!;
  if (target.door === 'open') return;
  target.door = 'open';
  if (!options.quietly)
    announce(game, 'door-opened', `A door opens in ${corridorName(game, corridor)}`, { corridor });
  const sealed = game.state.airlock;
  if (sealed !== null && game.tables.corridors[corridor]!.ends.includes(sealed)) {
    game.state.airlock = null;
    announce(
      game,
      'airlock-lifted',
      `A door of room ${sealed} opened: the Emergency Airlock procedure is off`,
      { room: sealed, corridor },
    );
  }
}

/** An Intruder breaks a closed door instead of passing it; a destroyed door never closes again. */
export function destroyDoor(game: Game, corridor: number): void {
  game.state.corridors[corridor]!.door = 'destroyed';
  announce(game, 'door-destroyed', `A door in ${corridorName(game, corridor)} is destroyed`, {
    corridor,
  });
}
