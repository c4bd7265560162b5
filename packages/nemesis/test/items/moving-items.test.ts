import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { asked, useItem } from './item-step.js';

// Seat 0 (the Captain) and seat 1 (the Soldier) start in the Hibernatorium (room 11).
// Rooms with an entrance to the Technical Corridors: 2, 4, 5, 9, 14, 15, 19, 21.

describe('Items: the Smoke Grenade', () => {
  function fight() {
    return scenario({ players: 3 })
      .explored(6)
      .character('2', { room: 14 })
      .intruder('adult', 11)
      .stackNoise(['silence']);
  }

  it('every other character in your room discards an Action card, chosen at their own prompt', () => {
    const table = fight().build();
    const hand = [...table.player('1').hand];
    useItem(table, '0', 'smoke-grenade');
    expect(asked(table)).toEqual([{ seats: ['1'], answer: 'discard' }]);
    table.act('1', { type: 'card', card: hand[2]! });
    expect(table.player('1').hand).toEqual(hand.filter((_, index) => index !== 2));
    expect(table.player('1').actionDeck.discardPile).toEqual([hand[2]]);
    expect(table.player('2').hand).toHaveLength(5);
    expect(table.player('0').hand).toHaveLength(5);
  });

  it('a Contamination card cannot be the card discarded', () => {
    const table = fight()
      .character('1', { hand: ['soldier-rest', 'contamination-01'] })
      .build();
    useItem(table, '0', 'smoke-grenade');
    expect(table.legal('1')).toEqual([{ type: 'card', card: 'soldier-rest' }]);
  });

  it('then you move to a neighbouring room, and no Intruder attacks you for leaving', () => {
    const table = fight().build();
    useItem(table, '0', 'smoke-grenade');
    table.act('1', { type: 'card', card: table.player('1').hand[0]! });
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-room' }]);
    table.act('0', { type: 'room', room: 6 });
    expect(table.player('0').room).toBe(6);
    expect(table.eventsOf('intruder-attack')).toEqual([]);
    expect(table.state.attackDeck.discardPile).toEqual([]);
    // The arrival resolves as any move: an empty room, a Noise roll.
    expect(table.eventsOf('noise-roll')).toMatchObject([{ seat: '0', room: 6 }]);
  });

  it('alone in the room, you simply slip away', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 14 })
      .intruder('adult', 11)
      .stackNoise(['silence'])
      .build();
    useItem(table, '0', 'smoke-grenade');
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-room' }]);
  });

  it('a closed door blocks the way out', () => {
    const table = fight().door([6, 11], 'closed').build();
    useItem(table, '0', 'smoke-grenade');
    table.act('1', { type: 'card', card: table.player('1').hand[0]! });
    expect(table.legal('0')).not.toContainEqual({ type: 'room', room: 6 });
  });
});

describe('Items: the Technical Corridors Plans', () => {
  it('from a room with an entrance, you move to any other room with one', () => {
    const table = scenario({ players: 2 })
      .explored(2, 14)
      .character('0', { room: 2 })
      .stackNoise(['silence'])
      .build();
    useItem(table, '0', 'technical-corridors-plans');
    const offered = table.legal('0').map((answer) => (answer.type === 'room' ? answer.room : 0));
    expect(offered).toEqual([4, 5, 9, 14, 15, 19, 21]);
    table.act('0', { type: 'room', room: 14 });
    expect(table.player('0').room).toBe(14);
    expect(table.eventsOf('noise-roll')).toMatchObject([{ seat: '0', room: 14 }]);
  });

  it('arriving in an unexplored room explores it', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .room(9, { explored: false })
      .character('0', { room: 2 })
      .stackNoise(['silence'])
      .build();
    useItem(table, '0', 'technical-corridors-plans');
    table.act('0', { type: 'room', room: 9 });
    expect(table.room(9).explored).toBe(true);
    expect(table.eventsOf('explore')).toHaveLength(1);
  });

  it('is of no use in a room without an entrance', () => {
    const table = scenario({ players: 2 }).build();
    useItem(table, '0', 'technical-corridors-plans');
    expect(table.player('0').room).toBe(11);
    expect(table.eventsOf('effect-skipped')).toHaveLength(1);
  });
});

describe('Items: the Space Suit', () => {
  function yellowRooms() {
    return scenario({ players: 2 })
      .room(6, { tile: 'generator', explored: true, explorationToken: null })
      .room(8, { tile: 'comms-room', explored: true, explorationToken: null })
      .room(14, { tile: 'fire-control-system', explored: false })
      .room(15, { tile: 'armory', explored: true, explorationToken: null })
      .character('0', { room: 6 })
      .stackNoise(['silence']);
  }

  it('in a Yellow room you discard your whole hand and move to another explored Yellow room', () => {
    const table = yellowRooms().build();
    useItem(table, '0', 'space-suit');
    // Room 14 is Yellow too, but face down: its colour is not known.
    expect(table.legal('0')).toEqual([{ type: 'room', room: 8 }]);
    expect(table.player('0').hand).toEqual([]);
    table.act('0', { type: 'room', room: 8 });
    expect(table.player('0').room).toBe(8);
    expect(table.eventsOf('noise-roll')).toMatchObject([{ seat: '0', room: 8 }]);
  });

  it('is of no use outside a Yellow room', () => {
    const table = yellowRooms().character('0', { room: 15 }).build();
    useItem(table, '0', 'space-suit');
    expect(table.player('0').room).toBe(15);
    expect(table.player('0').hand).toHaveLength(5);
  });
});
