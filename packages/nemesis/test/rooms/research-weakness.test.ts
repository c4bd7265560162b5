import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import type { Effect, HeavyObject } from '../../src/content/effects.js';
import { conditionHolds } from '../../src/effects/handler-table.js';

// Seat 0 (the Captain) stands in the Laboratory, room 6.
function laboratory(objects: HeavyObject[] = [], carried: HeavyObject[] = []) {
  return scenario({ players: 2 })
    .room(6, { tile: 'laboratory', explored: true, explorationToken: null, objects })
    .character('0', { room: 6, carried })
    .turn('0')
    .build();
}

type Table = ReturnType<typeof laboratory>;

function offered(table: Table): boolean {
  return table.legal('0').some((action) => action.type === 'room-action');
}

function research(table: Table) {
  const [first, second] = table.player('0').hand;
  table.take('0', { type: 'room-action', cards: [first!, second!] });
}

function slotOf(table: Table, object: 'corpse' | 'carcass' | 'egg') {
  return table.state.weaknesses[table.tables.weaknessSlots.indexOf(object)]!;
}

describe('Laboratory: research 1 object', () => {
  it('a Carcass lying here reveals the Weakness on the Carcass slot; the Carcass stays', () => {
    const table = laboratory(['carcass']);
    research(table);
    expect(slotOf(table, 'carcass').revealed).toBe(true);
    expect(slotOf(table, 'corpse').revealed).toBe(false);
    expect(table.room(6).objects).toEqual(['carcass']);
    expect(table.view('1').weaknesses).toContain(slotOf(table, 'carcass').card);
  });

  it('an object the researcher carries counts', () => {
    const table = laboratory([], ['egg']);
    research(table);
    expect(slotOf(table, 'egg').revealed).toBe(true);
    expect(table.player('0').carried).toEqual(['egg']);
  });

  it('with objects of several kinds the researcher picks one', () => {
    const table = laboratory(['corpse'], ['egg']);
    research(table);
    expect(table.legal('0')).toEqual([
      { type: 'object', object: 'corpse' },
      { type: 'object', object: 'egg' },
    ]);
    expect(table.ruleset.describe.action({ type: 'object', object: 'egg' }, table.view('0'))).toBe(
      'Research the Egg',
    );
    table.act('0', { type: 'object', object: 'egg' });
    expect(slotOf(table, 'egg').revealed).toBe(true);
    expect(slotOf(table, 'corpse').revealed).toBe(false);
  });

  it('is not offered with no object here, nor when its Weakness is already face up', () => {
    expect(offered(laboratory())).toBe(false);
    const table = laboratory(['carcass']);
    slotOf(table, 'carcass').revealed = true;
    expect(offered(table)).toBe(false);
  });

  it('the event names the Weakness revealed', () => {
    const table = laboratory(['carcass']);
    research(table);
    const [event] = table.eventsOf('weakness-revealed');
    const words = table.ruleset.describe.event(event!, table.view('1'));
    expect(words).not.toContain(slotOf(table, 'carcass').card);
    expect(words).toMatch(/^Captain researches the carcass and reveals the Weakness /);
  });
});

describe('Laboratory Equipment: research without a Laboratory', () => {
  it('a Corpse in any room reveals the Corpse slot', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'storage', explored: true, explorationToken: null, objects: ['corpse'] })
      .character('0', { room: 6 })
      .turn('0')
      .build();
    const effect: Effect = { kind: 'research-weakness' };
    table.resolve({ kind: 'effect', seat: '0', effect, room: 6, chosen: null, source: 'the card' });
    expect(slotOf(table, 'corpse').revealed).toBe(true);
  });
});

describe('Objectives that count revealed Weaknesses', () => {
  it('weakness-revealed and weaknesses-revealed hold once research has flipped the cards', () => {
    const table = laboratory(['carcass']);
    const game = table.game();
    const player = table.player('0');
    const one = { kind: 'weakness-revealed', slot: 'carcass' } as const;
    const count = { kind: 'weaknesses-revealed', atLeast: 1 } as const;
    expect(conditionHolds(game, player, one)).toBe(false);
    expect(conditionHolds(game, player, count)).toBe(false);
    research(table);
    expect(conditionHolds(game, player, one)).toBe(true);
    expect(conditionHolds(game, player, count)).toBe(true);
  });
});
