import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { closeDoor, placeFire, placeMalfunction, placeNoise } from '../../src/markers/markers.js';

describe('Markers', () => {
  it('a corridor holds one Noise marker at most', () => {
    const table = scenario({ players: 1 }).build();
    expect(placeNoise(table.game(), 3)).toBe(true);
    expect(placeNoise(table.game(), 3)).toBe(false);
  });

  it('a room holds one Fire marker at most', () => {
    const table = scenario({ players: 1 }).build();
    placeFire(table.game(), 5);
    placeFire(table.game(), 5);
    expect(table.state.rooms.filter((room) => room.fire)).toHaveLength(1);
  });

  it('a ninth Fire marker destroys the ship', () => {
    const table = scenario({ players: 1 }).build();
    for (let number = 2; number <= 9; number++) placeFire(table.game(), number);
    expect(table.state.over).toBeNull();
    placeFire(table.game(), 10);
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.player('0').status).toBe('dead');
  });

  it('a ninth Malfunction marker destroys the ship', () => {
    const table = scenario({ players: 1 }).room(2, { tile: 'storage' }).build();
    const takers = table.state.rooms.filter(
      (room) => table.tables.roomTiles.get(room.tile)?.allowsMalfunction,
    );
    for (const room of takers.slice(0, 9)) placeMalfunction(table.game(), room.number);
    expect(table.state.over?.reason).toBe('destruction');
  });

  it('with no Door token left, one is taken from the board', () => {
    const table = scenario({ players: 1 }).build();
    for (let corridor = 0; corridor < 12; corridor++) closeDoor(table.game(), corridor);
    expect(table.state.corridors.filter((corridor) => corridor.door === 'closed')).toHaveLength(12);
    closeDoor(table.game(), 15);
    expect(table.state.corridors.filter((corridor) => corridor.door === 'closed')).toHaveLength(12);
    expect(table.state.corridors[15]!.door).toBe('closed');
  });

  it('a destroyed door can never be closed again', () => {
    const table = scenario({ players: 1 }).door(4, 'destroyed').build();
    closeDoor(table.game(), 4);
    expect(table.state.corridors[4]!.door).toBe('destroyed');
  });
});

const burning = [2, 3, 4, 5, 7, 8, 9, 10];

describe('Markers', () => {
  it('a room holds one Malfunction marker at most', () => {
    const table = scenario({ players: 1 }).build();
    placeMalfunction(table.game(), 5);
    placeMalfunction(table.game(), 5);
    expect(table.state.rooms.filter((room) => room.malfunction).map((room) => room.number)).toEqual(
      [5],
    );
    expect(table.eventsOf('malfunction')).toHaveLength(1);
  });

  it('the Technical Corridors hold one Noise marker at most', () => {
    const table = scenario({ players: 1 }).build();
    expect(placeNoise(table.game(), 'technical')).toBe(true);
    expect(placeNoise(table.game(), 'technical')).toBe(false);
  });

  it('every corridor starts open: no Door token on the board', () => {
    const table = scenario({ players: 4 }).build();
    expect(table.state.corridors.every((corridor) => corridor.door === 'open')).toBe(true);
  });

  it('a ninth Fire marker from an Exploration token destroys the ship', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        for (const number of burning) state.rooms[number - 1]!.fire = true;
      })
      .room(6, { explorationToken: 'fire-1' })
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.state.players.every((player) => player.status === 'dead')).toBe(true);
    expect(table.state.rooms.filter((room) => room.fire)).toHaveLength(8);
  });

  it('no ninth marker is needed where Fire already burns: exploring a burning room adds none and the ship holds', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        for (const number of [2, 3, 4, 5, 6, 7, 8, 9]) state.rooms[number - 1]!.fire = true;
      })
      .room(6, { explorationToken: 'fire-1' })
      .stackNoise(['silence'])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.state.over).toBeNull();
    expect(table.room(6).fire).toBe(true);
  });

  it('a ninth Malfunction marker from an Exploration token destroys the ship', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        for (const number of burning) state.rooms[number - 1]!.malfunction = true;
      })
      .room(6, { tile: 'storage', explorationToken: 'malfunction-1' })
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.state.over?.reason).toBe('destruction');
  });

  it('with no Door token left, a destroyed door on the board is taken before a closed one', () => {
    const table = scenario({ players: 1 })
      .with((state) => {
        for (let corridor = 0; corridor < 11; corridor++)
          state.corridors[corridor]!.door = 'closed';
        state.corridors[11]!.door = 'destroyed';
      })
      .build();
    closeDoor(table.game(), 20);
    expect(table.state.corridors[20]!.door).toBe('closed');
    expect(table.state.corridors[11]!.door).toBe('open');
    expect(table.state.corridors.filter((corridor) => corridor.door === 'closed')).toHaveLength(12);
  });
});
