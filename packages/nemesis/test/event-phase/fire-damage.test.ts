import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

describe('Intruder fire damage', () => {
  it('each Intruder in a room with Fire suffers 1 injury; one elsewhere does not', () => {
    const table = scenario({ players: 1 })
      .room(2, { fire: true })
      .intruder('adult', 2)
      .intruder('adult', 2)
      .intruder('adult', 3)
      .stackAttackCards(['bite-3', 'scratch-4'])
      .build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.intruders().map((intruder) => intruder.injuries)).toEqual([1, 1, 0]);
    expect(table.eventsOf('death-check').map((event) => event.intruder)).toEqual([1, 2]);
  });

  it('an Intruder that fire injures enough dies', () => {
    const table = scenario({ players: 1 })
      .room(2, { fire: true })
      .intruder('adult', 2, { injuries: 1 })
      .stackAttackCards(['scratch-1'])
      .build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.intruders()).toHaveLength(0);
    expect(table.room(2).objects).toContain('carcass');
  });

  it('a Larva dies to a single injury from the fire', () => {
    const table = scenario({ players: 1 }).room(2, { fire: true }).intruder('larva', 2).build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.intruders()).toHaveLength(0);
  });

  it('fire destroys 1 uncarried Egg in a burning room', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .room(2, { fire: true, objects: ['egg', 'egg', 'carcass'] })
      .build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.room(2).objects).toEqual(['egg', 'carcass']);
    expect(table.state.eggsDestroyed).toBe(1);
  });

  it('fire does not burn an Egg a character carries', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .room(2, { fire: true })
      .character('0', { room: 2, carried: ['egg'] })
      .nestEggs(4)
      .build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.player('0').carried).toEqual(['egg']);
    expect(table.state.eggsDestroyed).toBe(0);
  });

  it('fire in the explored Nest destroys one of its Eggs', () => {
    const table = scenario({ players: 1 })
      .room(16, { tile: 'nest', explored: true, fire: true })
      .nestEggs(5)
      .build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.state.nestEggs).toBe(4);
    expect(table.state.eggsDestroyed).toBe(1);
  });

  it('the Eggs of a Nest not yet found do not burn', () => {
    const table = scenario({ players: 1 })
      .room(16, { tile: 'nest', explored: false, fire: true })
      .nestEggs(5)
      .build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.state.nestEggs).toBe(5);
  });

  it('characters take no wound from fire in the Event Phase', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .room(2, { fire: true })
      .character('0', { room: 2 })
      .build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.player('0').lightWounds).toBe(0);
  });
});
