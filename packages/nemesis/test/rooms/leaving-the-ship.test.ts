import { type CharacterSpec, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

type Build = ReturnType<typeof scenario>;

// Seat 0 (the Captain) stands in room 6, whose tile is the room under test.
function inRoom(tile: string, spec: CharacterSpec = {}, build: Build = scenario({ players: 2 })) {
  return build
    .room(6, { tile, explored: true, explorationToken: null })
    .character('0', { room: 6, ...spec })
    .build();
}

function offered(table: ReturnType<typeof inRoom>): boolean {
  return table.legal('0').some((action) => action.type === 'room-action');
}

function roomAction(table: ReturnType<typeof inRoom>) {
  const hand = table.player('0').hand;
  return table.take('0', { type: 'room-action', cards: [hand[0]!, hand[1]!] });
}

const unlocked = (build: Build) =>
  build.with((state) => {
    for (const pod of state.pods) pod.locked = false;
  });

describe('Evac Section: try to enter an Escape Pod', () => {
  it('after a Noise roll that brings no Intruder, the character takes a seat in an unlocked pod of the section', () => {
    const table = inRoom(
      'evac-section-a',
      {},
      unlocked(scenario({ players: 2 })).stackNoise(['silence']),
    );
    roomAction(table);
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
    expect(table.player('0').status).toBe('in-pod');
    expect(table.state.pods.find((pod) => pod.number === table.player('0').pod)?.section).toBe('A');
  });

  it('is not offered while every pod of the section is locked', () => {
    expect(offered(inRoom('evac-section-a'))).toBe(false);
  });
});

describe('Generator: start or stop the Self-Destruct sequence', () => {
  it('starts the sequence on its first space, and stops it again', () => {
    const table = inRoom('generator', { hand: 5 });
    roomAction(table);
    expect(table.state.selfDestruct).toBe(0);
    table.player('0').passed = false;
    const again = inRoom('generator', {}, scenario({ players: 2 }).selfDestruct(0));
    roomAction(again);
    expect(again.state.selfDestruct).toBeNull();
  });
});

describe('Cockpit: check the Coordinates or set the Destination', () => {
  it('checking shows the Coordinates to the checker alone', () => {
    const table = inRoom('cockpit');
    roomAction(table);
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('0').checkedCoordinates).toBe(true);
    const seen = table.eventsOf('coordinates-seen');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.audience).toEqual(['0']);
  });

  it('the Destination marker moves to the chosen space', () => {
    const table = inRoom('cockpit');
    roomAction(table);
    table.act('0', { type: 'option', option: 1 });
    table.act('0', { type: 'option', option: 3 });
    expect(table.state.destination).toBe(table.tables.destination.spaces[3]);
  });
});

describe('Hibernatorium: try to hibernate', () => {
  it('only once the Time marker is on a blue space', () => {
    expect(offered(inRoom('hibernatorium'))).toBe(false);
  });

  it('after a Noise roll that brings no Intruder, the character hibernates', () => {
    const table = inRoom(
      'hibernatorium',
      {},
      scenario({ players: 2 }).time(8).stackNoise(['silence']),
    );
    roomAction(table);
    expect(table.player('0').status).toBe('hibernating');
  });
});

describe('Engines', () => {
  it('an Engine room shows its own engine to the checker alone', () => {
    const table = inRoom('engine-02');
    roomAction(table);
    expect(table.player('0').checkedEngines[1]).toBe(table.state.engines[1]!.top);
    expect(table.player('0').checkedEngines[0]).toBeNull();
  });

  it('the Engine Control Room checks all three engines', () => {
    const table = inRoom('engine-control-room');
    roomAction(table);
    expect(table.player('0').checkedEngines).toEqual(
      table.state.engines.map((engine) => engine.top),
    );
  });
});

describe('Hatch Control System: lock or unlock one Escape Pod', () => {
  it('flips the chosen pod', () => {
    const table = inRoom('hatch-control-system');
    roomAction(table);
    const pod = table.state.pods[0]!;
    const before = pod.locked;
    table.act('0', { type: 'option', option: pod.number });
    expect(table.state.pods[0]!.locked).toBe(!before);
  });
});
