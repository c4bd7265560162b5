import { successesAtTier } from '../dice/difficulty.js';
import { setsOf, unitsOf, unitsOfTier } from '../dice/successes.js';
import { type EventLog, say } from './events.js';
import { offerExtras } from './extra-successes.js';
import { enemyLosesGrit, takeOut } from './grit.js';
import type { Hero } from './heroes.js';
import { emptyMag } from './mags.js';
import type { AttackPurpose, FightState, RollInProgress } from './state.js';
import { findEnemy } from './state.js';
import { usesMags } from './weapons.js';

/**
 * After the last re-roll of an attack: every success at the Enemy's Defense
 * tier is 1 Grit (a Critical against a Basic Defense is 3), as the
 * chapter's example counts them. The first is dealt at once; the rest go to
 * damage too unless the Hero spends some of them on actions, in one choice.
 * A failed shot empties the mag, and the Director may then rule Bad Luck.
 */
export function resolveAttack(
  state: FightState,
  hero: Hero,
  rolling: RollInProgress,
  events: EventLog,
): void {
  const purpose = rolling.purpose as AttackPurpose;
  const enemy = findEnemy(state, purpose.enemy)!;
  const dice = rolling.roll.dice;
  const successes = successesAtTier(dice, enemy.defense, state.rules);
  if (successes === 0) {
    say(events, 'miss', `${hero.name} misses ${enemy.name}`, { hero: hero.seat, enemy: enemy.id });
    missedShot(state, hero, purpose.weapon, events);
  } else if (jackpotTakesOut(state, dice)) {
    takeOut(state, enemy, events, `${hero.name}'s Jackpot`);
  } else {
    enemyLosesGrit(state, enemy, 1, events, `${hero.name}'s attack`);
    const extras = unitsOf(dice) - unitsOfTier[enemy.defense];
    if (extras > 0)
      offerExtras(state, hero.seat, extras, { enemy: enemy.id, hurtAs: 'damage', protect: false });
  }
}

/** Jackpot on an attack: where the Director's rules say so it takes the Enemy out; otherwise it counts as its units. */
export function jackpotTakesOut(state: FightState, dice: readonly number[]): boolean {
  return state.rules.jackpot === 'takes-out' && setsOf(dice).some((set) => set.tier === 'jackpot');
}

/** A failed roll to shoot loses the mag in the weapon; with spares left, the Director may add Bad Luck. */
export function missedShot(
  state: FightState,
  hero: Hero,
  weaponIndex: number,
  events: EventLog,
): void {
  const weapon = hero.weapons[weaponIndex]!;
  if (!usesMags(weapon.kind)) return;
  emptyMag(hero, weapon, events, 'a failed shot');
  if ((hero.mags[weapon.kind] ?? 0) > 0)
    state.steps.push({ kind: 'bad-luck', hero: hero.seat, weapon: weaponIndex });
}
