// Look-up tables built once from checked data, so rules code asks
// `exits[room][n]` instead of scanning the corridor list on every noise roll.
import type { Destination } from './effects.js';
import type {
  BoardFile,
  ContentFiles,
  ContentLookup,
  Coordinates,
  Exit,
  ExitTable,
  NoiseNumber,
} from './schema.js';

export function buildExits(board: BoardFile): ExitTable {
  const table: Record<number, Partial<Record<NoiseNumber, Exit>>> = {};
  for (const room of board.rooms) table[room.number] = {};
  // First claim wins: a doubled number only survives checking in a room flagged
  // unverified, and there the corridor listed first is as good a reading as any.
  const claim = (room: number, numbers: readonly NoiseNumber[], exit: Exit): void => {
    const exits = table[room];
    if (exits === undefined) return;
    for (const n of numbers) exits[n] ??= exit;
  };
  for (const corridor of board.corridors) {
    const [first, second] = corridor.ends;
    claim(first, corridor.numbers, { kind: 'corridor', corridor: corridor.id, to: second });
    claim(second, corridor.numbers, { kind: 'corridor', corridor: corridor.id, to: first });
  }
  for (const entrance of board.technicalEntrances) {
    claim(entrance.room, entrance.numbers, { kind: 'technical' });
  }
  return table;
}

export function buildNeighbours(board: BoardFile): Record<number, number[]> {
  const neighbours: Record<number, number[]> = {};
  for (const room of board.rooms) neighbours[room.number] = [];
  for (const corridor of board.corridors) {
    const [first, second] = corridor.ends;
    neighbours[first]?.push(second);
    neighbours[second]?.push(first);
  }
  for (const list of Object.values(neighbours)) list.sort((a, b) => a - b);
  return neighbours;
}

function byId<Entry extends { id: string }>(entries: readonly Entry[]): Record<string, Entry> {
  return Object.fromEntries(entries.map((entry) => [entry.id, entry]));
}

export function buildLookup(data: ContentFiles): ContentLookup {
  return {
    roomTile: byId(data.rooms.rooms),
    boardRoom: Object.fromEntries(data.board.rooms.map((room) => [room.number, room])),
    corridor: byId(data.board.corridors),
    intruderKind: byId(data.intruders.kinds),
    character: byId(data.characters.characters),
    weapon: byId(data.characters.weapons),
    item: byId(data.items.items),
  };
}

/** The Destination track space a Coordinates card sends to `destination`. */
export function spaceLeadingTo(card: Coordinates, destination: Destination): string | undefined {
  return Object.keys(card.destinations).find((space) => card.destinations[space] === destination);
}
