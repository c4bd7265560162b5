import type { Tables } from '../content/tables.js';
import type { PlayerState, WeaponState } from '../vocabulary/state.js';
import { autoloaderCapacity } from './autoloader.js';

/**
 * A weapon's capacity as it stands: the printed one, plus what its fittings
 * add for good (the Extended Magazine), plus the Autoloader's round. Ammo
 * never goes above it. Zero for a weapon the pack does not know.
 */
export function weaponCapacity(tables: Tables, player: PlayerState, weapon: WeaponState): number {
  const printed = tables.weapons.get(weapon.id)?.capacity ?? 0;
  const fitted = (weapon.attachments ?? []).reduce(
    (sum, item) => sum + (tables.fittings.get(item)?.capacity ?? 0),
    0,
  );
  return printed + fitted + autoloaderCapacity(tables, player, weapon.id);
}
