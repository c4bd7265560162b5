import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { baseContent, type Effect } from '../../src/content/index.js';
import { hasActiveItem } from '../../src/items/active-items.js';
import { reloadsFree } from '../../src/items/autoloader.js';

// Seat 1 is the Soldier, in room 6 with the Assault Rifle; the Autoloader is in play once its
// quest is done, which the scenario sets directly (items/quests.test.ts completes it in play).
const pack = baseContent();

function soldier(active: boolean, weapons = [{ id: 'assault-rifle', ammo: 2 }]): ScenarioTable {
  return scenario({ players: 2 })
    .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
    .character('1', { room: 6, weapons, ...(active ? { items: ['autoloader'] } : {}) })
    .build();
}

function energyCharge(built: ScenarioTable): void {
  const charge = pack.lookup.item['energy-charge-red']!.uses[0] as { effect: Effect };
  // The reload is the card's first option (its door option is not built yet).
  const reload = charge.effect.kind === 'choice' ? charge.effect.options[0]! : charge.effect;
  built.resolve({
    kind: 'effect',
    seat: '1',
    effect: reload,
    room: 6,
    chosen: null,
    source: 'Energy Charge',
  });
}

describe('Items: the Autoloader', () => {
  it('in play, the Assault Rifle holds one more round', () => {
    const built = soldier(true);
    energyCharge(built);
    expect(built.player('1').weapons[0]!.ammo).toBe(6);
    expect(built.view('0').players[1]!.weapons[0]!.capacity).toBe(6);
  });

  it('until its quest is done, the Assault Rifle holds its printed 5', () => {
    const built = soldier(false);
    energyCharge(built);
    expect(built.player('1').weapons[0]!.ammo).toBe(5);
  });

  it('fits its own character’s starting weapon only', () => {
    const built = soldier(true, [{ id: 'prototype-pistol', ammo: 0 }]);
    energyCharge(built);
    expect(built.player('1').weapons[0]!.ammo).toBe(3);
  });

  it('an Energy Charge spent on the Autoloader’s weapon costs no card; on another it does', () => {
    const built = soldier(true);
    const player = built.player('1');
    expect(hasActiveItem(player, 'autoloader')).toBe(true);
    expect(reloadsFree(built.tables, player, 'assault-rifle')).toBe(true);
    expect(reloadsFree(built.tables, player, 'prototype-pistol')).toBe(false);
    expect(reloadsFree(built.tables, soldier(false).player('1'), 'assault-rifle')).toBe(false);
  });
});
