import type { Tables } from '../content/tables.js';
import { lastingRule } from '../effects/lasting-rule.js';
import type { PlayerState } from '../vocabulary/state.js';
import { hasActiveItem } from './active-items.js';

/**
 * The Autoloader: fitted to its character's own starting weapon (the
 * Soldier's Assault Rifle), that weapon holds one more round, and an
 * Energy Charge spent on it costs no Action card. The weapon is the one
 * the quest's character starts with, so the card names no weapon by id.
 */
const extraRounds = 1;

/** The weapons the player's active Autoloaders are fitted to. */
export function autoloadedWeapons(tables: Tables, player: PlayerState): string[] {
  const weapons: string[] = [];
  for (const item of tables.heldItems.values()) {
    const autoloads = item.modifiers.some(
      (modifier) => modifier.kind === 'bespoke' && modifier.rule === 'autoloader',
    );
    if (!autoloads || item.questOf === null || !hasActiveItem(player, item.id)) continue;
    const weapon = tables.characters.get(item.questOf)?.startingWeapon;
    if (weapon !== undefined) weapons.push(weapon);
  }
  return weapons;
}

/** Rounds the Autoloader adds to this weapon's capacity. */
export function autoloaderCapacity(tables: Tables, player: PlayerState, weapon: string): number {
  return autoloadedWeapons(tables, player).filter((loaded) => loaded === weapon).length > 0
    ? extraRounds
    : 0;
}

/** The Autoloader's entry in the handler table: a lasting rule, read by capacity and reloading. */
export const autoloader = lastingRule({
  readBy:
    'weapon capacity (items/weapon-capacity.ts); the free Energy Charge reload is asked by the item action (items/free-reload.ts)',
});
