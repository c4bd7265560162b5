import { successesAtTierFromUnits, successesNeeded, unitsNeeded } from '../dice/difficulty.js';
import { dieSource } from '../dice/roll.js';
import { unitsOfTier } from '../dice/successes.js';
import type { FightAction, ReactionChoice } from './actions.js';
import { boostDice, checkBoosts, payBoosts } from './adrenaline-and-spotlight.js';
import { reactionBonus, reactionIsAutomatic } from './cover.js';
import type { Enemy } from './enemies.js';
import { type EventLog, say } from './events.js';
import { offerExtras } from './extra-successes.js';
import { heroLosesGrit } from './grit.js';
import { type Hero, lapseExtraActions } from './heroes.js';
import { bandIndex } from './range.js';
import { type Refusal, refusal } from './refusal.js';
import { capitalized, heroPool, startRoll } from './rolling.js';
import {
  type FightState,
  findEnemy,
  findHero,
  type ReactionPlan,
  type RollInProgress,
  topStep,
} from './state.js';

/**
 * The Reaction Turn: for each Enemy still standing, the Director states its
 * action and every Hero in the fight makes a Dangerous Reaction Roll against
 * its Attack. Extras counter or protect; then Grit is lost, after Damage
 * Control and protection.
 */

type Of<T extends FightAction['type']> = Extract<FightAction, { type: T }>;

/** The six example reactions, in the chapter's order (a d6 picks one at random). */
export const exampleReactions: readonly (ReactionChoice & { what: string })[] = [
  { attribute: 'brawn', skill: 'fight', what: 'they come at you with fists and metal bars' },
  { attribute: 'brawn', skill: 'stunt', what: 'they shoot at you' },
  { attribute: 'brawn', skill: 'endure', what: 'they try to crush or choke you' },
  { attribute: 'brawn', skill: 'force', what: 'they try to push you to the ground' },
  { attribute: 'nerves', skill: 'stealth', what: 'they throw tables and chairs at you' },
  { attribute: 'nerves', skill: 'awareness', what: 'they try to surround you' },
];

export function startReactionTurn(state: FightState, events: EventLog): void {
  const standing = state.enemies.filter((enemy) => !enemy.defeated).map((enemy) => enemy.id);
  for (const hero of state.heroes) lapseExtraActions(hero);
  const [first, ...queue] = standing;
  if (first === undefined) return;
  state.turn = {
    kind: 'reaction',
    enemy: first,
    queue,
    plans: null,
    results: {},
    phase: 'declare',
  };
  state.steps.push({ kind: 'declare-reaction', enemy: first });
  say(
    events,
    'reaction-turn',
    `Round ${state.round}: Reaction Turn - ${findEnemy(state, first)!.name} acts`,
    { round: state.round },
  );
}

/** Heroes may pass automatically only when they are beyond the Enemy's reach. */
export function beyondReach(hero: Hero, enemy: Pick<Enemy, 'id' | 'reach'>): boolean {
  return bandIndex(hero.ranges[enemy.id]!) > bandIndex(enemy.reach);
}

export function declareReaction(
  state: FightState,
  action: Of<'declare-reaction'>,
  events: EventLog,
): Refusal | null {
  const step = topStep(state);
  if (step?.kind !== 'declare-reaction' || state.turn.kind !== 'reaction') {
    return refusal('not-now', 'no Reaction Turn waits for the Director');
  }
  const enemy = findEnemy(state, step.enemy)!;
  const fighting = state.heroes.filter((hero) => hero.status === 'fighting');
  for (const seat of [
    ...Object.keys(action.perHero ?? {}),
    ...(action.autoPass ?? []),
    ...Object.keys(action.ranges ?? {}),
  ]) {
    if (!fighting.some((hero) => hero.seat === seat))
      return refusal('unknown-hero', `"${seat}" is not a Hero in the fight`);
  }
  const rangeAfter = (hero: Hero) => action.ranges?.[hero.seat] ?? hero.ranges[enemy.id]!;
  for (const seat of action.autoPass ?? []) {
    const hero = findHero(state, seat)!;
    if (bandIndex(rangeAfter(hero)) <= bandIndex(enemy.reach)) {
      return refusal(
        'in-reach',
        `${hero.name} is within ${enemy.name}'s reach (${enemy.reach}) and cannot pass automatically`,
      );
    }
  }
  // Checks are done: now the state changes.
  state.steps.pop();
  for (const [seat, band] of Object.entries(action.ranges ?? {})) {
    const hero = findHero(state, seat)!;
    hero.ranges[enemy.id] = band;
    say(events, 'range', `${hero.name} is now at ${band} range of ${enemy.name}`, {
      hero: seat,
      range: band,
    });
  }
  let common: ReactionChoice;
  if (action.reaction === 'random') {
    const die = dieSource(state)();
    common = exampleReactions[die - 1]!;
    say(
      events,
      'random-reaction',
      `The Director rolls ${die} for the reaction: ${exampleReactions[die - 1]!.what}`,
      { die },
    );
  } else if (typeof action.reaction === 'number') {
    common = exampleReactions[action.reaction - 1]!;
  } else {
    common = action.reaction;
  }
  const plans: Record<string, ReactionPlan> = {};
  for (const hero of fighting) {
    const choice = action.perHero?.[hero.seat] ?? common;
    if (action.autoPass?.includes(hero.seat)) plans[hero.seat] = 'auto-pass';
    else if (reactionIsAutomatic(hero.cover)) plans[hero.seat] = 'total-cover';
    else plans[hero.seat] = { attribute: choice.attribute, skill: choice.skill };
  }
  state.turn.plans = plans;
  state.turn.phase = 'rolling';
  say(
    events,
    'reaction',
    `${enemy.name} attacks (${enemy.attack.double ? '2 ' : ''}${enemy.attack.tier}): react with ${describePlans(state, plans)}`,
    { enemy: enemy.id, plans },
  );
  return null;
}

function describePlans(state: FightState, plans: Record<string, ReactionPlan>): string {
  return Object.entries(plans)
    .map(([seat, plan]) => {
      const name = findHero(state, seat)!.name;
      if (plan === 'auto-pass') return `${name}: out of reach, passes`;
      if (plan === 'total-cover') return `${name}: in total cover, passes`;
      return `${name}: ${capitalized(plan.attribute)}+${capitalized(plan.skill)}`;
    })
    .join('; ');
}

export function heroesStillToReact(state: FightState): string[] {
  if (state.turn.kind !== 'reaction' || state.turn.phase !== 'rolling' || state.turn.plans === null)
    return [];
  const turn = state.turn;
  return Object.entries(turn.plans!)
    .filter(
      ([seat, plan]) =>
        typeof plan !== 'string' &&
        turn.results[seat] === undefined &&
        findHero(state, seat)?.status === 'fighting',
    )
    .map(([seat]) => seat);
}

export function rollReaction(
  state: FightState,
  hero: Hero,
  action: Of<'roll-reaction'>,
  events: EventLog,
): Refusal | null {
  if (
    topStep(state) !== undefined ||
    !heroesStillToReact(state).includes(hero.seat) ||
    state.turn.kind !== 'reaction'
  ) {
    return refusal('not-now', `${hero.name} has no Reaction Roll to make now`);
  }
  const problem = checkBoosts(hero, action);
  if (problem) return problem;
  const plan = state.turn.plans![hero.seat] as ReactionChoice;
  const enemy = findEnemy(state, state.turn.enemy)!;
  payBoosts(hero, action);
  const bonuses = reactionBonus(hero.cover) + hero.coveringFire + boostDice(action);
  hero.coveringFire = 0;
  startRoll(
    state,
    hero,
    {
      attribute: plan.attribute,
      skill: plan.skill,
      pool: heroPool(hero, plan.attribute, plan.skill, { bonuses, penalties: 0 }),
      difficulty: enemy.attack,
      dangerous: true,
      purpose: { type: 'reaction', enemy: enemy.id },
      spotlight: action.spotlight,
      gamble: { self: action.allOut, friends: [] },
    },
    events,
    `to react to ${enemy.name}${action.allOut ? ', going all out' : ''}`,
  );
  return null;
}

/** Keeps a finished Reaction Roll until everyone has rolled. */
export function recordReaction(
  state: FightState,
  rolling: RollInProgress,
  units: number,
  impossibleUnits: number,
): void {
  if (state.turn.kind !== 'reaction') return;
  state.turn.results[rolling.hero] = { units, impossibleUnits, granted: 0 };
}

/** Once all have rolled: those who passed with extras spend them, first Hero first. */
export function startSpending(state: FightState): void {
  if (state.turn.kind !== 'reaction') return;
  const enemy = findEnemy(state, state.turn.enemy)!;
  state.turn.phase = 'spending';
  const spenders: { seat: string; units: number }[] = [];
  for (const [seat, result] of Object.entries(state.turn.results)) {
    const successes = successesAtTierFromUnits(
      result.units,
      enemy.attack.tier,
      result.impossibleUnits,
      state.rules,
    );
    if (successes < successesNeeded(enemy.attack)) continue;
    const extras = result.units - unitsNeeded(enemy.attack);
    if (extras > 0) spenders.push({ seat, units: extras });
  }
  for (const spender of spenders.reverse()) {
    offerExtras(state, spender.seat, spender.units, {
      enemy: enemy.id,
      hurtAs: 'counter',
      protect: true,
    });
  }
}

/** Grit is lost after Damage Control and after friends' protection. */
export function resolveReaction(state: FightState, events: EventLog): void {
  if (state.turn.kind !== 'reaction' || state.turn.plans === null) return;
  const enemy = findEnemy(state, state.turn.enemy)!;
  for (const [seat, plan] of Object.entries(state.turn.plans)) {
    const hero = findHero(state, seat)!;
    if (hero.status !== 'fighting') continue;
    if (typeof plan === 'string') {
      say(
        events,
        'reaction-passed',
        `${hero.name} passes automatically (${plan === 'auto-pass' ? 'out of reach' : 'total cover'})`,
        { hero: seat },
      );
      continue;
    }
    const result = state.turn.results[seat];
    if (result === undefined) continue;
    const own = successesAtTierFromUnits(
      result.units,
      enemy.attack.tier,
      result.impossibleUnits,
      state.rules,
    );
    const needed = successesNeeded(enemy.attack);
    if (own + result.granted >= needed) {
      say(
        events,
        'reaction-passed',
        `${hero.name} ${own >= needed ? 'dodges' : 'is protected by a friend'}`,
        { hero: seat },
      );
      continue;
    }
    // Damage Control with the Hero's own units; friends' successes count in full.
    const loss =
      enemy.attack.tier === 'impossible'
        ? ('all' as const)
        : Math.max(
            0,
            unitsNeeded(enemy.attack) -
              result.units -
              result.granted * unitsOfTier[enemy.attack.tier],
          );
    heroLosesGrit(state, hero, loss, plan.attribute, events, `the attack of ${enemy.name}`);
  }
}

/** After one Enemy's reaction: the next Enemy acts, or the turn is over (returns true). */
export function nextEnemyOrDone(state: FightState, events: EventLog): boolean {
  if (state.turn.kind !== 'reaction') return true;
  const queue = state.turn.queue.filter((id) => !findEnemy(state, id)?.defeated);
  const [next, ...rest] = queue;
  if (next === undefined) return true;
  for (const hero of state.heroes) lapseExtraActions(hero);
  state.turn = {
    kind: 'reaction',
    enemy: next,
    queue: rest,
    plans: null,
    results: {},
    phase: 'declare',
  };
  state.steps.push({ kind: 'declare-reaction', enemy: next });
  say(events, 'reaction-turn', `${findEnemy(state, next)!.name} acts`, {});
  return false;
}
