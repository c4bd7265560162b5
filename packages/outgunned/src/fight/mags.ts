import type { Enemy } from './enemies.js';
import { type EventLog, say } from './events.js';
import { type Hero, maxSpareMagsPerWeapon, type Weapon } from './heroes.js';
import { type Refusal, refusal } from './refusal.js';
import type { FightState } from './state.js';
import { usesMags } from './weapons.js';

/**
 * Mags: bullets are not counted, mags are. A weapon holds one mag and a Hero
 * carries spares by weapon type (one mag type per weapon type: a pistol mag
 * fits any pistol, never a rifle). A mag is emptied by a failed shot, by
 * going Full Auto, by Covering Fire, or by Bad Luck (the Director takes spares).
 */
export function checkCanShoot(hero: Hero, weapon: Weapon): Refusal | null {
  if (usesMags(weapon.kind) && !weapon.loaded) {
    return refusal(
      'weapon-empty',
      `${hero.name}'s ${weapon.name} has no mag in it: reload first (a Quick Action)`,
    );
  }
  return null;
}

export function checkReload(hero: Hero, weapon: Weapon | undefined): Refusal | null {
  if (weapon === undefined) return refusal('unknown-weapon', 'name a weapon to reload');
  if (!usesMags(weapon.kind)) return refusal('no-mags', `${weapon.name} takes no mags`);
  if (weapon.loaded) return refusal('already-loaded', `${weapon.name} already has a mag in it`);
  if ((hero.mags[weapon.kind] ?? 0) <= 0) {
    return refusal(
      'no-spare-mags',
      `${hero.name} has no ${weapon.kind} mags left: get more with Cash or from defeated Enemies`,
    );
  }
  return null;
}

export function reload(hero: Hero, weapon: Weapon, events: EventLog): void {
  hero.mags[weapon.kind] = (hero.mags[weapon.kind] ?? 0) - 1;
  weapon.loaded = true;
  say(
    events,
    'reload',
    `${hero.name} reloads the ${weapon.name} (${hero.mags[weapon.kind]} ${weapon.kind} mags left)`,
    {
      hero: hero.seat,
    },
  );
}

export function emptyMag(hero: Hero, weapon: Weapon, events: EventLog, why: string): void {
  if (!usesMags(weapon.kind) || !weapon.loaded) return;
  weapon.loaded = false;
  say(events, 'mag-emptied', `${hero.name}'s ${weapon.name} mag is empty: ${why}`, {
    hero: hero.seat,
  });
}

/** Bad Luck: the Director states that spare mags were lost; no more than the Hero has. */
export function loseSpareMags(hero: Hero, weapon: Weapon, count: number, events: EventLog): number {
  const lost = Math.min(count, hero.mags[weapon.kind] ?? 0);
  hero.mags[weapon.kind] = (hero.mags[weapon.kind] ?? 0) - lost;
  if (lost > 0) {
    say(
      events,
      'bad-luck',
      `Bad luck: ${hero.name} loses ${lost} ${weapon.kind} mag${lost > 1 ? 's' : ''}`,
      {
        hero: hero.seat,
        lost,
      },
    );
  }
  return lost;
}

/** The most spare mags of a weapon's type a Hero may carry: three for each weapon of that type. */
export function spareMagsCap(hero: Hero, kind: Weapon['kind']): number {
  return maxSpareMagsPerWeapon * hero.weapons.filter((weapon) => weapon.kind === kind).length;
}

/**
 * More mags come from defeated Enemies (or by paying Cash, below):
 * a Quick Action takes one spare mag for a weapon from a defeated Enemy at
 * Melee or Close range. An Enemy record may stand for a whole group, so each
 * gives mags once (a choice: the chapter does not count them).
 */
export function checkTakeMags(
  hero: Hero,
  enemy: Enemy | undefined,
  weapon: Weapon | undefined,
): Refusal | null {
  if (enemy === undefined)
    return refusal('unknown-enemy', 'name the defeated Enemy to take mags from');
  if (weapon === undefined) return refusal('unknown-weapon', 'name the weapon the mags are for');
  if (!usesMags(weapon.kind)) return refusal('no-mags', `${weapon.name} takes no mags`);
  if (!enemy.defeated)
    return refusal(
      'enemy-standing',
      `${enemy.name} is still fighting: defeat them before taking their mags`,
    );
  if (enemy.magsTaken) return refusal('mags-taken', `${enemy.name}'s mags are already taken`);
  const band = hero.ranges[enemy.id];
  if (band !== 'melee' && band !== 'close')
    return refusal(
      'too-far',
      `${hero.name} is at ${band} range of ${enemy.name}: Melee or Close is needed`,
    );
  if ((hero.mags[weapon.kind] ?? 0) >= spareMagsCap(hero, weapon.kind)) {
    return refusal(
      'mags-full',
      `${hero.name} already carries ${hero.mags[weapon.kind]} spare mags for the ${weapon.name}, the most allowed`,
    );
  }
  return null;
}

export function takeMags(hero: Hero, enemy: Enemy, weapon: Weapon, events: EventLog): void {
  enemy.magsTaken = true;
  hero.mags[weapon.kind] = (hero.mags[weapon.kind] ?? 0) + 1;
  say(
    events,
    'take-mags',
    `${hero.name} takes a ${weapon.kind} mag from ${enemy.name} (${hero.mags[weapon.kind]} spare)`,
    { hero: hero.seat, enemy: enemy.id },
  );
}

/**
 * The other way to more mags: paying Cash. The chapter names no price nor
 * seller, so this is our reading: one Cash buys one spare mag, as a Quick
 * Action, only in a scene where someone sells mags, never beyond the spares
 * a Hero may carry.
 */
export function checkBuyMag(
  state: FightState,
  hero: Hero,
  weapon: Weapon | undefined,
): Refusal | null {
  if (!state.rules.magsForSale) return refusal('no-seller', 'nobody sells mags in this scene');
  if (weapon === undefined) return refusal('unknown-weapon', 'name the weapon the mag is for');
  if (!usesMags(weapon.kind)) return refusal('no-mags', `${weapon.name} takes no mags`);
  if (hero.cash < magPrice)
    return refusal('no-cash', `${hero.name} has no Cash left to pay for a mag`);
  if ((hero.mags[weapon.kind] ?? 0) >= spareMagsCap(hero, weapon.kind)) {
    return refusal(
      'mags-full',
      `${hero.name} already carries ${hero.mags[weapon.kind]} spare mags for the ${weapon.name}, the most allowed`,
    );
  }
  return null;
}

/** What a mag costs, in Cash. */
export const magPrice = 1;

export function buyMag(hero: Hero, weapon: Weapon, events: EventLog): void {
  hero.cash -= magPrice;
  hero.mags[weapon.kind] = (hero.mags[weapon.kind] ?? 0) + 1;
  say(
    events,
    'buy-mag',
    `${hero.name} pays ${magPrice} Cash for a ${weapon.kind} mag (${hero.mags[weapon.kind]} spare, ${hero.cash} Cash left)`,
    { hero: hero.seat },
  );
}
