import type { RollBoosts } from './actions.js';
import type { Hero } from './heroes.js';
import { type Refusal, refusal } from './refusal.js';

/**
 * Pushing a roll. Adrenaline: 1 point for each extra die. Going all out:
 * one die more, and the roll becomes a Gamble for the roller. A Spotlight:
 * no dice at all, an automatic Extreme success; dice bonuses have nothing
 * to add to it, so they cannot go with it.
 */
export function checkBoosts(
  hero: Hero,
  boosts: RollBoosts,
  diceBonuses: { fullAuto?: boolean } = {},
): Refusal | null {
  if (boosts.adrenaline > hero.adrenaline) {
    return refusal(
      'not-enough-adrenaline',
      `${hero.name} has ${hero.adrenaline} Adrenaline, not ${boosts.adrenaline}`,
    );
  }
  if (!boosts.spotlight) return null;
  if (hero.spotlight <= 0)
    return refusal('no-spotlight', `${hero.name} has no Spotlight left to spend`);
  if (boosts.adrenaline > 0 || boosts.allOut || diceBonuses.fullAuto) {
    return refusal(
      'spotlight-rolls-no-dice',
      'a Spotlight is an automatic Extreme success with no dice: Adrenaline, going all out and Full Auto cannot go with it',
    );
  }
  return null;
}

/** Spends what the boosts cost: the Adrenaline and the Spotlight. */
export function payBoosts(hero: Hero, boosts: RollBoosts): void {
  hero.adrenaline -= boosts.adrenaline;
  if (boosts.spotlight) hero.spotlight--;
}

/** Dice the boosts add to the pool. */
export function boostDice(boosts: RollBoosts): number {
  return boosts.adrenaline + (boosts.allOut ? 1 : 0);
}

/** The dice a Spotlight stands for: one set of four, an Extreme success. */
export const spotlightDice: readonly number[] = [6, 6, 6, 6];
