import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import type { Effect } from '../../src/content/effects.js';

const repair: Effect = { kind: 'repair-or-break-engine' };

// Seat 0 (the Captain) stands in Engine 01 (room 21), whose engine is Damaged.
function inEngineRoom(room = 21) {
  const table = scenario({ players: 2 })
    .character('0', { room })
    .engines('damaged', 'working', 'working')
    .turn('0')
    .build();
  table.resolve({ kind: 'effect', seat: '0', effect: repair, room, chosen: null, source: 'Tools' });
  return table;
}

describe('Tools, Duct Tape: repair or break the engine of your room', () => {
  it('the player sees both tokens, alone, before choosing', () => {
    const table = inEngineRoom();
    const [seen] = table.eventsOf('engine-seen');
    expect(seen!.audience).toEqual(['0']);
    expect(seen!.text).toBe('Engine 1: damaged on top, working beneath');
    expect(table.view('0').you!.engines[0]).toBe('damaged');
    expect(table.prompts()[0]!.text).toBe(
      'Captain: Tools: which token of Engine 1 goes on top, Working or Damaged?',
    );
    expect(table.ruleset.describe.action({ type: 'option', option: 1 }, table.view('0'))).toBe(
      'Put the Damaged token on top (break)',
    );
    expect(table.legal('0')).toEqual([
      { type: 'option', option: 0 },
      { type: 'option', option: 1 },
    ]);
  });

  it('option 0 puts the Working token on top: the engine is repaired', () => {
    const table = inEngineRoom();
    table.act('0', { type: 'option', option: 0 });
    expect(table.state.engines[0]).toEqual({ top: 'working', bottom: 'damaged' });
    expect(table.player('0').checkedEngines[0]).toBe('working');
  });

  it('option 1 puts the Damaged token on top, even where it already was', () => {
    const table = inEngineRoom();
    table.act('0', { type: 'option', option: 1 });
    expect(table.state.engines[0]).toEqual({ top: 'damaged', bottom: 'working' });
  });

  it('the others learn only that the tokens were handled, and what they saw of that engine is out of date', () => {
    const table = inEngineRoom();
    table.player('1').checkedEngines[0] = 'damaged';
    expect(table.ruleset.describe.action({ type: 'option', option: 0 }, table.view('0'))).toBe(
      'Put the Working token on top (repair)',
    );
    table.act('0', { type: 'option', option: 0 });
    const [handled] = table.eventsOf('engine-handled');
    expect(handled!.audience).toBe('all');
    expect(handled!.text).not.toMatch(/working|damaged/i);
    expect(table.player('1').checkedEngines[0]).toBeNull();
  });

  it('outside an Engine room the effect is skipped', () => {
    const table = inEngineRoom(11);
    expect(table.eventsOf('effect-skipped')).toHaveLength(1);
    expect(table.state.engines[0]!.top).toBe('damaged');
  });
});
