import { seedRandom } from '@tabletop/engine';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import type { Effect } from '../../src/content/effects.js';

// Seat 0 (the Captain) stands in the Monitoring Room, room 6; room 7 next door is face down.
function monitoring(build = scenario({ players: 2 })) {
  return build
    .room(6, { tile: 'monitoring-room', explored: true, explorationToken: null })
    .room(7, { tile: 'storage', explored: false, explorationToken: 'fire-1' })
    .room(8, { tile: 'canteen', explored: false, explorationToken: 'silence-1' })
    .character('0', { room: 6 })
    .turn('0')
    .build();
}

function roomAction(table: ReturnType<typeof monitoring>) {
  const [first, second] = table.player('0').hand;
  table.take('0', { type: 'room-action', cards: [first!, second!] });
}

/** An effect pushed as if an item had set it off in the room where seat 0 stands. */
function effectStep(table: ReturnType<typeof monitoring>, effect: Effect) {
  return table.resolve({
    kind: 'effect',
    seat: '0',
    effect,
    room: table.player('0').room,
    chosen: null,
    source: 'the card',
  });
}

const nemesisPlans: Effect = { kind: 'peek-rooms', count: 2, withExplorationToken: false };

describe('Monitoring Room: look at 1 unexplored room and its Exploration token', () => {
  it('offers every unexplored room, and no explored one', () => {
    const table = monitoring();
    roomAction(table);
    const rooms = table.legal('0').map((answer) => (answer.type === 'room' ? answer.room : null));
    const unexplored = table.state.rooms
      .filter((room) => !room.explored)
      .map((room) => room.number);
    expect(rooms).toEqual(unexplored);
    expect(rooms).not.toContain(6);
  });

  it('the looker sees the tile and its token in their own view; the others see only which room', () => {
    const table = monitoring();
    roomAction(table);
    table.act('0', { type: 'room', room: 7 });
    expect(table.view('0').you!.peeked).toEqual([{ room: 7, tile: 'storage', token: 'fire-1' }]);
    expect(table.view('1').you!.peeked).toEqual([]);
    expect(table.view('1').players[0]!.peeked).toEqual([{ room: 7, token: true }]);
    expect(table.view('1').rooms[6]!.tile).toBeNull();
    const seen = table.eventsOf('room-seen');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.audience).toEqual(['0']);
    expect(seen[0]!.text).toContain('Storage');
    expect(table.eventsOf('room-peeked')[0]!.text).not.toContain('Storage');
  });

  it('a room already seen with its token is not offered again', () => {
    const table = monitoring();
    roomAction(table);
    table.act('0', { type: 'room', room: 7 });
    effectStep(table, { kind: 'peek-rooms', count: 1, withExplorationToken: true });
    expect(table.legal('0')).not.toContainEqual({ type: 'room', room: 7 });
  });

  it('an explored room is refused, and nothing changes', () => {
    const table = monitoring();
    roomAction(table);
    const before = JSON.stringify(table.state);
    const outcome = table.tryAct('0', { type: 'room', room: 11 });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.rejection.code).toBe('wrong-room');
    expect(JSON.stringify(table.state)).toBe(before);
  });

  it('once the room is explored the look is moot: it leaves the views', () => {
    const table = monitoring();
    roomAction(table);
    table.act('0', { type: 'room', room: 7 });
    table.room(7).explored = true;
    expect(table.view('0').you!.peeked).toEqual([]);
    expect(table.view('1').players[0]!.peeked).toEqual([]);
  });

  it('the words: the looker reads the room as unexplored until they see it, the others read only that a room was looked at', () => {
    const table = monitoring();
    roomAction(table);
    const words = table.ruleset.describe.action({ type: 'room', room: 7 }, table.view('0'));
    expect(words).toBe('Secretly look at room 7 (unexplored)');
    table.act('0', { type: 'room', room: 7 });
    const [announced] = table.eventsOf('room-peeked');
    expect(table.ruleset.describe.event(announced!, table.view('1'))).toBe(
      'Captain secretly looks at unexplored room 7',
    );
  });
});

describe('Nemesis Plans: look at 2 unexplored rooms, without their tokens', () => {
  it('asks for one room, then the other, and shows the tiles alone', () => {
    const table = monitoring();
    effectStep(table, nemesisPlans);
    table.act('0', { type: 'room', room: 7 });
    expect(table.legal('0')).not.toContainEqual({ type: 'room', room: 7 });
    table.act('0', { type: 'room', room: 8 });
    expect(table.view('0').you!.peeked).toEqual([
      { room: 7, tile: 'storage', token: null },
      { room: 8, tile: 'canteen', token: null },
    ]);
    expect(table.state.stack.at(-1)?.kind).toBe('player-turn');
  });

  it('a room seen without its token may be looked at again for the token', () => {
    const table = monitoring();
    effectStep(table, nemesisPlans);
    table.act('0', { type: 'room', room: 7 });
    table.act('0', { type: 'room', room: 8 });
    effectStep(table, { kind: 'peek-rooms', count: 1, withExplorationToken: true });
    table.act('0', { type: 'room', room: 7 });
    expect(table.view('0').you!.peeked[0]).toEqual({ room: 7, tile: 'storage', token: 'fire-1' });
  });
});

describe('Looking at rooms: the re-deal of hidden information', () => {
  it('keeps the tile and token the viewer saw; for another seat a looked-at room may change', () => {
    const table = monitoring();
    roomAction(table);
    table.act('0', { type: 'room', room: 7 });
    const random = seedRandom('peek');
    let changedForOthers = false;
    for (let attempt = 0; attempt < 20; attempt++) {
      const mine = table.ruleset.determinize(table.state, '0', random);
      expect(mine.rooms[6]!.tile).toBe('storage');
      expect(mine.rooms[6]!.explorationToken).toBe('fire-1');
      const theirs = table.ruleset.determinize(table.state, '1', random);
      if (theirs.rooms[6]!.tile !== 'storage') {
        changedForOthers = true;
        // The looker's knowledge follows the room: in that world they saw the new tile.
        const view = table.ruleset.view(theirs, '0');
        expect(view.you!.peeked[0]!.tile).toBe(theirs.rooms[6]!.tile);
      }
    }
    expect(changedForOthers).toBe(true);
  });

  it('a room seen without its token keeps its tile, and its token is dealt again', () => {
    const table = monitoring();
    effectStep(table, nemesisPlans);
    table.act('0', { type: 'room', room: 7 });
    table.act('0', { type: 'room', room: 8 });
    const random = seedRandom('plans');
    const tokens = new Set<string | null>();
    for (let attempt = 0; attempt < 20; attempt++) {
      const mine = table.ruleset.determinize(table.state, '0', random);
      expect(mine.rooms[6]!.tile).toBe('storage');
      tokens.add(mine.rooms[6]!.explorationToken);
    }
    expect(tokens.size).toBeGreaterThan(1);
  });
});
