import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { rollNoiseDie } from '../../src/vocabulary/dice.js';

// Room 11 (Hibernatorium) opens on rooms 6, 8, 14 and 15.
describe('Movement', () => {
  it('moves a character to a neighbouring room', () => {
    const table = scenario({ players: 2 }).explored(6).character('1', { room: 6 }).build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.player('0').room).toBe(6);
  });

  it('a closed door blocks movement', () => {
    const table = scenario({ players: 1 }).explored(6).door([6, 11], 'closed').build();
    const outcome = table.tryTake('0', {
      type: 'move',
      to: 6,
      cards: [table.player('0').hand[0]!],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('door-closed');
    expect(table.answers('0', { type: 'move' })).not.toContainEqual({ type: 'room', room: 6 });
  });

  it('a destroyed door does not block movement', () => {
    const table = scenario({ players: 1 })
      .explored(6)
      .door([6, 11], 'destroyed')
      .stackNoise(['silence'])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.player('0').room).toBe(6);
  });

  it('only neighbouring rooms can be reached', () => {
    const table = scenario({ players: 1 }).build();
    const outcome = table.tryTake('0', {
      type: 'move',
      to: 1,
      cards: [table.player('0').hand[0]!],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('not-neighbouring');
    const destinations = new Set(
      table
        .answers('0', { type: 'move' })
        .flatMap((answer) => (answer.type === 'room' ? [answer.room] : [])),
    );
    expect([...destinations].sort((a, b) => a - b)).toEqual([6, 8, 14, 15]);
  });

  it('entering an empty explored room makes a Noise roll', () => {
    const table = scenario({ players: 2 }).explored(6).stackNoise([1]).build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
    // Room 6's corridor numbered 1 leads to room 7.
    expect(table.state.corridors.find((corridor) => corridor.noise)).toBeDefined();
  });

  it('entering a room where another character stands makes no Noise roll', () => {
    const table = scenario({ players: 2 }).explored(6).character('1', { room: 6 }).build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });

  it('entering a room with an Intruder is Combat, not an Encounter', () => {
    const table = scenario({ players: 2 }).explored(6).intruder('adult', 6).build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
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
    table.take('0', { type: 'careful-move', to: 6, noise: corridor, cards: [first!, second!] });
    expect(table.player('0').room).toBe(6);
    expect(table.state.corridors[corridor]!.noise).toBe(true);
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });

  it('the noise must go in a corridor of the room entered', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const elsewhere = table.tables.corridors.findIndex((candidate) => !candidate.ends.includes(6));
    const [first, second] = table.player('0').hand;
    const outcome = table.tryTake('0', {
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
    const outcome = table.tryTake('0', {
      type: 'careful-move',
      to: 6,
      noise: 0,
      cards: [first!, second!],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('no-quiet-corridor');
    expect(table.answers('0', { type: 'careful-move' })).not.toContainEqual({
      type: 'room',
      room: 6,
    });
  });

  it('is not possible in Combat', () => {
    const table = scenario({ players: 1 }).explored(6).intruder('larva', 11).build();
    const [first, second] = table.player('0').hand;
    const outcome = table.tryTake('0', {
      type: 'careful-move',
      to: 6,
      noise: 0,
      cards: [first!, second!],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('in-combat');
  });
});

// Room 11 (Hibernatorium) opens on 6, 8, 14 and 15. Room 6 opens on 2, 5, 7 and 11; its exit 1 is the
// corridor to 7. Room 2: exits 1 and 2 are its Technical Corridor entrance, 3 the corridor to 1, 4 the one to 6.
const noisy = (table: ScenarioTable) =>
  table.state.corridors.filter((candidate) => candidate.noise).map((candidate) => candidate.index);
const twoCards = (table: ScenarioTable, seat = '0') => table.player(seat).hand.slice(0, 2);

describe('Movement', () => {
  it('a character never stops in a corridor: the move ends in the room entered, even when an Encounter follows', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .noise([6, 7])
      .stackNoise([1])
      .stackBag(['adult-12'])
      .firstEncounterDone()
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.player('0').room).toBe(6);
    expect(table.eventsOf('move')).toMatchObject([{ from: 11, to: 6 }]);
    expect(table.intruders(6)).toHaveLength(1);
    const rooms = table.tables.rooms.map((room) => room.number);
    for (const answer of table.answers('0', { type: 'move' }))
      if (answer.type === 'room') expect(rooms).toContain(answer.room);
  });

  it('corridor effects resolve after entering: a door closing behind the character does not stop them', () => {
    const table = scenario({ players: 2 })
      .room(6, { explorationToken: 'doors-1' })
      .stackNoise(['silence'])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    const order = table.events.map((event) => event.type);
    expect(order.indexOf('move')).toBeLessThan(order.indexOf('door-closed'));
    expect(table.player('0').room).toBe(6);
    expect(table.state.corridors[table.corridor(6, 11)]!.door).toBe('closed');
    expect(table.answers('0', { type: 'move' })).not.toContainEqual({ type: 'room', room: 11 });
  });
});

describe('Careful Movement', () => {
  it('the Technical Corridors of the room entered may take the noise', () => {
    const table = scenario({ players: 1 }).explored(2, 6).character('0', { room: 6 }).build();
    table.take('0', { type: 'careful-move', to: 2, noise: 'technical', cards: twoCards(table) });
    expect(table.player('0').room).toBe(2);
    expect(table.state.technicalCorridorNoise).toBe(true);
    expect(noisy(table)).toEqual([]);
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
    // The log says where the mover put the noise.
    expect(table.log()).toContain('Noise in the Technical Corridors');
  });

  it('is impossible when every corridor of the room, Technical Corridors included, holds noise', () => {
    const open = scenario({ players: 1 })
      .explored(2, 6)
      .character('0', { room: 6 })
      .noise([1, 2], [2, 6])
      .build();
    const choices = open
      .answers('0', { type: 'careful-move', to: 2 })
      .flatMap((answer) => (answer.type === 'corridor' ? [answer.corridor] : []));
    expect(new Set(choices)).toEqual(new Set(['technical']));

    const full = scenario({ players: 1 })
      .explored(2, 6)
      .character('0', { room: 6 })
      .noise([1, 2], [2, 6], 'technical')
      .build();
    const outcome = full.tryTake('0', {
      type: 'careful-move',
      to: 2,
      noise: 'technical',
      cards: twoCards(full),
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('no-quiet-corridor');
  });

  it('cancels Silence, even for a slimed character', () => {
    const table = scenario({ players: 2 })
      .room(6, { explorationToken: 'silence-1' })
      .character('0', { slime: true })
      .build();
    const chosen = table.corridor(6, 7);
    table.take('0', { type: 'careful-move', to: 6, noise: chosen, cards: twoCards(table) });
    expect(noisy(table)).toEqual([chosen]);
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });

  it('the other Exploration tokens still resolve: Fire burns, and no Noise roll follows', () => {
    const table = scenario({ players: 2 }).room(6, { explorationToken: 'fire-1' }).build();
    const chosen = table.corridor(6, 7);
    table.take('0', { type: 'careful-move', to: 6, noise: chosen, cards: twoCards(table) });
    expect(table.room(6)).toMatchObject({ explored: true, fire: true, explorationToken: null });
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });
});

describe('Exploration', () => {
  it('no Noise roll when an Intruder already waits in the unexplored room', () => {
    const table = scenario({ players: 2 })
      .room(6, { explorationToken: 'fire-1' })
      .intruder('adult', 6)
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.room(6)).toMatchObject({ explored: true, fire: true });
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
    expect(new Set(table.legal('0').map((action) => action.type))).toEqual(
      new Set(['shoot', 'melee', 'move', 'pass']),
    );
  });

  it('the tile is turned face up before its token resolves', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'storage', explorationToken: 'malfunction-2' })
      .stackNoise(['silence'])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    const order = table.events.map((event) => event.type);
    expect(order.indexOf('explore')).toBeLessThan(order.indexOf('malfunction'));
    expect(order.indexOf('malfunction')).toBeLessThan(order.indexOf('noise-roll'));
  });
});

describe('Noise roll', () => {
  it('Silence with a Slime marker resolves Danger instead', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, slime: true })
      .stackNoise(['silence'])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(noisy(table).sort()).toEqual([table.corridor(1, 2), table.corridor(2, 6)].sort());
    expect(table.state.technicalCorridorNoise).toBe(true);
  });

  it('Danger brings in the Intruders of neighbouring rooms that are not in Combat', () => {
    const table = scenario({ players: 2 })
      .explored(1, 2, 6)
      .character('0', { room: 2, hand: 5 })
      .character('1', { room: 1 })
      .intruder('adult', 6)
      .intruder('creeper', 1)
      .stackNoise(['danger'])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.intruders(2).map((intruder) => intruder.kind)).toEqual(['adult']);
    expect(table.intruders(1).map((intruder) => intruder.kind)).toEqual(['creeper']);
    expect(noisy(table)).toEqual([]);
  });

  it('Danger with only Intruders in Combat next door: a Noise marker in each corridor of the room instead', () => {
    const table = scenario({ players: 2 })
      .explored(1, 2)
      .character('0', { room: 2, hand: 5 })
      .character('1', { room: 1 })
      .intruder('adult', 1)
      .noise([2, 6])
      .stackNoise(['danger'])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.intruders(1)).toHaveLength(1);
    expect(noisy(table).sort()).toEqual([table.corridor(1, 2), table.corridor(2, 6)].sort());
    expect(table.state.technicalCorridorNoise).toBe(true);
    expect(table.eventsOf('intruder-appears')).toHaveLength(0);
  });

  it('Danger: an Intruder behind a closed door breaks the door and stays', () => {
    const table = scenario({ players: 1 })
      .explored(2, 6)
      .character('0', { room: 2, hand: 5 })
      .intruder('adult', 6)
      .door([2, 6], 'closed')
      .stackNoise(['danger'])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.intruders(6)).toHaveLength(1);
    expect(table.state.corridors[table.corridor(2, 6)]!.door).toBe('destroyed');
  });

  it('a second Noise marker in the Technical Corridors means an Encounter', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .noise('technical')
      .stackNoise([2])
      .stackBag(['larva-3'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.intruders(2).map((intruder) => intruder.kind)).toEqual(['larva']);
    expect(table.state.technicalCorridorNoise).toBe(false);
  });

  it('the Noise die is a d10: two faces for each number 1 to 4, one Silence, one Danger', () => {
    const table = scenario({ players: 1 }).build();
    const game = { state: table.state, tables: table.tables, events: [] };
    const counts = new Map<string, number>();
    for (let roll = 0; roll < 2000; roll++) {
      const face = String(rollNoiseDie(game));
      counts.set(face, (counts.get(face) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual(['1', '2', '3', '4', 'danger', 'silence']);
    for (const face of ['1', '2', '3', '4']) expect(counts.get(face)).toBeGreaterThan(320);
    for (const face of ['silence', 'danger']) {
      expect(counts.get(face)).toBeGreaterThan(140);
      expect(counts.get(face)).toBeLessThan(260);
    }
  });
});
