import { createNemesis } from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';
import { baseContent } from '../../src/content/index.js';

const pack = baseContent();
const tables = createNemesis(pack).tables;

describe('Weapons: one table for starting weapons and item weapons', () => {
  it('every weapon of the pack is in it, with its name, type, capacity and rules as the pack has them', () => {
    const fromPack = [
      ...pack.characters.weapons.map((weapon) => ({ ...weapon, item: false })),
      ...pack.items.items.flatMap((item) =>
        item.weapon ? [{ id: item.id, name: item.name, ...item.weapon, item: true }] : [],
      ),
    ];
    expect([...tables.weapons.keys()].sort()).toEqual(fromPack.map((weapon) => weapon.id).sort());
    for (const weapon of fromPack) {
      expect(tables.weapons.get(weapon.id)).toMatchObject({
        name: weapon.name,
        type: weapon.type,
        capacity: weapon.capacity,
        rules: weapon.rules,
        item: weapon.item,
      });
    }
  });

  it('a weapon found by Search comes with the pack’s searched ammo; a crafted one arrives full', () => {
    expect(tables.weapons.get('prototype-rifle')!.startingAmmo).toBe(pack.items.searchedWeaponAmmo);
    expect(tables.weapons.get('flamethrower')!.startingAmmo).toBe(
      tables.weapons.get('flamethrower')!.capacity,
    );
  });

  it('who may refill each weapon: the Revolver its own card only, the Flamethrower what names it', () => {
    expect(tables.weapons.get('six-shooter')!.reloadedBy).toBe('own-card');
    expect(tables.weapons.get('flamethrower')!.reloadedBy).toBe('named');
    expect(tables.weapons.get('assault-rifle')!.reloadedBy).toBe('any');
    expect(tables.weapons.get('prototype-pistol')!.reloadedBy).toBe('any');
  });

  it('the fittings and the items that change a weapon while held come from the pack', () => {
    expect(tables.fittings.get('extended-magazine')).toEqual({
      id: 'extended-magazine',
      name: 'Extended Magazine',
      weapon: 'energy',
      capacity: 2,
      ammo: 2,
    });
    expect(tables.heldItems.get('autoloader')).toMatchObject({ questOf: 'soldier' });
  });
});
