import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

const attacks = (table: ReturnType<ReturnType<typeof scenario>['build']>) =>
  table
    .eventsOf('intruder-attack')
    .map((event) => ({ intruder: event.intruder, seat: event.seat }));

describe('Event Phase', () => {
  it('follows the last pass: time, Intruder attacks, fire damage, an Event card, bag development, then the next round', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .room(2, { fire: true })
      .character('0', { room: 2, hand: 5 })
      .intruder('adult', 2)
      .stackAttackCards(['scratch-1', 'bite-3'])
      .stackEventCards(['lurking'])
      .stackBag(['blank'])
      .firstEncounterDone()
      .build();
    table.take('0', { type: 'pass', discard: [] });
    const order = table.events.map((event) => event.type);
    const position = (type: string) => order.indexOf(type);
    expect(position('event-phase')).toBeGreaterThan(position('pass'));
    expect(position('time')).toBeGreaterThan(position('event-phase'));
    expect(position('intruder-attack')).toBeGreaterThan(position('time'));
    expect(position('intruder-injured')).toBeGreaterThan(position('intruder-attack'));
    expect(position('event-card')).toBeGreaterThan(position('intruder-injured'));
    expect(position('bag-development')).toBeGreaterThan(position('event-card'));
    expect(order.lastIndexOf('round')).toBeGreaterThan(position('bag-development'));
    expect(table.state.time).toBe(1);
    expect(table.state.round).toBe(2);
    expect(table.state.phase).toBe('player');
  });
});

describe('Intruder Attack step', () => {
  it('every Intruder in Combat attacks, in the order of their ids; one alone in its room does not', () => {
    const table = scenario({ players: 2 })
      .explored(2, 3, 5)
      .character('0', { room: 2, hand: 5 })
      .character('1', { room: 3, hand: 5 })
      .intruder('creeper', 3)
      .intruder('adult', 5)
      .intruder('adult', 2)
      .stackAttackCards(['scratch-1', 'scratch-2'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'intruder-attacks' });
    expect(attacks(table)).toEqual([
      { intruder: 1, seat: '1' },
      { intruder: 3, seat: '0' },
    ]);
  });

  it('the Intruder attacks the character with the fewest cards in hand', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 3 })
      .character('1', { room: 2, hand: 2 })
      .intruder('adult', 2)
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'intruder-attacks' });
    expect(attacks(table)).toEqual([{ intruder: 1, seat: '1' }]);
  });

  it('on equal hands the Intruder attacks the First Player first, then on in turn order', () => {
    const table = scenario({ players: 3, firstPlayer: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 2 })
      .character('2', { room: 2, hand: 2 })
      .character('1', { room: 5, hand: 2 })
      .intruder('adult', 2)
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'intruder-attacks' });
    expect(attacks(table)).toEqual([{ intruder: 1, seat: '2' }]);
  });

  it('each target is chosen when its attack comes: a character killed by the first attack is not attacked again', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 1, seriousWounds: 2 })
      .character('1', { room: 2, hand: 4 })
      .intruder('adult', 2)
      .intruder('adult', 2)
      .stackAttackCards(['bite-1', 'scratch-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'intruder-attacks' });
    expect(table.player('0').status).toBe('dead');
    expect(attacks(table)).toEqual([
      { intruder: 1, seat: '0' },
      { intruder: 2, seat: '1' },
    ]);
  });

  it('an Intruder summoned during the attacks does not attack this time', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .intruder('creeper', 2)
      .stackAttackCards(['summoning-1', 'scratch-1'])
      .stackBag(['adult-12'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'intruder-attacks' });
    expect(table.intruders(2).map((intruder) => intruder.kind)).toEqual(['creeper', 'adult']);
    expect(attacks(table)).toEqual([{ intruder: 1, seat: '0' }]);
  });

  it('a Larva in Combat attacks too: it infests its target', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .intruder('larva', 2)
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'intruder-attacks' });
    expect(table.player('0').larva).toBe(true);
    expect(table.intruders()).toHaveLength(0);
  });
});

// Lurking moves Creepers and Adults through exit 4; Damaging Fire moves them through exit 1.
// Exit 4 of room 6 leads to room 2 and exit 4 of room 2 back to room 6; exit 1 of room 7 leads to room 6.
describe('Event card: Intruder movement', () => {
  it('every Intruder of a named kind moves on the same card, wherever it stands; the others stay', () => {
    const table = scenario({ players: 1 })
      .intruder('adult', 6)
      .intruder('creeper', 2)
      .intruder('breeder', 7)
      .stackEventCards(['scent-of-prey'])
      .build();
    table.resolve({ kind: 'event-card' });
    // Scent of Prey moves Creepers and Adults through exit 3: 6 to 5, and 2 to 1.
    expect(table.intruders().map((intruder) => [intruder.kind, intruder.room])).toEqual([
      ['adult', 5],
      ['creeper', 1],
      ['breeder', 7],
    ]);
  });

  it('an Intruder the Event card brings to a character does not attack in that Event Phase', () => {
    const table = scenario({ players: 1 })
      .explored(6, 7)
      .character('0', { room: 6, hand: 5 })
      .intruder('adult', 7)
      .stackEventCards(['damaging-fire'])
      .stackBag(['blank'])
      .firstEncounterDone()
      .build();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.intruders(6)).toHaveLength(1);
    expect(table.eventsOf('intruder-attack')).toHaveLength(0);
    expect(table.eventsOf('surprise-attack')).toHaveLength(0);
    expect(table.state.round).toBe(2);
  });
});

describe('Event Phase order', () => {
  it('Intruders attack before Fire burns them: one killed by the fire has attacked already', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .room(2, { fire: true })
      .character('0', { room: 2, hand: 5 })
      .intruder('larva', 2)
      .intruder('adult', 2, { injuries: 1 })
      .stackAttackCards(['scratch-3', 'scratch-1'])
      .stackEventCards(['lurking'])
      .stackBag(['blank'])
      .firstEncounterDone()
      .build();
    table.take('0', { type: 'pass', discard: [] });
    // The Larva infests first, the Adult scratches, then the fire injures the Adult, which dies (blood 2).
    expect(table.player('0').larva).toBe(true);
    expect(table.player('0').lightWounds).toBe(1);
    expect(table.intruders()).toHaveLength(0);
    expect(table.room(2).objects).toEqual(['carcass']);
  });
});
