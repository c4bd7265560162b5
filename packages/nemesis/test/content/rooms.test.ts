import { describe, expect, it } from 'vitest';
import { baseContent, containsKind, type RoomTile } from '../../src/content/index.js';

const pack = baseContent();
const rooms = pack.rooms.rooms;

function ids(filter: (room: RoomTile) => boolean): string[] {
  return rooms
    .filter(filter)
    .map((room) => room.id)
    .sort();
}

function room(id: string): RoomTile {
  const found = pack.lookup.roomTile[id];
  if (found === undefined) throw new Error(`no room ${id}`);
  return found;
}

describe('room properties', () => {
  it('seven rooms have a Computer: Comms, Fire Control, Generator, Laboratory, Command Center, Engine Control, Monitoring', () => {
    expect(ids((tile) => tile.computer)).toEqual(
      [
        'comms-room',
        'fire-control-system',
        'generator',
        'laboratory',
        'command-center',
        'engine-control-room',
        'monitoring-room',
      ].sort(),
    );
  });

  it('the Cockpit, Surgery, Airlock Control and Hatch Control have none', () => {
    for (const id of ['cockpit', 'surgery', 'airlock-control', 'hatch-control-system'])
      expect(room(id).computer, id).toBe(false);
  });

  it('a room is searched in the deck of its colour; white lets the searcher pick', () => {
    const colours = Object.fromEntries(rooms.map((tile) => [tile.id, tile.colour]));
    expect(colours).toMatchObject({
      armory: 'red',
      storage: 'red',
      'command-center': 'red',
      'monitoring-room': 'red',
      'comms-room': 'yellow',
      'fire-control-system': 'yellow',
      generator: 'yellow',
      'airlock-control': 'yellow',
      'engine-control-room': 'yellow',
      'emergency-room': 'green',
      laboratory: 'green',
      surgery: 'green',
      canteen: 'green',
      'evac-section-a': 'white',
      'evac-section-b': 'white',
      cabins: 'white',
      'hatch-control-system': 'white',
      'shower-room': 'white',
    });
  });

  it('no Search in the Nest, the Room with Slime, the Cockpit, the Hibernatorium and the Engines; they have no colour', () => {
    const noSearch = ids((tile) => !tile.hasSearch);
    expect(noSearch).toEqual(
      [
        'cockpit',
        'engine-01',
        'engine-02',
        'engine-03',
        'hibernatorium',
        'nest',
        'room-with-slime',
      ].sort(),
    );
    expect(ids((tile) => tile.colour === null)).toEqual(noSearch);
    expect(ids((tile) => !tile.itemCounter)).toEqual(noSearch);
  });

  it('the Nest and the Room with Slime never take a Malfunction marker', () => {
    expect(ids((tile) => !tile.allowsMalfunction)).toEqual(['nest', 'room-with-slime']);
  });

  it('Cabins and the Room with Slime are passive: no Room Action', () => {
    expect(ids((tile) => tile.action === null)).toEqual(['cabins', 'room-with-slime']);
    expect(room('cabins').passive).toEqual({
      kind: 'modifier',
      modifier: { kind: 'hand-size', size: 6 },
      while: { kind: 'no-intruder-in-room' },
    });
    expect(room('room-with-slime').passive).toEqual({
      kind: 'triggered',
      trigger: 'enter-room',
      effect: { kind: 'gain-slime' },
    });
  });

  it('the Nest alone holds the Intruder board eggs', () => {
    expect(ids((tile) => tile.nest)).toEqual(['nest']);
  });
});

describe('room actions', () => {
  it('every room but the passive ones has an action, and each Evac Section boards its own pods', () => {
    for (const tile of rooms) {
      if (tile.action === null) continue;
      expect(containsKind(tile.action, 'enter-escape-pod'), tile.id).toBe(
        tile.evacSection !== undefined,
      );
    }
  });

  it('the Armory adds 2 ammo to an energy weapon', () => {
    expect(room('armory').action).toEqual({ kind: 'reload', weapon: 'energy', amount: 2 });
  });

  it('the Emergency Room dresses all, heals one dressed, or heals all light wounds', () => {
    expect(room('emergency-room').action).toEqual({
      kind: 'choice',
      options: [
        { kind: 'dress-serious-wounds', count: 'all' },
        { kind: 'heal-dressed-serious-wounds', count: 1 },
        { kind: 'heal-light-wounds', count: 'all' },
      ],
    });
  });

  it('the Nest gives an egg, then a Noise roll', () => {
    expect(room('nest').action).toEqual({
      kind: 'sequence',
      steps: [{ kind: 'take-egg' }, { kind: 'noise-roll' }],
    });
  });

  it('Storage searches any deck without lowering the item counter', () => {
    expect(room('storage').action).toEqual({
      kind: 'search',
      deck: 'any',
      lowersItemCounter: false,
      draw: 2,
      keep: 1,
    });
  });

  it('the Generator starts or stops the self-destruct; the Cockpit checks the Coordinates or sets the Destination', () => {
    expect(room('generator').action).toEqual({ kind: 'start-or-stop-self-destruct' });
    expect(room('cockpit').action).toEqual({
      kind: 'choice',
      options: [{ kind: 'check-coordinates' }, { kind: 'set-destination' }],
    });
  });

  it('the Hibernatorium opens on blue and fails if an Intruder appears at the Noise roll', () => {
    expect(room('hibernatorium').action).toEqual({
      kind: 'only-if',
      condition: { kind: 'hibernation-open' },
      effect: {
        kind: 'sequence',
        steps: [
          { kind: 'noise-roll' },
          {
            kind: 'only-if',
            condition: { kind: 'no-intruder-in-room' },
            effect: { kind: 'hibernate' },
          },
        ],
      },
    });
  });

  it('Surgery, Canteen and the Shower scan Contamination; only Surgery takes the Larva and ends the round', () => {
    const scans = ids(
      (tile) => tile.action !== null && containsKind(tile.action, 'scan-contamination'),
    );
    expect(scans).toEqual(['canteen', 'shower-room', 'surgery']);
    const surgery = room('surgery').action!;
    expect(containsKind(surgery, 'pass')).toBe(true);
    expect(containsKind(room('canteen').action!, 'pass')).toBe(false);
  });

  it('the Engine rooms check their own engine, the Engine Control Room all three', () => {
    for (const id of ['engine-01', 'engine-02', 'engine-03'])
      expect(room(id).action).toEqual({ kind: 'check-engines', which: 'this-room' });
    expect(room('engine-control-room').action).toEqual({ kind: 'check-engines', which: 'all' });
  });
});
