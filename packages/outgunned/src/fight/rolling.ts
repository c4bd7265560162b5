import {
  type Difficulty,
  describeDifficulty,
  meetsDifficulty,
  unitsNeeded,
} from '../dice/difficulty.js';
import { clampPool } from '../dice/pool.js';
import { applyReroll, newRoll, type RerollKind } from '../dice/reroll.js';
import { dieSource, rollDice } from '../dice/roll.js';
import { describeSets, unitsOf } from '../dice/successes.js';
import { spotlightDice } from './adrenaline-and-spotlight.js';
import { type EventLog, say } from './events.js';
import { type Attribute, conditionOfAttribute, type Hero, isBroken, type Skill } from './heroes.js';
import type { FightState, Gamble, RollInProgress, RollPurpose } from './state.js';

export interface PoolModifiers {
  /** Bonus dice (weapon, Full Auto, Partial Cover on reactions, Covering Fire, Adrenaline). */
  bonuses: number;
  /** Penalty dice (weapon, cover on actions). Conditions are added here. */
  penalties: number;
}

/** Conditions: -1 for the one matching the Attribute, -1 more when Broken. */
export function conditionPenalty(hero: Hero, attribute: Attribute): number {
  let penalty = hero.conditions.includes(conditionOfAttribute[attribute]) ? 1 : 0;
  if (isBroken(hero)) penalty++;
  return penalty;
}

export function heroPool(
  hero: Hero,
  attribute: Attribute,
  skill: Skill,
  modifiers: PoolModifiers,
): number {
  const dice =
    hero.attributes[attribute] +
    hero.skills[skill] +
    modifiers.bonuses -
    modifiers.penalties -
    conditionPenalty(hero, attribute);
  return clampPool(dice);
}

/** What a roll is, before its dice are thrown. */
export interface RollSetup {
  attribute: Attribute;
  skill: Skill;
  pool: number;
  difficulty: Difficulty;
  dangerous: boolean;
  purpose: RollPurpose;
  /** A Spotlight spent instead of the dice. */
  spotlight: boolean;
  gamble: Gamble;
}

/** Throws the dice of a roll (none for a Spotlight) and puts it on the stack, where the Hero decides on re-rolls. */
export function startRoll(
  state: FightState,
  hero: Hero,
  setup: RollSetup,
  events: EventLog,
  what: string,
): void {
  const dice = setup.spotlight ? [...spotlightDice] : rollDice(setup.pool, dieSource(state));
  const rolling: RollInProgress = {
    hero: hero.seat,
    ...setup,
    pool: dice.length,
    roll: newRoll(dice),
  };
  state.steps.push({ kind: 'roll', rolling });
  const roll = `${capitalized(setup.attribute)}+${capitalized(setup.skill)}`;
  const against = `against ${describeDifficulty(setup.difficulty)}${setup.dangerous ? ' (Dangerous)' : ''}`;
  const gamble = setup.gamble.self ? ', a Gamble' : '';
  say(
    events,
    'roll',
    setup.spotlight
      ? `${hero.name} spends a Spotlight ${what} ${against}: an automatic Extreme success`
      : `${hero.name} rolls ${roll} (${setup.pool} dice${gamble}) ${what} ${against}: ${dice.join(' ')} - ${describeSets(dice)}`,
    {
      hero: hero.seat,
      dice,
      pool: dice.length,
      difficulty: setup.difficulty,
      spotlight: setup.spotlight,
    },
  );
}

export function applyRerollStep(
  state: FightState,
  hero: Hero,
  rolling: RollInProgress,
  kind: RerollKind,
  events: EventLog,
): void {
  if (kind === 'free-reroll') hero.freeRerolls--;
  const better = applyReroll(rolling.roll, kind, dieSource(state));
  const name = kind === 'reroll' ? 'Re-roll' : kind === 'free-reroll' ? 'Free Re-roll' : 'All In';
  const lost =
    better || kind === 'free-reroll'
      ? ''
      : kind === 'reroll'
        ? ': not better, a success is lost'
        : ': not better, every success is lost';
  say(
    events,
    'reroll',
    `${hero.name} goes ${name}: ${rolling.roll.dice.join(' ')} - ${describeSets(rolling.roll.dice)}${lost}`,
    { hero: hero.seat, kind, dice: [...rolling.roll.dice], better },
  );
}

export function rollSucceeded(state: FightState, rolling: RollInProgress): boolean {
  return meetsDifficulty(rolling.roll.dice, rolling.difficulty, state.rules);
}

/** Units beyond what the difficulty needed: what extra successes are made of. */
export function extraUnits(rolling: RollInProgress): number {
  return Math.max(0, unitsOf(rolling.roll.dice) - unitsNeeded(rolling.difficulty));
}

export function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
