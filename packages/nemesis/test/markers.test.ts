import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { closeDoor, placeFire, placeMalfunction, placeNoise } from '../src/markers.js';

function gameOf(table: ReturnType<ReturnType<typeof scenario>['build']>) {
  return { state: table.state, tables: table.tables, events: table.events };
}

describe('Markers', () => {
  it('a corridor holds one Noise marker at most', () => {
    const table = scenario({ players: 1 }).build();
    expect(placeNoise(gameOf(table), 3)).toBe(true);
    expect(placeNoise(gameOf(table), 3)).toBe(false);
  });

  it('a room holds one Fire marker at most', () => {
    const table = scenario({ players: 1 }).build();
    placeFire(gameOf(table), 5);
    placeFire(gameOf(table), 5);
    expect(table.state.rooms.filter((room) => room.fire)).toHaveLength(1);
  });

  it('a ninth Fire marker destroys the ship', () => {
    const table = scenario({ players: 1 }).build();
    for (let number = 2; number <= 9; number++) placeFire(gameOf(table), number);
    expect(table.state.over).toBeNull();
    placeFire(gameOf(table), 10);
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.player('0').status).toBe('dead');
  });

  it('a ninth Malfunction marker destroys the ship', () => {
    const table = scenario({ players: 1 }).build();
    for (let number = 2; number <= 10; number++) placeMalfunction(gameOf(table), number);
    expect(table.state.over?.reason).toBe('destruction');
  });

  it('with no Door token left, one is taken from the board', () => {
    const table = scenario({ players: 1 }).build();
    for (let corridor = 0; corridor < 12; corridor++) closeDoor(gameOf(table), corridor);
    expect(table.state.corridors.filter((corridor) => corridor.door === 'closed')).toHaveLength(12);
    closeDoor(gameOf(table), 15);
    expect(table.state.corridors.filter((corridor) => corridor.door === 'closed')).toHaveLength(12);
    expect(table.state.corridors[15]!.door).toBe('closed');
  });

  it('a destroyed door can never be closed again', () => {
    const table = scenario({ players: 1 }).door(4, 'destroyed').build();
    closeDoor(gameOf(table), 4);
    expect(table.state.corridors[4]!.door).toBe('destroyed');
  });
});
