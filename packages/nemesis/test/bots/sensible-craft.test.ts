import { createNemesis } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { captainHand, sensibleAction, soloScenario, unlockPods } from './sensible-action.js';

const nemesis = createNemesis();

// Characters start in room 11, the Hibernatorium (exits to 6, 8, 14 and 15). Room 2 opens on
// rooms 1 and 6; room 6 on rooms 2, 5, 7 and 11. The Captain's Revolver holds 6 ammo.

function flamethrowerOf(table: ReturnType<typeof craftingTable>) {
  return table.state.players[0]!.weapons.find((weapon) => weapon.id === 'flamethrower');
}

/** The Captain in explored room 5 with these items, out of Combat. */
function craftingTable(items: string[], hand = captainHand) {
  return soloScenario()
    .explored(5, 6)
    .character('0', { room: 5, items, hand })
    .firstEncounterDone()
    .build(nemesis);
}

describe('the sensible bot crafts a Flamethrower', () => {
  it('crafts a Flamethrower from Chemicals and Tools out of Combat with a free hand', () => {
    const table = craftingTable(['chemicals', 'tools']);
    const answers = sensibleAction(table);
    expect(answers[0]).toEqual({ type: 'craft' });
    expect(answers).toContainEqual({ type: 'item', item: 'flamethrower' });
    expect(table.state.players[0]!.items).toEqual(['flamethrower']);
    // A crafted Flamethrower arrives full.
    expect(flamethrowerOf(table)?.ammo).toBe(4);
  });

  it('gives up its Alcohol for the flame and keeps the Chemicals that refill the Flamethrower', () => {
    const table = craftingTable(['chemicals', 'alcohol', 'tools']);
    const answers = sensibleAction(table);
    expect(answers).toContainEqual({ type: 'item', item: 'alcohol' });
    expect([...table.state.players[0]!.items].sort()).toEqual(['chemicals', 'flamethrower']);
  });

  it('does not craft in Combat: it shoots the Intruder instead', () => {
    const table = soloScenario()
      .explored(5, 6)
      .character('0', { room: 5, items: ['chemicals', 'tools'], hand: captainHand })
      .intruder('adult', 5)
      .firstEncounterDone()
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'shoot' });
    expect(table.state.players[0]!.items).toEqual(['chemicals', 'tools']);
  });

  it('does not craft the Heavy Flamethrower without a free hand', () => {
    const table = craftingTable(['chemicals', 'tools', 'fire-extinguisher', 'fire-extinguisher']);
    expect(sensibleAction(table)[0]).not.toEqual({ type: 'craft' });
    expect(table.state.players[0]!.items).toContain('tools');
  });

  it('crafts a second Flamethrower only when its first is empty', () => {
    const loaded = craftingTable(['alcohol', 'tools', 'flamethrower']);
    expect(sensibleAction(loaded)[0]).not.toEqual({ type: 'craft' });
    const empty = soloScenario()
      .explored(5, 6)
      .character('0', {
        room: 5,
        weapons: [{ id: 'flamethrower', ammo: 0 }],
        items: ['alcohol', 'tools', 'flamethrower'],
        hand: captainHand,
      })
      .firstEncounterDone()
      .build(nemesis);
    expect(sensibleAction(empty)[0]).toEqual({ type: 'craft' });
  });

  it('does not craft when paying would leave it fewer cards than it keeps', () => {
    const table = craftingTable(['chemicals', 'tools'], captainHand.slice(0, 2));
    expect(sensibleAction(table)[0]).not.toEqual({ type: 'craft' });
    expect(table.state.players[0]!.items).toEqual(['chemicals', 'tools']);
  });
});

describe('the sensible bot keeps what mends its way out', () => {
  /** The Captain next to a malfunctioning Evac Section whose pods are open. */
  function brokenEvacSection(items: string[]) {
    return scenario({ players: 2 })
      .room(2, { tile: 'evac-section-a', explored: true, malfunction: true })
      .explored(6)
      .character('0', { room: 6, items, hand: captainHand })
      .firstEncounterDone()
      .with(unlockPods)
      .build(nemesis);
  }

  it('keeps its only Tools to mend the malfunctioning Evac Section it needs', () => {
    const table = brokenEvacSection(['chemicals', 'tools']);
    sensibleAction(table);
    expect(table.state.players[0]!.items).toContain('tools');
    expect(table.state.players[0]!.items).not.toContain('flamethrower');
  });

  it('crafts with its Tools when its Duct Tape can still mend the Evac Section', () => {
    const table = brokenEvacSection(['chemicals', 'tools', 'duct-tape']);
    expect(sensibleAction(table)[0]).toEqual({ type: 'craft' });
    expect([...table.state.players[0]!.items].sort()).toEqual(['duct-tape', 'flamethrower']);
  });
});

describe('the sensible bot shoots with the weapon likeliest to wound', () => {
  it('shoots an Adult with its loaded Flamethrower rather than its fuller Revolver', () => {
    const table = soloScenario()
      .explored(5, 6)
      .character('0', {
        room: 5,
        weapons: [
          { id: 'six-shooter', ammo: 6 },
          { id: 'flamethrower', ammo: 2 },
        ],
        hand: captainHand,
      })
      .intruder('adult', 5)
      .firstEncounterDone()
      .build(nemesis);
    const answers = sensibleAction(table);
    expect(answers[0]).toEqual({ type: 'shoot' });
    expect(answers).toContainEqual({ type: 'weapon', weapon: 'flamethrower' });
    expect(flamethrowerOf(table)?.ammo).toBe(1);
    expect(table.state.players[0]!.weapons[0]).toEqual({ id: 'six-shooter', ammo: 6 });
  });
});
