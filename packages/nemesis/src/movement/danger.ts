import { moveIntruderThrough } from '../intruders/intruders.js';
import { placeNoiseAround } from '../markers/markers.js';
import { corridorsOf, type Game, intruderInCombat, otherEnd } from '../vocabulary/game.js';

/**
 * Danger (an exploration token, or a Noise roll): every Intruder in a
 * neighbouring room that is not in Combat moves into this room; if there is
 * none, a Noise marker goes in each corridor of the room that has none.
 */
export function resolveDanger(game: Game, number: number): void {
  const movers: { intruder: number; corridor: number }[] = [];
  for (const corridor of corridorsOf(game, number)) {
    const neighbour = otherEnd(game, corridor, number);
    for (const intruder of game.state.intruders) {
      if (intruder.room === neighbour && !intruderInCombat(game.state, intruder)) {
        movers.push({ intruder: intruder.id, corridor });
      }
    }
  }
  if (movers.length === 0) {
    placeNoiseAround(game, number);
    return;
  }
  // Several Intruders moving from one room into a closed door break it once and all stay.
  const blocked = new Set<number>();
  for (const { intruder: id, corridor } of movers) {
    const intruder = game.state.intruders.find((candidate) => candidate.id === id);
    if (!intruder || blocked.has(corridor)) continue;
    if (game.state.corridors[corridor]!.door === 'closed') blocked.add(corridor);
    moveIntruderThrough(game, intruder, corridor);
  }
}
