import { seedRandom } from '@tabletop/engine';
import { redealNemesis, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import {
  checkCoordinates,
  setDestination,
  shipHeadsTo,
} from '../../src/end-of-game/coordinates.js';
import { checkEngine, repairOrBreakEngine } from '../../src/end-of-game/engines.js';

describe('Cockpit: Flight Controls', () => {
  it('checking the Coordinates shows the card to that player alone', () => {
    const table = scenario({ players: 2 }).build();
    expect(table.view('0').you?.coordinates).toBeNull();
    const events = table.perform((game) => {
      checkCoordinates(game, table.player('0'));
      return game.events;
    });
    expect(table.view('0').you?.coordinates).toBe(table.state.coordinates);
    expect(table.view('1').you?.coordinates).toBeNull();
    expect(JSON.stringify(table.view('1'))).not.toContain(table.state.coordinates);
    const secret = events.find((event) => event.type === 'coordinates-seen')!;
    expect(secret.audience).toEqual(['0']);
  });

  it('checking the Coordinates shows where every space of the track leads, not Earth alone', () => {
    const table = scenario({ players: 2 }).build();
    const events = table.perform((game) => {
      checkCoordinates(game, table.player('0'));
      return game.events;
    });
    const card = table.tables.coordinates.get(table.state.coordinates)!;
    const text = events.find((event) => event.type === 'coordinates-seen')!.text!;
    for (const [space, destination] of Object.entries(card.destinations))
      expect(text).toContain(
        `${space} ${destination === 'deep-space' ? 'Deep Space' : destination.charAt(0).toUpperCase() + destination.slice(1)}`,
      );
    expect(text).toMatch(/^The Coordinates card: A \w/);
  });

  it('the re-deal keeps the Coordinates the viewer checked and deals anew those they did not', () => {
    const table = scenario({ players: 2 }).build();
    table.perform((game) => checkCoordinates(game, table.player('0')));
    const card = table.state.coordinates;
    const seen = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const mine = structuredClone(table.state);
      redealNemesis(table.tables, mine, '0', seedRandom(`mine-${seed}`));
      expect(mine.coordinates).toBe(card);
      const theirs = structuredClone(table.state);
      redealNemesis(table.tables, theirs, '1', seedRandom(`theirs-${seed}`));
      seen.add(theirs.coordinates);
    }
    expect(seen.size).toBeGreaterThan(1);
  });

  it('setting the Destination moves its marker to the chosen space', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        state.coordinates = 'coordinates-1';
      })
      .build();
    expect(table.perform((game) => setDestination(game, table.player('0'), 'A'))).toBeNull();
    expect(table.state.destination).toBe('A');
    expect(shipHeadsTo(table.game())).toBe('earth');
    expect(table.perform((game) => setDestination(game, table.player('0'), 'Z'))?.code).toBe(
      'no-such-space',
    );
  });

  it('the Destination cannot change once anyone hibernates', () => {
    const table = scenario({ players: 2 }).character('1', { status: 'hibernating' }).build();
    const rejection = table.perform((game) => setDestination(game, table.player('0'), 'A'));
    expect(rejection?.code).toBe('someone-hibernates');
    expect(table.state.destination).toBe(table.tables.destination.start);
  });
});

describe('Engines', () => {
  it('checking an engine shows its top token to that player alone', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        state.engines[1] = { top: 'damaged', bottom: 'working' };
      })
      .build();
    table.perform((game) => checkEngine(game, table.player('0'), 2));
    expect(table.view('0').you?.engines).toEqual([null, 'damaged', null]);
    expect(table.view('1').you?.engines).toEqual([null, null, null]);
    expect(table.perform((game) => checkEngine(game, table.player('0'), 4))?.code).toBe(
      'no-such-engine',
    );
  });

  it('repairing puts the Working token on top, breaking the Damaged one', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        state.engines[0] = { top: 'damaged', bottom: 'working' };
      })
      .build();
    table.perform((game) => repairOrBreakEngine(game, table.player('0'), 1, 'repair'));
    expect(table.state.engines[0]).toEqual({ top: 'working', bottom: 'damaged' });
    expect(table.view('0').you?.engines[0]).toBe('working');
    table.perform((game) => repairOrBreakEngine(game, table.player('0'), 1, 'break'));
    expect(table.state.engines[0]).toEqual({ top: 'damaged', bottom: 'working' });
  });

  it('the re-deal keeps an engine the viewer checked', () => {
    const table = scenario({ players: 2 }).build();
    table.perform((game) => checkEngine(game, table.player('0'), 3));
    const engine = { ...table.state.engines[2]! };
    for (let seed = 0; seed < 10; seed++) {
      const copy = structuredClone(table.state);
      redealNemesis(table.tables, copy, '0', seedRandom(`engine-${seed}`));
      expect(copy.engines[2]).toEqual(engine);
    }
  });
});
