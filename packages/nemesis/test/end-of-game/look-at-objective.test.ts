import { seedRandom } from '@tabletop/engine';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { baseContent, type Effect } from '../../src/content/index.js';

/** The effect an item's action has in the pack (the Comms Key, the Ship Log). */
function itemEffect(id: string): Effect {
  const item = baseContent().items.items.find((candidate) => candidate.id === id)!;
  const use = item.uses.find((candidate) => candidate.kind === 'action')!;
  if (use.kind !== 'action') throw new Error(`${id} has no action`);
  return use.effect;
}

// Seat 0 (the Captain) stands in the Comms Room, room 6, a room with a Computer.
function inComputerRoom(players = 3, signal: string[] = ['1']) {
  let build = scenario({ players })
    .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
    .character('0', { room: 6 })
    .firstEncounterDone()
    .turn('0');
  for (const seat of signal) build = build.character(seat, { signal: true });
  return build.build();
}

type Table = ReturnType<typeof inComputerRoom>;

function use(table: Table, item: string) {
  return table.resolve({
    kind: 'effect',
    seat: '0',
    effect: itemEffect(item),
    room: table.player('0').room,
    chosen: null,
    source: 'the card',
  });
}

describe('Comms Key: look at the Objectives of a character who sent a Signal', () => {
  it('only those who sent a Signal are offered, by seat', () => {
    const table = inComputerRoom();
    use(table, 'comms-key');
    expect(table.legal('0')).toEqual([{ type: 'option', option: 1 }]);
  });

  it('the looker sees the cards in their own view; the others see only whose were looked at', () => {
    const table = inComputerRoom();
    use(table, 'comms-key');
    table.act('0', { type: 'option', option: 1 });
    const held = table.player('1').objectives;
    expect(table.view('0').you!.objectivesSeen).toEqual([{ seat: '1', objectives: held }]);
    expect(table.view('2').you!.objectivesSeen).toEqual([]);
    expect(table.view('2').players[0]!.objectivesKnown).toEqual(['1']);
    const [seen] = table.eventsOf('objectives-seen');
    expect(seen!.audience).toEqual(['0']);
    const [announced] = table.eventsOf('objectives-looked-at');
    expect(announced!.text).toBe('Captain looks at the Objectives of Soldier');
  });

  it('with nobody who sent a Signal, the effect is skipped', () => {
    const table = inComputerRoom(3, []);
    use(table, 'comms-key');
    expect(table.eventsOf('effect-skipped')).toHaveLength(1);
    expect(table.player('0').objectivesSeen).toEqual([]);
  });

  it('away from a Computer it is not available', () => {
    const table = inComputerRoom();
    table.player('0').room = 11;
    use(table, 'comms-key');
    expect(table.eventsOf('effect-skipped')).toHaveLength(1);
  });
});

describe('Ship Log: look at the Objectives of any player', () => {
  it('every other player is offered, Signal or not', () => {
    const table = inComputerRoom(3, []);
    use(table, 'ship-log');
    expect(table.legal('0')).toEqual([
      { type: 'option', option: 1 },
      { type: 'option', option: 2 },
    ]);
    expect(table.ruleset.describe.action({ type: 'option', option: 2 }, table.view('0'))).toBe(
      'Look at the Objectives of Player 3 (Scout)',
    );
  });

  it('a look taken before the First Encounter is history once the player keeps one of two', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
      .character('0', { room: 6 })
      .turn('0')
      .build();
    use(table, 'ship-log');
    table.act('0', { type: 'option', option: 1 });
    expect(table.view('0').you!.objectivesSeen).toHaveLength(1);
    table.player('1').objectives.pop();
    expect(table.view('0').you!.objectivesSeen).toEqual([]);
  });
});

describe('Looking at Objectives: the re-deal of hidden information', () => {
  it('keeps the Objectives the viewer saw; for another seat they may change', () => {
    const table = inComputerRoom(4);
    use(table, 'comms-key');
    table.act('0', { type: 'option', option: 1 });
    const held = [...table.player('1').objectives];
    const random = seedRandom('objectives');
    let changedForOthers = false;
    for (let attempt = 0; attempt < 20; attempt++) {
      expect(table.ruleset.determinize(table.state, '0', random).players[1]!.objectives).toEqual(
        held,
      );
      const theirs = table.ruleset.determinize(table.state, '2', random).players[1]!.objectives;
      if (JSON.stringify(theirs) !== JSON.stringify(held)) changedForOthers = true;
    }
    expect(changedForOthers).toBe(true);
  });
});
