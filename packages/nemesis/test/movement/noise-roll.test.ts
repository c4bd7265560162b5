import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Room 2: corridor 2-6 is numbered 4, corridor 1-2 is 3, its Technical Corridor entrance 1 and 2.
describe('Noise roll', () => {
  it('a number places a Noise marker in the corridor with that number', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .stackNoise([4])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.state.corridors[table.corridor(2, 6)]!.noise).toBe(true);
    expect(table.state.corridors.filter((candidate) => candidate.noise)).toHaveLength(1);
  });

  it('a number on a Technical Corridor entrance puts the noise in the Technical Corridors', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .stackNoise([1])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.state.technicalCorridorNoise).toBe(true);
  });

  it('a second Noise marker in a corridor means an Encounter instead', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .noise([2, 6])
      .stackNoise([4])
      .stackBag(['larva-1'])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.intruders(2).map((intruder) => intruder.kind)).toEqual(['larva']);
  });

  it('the log says which corridor got the marker, or that the noise already there began an Encounter', () => {
    const quiet = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .stackNoise([4])
      .build();
    quiet.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    const placed = quiet.eventsOf('noise')[0]!;
    expect(placed.corridor).toBe(quiet.corridor(2, 6));
    expect(quiet.ruleset.describe.event(placed, quiet.view('0'))).toBe('Noise in corridor 2-6');
    const loud = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .noise([2, 6])
      .stackNoise([4])
      .stackBag(['larva-1'])
      .build();
    loud.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(loud.eventsOf('noise')).toEqual([]);
    const encounter = loud.eventsOf('noise-encounter')[0]!;
    expect(loud.ruleset.describe.event(encounter, loud.view('0'))).toBe(
      'Noise was already in corridor 2-6: an Encounter',
    );
  });

  it('Silence: nothing happens', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .stackNoise(['silence'])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.state.corridors.some((candidate) => candidate.noise)).toBe(false);
    expect(table.state.technicalCorridorNoise).toBe(false);
  });

  it('Danger: noise in every corridor of the room when no Intruder is near', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .stackNoise(['danger'])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.state.corridors[table.corridor(2, 6)]!.noise).toBe(true);
    expect(table.state.corridors[table.corridor(1, 2)]!.noise).toBe(true);
    expect(table.state.technicalCorridorNoise).toBe(true);
  });

  it('a closed door does not stop an Intruder coming from a Noise roll', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .noise([2, 6])
      .door([2, 6], 'closed')
      .stackNoise([4])
      .stackBag(['adult-01'])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.intruders(2)).toHaveLength(1);
  });
});
