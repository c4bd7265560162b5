import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { destroyDoor, openDoor } from '../../src/markers/markers.js';
import { ventAirlock } from '../../src/rooms/emergency-airlock.js';

// Seat 0 (the Captain) stands in Airlock Control, room 6; room 7 (joined to 3, 6 and 8) is the
// Generator, a Yellow room; room 8 is the Armory, a Red one. Seat 1 (the Soldier) is in room 7.
function airlock(build = scenario({ players: 2 })) {
  return build
    .room(6, { tile: 'airlock-control', explored: true, explorationToken: null })
    .room(7, { tile: 'generator', explored: true, explorationToken: null })
    .room(8, { tile: 'armory', explored: true, explorationToken: null })
    .character('0', { room: 6 })
    .character('1', { room: 7 })
    .turn('0')
    .build();
}

type Table = ReturnType<typeof airlock>;

function seal(table: Table, number = 7) {
  const [first, second] = table.player('0').hand;
  table.take('0', { type: 'room-action', cards: [first!, second!] });
  table.act('0', { type: 'room', room: number });
}

function doorsOf(table: Table, number: number) {
  return table.state.corridors
    .filter((corridor) => table.tables.corridors[corridor.index]!.ends.includes(number))
    .map((corridor) => corridor.door);
}

describe('Airlock Control: Emergency Airlock procedure', () => {
  it('seals another Yellow room: every door of its corridors closes and the token goes there', () => {
    const table = airlock();
    seal(table);
    expect(doorsOf(table, 7).every((door) => door === 'closed')).toBe(true);
    expect(table.state.airlock).toBe(7);
    expect(table.view('1').airlock).toBe(7);
  });

  it('offers only other Yellow rooms without a destroyed door', () => {
    const table = airlock(
      scenario({ players: 2 })
        .room(2, { tile: 'comms-room', explored: true, explorationToken: null })
        .door([1, 2], 'destroyed'),
    );
    const [first, second] = table.player('0').hand;
    table.take('0', { type: 'room-action', cards: [first!, second!] });
    expect(table.legal('0')).toEqual([{ type: 'room', room: 7 }]);
    expect(table.ruleset.describe.action({ type: 'room', room: 7 }, table.view('0'))).toBe(
      'Seal room 7 (Generator)',
    );
    const before = JSON.stringify(table.state);
    const outcome = table.tryAct('0', { type: 'room', room: 8 });
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(table.state)).toBe(before);
  });

  it('with every door still closed when the Player Phase ends, everyone inside dies, leaving no Corpse or Carcass, and its Fire goes out', () => {
    const table = airlock(scenario({ players: 3 }).intruder('adult', 7).room(7, { fire: true }));
    seal(table);
    table.take('0', { type: 'pass' });
    table.take('1', { type: 'pass' });
    table.take('2', { type: 'pass' });
    expect(table.player('1').status).toBe('dead');
    expect(table.intruders(7)).toHaveLength(0);
    expect(table.state.killedIntruders).toContain('adult');
    expect(table.room(7).objects).not.toContain('corpse');
    expect(table.room(7).objects).not.toContain('carcass');
    expect(table.room(7).fire).toBe(false);
    expect(table.state.airlock).toBeNull();
    expect(table.player('0').status).toBe('active');
  });

  it('a door of the sealed room opening before then lifts the procedure: nobody dies', () => {
    const table = airlock();
    seal(table);
    table.perform((game) => openDoor(game, table.corridor(7, 8)));
    expect(table.state.airlock).toBeNull();
    table.perform((game) => ventAirlock(game));
    expect(table.player('1').status).toBe('active');
  });

  it('a door destroyed meanwhile leaves the room open: nobody dies, and the token goes', () => {
    const table = airlock();
    seal(table);
    table.perform((game) => destroyDoor(game, table.corridor(7, 8)));
    table.perform((game) => ventAirlock(game));
    expect(table.player('1').status).toBe('active');
    expect(table.state.airlock).toBeNull();
  });
});
