import { successesAtTierFromUnits, successesNeeded } from '../dice/difficulty.js';
import { unitsOfTier } from '../dice/successes.js';
import type { Allocation } from './actions.js';
import type { Enemy } from './enemies.js';
import { type EventLog, say } from './events.js';
import { enemyLosesGrit } from './grit.js';
import type { Hero } from './heroes.js';
import { type Refusal, refusal } from './refusal.js';
import { type FightState, findEnemy, findHero, type Step } from './state.js';
import type { FightSight } from './view.js';

/**
 * Extra successes, counted in Basic units after three for one: an extra
 * Basic buys a Quick Action, a Critical a Full Action, an Extreme a Cool
 * Action. In an attack each extra success at the Defense tier is 1 more
 * Grit; in a reaction it is a counter (at or above the Defense tier) or
 * protects a friend who failed (at or above the Attack tier, given in full:
 * never lower successes as Damage Control for a friend). The Hero says how
 * all of them are spent in one choice.
 */

type SpendStep = Extract<Step, { kind: 'spend-extras' }>;

/** What a roll's extras may do besides buying actions: hurt an Enemy, protect friends. */
export type ExtrasUse = Pick<SpendStep, 'enemy' | 'hurtAs' | 'protect'>;

/** Extras that only buy actions (a Brawl, a collateral action): no Enemy to hurt, no friend to protect. */
export const actionsOnly: ExtrasUse = { enemy: null, hurtAs: null, protect: false };

/** Puts a Hero's extra units on the stack, to be spent before play goes on. */
export function offerExtras(state: FightState, seat: string, units: number, use: ExtrasUse): void {
  state.steps.push({ kind: 'spend-extras', hero: seat, units, spent: false, ...use });
}

const unitsOfAction = {
  quick: unitsOfTier.basic,
  full: unitsOfTier.critical,
  cool: unitsOfTier.extreme,
};

/** Successes at the Attack tier a friend still lacks in the current reaction, counting what friends gave. */
export function successesFriendLacks(state: FightSight, seat: string): number {
  if (state.turn.kind !== 'reaction') return 0;
  const plan = state.turn.plans?.[seat];
  const result = state.turn.results[seat];
  const enemy = findEnemy(state, state.turn.enemy);
  if (plan === undefined || typeof plan === 'string' || result === undefined || enemy === undefined)
    return 0;
  const own = successesAtTierFromUnits(
    result.units,
    enemy.attack.tier,
    result.impossibleUnits,
    state.rules,
  );
  return Math.max(0, successesNeeded(enemy.attack) - own - result.granted);
}

/** The Enemy the step's extras can hurt, if it is still standing. */
function targetOf<Seen extends Pick<Enemy, 'id' | 'defeated'>>(
  state: { enemies: readonly Seen[] },
  step: SpendStep,
): Seen | undefined {
  const enemy = step.enemy === null ? undefined : findEnemy(state, step.enemy);
  return enemy?.defeated ? undefined : enemy;
}

/** Units one hurt costs (a success at the Defense tier), or null when the extras cannot hurt. */
function hurtCost(state: FightSight, step: SpendStep): number | null {
  const enemy = targetOf(state, step);
  return step.hurtAs === null || enemy === undefined ? null : unitsOfTier[enemy.defense];
}

function protectCost(state: FightSight, step: SpendStep): number | null {
  const enemy = step.enemy === null ? undefined : findEnemy(state, step.enemy);
  return step.protect && enemy !== undefined ? unitsOfTier[enemy.attack.tier] : null;
}

function protections(allocation: Allocation): number {
  return Object.values(allocation.protect).reduce((sum, count) => sum + count, 0);
}

/** Basic units an allocation spends. */
export function allocationCost(state: FightState, step: SpendStep, allocation: Allocation): number {
  const hurts = allocation.damage + allocation.counter;
  return (
    (hurts > 0 ? hurts * (hurtCost(state, step) ?? 0) : 0) +
    protections(allocation) * (protectCost(state, step) ?? 0) +
    allocation.quick * unitsOfAction.quick +
    allocation.full * unitsOfAction.full +
    allocation.cool * unitsOfAction.cool
  );
}

export function checkAllocation(
  state: FightState,
  hero: Hero,
  step: SpendStep,
  allocation: Allocation,
): Refusal | null {
  if (allocation.damage > 0 && step.hurtAs !== 'damage')
    return refusal('cannot-hurt', 'extras become damage only in an attack');
  if (allocation.counter > 0 && step.hurtAs !== 'counter')
    return refusal('cannot-hurt', 'extras counter only in a Reaction Turn');
  if (allocation.damage + allocation.counter > 0 && targetOf(state, step) === undefined)
    return refusal('enemy-defeated', 'the Enemy is already defeated');
  for (const [seat, count] of Object.entries(allocation.protect)) {
    if (!step.protect)
      return refusal('cannot-protect', 'friends are protected only with extras of a Reaction Roll');
    const friend = findHero(state, seat);
    if (friend === undefined || seat === hero.seat)
      return refusal('unknown-friend', `"${seat}" is not a friend of ${hero.name} in this fight`);
    const lacks = successesFriendLacks(state, seat);
    if (lacks === 0)
      return refusal('friend-not-failing', `${friend.name} did not fail this Reaction Roll`);
    if (count > lacks)
      return refusal(
        'too-much-protection',
        `${friend.name} lacks only ${lacks} success${lacks > 1 ? 'es' : ''}`,
      );
  }
  const cost = allocationCost(state, step, allocation);
  if (cost > step.units) {
    const prices = [
      hurtCost(state, step) === null
        ? ''
        : `${step.hurtAs} ${hurtCost(state, step)} each (a success at the Defense tier)`,
      protectCost(state, step) === null
        ? ''
        : `protecting ${protectCost(state, step)} (a success at the Attack tier; lower successes cannot do Damage Control for a friend)`,
      'a Quick Action 1 (an extra Basic), a Full Action 3 (Critical), a Cool Action 9 (Extreme)',
    ].filter(Boolean);
    return refusal(
      'not-enough',
      `that costs ${cost} Basic units of extra successes and ${hero.name} has ${step.units}; prices: ${prices.join('; ')}`,
    );
  }
  return null;
}

/** Spends every extra at once; in a Reaction Turn the actions bought are taken before play goes on. */
export function spendExtras(
  state: FightState,
  hero: Hero,
  step: SpendStep,
  allocation: Allocation,
  events: EventLog,
): void {
  const cost = allocationCost(state, step, allocation);
  const hurts = allocation.damage + allocation.counter;
  if (hurts > 0) {
    const enemy = targetOf(state, step)!;
    const what =
      allocation.damage > 0 ? 'more damage' : hurts === 1 ? 'a counter' : `${hurts} counters`;
    enemyLosesGrit(state, enemy, hurts, events, `${hero.name}'s extra successes (${what})`);
  }
  for (const [seat, count] of Object.entries(allocation.protect)) {
    if (state.turn.kind === 'reaction') state.turn.results[seat]!.granted += count;
    const enemy = findEnemy(state, step.enemy!)!;
    say(
      events,
      'protect',
      `${hero.name} gives ${count === 1 ? `a ${enemy.attack.tier} success` : `${count} ${enemy.attack.tier} successes`} to protect ${findHero(state, seat)!.name}`,
      { hero: hero.seat, friend: seat },
    );
  }
  const bought = (['quick', 'full', 'cool'] as const).filter((kind) => allocation[kind] > 0);
  for (const kind of bought) hero.extraActions[kind] += allocation[kind];
  if (bought.length > 0) {
    const names = { quick: 'Quick', full: 'Full', cool: 'Cool' };
    say(
      events,
      'extra-action',
      `${hero.name} spends extra successes on ${bought.map((kind) => `${allocation[kind]} ${names[kind]} Action${allocation[kind] > 1 ? 's' : ''}`).join(', ')}`,
      { hero: hero.seat },
    );
  }
  const left = step.units - cost;
  if (cost === 0)
    say(events, 'extras-unspent', `${hero.name} spends no extra success`, { hero: hero.seat });
  else if (left > 0)
    say(
      events,
      'extras-unspent',
      `${left} Basic unit${left > 1 ? 's' : ''} of extra successes go unspent`,
      { hero: hero.seat },
    );
  step.units = left;
  step.spent = true;
}

const nothing: Allocation = {
  type: 'spend-extras',
  damage: 0,
  counter: 0,
  protect: {},
  quick: 0,
  full: 0,
  cool: 0,
};

/** Units as actions, the biggest first: Cool, then Full, then Quick Actions. */
function asActions(units: number): Pick<Allocation, 'quick' | 'full' | 'cool'> {
  const cool = Math.floor(units / unitsOfAction.cool);
  const full = Math.floor((units % unitsOfAction.cool) / unitsOfAction.full);
  return { cool, full, quick: units - cool * unitsOfAction.cool - full * unitsOfAction.full };
}

/**
 * A few sensible ways to spend the extras, the usual one first: protect
 * friends who failed, put the rest into damage (or counters), and buy
 * actions with what is too small to hurt; then fewer hurts and more
 * actions, each friend protected alone, no protection, nothing. Any other
 * allocation is accepted too.
 */
export function allocationCandidates(state: FightSight, step: SpendStep): Allocation[] {
  const hurtUnits = hurtCost(state, step);
  const protectUnits = protectCost(state, step);
  const guarded: Record<string, number> = {};
  let affordable = step.units;
  if (protectUnits !== null) {
    for (const friend of state.heroes) {
      if (friend.seat === step.hero) continue;
      const lacks = successesFriendLacks(state, friend.seat);
      const given = Math.min(lacks, Math.floor(affordable / protectUnits));
      if (given > 0) {
        guarded[friend.seat] = given;
        affordable -= given * protectUnits;
      }
    }
  }
  const alone = Object.entries(guarded).map(([seat, given]) => ({ [seat]: given }));
  const protectPlans = [guarded, ...(alone.length > 1 ? alone : []), {}];
  const hurtKey = step.hurtAs === 'counter' ? 'counter' : 'damage';
  const candidates: Allocation[] = [];
  for (const protect of protectPlans) {
    const given = Object.values(protect).reduce((sum, count) => sum + count, 0);
    const left = step.units - given * (protectUnits ?? 0);
    const mostHurts = hurtUnits === null ? 0 : Math.floor(left / hurtUnits);
    const hurtChoices = [...new Set([mostHurts, mostHurts - 1, mostHurts - 2, 0])];
    for (const hurts of hurtChoices.filter((count) => count >= 0)) {
      const rest = left - hurts * (hurtUnits ?? 0);
      for (const actions of [asActions(rest), { quick: rest, full: 0, cool: 0 }])
        candidates.push({ ...nothing, protect, [hurtKey]: hurts, ...actions });
    }
  }
  candidates.push(nothing);
  const seen = new Set<string>();
  return candidates.filter((candidate) => {
    const key = JSON.stringify(candidate);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
