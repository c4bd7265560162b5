import type { Game } from '../vocabulary/game.js';

/**
 * The rooms a character may move to from a room: through a corridor whose
 * door is not closed; the Technical Corridors lead nowhere by Movement.
 */
export function reachableRooms(game: Game, from: number): number[] {
  const rooms: number[] = [];
  for (const exit of game.tables.exits[from] ?? []) {
    if (exit.corridor === 'technical' || game.state.corridors[exit.corridor]!.door === 'closed')
      continue;
    const [first, second] = game.tables.corridors[exit.corridor]!.ends;
    rooms.push(first === from ? second : first);
  }
  return rooms;
}
