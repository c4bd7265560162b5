import { type CharacterSpec, type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { baseContent, type Effect } from '../../src/content/index.js';

// Seat 0 (the Captain) stands in room 6; an item's effect is set off as its use would set it off.
const pack = baseContent();

/** The effect an item's action takes, from the pack. */
function itemEffect(item: string): Effect {
  const use = pack.lookup.item[item]!.uses[0]!;
  if (use.kind !== 'action') throw new Error(`${item} has no action`);
  return use.effect;
}

function table(spec: CharacterSpec, tile = 'comms-room'): ScenarioTable {
  return scenario({ players: 2 })
    .room(6, { tile, explored: true, explorationToken: null })
    .character('0', { room: 6, ...spec })
    .build();
}

function use(built: ScenarioTable, item: string, effect = itemEffect(item)): void {
  built.resolve({
    kind: 'effect',
    seat: '0',
    effect,
    room: 6,
    chosen: null,
    source: pack.lookup.item[item]!.name,
    item,
  });
}

/**
 * The Energy Charge's reload, its first option. (Its other option, a door,
 * is not built yet, so the card's whole choice is not offered; its reload
 * is set off on its own here.)
 */
function energyCharge(built: ScenarioTable): void {
  const charge = itemEffect('energy-charge-red');
  if (charge.kind !== 'choice') throw new Error('the Energy Charge offers a choice');
  use(built, 'energy-charge-red', charge.options[0]!);
}

const ammo = (built: ScenarioTable, weapon: string) =>
  built.player('0').weapons.find((candidate) => candidate.id === weapon)!.ammo;

describe('Reloading', () => {
  it('an Energy Charge fills an energy weapon found as an item to its capacity', () => {
    const built = table({ weapons: [{ id: 'prototype-pistol', ammo: 1 }] });
    energyCharge(built);
    expect(ammo(built, 'prototype-pistol')).toBe(3);
    expect(built.eventsOf('reload')).toMatchObject([{ weapon: 'prototype-pistol', ammo: 3 }]);
  });

  it('an energy reload never fills a classic weapon', () => {
    const built = table({
      weapons: [
        { id: 'flamethrower', ammo: 0 },
        { id: 'six-shooter', ammo: 0 },
      ],
    });
    energyCharge(built);
    expect(ammo(built, 'flamethrower')).toBe(0);
    expect(ammo(built, 'six-shooter')).toBe(0);
    expect(built.eventsOf('effect-skipped')).toHaveLength(1);
  });

  it('Chemicals fill the Flamethrower to its capacity', () => {
    const built = table({ weapons: [{ id: 'flamethrower', ammo: 1 }] });
    use(built, 'chemicals');
    expect(ammo(built, 'flamethrower')).toBe(4);
  });

  it('Chemicals fill nothing but the Flamethrower, not even another classic weapon', () => {
    const built = table({ weapons: [{ id: 'six-shooter', ammo: 0 }] });
    use(built, 'chemicals');
    expect(ammo(built, 'six-shooter')).toBe(0);
    expect(built.eventsOf('effect-skipped')).toHaveLength(1);
  });

  it('the Flamethrower takes no reload that does not name it', () => {
    const built = table({ weapons: [{ id: 'flamethrower', ammo: 0 }] });
    use(built, 'chemicals', { kind: 'reload', weapon: 'classic', amount: 2 });
    expect(ammo(built, 'flamethrower')).toBe(0);
  });

  it('the Revolver is refilled by no room and no item', () => {
    const built = table({ weapons: [{ id: 'six-shooter', ammo: 2 }] });
    use(built, 'chemicals', { kind: 'reload', weapon: 'classic', amount: 'full' });
    expect(ammo(built, 'six-shooter')).toBe(2);
  });

  it('the Armory recharges an energy weapon found as an item, 2 ammo, never past its capacity', () => {
    const built = table({ weapons: [{ id: 'prototype-rifle', ammo: 3 }] }, 'armory');
    const hand = built.player('0').hand;
    built.take('0', { type: 'room-action', cards: [hand[0]!, hand[1]!] });
    expect(ammo(built, 'prototype-rifle')).toBe(5);
  });

  it('the Armory never recharges the Flamethrower', () => {
    const built = table({ weapons: [{ id: 'flamethrower', ammo: 0 }] }, 'armory');
    expect(built.legal('0').some((action) => action.type === 'room-action')).toBe(false);
  });

  it('with two weapons to fill, the player names one', () => {
    const built = table({
      weapons: [
        { id: 'assault-rifle', ammo: 1 },
        { id: 'prototype-shotgun', ammo: 0 },
        { id: 'flamethrower', ammo: 0 },
      ],
    });
    energyCharge(built);
    expect(built.legal('0')).toEqual([
      { type: 'weapon', weapon: 'assault-rifle' },
      { type: 'weapon', weapon: 'prototype-shotgun' },
    ]);
    built.act('0', { type: 'weapon', weapon: 'prototype-shotgun' });
    expect(ammo(built, 'prototype-shotgun')).toBe(2);
    expect(ammo(built, 'assault-rifle')).toBe(1);
  });
});
