import type { Rejection } from '@tabletop/engine';
import { coordinatesText } from '../describe/destinations.js';
import { anyoneHibernates } from '../hibernation/hibernation.js';
import { announce, characterName, type Game, whisper } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * The Cockpit's Flight Controls. The Coordinates card is secret: checking it
 * shows it to that player alone, who may lie about it. The Destination
 * marker may be set to any space of its track, but never once anyone
 * hibernates: the sleepers' fate is sealed.
 */
export function checkCoordinates(game: Game, player: PlayerState): Rejection | null {
  const card = game.tables.coordinates.get(game.state.coordinates)!;
  player.checkedCoordinates = true;
  announce(game, 'coordinates-checked', `${characterName(game, player)} checks the Coordinates`, {
    seat: player.seat,
  });
  whisper(
    game,
    [player.seat],
    'coordinates-seen',
    `The Coordinates card: ${coordinatesText(card.destinations)}`,
    { coordinates: card.id, destinations: { ...card.destinations } },
  );
  return null;
}

/** Why the Destination cannot be set now, or null. */
export function destinationUnavailable(game: Game): Rejection | null {
  return anyoneHibernates(game)
    ? refuse('someone-hibernates', 'the Destination cannot change once anyone hibernates')
    : null;
}

export function setDestination(game: Game, player: PlayerState, space: string): Rejection | null {
  const rejection = destinationUnavailable(game);
  if (rejection) return rejection;
  const spaces = game.tables.destination.spaces;
  if (!spaces.includes(space))
    return refuse(
      'no-such-space',
      `the Destination track has the spaces ${spaces.join(', ')}, not "${space.slice(0, 20)}"`,
    );
  game.state.destination = space;
  announce(
    game,
    'destination-set',
    `${characterName(game, player)} sets the Destination to ${space}`,
    { seat: player.seat, destination: space },
  );
  return null;
}

export { shipHeadsTo } from './victory-check.js';
