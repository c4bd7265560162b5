import { meetsDifficulty } from '../dice/difficulty.js';
import { rerollsAllowed } from '../dice/reroll.js';
import type { FightAction } from '../fight/actions.js';
import { actionPenalty } from '../fight/cover.js';
import { allocationCandidates } from '../fight/extra-successes.js';
import { type Attribute, gritBoxes, type Hero } from '../fight/heroes.js';
import { spareMagsCap } from '../fight/mags.js';
import { beyondReach } from '../fight/reaction-turn.js';
import { heroPool } from '../fight/rolling.js';
import { directorSeat, findHero, topStep } from '../fight/state.js';
import type { EnemyView, FightSight } from '../fight/view.js';
import { rangeModifier, usesMags, usualSkill } from '../fight/weapons.js';
import { answerFrom, type FightBot } from './bot.js';

/**
 * A plain, sensible player for every seat, for simulations: the Heroes
 * reload, close in, attack with their biggest pool, re-roll failures,
 * spend extras the usual way (protect, then hurt) and save friends with a
 * Spotlight; the Director rolls a die for each reaction, sets Basic
 * difficulties and rules no Bad Luck. Like the fan toolkits it is measured
 * against, it never goes Full Auto, lays down Covering Fire or takes Total
 * Cover. It goes by the seat's sight alone (never an Enemy's hidden Grit),
 * so it reads a seat's view as readily as a re-dealt state inside a search.
 */
export function sensibleFightChoice(sight: FightSight, seat: string): FightAction | null {
  return seat === directorSeat ? directorChoice(sight) : heroChoice(sight, seat);
}

/**
 * The sensible player as the engine's bot: its plan from the seat's view.
 * Every plan it makes is one the rules accept (its tests play every
 * example scene through), so it lists the legal actions, which costs more
 * than the plan, only where it has none.
 */
export const sensibleFightBot: FightBot = {
  name: 'sensible',
  choose: (input) => sensibleFightChoice(input.view, input.seat) ?? answerFrom(input, null),
};

function directorChoice(state: FightSight): FightAction | null {
  const step = topStep(state);
  switch (step?.kind) {
    case 'set-difficulty':
      return { type: 'set-difficulty', tier: 'basic', double: false };
    case 'bad-luck':
      return { type: 'bad-luck', mags: 0 };
    case 'declare-reaction': {
      const enemy = state.enemies.find((one) => one.id === step.enemy)!;
      const outOfReach = state.heroes
        .filter((hero) => hero.status === 'fighting' && beyondReach(hero, enemy))
        .map((hero) => hero.seat);
      return outOfReach.length > 0
        ? { type: 'declare-reaction', reaction: 'random', autoPass: outOfReach }
        : { type: 'declare-reaction', reaction: 'random' };
    }
    default:
      return null;
  }
}

const plain = { adrenaline: 0, allOut: false, spotlight: false };

function heroChoice(state: FightSight, seat: string): FightAction | null {
  const hero = findHero(state, seat);
  if (hero === undefined) return null;
  const step = topStep(state);
  if (step?.kind === 'roll' && step.rolling.hero === seat) {
    if (meetsDifficulty(step.rolling.roll.dice, step.rolling.difficulty, state.rules))
      return { type: 'keep-roll' };
    const allowed = rerollsAllowed(step.rolling.roll, hero.freeRerolls);
    for (const kind of ['free-reroll', 'reroll', 'all-in'] as const)
      if (allowed.includes(kind)) return { type: 'reroll', kind };
    return { type: 'keep-roll' };
  }
  if (step?.kind === 'spend-extras' && step.hero === seat)
    return step.spent ? { type: 'stop-spending' } : allocationCandidates(state, step)[0]!;
  if (step?.kind === 'save-from-death') return { type: 'spend-spotlight' };
  if (step !== undefined) return null;
  if (state.turn.kind === 'reaction') {
    // Near the end of the track, a Spotlight's automatic Extreme beats any roll.
    if (hero.grit >= gritBoxes - 3 && hero.spotlight > 1)
      return { type: 'roll-reaction', ...plain, spotlight: true };
    return { type: 'roll-reaction', ...plain, adrenaline: hero.adrenaline > 1 ? 1 : 0 };
  }
  return actionTurnChoice(state, hero);
}

interface AttackPlan {
  enemy: EnemyView;
  weapon: number;
  attribute: Attribute;
  pool: number;
}

/** The attack with the biggest pool the Hero can make now, if any. */
function bestAttack(state: FightSight, hero: Hero): AttackPlan | null {
  let best: AttackPlan | null = null;
  for (const enemy of state.enemies) {
    if (enemy.defeated) continue;
    hero.weapons.forEach((weapon, index) => {
      const modifier = rangeModifier(weapon.kind, hero.ranges[enemy.id]!);
      if (modifier === null || (usesMags(weapon.kind) && !weapon.loaded)) return;
      const skill = usualSkill(weapon.kind);
      const attribute: Attribute = skill === 'shoot' ? 'nerves' : 'brawn';
      const pool = heroPool(hero, attribute, skill, {
        bonuses: Math.max(0, modifier.dice),
        penalties: Math.max(0, -modifier.dice) + actionPenalty(hero.cover),
      });
      if (best === null || pool > best.pool) best = { enemy, weapon: index, attribute, pool };
    });
  }
  return best;
}

/** A Quick Action worth taking: reload, take mags from the fallen, leave Total Cover, close into Melee. */
function usefulQuickAction(state: FightSight, hero: Hero): FightAction | null {
  const empty = hero.weapons.findIndex(
    (weapon) => usesMags(weapon.kind) && !weapon.loaded && (hero.mags[weapon.kind] ?? 0) > 0,
  );
  if (empty >= 0) return { type: 'quick-action', kind: 'reload', weapon: empty };
  for (const enemy of state.enemies) {
    const band = hero.ranges[enemy.id];
    if (!enemy.defeated || enemy.magsTaken || (band !== 'melee' && band !== 'close')) continue;
    const weapon = hero.weapons.findIndex(
      (one) => usesMags(one.kind) && (hero.mags[one.kind] ?? 0) < spareMagsCap(hero, one.kind),
    );
    if (weapon >= 0) return { type: 'quick-action', kind: 'take-mags', enemy: enemy.id, weapon };
  }
  if (hero.cover === 'total') return { type: 'quick-action', kind: 'leave-cover' };
  if (bestAttack(state, hero) === null) {
    const closeEnemy = state.enemies.find(
      (enemy) => !enemy.defeated && hero.ranges[enemy.id] === 'close',
    );
    if (closeEnemy) return { type: 'quick-action', kind: 'approach', enemy: closeEnemy.id };
  }
  return null;
}

function actionTurnChoice(state: FightSight, hero: Hero): FightAction {
  if (state.turn.kind !== 'action') return { type: 'end-turn' };
  const own = state.turn.heroes[hero.seat];
  if (own === undefined || own.done) return { type: 'end-turn' };
  if (own.freeQuick || hero.extraActions.quick > 0) {
    const quick = usefulQuickAction(state, hero);
    if (quick) return quick;
  }
  if (!own.actionUsed) {
    const plan = bestAttack(state, hero);
    if (plan !== null) {
      return {
        type: 'attack',
        enemy: plan.enemy.id,
        weapon: plan.weapon,
        attribute: plan.attribute,
        skill: usualSkill(hero.weapons[plan.weapon]!.kind),
        fullAuto: false,
        ...plain,
        adrenaline: hero.adrenaline > 2 ? 1 : 0,
      };
    }
    // Nothing to hit from here: spend the turn closing in on the nearest standing Enemy.
    const nearest = state.enemies
      .filter((enemy) => !enemy.defeated && hero.ranges[enemy.id] !== 'melee')
      .sort((left, right) => bandOrder(hero, left) - bandOrder(hero, right))[0];
    if (nearest) return { type: 'full-action', kind: 'approach', enemy: nearest.id };
  }
  return { type: 'end-turn' };
}

function bandOrder(hero: Hero, enemy: EnemyView): number {
  return ['melee', 'close', 'medium', 'long', 'out-of-range'].indexOf(hero.ranges[enemy.id]!);
}
