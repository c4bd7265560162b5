import { createNemesis, type NemesisState } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { captainHand, sensibleAction } from './sensible-action.js';

const nemesis = createNemesis();

// Characters start in room 11, the Hibernatorium (exits to 6, 8, 14 and 15). Room 6 opens on
// rooms 2, 5, 7 and 11.

/** Seat 0 holds these Objectives, taken out of the deck. */
function objectives(...wanted: string[]) {
  return (state: NemesisState) => {
    state.objectiveDeck = state.objectiveDeck.filter((objective) => !wanted.includes(objective));
    for (const player of state.players)
      player.objectives = player.objectives.filter((objective) => !wanted.includes(objective));
    state.players[0]!.objectives = [...wanted];
  };
}

function revealed(state: NemesisState, slot: 'corpse' | 'carcass' | 'egg') {
  return state.weaknesses[nemesis.tables.weaknessSlots.indexOf(slot)]!.revealed;
}

describe('the sensible bot researches the Weaknesses its Objectives need', () => {
  it('researches a Carcass lying in the Laboratory: the Weakness of its slot is revealed', () => {
    const table = scenario({ players: 2 })
      .room(5, { tile: 'laboratory', explored: true, itemCounter: 0, objects: ['carcass'] })
      .explored(6)
      .character('0', { room: 5, hand: captainHand })
      .firstEncounterDone()
      .with(objectives('extreme-field-biology'))
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'room-action' });
    expect(revealed(table.state, 'carcass')).toBe(true);
    // The object stays where it lay.
    expect(table.room(5).objects).toEqual(['carcass']);
  });

  it('with a Carcass and an Egg at hand, researches the Egg that Ab Ovo needs', () => {
    const table = scenario({ players: 2 })
      .room(5, { tile: 'laboratory', explored: true, itemCounter: 0, objects: ['carcass'] })
      .explored(6)
      .character('0', { room: 5, hand: captainHand, carried: ['egg'] })
      .firstEncounterDone()
      .with(objectives('ab-ovo'))
      .build(nemesis);
    const answers = sensibleAction(table);
    expect(answers).toContainEqual({ type: 'object', object: 'egg' });
    expect(revealed(table.state, 'egg')).toBe(true);
    expect(revealed(table.state, 'carcass')).toBe(false);
  });

  it('mends a malfunctioning Laboratory to research the object lying there', () => {
    const table = scenario({ players: 2 })
      .room(5, {
        tile: 'laboratory',
        explored: true,
        itemCounter: 0,
        malfunction: true,
        objects: ['carcass'],
      })
      .explored(6)
      .character('0', { room: 5, hand: captainHand, items: ['tools'] })
      .firstEncounterDone()
      .with(objectives('necroscopy'))
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'use-item' });
    expect(table.room(5).malfunction).toBe(false);
    expect(sensibleAction(table)[0]).toEqual({ type: 'room-action' });
    expect(revealed(table.state, 'carcass')).toBe(true);
  });

  it('picks up a Carcass in its room when its Objective needs that Weakness', () => {
    const table = scenario({ players: 2 })
      .room(5, { tile: 'cabins', explored: true, itemCounter: 0, objects: ['carcass'] })
      .explored(6)
      .character('0', { room: 5, hand: captainHand })
      .firstEncounterDone()
      .with(objectives('necroscopy'))
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'pick-up' });
    expect(table.state.players[0]!.carried).toEqual(['carcass']);
  });

  it('leaves a Carcass lying when no Objective of its needs a Weakness', () => {
    const table = scenario({ players: 2 })
      .room(5, { tile: 'cabins', explored: true, itemCounter: 0, objects: ['carcass'] })
      .explored(6)
      .character('0', { room: 5, hand: captainHand })
      .firstEncounterDone()
      .with(objectives('salvaging-the-prime-asset'))
      .build(nemesis);
    expect(sensibleAction(table)[0]).not.toEqual({ type: 'pick-up' });
    expect(table.state.players[0]!.carried).toEqual([]);
  });

  it('walks towards the Laboratory while carrying an object whose Weakness it needs', () => {
    // Rooms 5 and 7 next to it are unexplored: without the Egg it would go exploring.
    const table = scenario({ players: 2 })
      .room(2, { tile: 'laboratory', explored: true })
      .explored(6)
      .character('0', { room: 6, hand: captainHand, carried: ['egg'] })
      .firstEncounterDone()
      .with(objectives('ab-ovo'))
      .build(nemesis);
    expect(sensibleAction(table)).toContainEqual({ type: 'room', room: 2 });
    expect(table.state.players[0]!.room).toBe(2);
  });

  it('once its Weakness is revealed, drops the object for free and keeps its hands for items', () => {
    const table = scenario({ players: 2 })
      .room(5, { tile: 'laboratory', explored: true, itemCounter: 0 })
      .explored(6)
      .character('0', { room: 5, hand: captainHand, carried: ['egg'] })
      .firstEncounterDone()
      .with(objectives('ab-ovo'))
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'room-action' });
    expect(sensibleAction(table)[0]).toEqual({ type: 'drop' });
    expect(table.state.players[0]!.carried).toEqual([]);
    expect(table.room(5).objects).toEqual(['egg']);
  });
});

describe('the sensible bot researches only where it is safe', () => {
  it('badly wounded, it leaves an object lying rather than carry it to the Laboratory', () => {
    const table = scenario({ players: 2 })
      .room(5, { tile: 'cabins', explored: true, itemCounter: 0, objects: ['carcass'] })
      .explored(6)
      .character('0', { room: 5, hand: captainHand, seriousWounds: 2 })
      .firstEncounterDone()
      .with(objectives('necroscopy'))
      .build(nemesis);
    expect(sensibleAction(table)[0]).not.toEqual({ type: 'pick-up' });
    expect(table.state.players[0]!.carried).toEqual([]);
  });

  it('badly wounded with an Intruder in the Laboratory, it escapes rather than stay for the object', () => {
    const table = scenario({ players: 2 })
      .room(5, { tile: 'laboratory', explored: true, itemCounter: 0, objects: ['carcass'] })
      .explored(6)
      .character('0', {
        room: 5,
        hand: captainHand,
        seriousWounds: 2,
        weapons: [{ id: 'six-shooter', ammo: 0 }],
      })
      .intruder('adult', 5)
      .firstEncounterDone()
      .with(objectives('extreme-field-biology'))
      .build(nemesis);
    const answers = sensibleAction(table);
    expect(answers[0]).toEqual({ type: 'move' });
    expect(revealed(table.state, 'carcass')).toBe(false);
  });

  it('does not go out of its way to the Laboratory once the chambers are about to open', () => {
    const table = scenario({ players: 2 })
      .room(2, { tile: 'laboratory', explored: true })
      .explored(6)
      .character('0', { room: 6, hand: captainHand, carried: ['egg'] })
      .firstEncounterDone()
      .with(objectives('ab-ovo'))
      .time(nemesis.tables.time.hibernationOpensAfter - 1)
      .build(nemesis);
    expect(sensibleAction(table)).toContainEqual({ type: 'room', room: 11 });
  });

  it('with no Objective needing it, researches a Weakness only while its hand keeps enough cards', () => {
    const build = (hand: readonly string[]) =>
      scenario({ players: 2 })
        .room(5, { tile: 'laboratory', explored: true, itemCounter: 0, objects: ['corpse'] })
        .explored(6)
        .character('0', { room: 5, hand })
        .firstEncounterDone()
        .with(objectives('salvaging-the-prime-asset'))
        .build(nemesis);
    const full = build(captainHand);
    expect(sensibleAction(full)[0]).toEqual({ type: 'room-action' });
    expect(revealed(full.state, 'corpse')).toBe(true);
    const short = build(captainHand.slice(0, 3));
    expect(sensibleAction(short)[0]).not.toEqual({ type: 'room-action' });
    expect(revealed(short.state, 'corpse')).toBe(false);
  });
});

describe('the sensible bot keeps its Flamethrower full', () => {
  it('tops up a Flamethrower that still holds ammo with Chemicals, out of Combat', () => {
    const table = scenario({ players: 2 })
      .room(5, { tile: 'cabins', explored: true, itemCounter: 0 })
      .explored(6)
      .character('0', {
        room: 5,
        hand: captainHand,
        items: ['flamethrower', 'chemicals'],
        weapons: [{ id: 'flamethrower', ammo: 1 }],
      })
      .firstEncounterDone()
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'use-item' });
    const flamethrower = table.state.players[0]!.weapons.find(
      (weapon) => weapon.id === 'flamethrower',
    );
    expect(flamethrower!.ammo).toBe(nemesis.tables.weapons.get('flamethrower')!.capacity);
    expect(table.state.players[0]!.items).not.toContain('chemicals');
  });
});
