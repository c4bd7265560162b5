import type { FightAction } from './actions.js';
import { boostDice, checkBoosts, payBoosts } from './adrenaline-and-spotlight.js';
import {
  actionPenalty,
  checkLeaveCover,
  checkPushFriend,
  checkReachPartialCover,
  checkTakeTotalCover,
  takeCover,
} from './cover.js';
import { type EventLog, say } from './events.js';
import { extraActionsLeft, type Hero, lapseExtraActions } from './heroes.js';
import {
  buyMag,
  checkBuyMag,
  checkCanShoot,
  checkReload,
  checkTakeMags,
  emptyMag,
  reload,
  takeMags,
} from './mags.js';
import { checkMove, friendsInMelee, move } from './range.js';
import { type Refusal, refusal } from './refusal.js';
import { heroPool, startRoll } from './rolling.js';
import { type FightState, findEnemy, findHero, type HeroActionTurn, topStep } from './state.js';
import { isExplosive, isFirearm, rangeModifier, usesMags } from './weapons.js';

/**
 * The Action Turn: every Hero takes a free Quick Action (before or after
 * the roll) and one Action Roll, in any order among the Heroes. Extra
 * successes buy more actions, kept on the Hero until the turn ends.
 */

type Of<T extends FightAction['type']> = Extract<FightAction, { type: T }>;

export function startActionTurn(state: FightState, events: EventLog): void {
  if (state.round >= state.rules.maxRounds) {
    state.outcome = 'interrupted';
    say(events, 'interrupted', `The fight is interrupted after ${state.rules.maxRounds} rounds`, {
      by: 'round-limit',
    });
    return;
  }
  state.round++;
  const heroes: Record<string, HeroActionTurn> = {};
  for (const hero of state.heroes) {
    lapseExtraActions(hero);
    if (hero.status === 'fighting')
      heroes[hero.seat] = { freeQuick: true, actionUsed: false, done: false };
  }
  state.turn = { kind: 'action', heroes };
  say(
    events,
    'action-turn',
    `Round ${state.round}: Action Turn${state.rules.mode === 'brawl' ? ' (Brawl)' : ''}`,
    {
      round: state.round,
    },
  );
}

/** The Hero's own Action Turn record, if the Hero may act in it now (nothing else pending). */
export function heroActionTurn(state: FightState, hero: Hero): HeroActionTurn | undefined {
  if (state.turn.kind !== 'action' || hero.status !== 'fighting') return undefined;
  const own = state.turn.heroes[hero.seat];
  if (own === undefined || own.done) return undefined;
  return own;
}

/** A Hero may take actions while nothing waits on the stack, or while spending their own extras. */
function mayTakeActions(state: FightState, hero: Hero): boolean {
  const top = topStep(state);
  if (top === undefined) return heroActionTurn(state, hero) !== undefined;
  return top.kind === 'spend-extras' && top.hero === hero.seat && top.spent;
}

type Payment = 'free-quick' | 'extra-quick' | 'extra-full' | 'whole-turn' | 'extra-cool';

function quickPayment(state: FightState, hero: Hero): Payment | null {
  if (!mayTakeActions(state, hero)) return null;
  const own = heroActionTurn(state, hero);
  if (own?.freeQuick && topStep(state) === undefined) return 'free-quick';
  return hero.extraActions.quick > 0 ? 'extra-quick' : null;
}

function fullPayment(state: FightState, hero: Hero): Payment | null {
  if (!mayTakeActions(state, hero)) return null;
  if (hero.extraActions.full > 0) return 'extra-full';
  const own = heroActionTurn(state, hero);
  return own && !own.actionUsed && topStep(state) === undefined ? 'whole-turn' : null;
}

function pay(state: FightState, hero: Hero, payment: Payment): string {
  const own = heroActionTurn(state, hero);
  switch (payment) {
    case 'free-quick':
      own!.freeQuick = false;
      return 'free Quick Action';
    case 'extra-quick':
      hero.extraActions.quick--;
      return 'extra Quick Action';
    case 'extra-full':
      hero.extraActions.full--;
      return 'extra Full Action';
    case 'whole-turn':
      own!.actionUsed = true;
      return 'the whole turn';
    case 'extra-cool':
      hero.extraActions.cool--;
      return 'Cool Action';
  }
}

export function quickAction(
  state: FightState,
  hero: Hero,
  action: Of<'quick-action'>,
  events: EventLog,
): Refusal | null {
  const payment = quickPayment(state, hero);
  if (payment === null)
    return refusal('no-quick-action', `${hero.name} has no Quick Action to use now`);
  const enemy = action.enemy === undefined ? undefined : findEnemy(state, action.enemy);
  const weapon = action.weapon === undefined ? undefined : hero.weapons[action.weapon];
  const friend = action.friend === undefined ? undefined : findHero(state, action.friend);
  let problem: Refusal | null = null;
  switch (action.kind) {
    case 'approach':
    case 'withdraw':
      problem = checkMove(hero, enemy, action.kind, 'quick');
      break;
    case 'reach-partial-cover':
      problem = checkReachPartialCover(hero);
      break;
    case 'leave-cover':
      problem = checkLeaveCover(hero);
      break;
    case 'reload':
      problem = checkReload(hero, weapon);
      break;
    case 'push-friend-into-cover':
      problem = checkPushFriend(hero, friend, 'partial');
      break;
    case 'take-mags':
      problem = checkTakeMags(hero, enemy, weapon);
      break;
    case 'buy-mag':
      problem = checkBuyMag(state, hero, weapon);
      break;
    case 'grab-or-toss':
      break;
  }
  if (problem) return problem;
  const how = pay(state, hero, payment);
  switch (action.kind) {
    case 'approach':
    case 'withdraw':
      move(hero, enemy!, action.kind, events);
      break;
    case 'reach-partial-cover':
      takeCover(hero, 'partial', events, how);
      break;
    case 'leave-cover':
      takeCover(hero, 'none', events, how);
      break;
    case 'reload':
      reload(hero, weapon!, events);
      break;
    case 'push-friend-into-cover':
      takeCover(friend!, 'partial', events, `pushed by ${hero.name}`);
      break;
    case 'take-mags':
      takeMags(hero, enemy!, weapon!, events);
      break;
    case 'buy-mag':
      buyMag(hero, weapon!, events);
      break;
    case 'grab-or-toss':
      say(events, 'grab-or-toss', `${hero.name} grabs or tosses something (${how})`, {
        hero: hero.seat,
      });
      break;
  }
  return null;
}

export function fullAction(
  state: FightState,
  hero: Hero,
  action: Of<'full-action'>,
  events: EventLog,
): Refusal | null {
  const payment = fullPayment(state, hero);
  if (payment === null)
    return refusal(
      'no-full-action',
      `${hero.name} has neither the turn nor an extra Full Action to use`,
    );
  const enemy = action.enemy === undefined ? undefined : findEnemy(state, action.enemy);
  const friend = action.friend === undefined ? undefined : findHero(state, action.friend);
  let problem: Refusal | null = null;
  if (action.kind === 'approach' || action.kind === 'withdraw')
    problem = checkMove(hero, enemy, action.kind, 'full');
  else if (action.kind === 'take-total-cover') problem = checkTakeTotalCover(hero);
  else problem = checkPushFriend(hero, friend, 'total');
  if (problem) return problem;
  const how = pay(state, hero, payment);
  if (action.kind === 'approach' || action.kind === 'withdraw')
    move(hero, enemy!, action.kind, events);
  else if (action.kind === 'take-total-cover') takeCover(hero, 'total', events, how);
  else takeCover(friend!, 'total', events, `pushed by ${hero.name} (${how})`);
  return null;
}

export function coolAction(
  state: FightState,
  hero: Hero,
  action: Of<'cool-action'>,
  events: EventLog,
): Refusal | null {
  if (!mayTakeActions(state, hero) || hero.extraActions.cool <= 0) {
    return refusal(
      'no-cool-action',
      `${hero.name} has no Cool Action (an extra Extreme success) to use`,
    );
  }
  const friend = findHero(state, action.friend);
  const problem = checkPushFriend(hero, friend, 'total');
  if (problem) return problem;
  const how = pay(state, hero, 'extra-cool');
  takeCover(hero, 'total', events, how);
  takeCover(friend!, 'total', events, `brought along by ${hero.name}`);
  return null;
}

function checkActionRoll(state: FightState, hero: Hero): Refusal | null {
  const own = heroActionTurn(state, hero);
  if (own === undefined || topStep(state) !== undefined)
    return refusal('not-now', `${hero.name} cannot make an Action Roll now`);
  if (own.actionUsed)
    return refusal('action-used', `${hero.name} has already used this turn's Action Roll`);
  return null;
}

function markActionUsed(state: FightState, hero: Hero): void {
  if (state.turn.kind === 'action') state.turn.heroes[hero.seat]!.actionUsed = true;
}

/**
 * Attack: the difficulty is the Enemy's Defense (in a Brawl, its Attack,
 * and the roll is Dangerous). Range gives the weapon's modifier, cover
 * takes dice, Full Auto adds one and empties the mag. Shooting into a
 * Melee with friends is a Gamble at their expense; an explosive is always
 * a Gamble for the thrower and the friends around the target.
 */
export function attack(
  state: FightState,
  hero: Hero,
  action: Of<'attack'>,
  events: EventLog,
): Refusal | null {
  const problem =
    checkActionRoll(state, hero) ?? checkBoosts(hero, action, { fullAuto: action.fullAuto });
  if (problem) return problem;
  const enemy = findEnemy(state, action.enemy);
  if (enemy === undefined) return refusal('unknown-enemy', `there is no Enemy "${action.enemy}"`);
  if (enemy.defeated) return refusal('enemy-defeated', `${enemy.name} is already defeated`);
  const weapon = hero.weapons[action.weapon];
  if (weapon === undefined)
    return refusal('unknown-weapon', `${hero.name} has no weapon number ${action.weapon}`);
  const band = hero.ranges[enemy.id]!;
  const modifier = rangeModifier(weapon.kind, band);
  if (modifier === null)
    return refusal('out-of-reach', `the ${weapon.name} cannot hit ${enemy.name} at ${band} range`);
  const empty = checkCanShoot(hero, weapon);
  if (empty) return empty;
  if (action.fullAuto && !isFirearm(weapon.kind))
    return refusal(
      'no-full-auto',
      `the ${weapon.name} cannot go Full Auto: only firearms empty a mag on purpose`,
    );

  markActionUsed(state, hero);
  payBoosts(hero, action);
  const bonuses = Math.max(0, modifier.dice) + (action.fullAuto ? 1 : 0) + boostDice(action);
  const penalties = Math.max(0, -modifier.dice) + actionPenalty(hero.cover);
  const brawl = state.rules.mode === 'brawl';
  const explosive = isExplosive(weapon.kind);
  const endangered = usesMags(weapon.kind)
    ? friendsInMelee(state.heroes, hero, enemy).map((friend) => friend.seat)
    : [];
  startRoll(
    state,
    hero,
    {
      attribute: action.attribute,
      skill: action.skill,
      pool: heroPool(hero, action.attribute, action.skill, { bonuses, penalties }),
      difficulty: brawl ? enemy.attack : { tier: enemy.defense, double: false },
      dangerous: brawl,
      purpose: {
        type: 'attack',
        enemy: enemy.id,
        weapon: action.weapon,
        fullAuto: action.fullAuto,
      },
      spotlight: action.spotlight,
      gamble: { self: explosive || action.allOut, friends: endangered },
    },
    events,
    `to attack ${enemy.name} with the ${weapon.name}${action.fullAuto ? ' on Full Auto' : ''}${action.allOut ? ', going all out' : ''}`,
  );
  if (action.fullAuto) emptyMag(hero, weapon, events, 'Full Auto');
  return null;
}

/** Covering Fire: the whole turn and a mag, no roll; friends (not the shooter) get +1 on their next reaction. */
export function coveringFire(
  state: FightState,
  hero: Hero,
  action: Of<'covering-fire'>,
  events: EventLog,
): Refusal | null {
  const problem = checkActionRoll(state, hero);
  if (problem) return problem;
  if (state.rules.mode === 'brawl')
    return refusal('no-reactions', 'a Brawl has no Reaction Turns for Covering Fire to help');
  const weapon = hero.weapons[action.weapon];
  if (weapon === undefined || !isFirearm(weapon.kind))
    return refusal('unknown-weapon', 'Covering Fire needs a firearm');
  const empty = checkCanShoot(hero, weapon);
  if (empty) return empty;
  markActionUsed(state, hero);
  say(events, 'covering-fire', `${hero.name} lays down Covering Fire with the ${weapon.name}`, {
    hero: hero.seat,
  });
  emptyMag(hero, weapon, events, 'Covering Fire');
  for (const friend of state.heroes) {
    if (friend !== hero && friend.status === 'fighting') friend.coveringFire++;
  }
  return null;
}

/** Any other complex action: the Director sets its difficulty (a step), then the Hero rolls. */
export function collateralAction(
  state: FightState,
  hero: Hero,
  action: Of<'collateral-action'>,
  events: EventLog,
): Refusal | null {
  const problem = checkActionRoll(state, hero) ?? checkBoosts(hero, action);
  if (problem) return problem;
  markActionUsed(state, hero);
  payBoosts(hero, action);
  state.steps.push({
    kind: 'set-difficulty',
    hero: hero.seat,
    attribute: action.attribute,
    skill: action.skill,
    boosts: { adrenaline: action.adrenaline, allOut: action.allOut, spotlight: action.spotlight },
  });
  say(
    events,
    'collateral-action',
    `${hero.name} tries something with ${action.attribute}+${action.skill}; the Director sets the difficulty`,
    {
      hero: hero.seat,
    },
  );
  return null;
}

export function setDifficulty(
  state: FightState,
  action: Of<'set-difficulty'>,
  events: EventLog,
): Refusal | null {
  const step = topStep(state);
  if (step?.kind !== 'set-difficulty')
    return refusal('not-now', 'no action waits for a difficulty');
  if (action.double && action.tier === 'impossible')
    return refusal('bad-difficulty', 'there is no double Impossible');
  const hero = findHero(state, step.hero)!;
  state.steps.pop();
  startRoll(
    state,
    hero,
    {
      attribute: step.attribute,
      skill: step.skill,
      pool: heroPool(hero, step.attribute, step.skill, {
        bonuses: boostDice(step.boosts),
        penalties: actionPenalty(hero.cover),
      }),
      difficulty: { tier: action.tier, double: action.double },
      dangerous: false,
      purpose: { type: 'collateral' },
      spotlight: step.boosts.spotlight,
      gamble: { self: step.boosts.allOut, friends: [] },
    },
    events,
    `for a collateral action${step.boosts.allOut ? ', going all out' : ''}`,
  );
  return null;
}

export function endTurn(state: FightState, hero: Hero, events: EventLog): Refusal | null {
  const own = heroActionTurn(state, hero);
  if (own === undefined || topStep(state) !== undefined)
    return refusal('not-now', `${hero.name} has no turn to end now`);
  own.done = true;
  lapseExtraActions(hero);
  say(events, 'end-turn', `${hero.name} ends the turn`, { hero: hero.seat });
  return null;
}

/** A Hero with nothing left to do is done without asking. */
export function closeFinishedTurns(state: FightState): void {
  if (state.turn.kind !== 'action') return;
  for (const hero of state.heroes) {
    const own = state.turn.heroes[hero.seat];
    if (own === undefined || own.done) continue;
    const nothingLeft = own.actionUsed && !own.freeQuick && extraActionsLeft(hero) === 0;
    if (hero.status !== 'fighting' || nothingLeft) own.done = true;
  }
}
