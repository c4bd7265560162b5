import { nemesisInvariants } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { useItem } from './item-step.js';

// Seat 0 (the Captain) stands in the Hibernatorium (room 11), whose exit 1 leads to room 15
// and exit 2 to room 6. The Event cards "damaging-fire" and "hunt-1" show corridors 1 and 2.

describe('Items: the Taser', () => {
  it('deals 1 Injury to an Intruder in your room, which then Retreats', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 14 })
      .intruder('adult', 11)
      .stackAttackCards(['bite-3'])
      .stackEventCards(['damaging-fire'])
      .build();
    useItem(table, '0', 'taser');
    table.act('0', { type: 'option', option: 0 });
    const [adult] = table.intruders();
    expect(adult).toMatchObject({ injuries: 1, room: 15 });
    expect(table.eventsOf('death-check')).toHaveLength(1);
    expect(table.eventsOf('intruder-retreats')).toHaveLength(1);
  });

  it('an Intruder killed by the Injury does not retreat', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 14 })
      .intruder('creeper', 11, { injuries: 1 })
      .stackAttackCards(['scratch-1'])
      .build();
    useItem(table, '0', 'taser');
    table.act('0', { type: 'option', option: 0 });
    expect(table.intruders()).toEqual([]);
    expect(table.eventsOf('intruder-retreats')).toEqual([]);
  });

  it('an Intruder whose death check already sent it off flees only once', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 14 })
      .intruder('adult', 11)
      .stackAttackCards(['bite-4'])
      .stackEventCards(['damaging-fire', 'hunt-1'])
      .build();
    useItem(table, '0', 'taser');
    table.act('0', { type: 'option', option: 0 });
    expect(table.intruders()[0]!.room).toBe(15);
    expect(table.eventsOf('intruder-retreats')).toHaveLength(1);
  });

  it('with several Intruders in the room, the taker picks which one is struck', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 14 })
      .intruder('adult', 11)
      .intruder('creeper', 11)
      .stackAttackCards(['scratch-4'])
      .stackEventCards(['damaging-fire'])
      .build();
    useItem(table, '0', 'taser');
    table.act('0', { type: 'option', option: 0 });
    expect(table.legal('0')).toEqual([
      { type: 'target', target: 1 },
      { type: 'target', target: 2 },
    ]);
    table.act('0', { type: 'target', target: 2 });
    expect(
      table.intruders().map((intruder) => [intruder.id, intruder.room, intruder.injuries]),
    ).toEqual([
      [1, 11, 0],
      [2, 15, 1],
    ]);
  });

  it('or a character in your room discards their whole hand, Contamination included', () => {
    const table = scenario({ players: 3 })
      .character('1', { hand: ['soldier-rest', 'contamination-01'] })
      .character('2', { room: 14 })
      .build();
    useItem(table, '0', 'taser');
    // No Intruder here: only the second option, then only seat 1 to pick.
    expect(table.legal('0')).toEqual([{ type: 'option', option: 1 }]);
    table.act('0', { type: 'option', option: 1 });
    expect(table.legal('0')).toEqual([{ type: 'option', option: 1 }]);
    table.act('0', { type: 'option', option: 1 });
    expect(table.player('1').hand).toEqual([]);
    expect(table.player('1').actionDeck.discardPile).toEqual(['soldier-rest', 'contamination-01']);
    expect(table.player('0').hand).toHaveLength(5);
  });

  it('a character who is not in your room cannot be picked', () => {
    const table = scenario({ players: 3 }).character('2', { room: 14 }).build();
    useItem(table, '0', 'taser');
    table.act('0', { type: 'option', option: 1 });
    const before = JSON.stringify(table.state);
    const outcome = table.tryAct('0', { type: 'option', option: 2 });
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(table.state)).toBe(before);
  });
});

describe('Items: the Fire Extinguisher', () => {
  it('makes one Intruder of your choice in your room Retreat', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 14 })
      .intruder('adult', 11)
      .intruder('adult', 11)
      .stackEventCards(['hunt-1'])
      .build();
    useItem(table, '0', 'fire-extinguisher');
    table.act('0', { type: 'option', option: 1 });
    table.act('0', { type: 'target', target: 2 });
    expect(table.intruders().map((intruder) => [intruder.id, intruder.room])).toEqual([
      [1, 11],
      [2, 6],
    ]);
  });

  it('drives off nobody where there is no Intruder: only the Fire can be put out', () => {
    const table = scenario({ players: 2 }).room(11, { fire: true }).build();
    useItem(table, '0', 'fire-extinguisher');
    expect(table.legal('0')).toEqual([{ type: 'option', option: 0 }]);
  });
});

describe('Items: the Decoy', () => {
  // Thrown into room 6: its neighbours are rooms 2, 5, 7 and 11.
  function decoyScene() {
    return scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 8 })
      .intruder('adult', 5)
      .intruder('adult', 11)
      .intruder('adult', 9)
      .intruder('creeper', 7)
      .intruder('creeper', 7)
      .door([6, 7], 'closed')
      .stackAttackCards(['scratch-1']);
  }

  it('every Intruder in a room next to the chosen room walks into it', () => {
    const table = decoyScene().build();
    useItem(table, '0', 'decoy');
    table.act('0', { type: 'room', room: 6 });
    expect(table.intruders().map((intruder) => [intruder.id, intruder.room])).toEqual([
      [1, 6],
      [2, 6],
      [3, 9],
      [4, 7],
      [5, 7],
    ]);
  });

  it('those in Combat attack once before they leave', () => {
    const table = decoyScene().build();
    useItem(table, '0', 'decoy');
    table.act('0', { type: 'room', room: 6 });
    expect(table.eventsOf('intruder-attack')).toMatchObject([{ intruder: 2, seat: '0' }]);
    expect(table.player('0').lightWounds).toBe(1);
  });

  it('a closed door in the way is broken once, and those behind it all stay', () => {
    const table = decoyScene().build();
    useItem(table, '0', 'decoy');
    table.act('0', { type: 'room', room: 6 });
    expect(table.state.corridors[table.corridor(6, 7)]!.door).toBe('destroyed');
    expect(table.eventsOf('door-destroyed')).toHaveLength(1);
    expect(table.intruders(7)).toHaveLength(2);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('may be thrown only into a room next to yours', () => {
    const table = decoyScene().build();
    useItem(table, '0', 'decoy');
    const offered = table.legal('0').map((answer) => (answer.type === 'room' ? answer.room : 0));
    expect(offered.sort((first, second) => first - second)).toEqual([6, 8, 14, 15]);
    expect(table.tryAct('0', { type: 'room', room: 5 }).ok).toBe(false);
  });
});
