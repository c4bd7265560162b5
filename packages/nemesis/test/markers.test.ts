import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { closeDoor, placeFire, placeMalfunction, placeNoise } from '../src/markers.js';

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
    const table = scenario({ players: 1 }).build();
    for (let number = 2; number <= 10; number++) placeMalfunction(table.game(), number);
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
