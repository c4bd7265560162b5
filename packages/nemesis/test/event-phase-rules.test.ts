import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Lurking moves Creepers and Adults through exit 4; Damaging Fire moves them through exit 1.
// Exit 4 of room 6 leads to room 2 and exit 4 of room 2 back to room 6; exit 1 of room 7 leads to room 6.
describe('Event card: Intruder movement', () => {
  it('every Intruder of a named kind moves on the same card, wherever it stands; the others stay', () => {
    const table = scenario({ players: 1 })
      .intruder('adult', 6)
      .intruder('creeper', 2)
      .intruder('breeder', 7)
      .stackEventCards(['lurking'])
      .build();
    table.resolve({ kind: 'event-card' });
    expect(table.intruders().map((intruder) => [intruder.kind, intruder.room])).toEqual([
      ['adult', 2],
      ['creeper', 6],
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
    table.act('0', { type: 'pass', discard: [] });
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
    table.act('0', { type: 'pass', discard: [] });
    // The Larva infests first, the Adult scratches, then the fire injures the Adult, which dies (blood 2).
    expect(table.player('0').larva).toBe(true);
    expect(table.player('0').lightWounds).toBe(1);
    expect(table.intruders()).toHaveLength(0);
    expect(table.room(2).objects).toEqual(['carcass']);
  });
});
