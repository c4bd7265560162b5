import { type GritLoss, gritLostFromUnits } from '../dice/damage-control.js';
import { meetsDifficulty, successesAtTier, unitsFromImpossibleSets } from '../dice/difficulty.js';
import { applyReroll, newRoll, rerollsAllowed } from '../dice/reroll.js';
import { unitsOf } from '../dice/successes.js';
import { actionPenalty } from '../fight/cover.js';
import { conditionFor } from '../fight/grit.js';
import {
  type Attribute,
  attributes,
  badBox,
  gritBoxes,
  type Hero,
  type Skill,
  skills,
} from '../fight/heroes.js';
import { heroPool } from '../fight/rolling.js';
import type { FightState } from '../fight/state.js';
import { rangeModifier } from '../fight/weapons.js';
import { everyThrow } from './advisor.js';
import type { RerollPolicy } from './policies.js';

/**
 * The odds that a party beats an Enemy in a Brawl, exact: a Markov chain
 * over the Grit tracks (with each Hero's Conditions, Death Roulette bullets
 * and Free Re-rolls left), pushed forward one Hero's roll at a time until the
 * Enemy is defeated, every Hero is Left for Dead, or the rounds run out.
 *
 * The policy: every fighting Hero, in seat order, attacks the Enemy with
 * their first weapon, rolling the Attribute and Skill that make the biggest
 * pool before the fight; re-rolls follow the re-roll policy; no Adrenaline,
 * Spotlight, going all out or extra actions; at a Death Roulette friends
 * let fate decide; the Director spends nothing.
 */
export interface BrawlOdds {
  policy: RerollPolicy;
  p_heroes_win: number;
  p_enemies_win: number;
  p_interrupted: number;
  /** The round in which the fight ends, with its chance (interrupted fights not counted). */
  rounds: { round: number; p: number }[];
  /** Chain states visited, a measure of the work. */
  states: number;
}

interface HeroTrack {
  grit: number;
  bullets: number;
  conditions: string[];
  free: number;
  fighting: boolean;
}

interface ChainState {
  enemyLost: number;
  heroes: HeroTrack[];
}

interface RollResult {
  dice: number[];
  usedFree: boolean;
  p: number;
}

/** What a roll does to the tracks: the blows it lands, the Grit it costs, a Free Re-roll spent. */
interface Effect {
  blows: number;
  loss: GritLoss;
  usedFree: boolean;
  p: number;
}

function effectsOf(results: readonly RollResult[], state: FightState): Effect[] {
  const enemy = state.enemies[0]!;
  const wanted = enemy.attack.double ? 2 : 1;
  const merged = new Map<string, Effect>();
  for (const result of results) {
    const blows = Math.min(successesAtTier(result.dice, enemy.attack.tier, state.rules), wanted);
    const loss = gritLostFromUnits(
      unitsOf(result.dice),
      unitsFromImpossibleSets(result.dice),
      enemy.attack,
      state.rules,
    );
    const key = `${blows}/${loss}/${result.usedFree}`;
    const found = merged.get(key);
    if (found) found.p += result.p;
    else merged.set(key, { blows, loss, usedFree: result.usedFree, p: result.p });
  }
  return [...merged.values()];
}

/** Every final roll of a pool under the policy, played through the real re-roll rules. */
function rollsUnderPolicy(
  pool: number,
  state: FightState,
  policy: RerollPolicy,
  freeLeft: number,
): RollResult[] {
  const enemy = state.enemies[0]!;
  const results: RollResult[] = [];
  const short = (dice: readonly number[]) => !meetsDifficulty(dice, enemy.attack, state.rules);
  for (const first of everyThrow(pool)) {
    const roll = newRoll(first.faces);
    if (policy === 'none' || !short(roll.dice)) {
      results.push({ dice: roll.dice, usedFree: false, p: first.p });
      continue;
    }
    const kind = policy === 'free' ? 'free-reroll' : 'reroll';
    if (!rerollsAllowed(roll, policy === 'free' ? freeLeft : 0).includes(kind)) {
      results.push({ dice: roll.dice, usedFree: false, p: first.p });
      continue;
    }
    for (const second of everyThrow(roll.dice.length - keptCount(roll.dice))) {
      const after = { ...roll, dice: [...roll.dice], setAside: [] };
      let next = 0;
      applyReroll(after, kind, () => second.faces[next++]!);
      const p = first.p * second.p;
      if (policy === 'allin' && short(after.dice) && rerollsAllowed(after, 0).includes('all-in')) {
        for (const third of everyThrow(after.dice.length - keptCount(after.dice))) {
          const last = { ...after, dice: [...after.dice], setAside: [...after.setAside] };
          let index = 0;
          applyReroll(last, 'all-in', () => third.faces[index++]!);
          results.push({ dice: last.dice, usedFree: false, p: p * third.p });
        }
      } else {
        results.push({ dice: after.dice, usedFree: kind === 'free-reroll', p });
      }
    }
  }
  return results;
}

function keptCount(dice: readonly number[]): number {
  return dice.filter((die) => dice.indexOf(die) !== dice.lastIndexOf(die)).length;
}

function keyOf(chain: ChainState): string {
  return `${chain.enemyLost}|${chain.heroes
    .map(
      (hero) =>
        `${hero.grit},${hero.bullets},${hero.conditions.join('+')},${hero.free},${hero.fighting}`,
    )
    .join('|')}`;
}

/** The Attribute and Skill making the biggest pool before the fight (ties: the first listed). */
function bestPair(hero: Hero): { attribute: Attribute; skill: Skill } {
  let best = { attribute: attributes[0] as Attribute, skill: skills[0] as Skill, dice: -1 };
  for (const attribute of attributes)
    for (const skill of skills) {
      const dice = hero.attributes[attribute] + hero.skills[skill];
      if (dice > best.dice) best = { attribute, skill, dice };
    }
  return best;
}

/** The checks the chain relies on; anything else is refused with the reason. */
function checkBrawl(state: FightState): void {
  if (state.rules.mode !== 'brawl') throw new RangeError('the exact chain covers Brawls only');
  if (
    state.turn.kind !== 'action' ||
    Object.values(state.turn.heroes).some((own) => own.actionUsed) ||
    state.steps.length > 0
  )
    throw new RangeError('the exact chain starts at an Action Turn before anyone has rolled');
  if (state.enemies.length !== 1)
    throw new RangeError('the exact chain covers one Enemy (a group shares one Grit track)');
  if (state.rules.jackpot !== 'narrative')
    throw new RangeError('the exact chain counts a Jackpot as its units (jackpot "narrative")');
  for (const hero of state.heroes) {
    const weapon = hero.weapons[0];
    if (weapon === undefined) throw new RangeError(`${hero.name} has no weapon`);
    if (rangeModifier(weapon.kind, hero.ranges[state.enemies[0]!.id]!) === null)
      throw new RangeError(`${hero.name}'s ${weapon.name} cannot reach the Enemy`);
    if (weapon.kind !== 'unarmed' && weapon.kind !== 'melee-weapon')
      throw new RangeError(`${hero.name}'s ${weapon.name} is not a melee weapon: a Brawl has none`);
  }
}

/** Exact odds of a Brawl from its state before the first roll. */
export function brawlOdds(state: FightState, policy: RerollPolicy): BrawlOdds {
  checkBrawl(state);
  const enemy = state.enemies[0]!;
  const plans = state.heroes.map((hero) => {
    const pair = bestPair(hero);
    const modifier = rangeModifier(hero.weapons[0]!.kind, hero.ranges[enemy.id]!)!;
    return {
      ...pair,
      bonuses: Math.max(0, modifier.dice),
      penalties: Math.max(0, -modifier.dice) + actionPenalty(hero.cover),
    };
  });
  const rollMemo = new Map<string, Effect[]>();
  let distribution = new Map<string, { chain: ChainState; p: number }>();
  const start: ChainState = {
    enemyLost: enemy.lost,
    heroes: state.heroes.map((hero) => ({
      grit: hero.grit,
      bullets: hero.lethalBullets,
      conditions: [...hero.conditions],
      free: hero.freeRerolls,
      fighting: hero.status === 'fighting',
    })),
  };
  distribution.set(keyOf(start), { chain: start, p: 1 });
  let win = 0;
  let lose = 0;
  let states = 0;
  const rounds = new Map<number, number>();
  const add = (into: typeof distribution, chain: ChainState, p: number) => {
    const key = keyOf(chain);
    const found = into.get(key);
    if (found) found.p += p;
    else into.set(key, { chain, p });
  };
  // The ruleset opens the first Action Turn at setup: the chain starts at the turn not yet played.
  for (let round = Math.max(1, state.round); round <= state.rules.maxRounds; round++) {
    for (let index = 0; index < state.heroes.length; index++) {
      const next = new Map<string, { chain: ChainState; p: number }>();
      for (const { chain, p } of distribution.values()) {
        states++;
        const track = chain.heroes[index]!;
        if (!track.fighting) {
          add(next, chain, p);
          continue;
        }
        const hero = state.heroes[index]!;
        const plan = plans[index]!;
        const pool = heroPool(
          { ...hero, conditions: track.conditions as Hero['conditions'] },
          plan.attribute,
          plan.skill,
          plan,
        );
        const memoKey = `${pool}|${track.free > 0}`;
        let results = rollMemo.get(memoKey);
        if (!results) {
          results = effectsOf(rollsUnderPolicy(pool, state, policy, track.free), state);
          rollMemo.set(memoKey, results);
        }
        for (const result of results) {
          const q = p * result.p;
          const enemyLost = Math.min(enemy.grit, chain.enemyLost + result.blows);
          if (enemyLost >= enemy.grit) {
            win += q;
            rounds.set(round, (rounds.get(round) ?? 0) + q);
            continue;
          }
          const after = { ...track, free: track.free - (result.usedFree ? 1 : 0) };
          for (const outcome of sufferLoss(hero, after, result.loss, plan.attribute)) {
            const heroes = chain.heroes.map((other, at) => (at === index ? outcome.track : other));
            if (heroes.every((other) => !other.fighting)) {
              lose += q * outcome.p;
              rounds.set(round, (rounds.get(round) ?? 0) + q * outcome.p);
              continue;
            }
            add(next, { enemyLost, heroes }, q * outcome.p);
          }
        }
      }
      distribution = next;
    }
  }
  let interrupted = 0;
  for (const { p } of distribution.values()) interrupted += p;
  const clamp = (p: number) => Math.min(1, Math.max(0, p));
  return {
    policy,
    p_heroes_win: clamp(win),
    p_enemies_win: clamp(lose),
    p_interrupted: clamp(interrupted),
    rounds: [...rounds.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([round, p]) => ({ round, p: clamp(p) })),
    states,
  };
}

/** Grit lost as the fight's heroLosesGrit fills it: the bad box's Condition, the Death Roulette. */
function sufferLoss(
  hero: Hero,
  track: HeroTrack,
  loss: GritLoss,
  attribute: Attribute,
): { track: HeroTrack; p: number }[] {
  if (loss === 0) return [{ track, p: 1 }];
  const boxes = loss === 'all' ? Math.max(gritBoxes - track.grit, 1) : loss;
  const before = track.grit;
  const grit = Math.min(gritBoxes, before + boxes);
  let conditions = track.conditions;
  if (before < badBox && grit >= badBox) {
    const condition = conditionFor(
      { ...hero, conditions: track.conditions as Hero['conditions'] },
      attribute,
    );
    if (condition !== null) conditions = [...conditions, condition];
  }
  const filled = { ...track, grit, conditions };
  if (before + boxes <= gritBoxes) return [{ track: filled, p: 1 }];
  // The Death Roulette: a die above the bullets survives and adds one.
  const survive = (6 - Math.min(6, track.bullets)) / 6;
  const outcomes: { track: HeroTrack; p: number }[] = [];
  if (survive > 0)
    outcomes.push({
      track: { ...filled, bullets: Math.min(6, track.bullets + 1) },
      p: survive,
    });
  if (survive < 1) outcomes.push({ track: { ...filled, fighting: false }, p: 1 - survive });
  return outcomes;
}
