import { nemesisInvariants } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { useItem } from './item-step.js';

// Seat 0 (the Captain) stands in the Hibernatorium (room 11); rooms 6, 8, 14 and 15 are its
// neighbours. Attack cards with a high blood value keep the struck Intruders alive.
const survive = ['bite-3', 'scratch-4', 'scratch-3'];

function rooms(table: ReturnType<ReturnType<typeof scenario>['build']>) {
  return table.legal('0').flatMap((answer) => (answer.type === 'room' ? [answer.room] : []));
}

describe('Items: the Grenade', () => {
  it('is thrown into your room or a neighbouring one holding a target; an empty room is never offered', () => {
    const table = scenario({ players: 2 })
      .explored(6, 8)
      .character('1', { room: 14 })
      .intruder('adult', 6)
      .build();
    useItem(table, '0', 'grenade');
    expect(rooms(table)).toEqual([6]);
  });

  it('a closed door stops the throw', () => {
    const table = scenario({ players: 2 })
      .explored(6, 8)
      .intruder('adult', 6)
      .intruder('adult', 8)
      .door([6, 11], 'closed')
      .build();
    useItem(table, '0', 'grenade');
    expect(rooms(table)).toEqual([8]);
  });

  it('a destroyed door does not stop it', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .intruder('adult', 6)
      .door([6, 11], 'destroyed')
      .build();
    useItem(table, '0', 'grenade');
    expect(rooms(table)).toEqual([6]);
  });

  it('deals 2 Injuries to the Intruder aimed at and 1 to each other Intruder there', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 14 })
      .intruder('adult', 6)
      .intruder('adult', 6)
      .intruder('creeper', 6)
      .stackAttackCards(survive)
      .build();
    useItem(table, '0', 'grenade');
    table.act('0', { type: 'room', room: 6 });
    expect(table.legal('0')).toEqual([
      { type: 'target', target: 1 },
      { type: 'target', target: 2 },
      { type: 'target', target: 3 },
    ]);
    table.act('0', { type: 'target', target: 2 });
    expect(table.intruders(6).map((intruder) => [intruder.id, intruder.injuries])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(table.eventsOf('death-check').map((event) => event.intruder)).toEqual([1, 2, 3]);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('with a single Intruder there, it takes the full blast without a question', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 14 })
      .intruder('adult', 6)
      .stackAttackCards(survive)
      .build();
    useItem(table, '0', 'grenade');
    table.act('0', { type: 'room', room: 6 });
    expect(table.intruders(6)[0]!.injuries).toBe(2);
  });

  it('its Injuries go through the death check: an Intruder whose card shows no more blood dies', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 14 })
      .intruder('adult', 6)
      .stackAttackCards(['scratch-1'])
      .build();
    useItem(table, '0', 'grenade');
    table.act('0', { type: 'room', room: 6 });
    expect(table.intruders(6)).toEqual([]);
    expect(table.room(6).objects).toContain('carcass');
  });

  it('every character in the room suffers a Serious Wound, the thrower too', () => {
    const table = scenario({ players: 3 })
      .character('2', { room: 14 })
      .intruder('adult', 11)
      .stackAttackCards(survive)
      .build();
    useItem(table, '0', 'grenade');
    table.act('0', { type: 'room', room: 11 });
    expect(table.player('0').seriousWounds).toHaveLength(1);
    expect(table.player('1').seriousWounds).toHaveLength(1);
    expect(table.player('2').seriousWounds).toHaveLength(0);
  });

  it('thrown at loose eggs, it destroys 2 of them; then the thrower makes a Noise roll', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 14 })
      .room(6, { objects: ['egg', 'egg', 'egg'] })
      .stackNoise(['silence'])
      .build();
    useItem(table, '0', 'grenade');
    expect(rooms(table)).toEqual([6]);
    table.act('0', { type: 'room', room: 6 });
    expect(table.room(6).objects).toEqual(['egg']);
    expect(table.state.eggsDestroyed).toBe(2);
    expect(table.eventsOf('noise-roll')).toMatchObject([{ seat: '0', room: 11 }]);
  });

  it("in the Nest, the Nest's own eggs are destroyed first", () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'nest', explored: true, explorationToken: null, objects: ['egg'] })
      .character('1', { room: 14 })
      .nestEggs(3)
      .stackNoise(['silence'])
      .build();
    useItem(table, '0', 'grenade');
    table.act('0', { type: 'room', room: 6 });
    expect(table.state.nestEggs).toBe(1);
    expect(table.room(6).objects).toEqual(['egg']);
  });

  it('eggs carried by a character are no target', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 6, carried: ['egg'] })
      .build();
    expect(() => useItem(table, '0', 'grenade')).not.toThrow();
    expect(table.eventsOf('effect-skipped')).toHaveLength(1);
    expect(table.player('1').carried).toEqual(['egg']);
  });
});

describe('Items: the Molotov Cocktail', () => {
  it('sets the room on fire and deals 1 Injury to every Intruder there, nobody aimed at', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 14 })
      .intruder('adult', 6)
      .intruder('adult', 6)
      .stackAttackCards(survive)
      .build();
    useItem(table, '0', 'molotov-cocktail');
    table.act('0', { type: 'room', room: 6 });
    expect(table.room(6).fire).toBe(true);
    expect(table.intruders(6).map((intruder) => intruder.injuries)).toEqual([1, 1]);
    expect(table.eventsOf('death-check')).toHaveLength(2);
  });

  it('burns every character there with a Serious Wound', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 6 })
      .intruder('adult', 6)
      .stackAttackCards(survive)
      .build();
    useItem(table, '0', 'molotov-cocktail');
    table.act('0', { type: 'room', room: 6 });
    expect(table.player('1').seriousWounds).toHaveLength(1);
    expect(table.player('0').seriousWounds).toHaveLength(0);
  });

  it('destroys 1 loose egg', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 14 })
      .room(6, { objects: ['egg', 'egg'] })
      .stackNoise(['silence'])
      .build();
    useItem(table, '0', 'molotov-cocktail');
    table.act('0', { type: 'room', room: 6 });
    expect(table.room(6).objects).toEqual(['egg']);
    expect(table.room(6).fire).toBe(true);
  });

  it("its Injuries are Fire's: with Vulnerability to Fire revealed, each Intruder takes one more", () => {
    const vulnerable = (item: string) => {
      const table = scenario({ players: 2 })
        .explored(6)
        .character('1', { room: 14 })
        .intruder('adult', 6)
        .stackAttackCards(survive)
        .with((state) => {
          state.weaknessDeck = state.weaknessDeck.filter(
            (card) => card !== 'vulnerability-to-fire',
          );
          state.weaknesses[0] = { card: 'vulnerability-to-fire', revealed: true };
        })
        .build();
      useItem(table, '0', item);
      table.act('0', { type: 'room', room: 6 });
      return {
        injuries: table.intruders(6)[0]!.injuries,
        told: table.eventsOf('weakness-applies').map((event) => event.weakness),
      };
    };
    expect(vulnerable('molotov-cocktail')).toEqual({
      injuries: 2,
      told: ['vulnerability-to-fire'],
    });
    // A Grenade is no Fire: the Weakness changes nothing and is not told.
    expect(vulnerable('grenade')).toEqual({ injuries: 2, told: [] });
  });
});
