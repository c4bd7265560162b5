import type { Effect, Modifier } from './effects.js';
import type { ContentFiles } from './schema.js';
import { forEachKindUse } from './vocabulary.js';

/**
 * The weapons of a pack in one table, whether a character starts with one
 * or it is an Item card found or crafted, and the items that fit onto a
 * weapon or change it while held. Read from the pack, never typed by hand.
 */
export interface WeaponFacts {
  id: string;
  name: string;
  type: 'classic' | 'energy';
  /** The printed capacity; fittings and the Autoloader add to it while they last. */
  capacity: number;
  /**
   * Ammo when it comes into play: a starting weapon's printed ammo; an item
   * weapon full if it arrives full (crafted), else the pack's ammo for a weapon found by searching.
   */
  startingAmmo: number;
  /** How this weapon bends the Shoot rules. */
  rules: readonly Modifier[];
  /**
   * What may refill it: `any` reload of its type; `named` only a reload that
   * names it (Chemicals and the Flamethrower); `own-card` no room or item,
   * only its owner's own card (the Captain's Revolver).
   */
  reloadedBy: 'any' | 'named' | 'own-card';
  /** An Item card (found or crafted), not a character's starting weapon. */
  item: boolean;
}

/** An item that is fitted onto a weapon and stays there (the Extended Magazine). */
export interface FittingFacts {
  id: string;
  name: string;
  /** Any energy weapon, or one weapon by id. */
  weapon: 'energy' | string;
  /** Capacity added for as long as it is fitted. */
  capacity: number;
  /** Ammo added once, when it is fitted. */
  ammo: number;
}

/** What an item changes merely by being held and active: its lasting modifiers, and whose quest it is. */
export interface HeldItemFacts {
  id: string;
  modifiers: readonly Modifier[];
  /** The character whose quest item it is, or null. */
  questOf: string | null;
}

/** The weapons a reload names as the only thing that refills them ("only Chemicals reload it"). */
function reloadedOnlyByName(data: ContentFiles): Set<string> {
  const named = new Set<string>();
  forEachKindUse(data, (use) => {
    if (use.family === 'effect' && use.node.kind === 'reload' && use.node.only !== undefined)
      named.add(use.node.only);
  });
  return named;
}

export function buildWeapons(data: ContentFiles): Map<string, WeaponFacts> {
  const named = reloadedOnlyByName(data);
  const reloadedBy = (id: string, ownCard: boolean): WeaponFacts['reloadedBy'] =>
    ownCard ? 'own-card' : named.has(id) ? 'named' : 'any';
  const weapons = new Map<string, WeaponFacts>();
  for (const weapon of data.characters.weapons) {
    weapons.set(weapon.id, {
      id: weapon.id,
      name: weapon.name,
      type: weapon.type,
      capacity: weapon.capacity,
      startingAmmo: weapon.startingAmmo,
      rules: weapon.rules,
      reloadedBy: reloadedBy(weapon.id, weapon.reloadOnlyByCard === true),
      item: false,
    });
  }
  for (const item of data.items.items) {
    if (item.weapon === undefined) continue;
    weapons.set(item.id, {
      id: item.id,
      name: item.name,
      type: item.weapon.type,
      capacity: item.weapon.capacity,
      startingAmmo: item.weapon.arrivesFull
        ? item.weapon.capacity
        : Math.min(item.weapon.capacity, data.items.searchedWeaponAmmo),
      rules: item.weapon.rules,
      reloadedBy: reloadedBy(item.id, false),
      item: true,
    });
  }
  return weapons;
}

/** Every effect an item's uses hold, nested ones included. */
function effectsOf(data: ContentFiles, itemIndex: number): Effect[] {
  const effects: Effect[] = [];
  forEachKindUse(data, (use) => {
    if (use.family === 'effect' && use.path[0] === 'items' && use.path[1] === itemIndex)
      effects.push(use.node);
  });
  return effects;
}

export function buildFittings(data: ContentFiles): Map<string, FittingFacts> {
  const fittings = new Map<string, FittingFacts>();
  data.items.items.forEach((item, index) => {
    for (const effect of effectsOf(data, index)) {
      if (effect.kind !== 'attach-to-weapon') continue;
      fittings.set(item.id, {
        id: item.id,
        name: item.name,
        weapon: effect.weapon,
        capacity: effect.capacity,
        ammo: effect.ammo,
      });
    }
  });
  return fittings;
}

export function buildHeldItems(data: ContentFiles): Map<string, HeldItemFacts> {
  const held = new Map<string, HeldItemFacts>();
  for (const item of data.items.items) {
    const modifiers = item.uses.flatMap((use) => (use.kind === 'modifier' ? [use.modifier] : []));
    if (modifiers.length === 0) continue;
    held.set(item.id, { id: item.id, modifiers, questOf: item.quest?.character ?? null });
  }
  return held;
}
