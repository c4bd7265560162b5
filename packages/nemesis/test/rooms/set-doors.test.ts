import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import type { Effect } from '../../src/content/effects.js';

// Seat 0 (the Captain) stands in room 6; room 7 is joined to rooms 3, 6 and 8.
function inCommandCenter(build = scenario({ players: 2 })) {
  return build
    .room(6, { tile: 'command-center', explored: true, explorationToken: null })
    .character('0', { room: 6 })
    .turn('0')
    .build();
}

type Table = ReturnType<typeof inCommandCenter>;

function roomAction(table: Table) {
  const [first, second] = table.player('0').hand;
  table.take('0', { type: 'room-action', cards: [first!, second!] });
}

/** An effect pushed as if an item had set it off in the room where seat 0 stands. */
function effectStep(table: Table, effect: Effect) {
  return table.resolve({
    kind: 'effect',
    seat: '0',
    effect,
    room: table.player('0').room,
    chosen: null,
    source: 'the card',
  });
}

const oneDoor: Effect = { kind: 'set-doors', room: 'own', doors: 'one', closesDestroyed: false };
const plasmaTorch: Effect = { kind: 'set-doors', room: 'own', doors: 'one', closesDestroyed: true };

function doorOf(table: Table, from: number, to: number) {
  return table.state.corridors[table.corridor(from, to)]!.door;
}

describe('Command Center: open or close each door of any room', () => {
  it('pick a room, then its doors one at a time: an open door closes, a closed one opens', () => {
    const table = inCommandCenter(scenario({ players: 2 }).door([7, 8], 'closed'));
    roomAction(table);
    table.act('0', { type: 'room', room: 7 });
    const offered = table
      .legal('0')
      .map((answer) => (answer.type === 'corridor' ? answer.corridor : null));
    expect(offered.sort()).toEqual(
      [table.corridor(3, 7), table.corridor(6, 7), table.corridor(7, 8)].sort(),
    );
    table.act('0', { type: 'corridor', corridor: table.corridor(3, 7) });
    expect(doorOf(table, 3, 7)).toBe('closed');
    expect(table.legal('0')).toContainEqual({ type: 'done' });
    expect(table.legal('0')).not.toContainEqual({
      type: 'corridor',
      corridor: table.corridor(3, 7),
    });
    table.act('0', { type: 'corridor', corridor: table.corridor(7, 8) });
    expect(doorOf(table, 7, 8)).toBe('open');
    table.act('0', { type: 'done' });
    expect(doorOf(table, 6, 7)).toBe('open');
    expect(table.state.stack.at(-1)?.kind).toBe('player-turn');
  });

  it('a destroyed door is gone: the Command Center cannot set it', () => {
    const table = inCommandCenter(scenario({ players: 2 }).door([3, 7], 'destroyed'));
    roomAction(table);
    table.act('0', { type: 'room', room: 7 });
    expect(table.legal('0')).not.toContainEqual({
      type: 'corridor',
      corridor: table.corridor(3, 7),
    });
  });

  it('a corridor of another room is refused, and nothing changes', () => {
    const table = inCommandCenter();
    roomAction(table);
    table.act('0', { type: 'room', room: 7 });
    const before = JSON.stringify(table.state);
    const outcome = table.tryAct('0', { type: 'corridor', corridor: table.corridor(1, 2) });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.rejection.code).toBe('wrong-corridor');
    expect(JSON.stringify(table.state)).toBe(before);
  });

  it('the words name what happens to the door', () => {
    const table = inCommandCenter(scenario({ players: 2 }).door([7, 8], 'closed'));
    roomAction(table);
    table.act('0', { type: 'room', room: 7 });
    const view = table.view('0');
    const words = (corridor: number) =>
      table.ruleset.describe.action({ type: 'corridor', corridor }, view);
    expect(words(table.corridor(3, 7))).toBe('Close the door in corridor 3-7');
    expect(words(table.corridor(7, 8))).toBe('Open the door in corridor 7-8');
  });
});

describe('Energy Charge, Tools: open or close 1 door of a corridor touching your room', () => {
  it('one door, then the effect is over', () => {
    const table = inCommandCenter();
    effectStep(table, oneDoor);
    expect(table.legal('0')).not.toContainEqual({ type: 'done' });
    table.act('0', { type: 'corridor', corridor: table.corridor(6, 7) });
    expect(doorOf(table, 6, 7)).toBe('closed');
    expect(table.state.stack.at(-1)?.kind).toBe('player-turn');
  });

  it('closing takes a Door token: with none left in the supply, one comes off the board', () => {
    const table = inCommandCenter();
    const supply = table.tables.supplies.doors;
    const far = table.state.corridors.filter(
      (corridor) => !table.tables.corridors[corridor.index]!.ends.includes(6),
    );
    for (const corridor of far.slice(0, supply)) corridor.door = 'closed';
    effectStep(table, oneDoor);
    table.act('0', { type: 'corridor', corridor: table.corridor(6, 7) });
    expect(doorOf(table, 6, 7)).toBe('closed');
    expect(table.state.corridors.filter((corridor) => corridor.door !== 'open')).toHaveLength(
      supply,
    );
  });
});

describe('Plasma Torch: may also close a destroyed door', () => {
  it('a destroyed door next to your room closes again, with the same token', () => {
    const table = inCommandCenter(scenario({ players: 2 }).door([6, 7], 'destroyed'));
    effectStep(table, plasmaTorch);
    table.act('0', { type: 'corridor', corridor: table.corridor(6, 7) });
    expect(doorOf(table, 6, 7)).toBe('closed');
  });

  it('without the Torch a destroyed door is not offered', () => {
    const table = inCommandCenter(scenario({ players: 2 }).door([6, 7], 'destroyed'));
    effectStep(table, oneDoor);
    expect(table.legal('0')).not.toContainEqual({
      type: 'corridor',
      corridor: table.corridor(6, 7),
    });
  });
});
