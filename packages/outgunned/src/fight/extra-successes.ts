import { successesAtTierFromUnits, successesNeeded } from '../dice/difficulty.js';
import { unitsOfTier } from '../dice/successes.js';
import { type EventLog, say } from './events.js';
import { enemyLosesGrit } from './grit.js';
import type { Hero } from './heroes.js';
import { type Refusal, refusal } from './refusal.js';
import { type FightState, findEnemy, type Step } from './state.js';

type SpendStep = Extract<Step, { kind: 'spend-extras' }>;
export type SpendAs = 'damage' | 'counter' | 'protect' | 'quick' | 'full' | 'cool';

/** What a roll's extras may do besides buying actions: hurt an Enemy, protect friends. */
export type ExtrasUse = Pick<SpendStep, 'enemy' | 'hurtAs' | 'protect'>;

/** Extras that only buy actions (a Brawl, a collateral action): no Enemy to hurt, no friend to protect. */
export const actionsOnly: ExtrasUse = { enemy: null, hurtAs: null, protect: false };

/** Puts a Hero's extra units on the stack, to be spent before play goes on. */
export function offerExtras(state: FightState, seat: string, units: number, use: ExtrasUse): void {
  state.steps.push({ kind: 'spend-extras', hero: seat, units, ...use });
}

/**
 * Extra successes, counted in Basic units after three for one: an extra
 * Basic buys a Quick Action, a Critical a Full Action, an Extreme a Cool
 * Action. In an attack each extra success at the Defense tier is 1 more
 * Grit; in a reaction it is a counter (at or above the Defense tier) or
 * protects a friend who failed (at or above the Attack tier, given in full:
 * never lower successes as Damage Control for a friend).
 */
export const unitsOfAction = {
  quick: unitsOfTier.basic,
  full: unitsOfTier.critical,
  cool: unitsOfTier.extreme,
};

/** Does a friend still fail the current reaction, counting successes friends gave? */
export function friendFails(state: FightState, seat: string): boolean {
  if (state.turn.kind !== 'reaction') return false;
  const plan = state.turn.plans?.[seat];
  const result = state.turn.results[seat];
  const enemy = findEnemy(state, state.turn.enemy);
  if (plan === undefined || typeof plan === 'string' || result === undefined || enemy === undefined)
    return false;
  const own = successesAtTierFromUnits(
    result.units,
    enemy.attack.tier,
    result.impossibleUnits,
    state.rules,
  );
  return own + result.granted < successesNeeded(enemy.attack);
}

export function checkSpend(
  state: FightState,
  step: SpendStep,
  as: SpendAs,
  friend: string | undefined,
): Refusal | null {
  if (as === 'damage' || as === 'counter') {
    if (step.hurtAs !== as) {
      return refusal(
        'cannot-hurt',
        as === 'damage'
          ? 'extras become damage only in an attack'
          : 'extras counter only in a Reaction Turn',
      );
    }
    const enemy = step.enemy === null ? undefined : findEnemy(state, step.enemy);
    if (enemy === undefined || enemy.defeated)
      return refusal('enemy-defeated', 'the Enemy is already defeated');
    const cost = unitsOfTier[enemy.defense];
    if (step.units < cost)
      return refusal(
        'not-enough',
        `an extra success at the Enemy's Defense (${enemy.defense}) is needed`,
      );
    return null;
  }
  if (as === 'protect') {
    if (!step.protect)
      return refusal('cannot-protect', 'friends are protected only with extras of a Reaction Roll');
    const enemy = step.enemy === null ? undefined : findEnemy(state, step.enemy);
    if (enemy === undefined) return refusal('cannot-protect', 'no Enemy attacks now');
    if (friend === undefined || friend === step.hero)
      return refusal('unknown-friend', 'name the friend to protect');
    if (!friendFails(state, friend))
      return refusal('friend-not-failing', `${friend} did not fail this Reaction Roll`);
    if (step.units < unitsOfTier[enemy.attack.tier]) {
      return refusal(
        'not-enough',
        `protecting needs an extra success at the Attack tier (${enemy.attack.tier}); lower successes cannot do Damage Control for a friend`,
      );
    }
    return null;
  }
  if (step.units < unitsOfAction[as]) {
    return refusal(
      'not-enough',
      `${as === 'quick' ? 'a Quick Action needs an extra Basic' : as === 'full' ? 'a Full Action needs an extra Critical' : 'a Cool Action needs an extra Extreme'} success`,
    );
  }
  return null;
}

export function spend(
  state: FightState,
  hero: Hero,
  step: SpendStep,
  as: SpendAs,
  friend: string | undefined,
  events: EventLog,
): void {
  if (as === 'damage' || as === 'counter') {
    const enemy = findEnemy(state, step.enemy!)!;
    step.units -= unitsOfTier[enemy.defense];
    enemyLosesGrit(state, enemy, 1, events, `${hero.name}'s extra success (${as})`);
    return;
  }
  if (as === 'protect') {
    const enemy = findEnemy(state, step.enemy!)!;
    step.units -= unitsOfTier[enemy.attack.tier];
    if (state.turn.kind === 'reaction') state.turn.results[friend!]!.granted++;
    const protectedHero = state.heroes.find((other) => other.seat === friend);
    say(
      events,
      'protect',
      `${hero.name} gives a ${enemy.attack.tier} success to protect ${protectedHero?.name ?? friend}`,
      {
        hero: hero.seat,
        friend,
      },
    );
    return;
  }
  step.units -= unitsOfAction[as];
  hero.extraActions[as]++;
  say(
    events,
    'extra-action',
    `${hero.name} spends an extra success on a ${as === 'quick' ? 'Quick' : as === 'full' ? 'Full' : 'Cool'} Action`,
    {
      hero: hero.seat,
      as,
    },
  );
}
