import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Room 11 (Hibernatorium) opens on rooms 6, 8, 14 and 15.
describe('Movement', () => {
  it('moves a character to a neighbouring room', () => {
    const table = scenario({ players: 2 }).explored(6).character('1', { room: 6 }).build();
    table.act('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.player('0').room).toBe(6);
  });

  it('a closed door blocks movement', () => {
    const table = scenario({ players: 1 }).explored(6).door([6, 11], 'closed').build();
    const outcome = table.tryAct('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('door-closed');
    expect(table.legal('0').some((action) => action.type === 'move' && action.to === 6)).toBe(
      false,
    );
  });

  it('a destroyed door does not block movement', () => {
    const table = scenario({ players: 1 })
      .explored(6)
      .door([6, 11], 'destroyed')
      .stackNoise(['silence'])
      .build();
    table.act('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.player('0').room).toBe(6);
  });

  it('only neighbouring rooms can be reached', () => {
    const table = scenario({ players: 1 }).build();
    const outcome = table.tryAct('0', { type: 'move', to: 1, cards: [table.player('0').hand[0]!] });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('not-neighbouring');
    const destinations = new Set(
      table.legal('0').flatMap((action) => (action.type === 'move' ? [action.to] : [])),
    );
    expect([...destinations].sort((a, b) => a - b)).toEqual([6, 8, 14, 15]);
  });

  it('entering an empty explored room makes a Noise roll', () => {
    const table = scenario({ players: 2 }).explored(6).stackNoise([1]).build();
    table.act('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
    // Room 6's corridor numbered 1 leads to room 7.
    expect(table.state.corridors.find((corridor) => corridor.noise)).toBeDefined();
  });

  it('entering a room where another character stands makes no Noise roll', () => {
    const table = scenario({ players: 2 }).explored(6).character('1', { room: 6 }).build();
    table.act('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });

  it('entering a room with an Intruder is Combat, not an Encounter', () => {
    const table = scenario({ players: 2 }).explored(6).intruder('adult', 6).build();
    table.act('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
    expect(table.eventsOf('surprise-attack')).toHaveLength(0);
    const types = new Set(table.legal('0').map((action) => action.type));
    expect([...types].sort()).toEqual(['melee', 'move', 'pass', 'shoot']);
  });
});

describe('Careful Movement', () => {
  it('places a Noise marker in a chosen corridor of the room entered and makes no Noise roll', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const corridor = table.corridor(6, 7);
    const [first, second] = table.player('0').hand;
    table.act('0', { type: 'careful-move', to: 6, noise: corridor, cards: [first!, second!] });
    expect(table.player('0').room).toBe(6);
    expect(table.state.corridors[corridor]!.noise).toBe(true);
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });

  it('the noise must go in a corridor of the room entered', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const elsewhere = table.tables.corridors.findIndex((candidate) => !candidate.ends.includes(6));
    const [first, second] = table.player('0').hand;
    const outcome = table.tryAct('0', {
      type: 'careful-move',
      to: 6,
      noise: elsewhere,
      cards: [first!, second!],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('bad-noise-corridor');
  });

  it('is not possible when every corridor of the room already holds noise', () => {
    const table = scenario({ players: 1 })
      .explored(6)
      .noise([2, 6], [5, 6], [6, 7], [6, 11])
      .build();
    const [first, second] = table.player('0').hand;
    const outcome = table.tryAct('0', {
      type: 'careful-move',
      to: 6,
      noise: 0,
      cards: [first!, second!],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('no-quiet-corridor');
    expect(
      table.legal('0').some((action) => action.type === 'careful-move' && action.to === 6),
    ).toBe(false);
  });

  it('is not possible in Combat', () => {
    const table = scenario({ players: 1 }).explored(6).intruder('larva', 11).build();
    const [first, second] = table.player('0').hand;
    const outcome = table.tryAct('0', {
      type: 'careful-move',
      to: 6,
      noise: 0,
      cards: [first!, second!],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('in-combat');
  });
});
