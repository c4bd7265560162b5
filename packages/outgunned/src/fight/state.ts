import type { RandomState } from '@tabletop/engine';
import type { DiceRules } from '../dice/dice-rules.js';
import type { Difficulty } from '../dice/difficulty.js';
import type { Roll } from '../dice/reroll.js';
import type { RollBoosts } from './actions.js';
import type { Enemy } from './enemies.js';
import type { Attribute, Hero, Skill } from './heroes.js';

export const directorSeat = 'director';

export function heroSeat(index: number): string {
  return `hero-${index + 1}`;
}

/** Rules switches the sources dispute, and how the Director runs this fight. */
export interface FightRules extends DiceRules {
  /** Combat: Action and Reaction Turns. Brawl: Action Turns only, every roll Dangerous. */
  mode: 'combat' | 'brawl';
  /** Jackpot on an attack: "narrative" counts it as its units; "takes-out" defeats the Enemy. */
  jackpot: 'narrative' | 'takes-out';
  /** The Director keeps the Enemies' Grit (and Adrenaline) from the Heroes. */
  hideEnemyGrit: boolean;
  /** The fight is interrupted after this many rounds, so every fight ends. */
  maxRounds: number;
  /** Someone in the scene sells mags: Heroes may pay Cash for them. */
  magsForSale: boolean;
}

/** What an Action Roll is for. */
export type RollPurpose =
  | {
      type: 'attack';
      enemy: string;
      weapon: number;
      fullAuto: boolean;
    }
  | { type: 'collateral' }
  | { type: 'reaction'; enemy: string };

export type AttackPurpose = Extract<RollPurpose, { type: 'attack' }>;

export interface RollInProgress {
  hero: string;
  attribute: Attribute;
  skill: Skill;
  pool: number;
  difficulty: Difficulty;
  dangerous: boolean;
  purpose: RollPurpose;
  roll: Roll;
  /** A Spotlight spent: no dice thrown, an automatic Extreme success. */
  spotlight: boolean;
  /** Who pays for each 1 once the roll is kept: the roller (going all out, explosives) and friends around. */
  gamble: Gamble;
}

export interface Gamble {
  self: boolean;
  friends: string[];
}

/** Steps waiting on a choice, kept on a stack; the top one is asked first. */
export type Step =
  | { kind: 'declare-reaction'; enemy: string }
  | { kind: 'set-difficulty'; hero: string; attribute: Attribute; skill: Skill; boosts: RollBoosts }
  | { kind: 'roll'; rolling: RollInProgress }
  | {
      kind: 'spend-extras';
      hero: string;
      /** Extra units to spend, in Basic units. */
      units: number;
      /** Spent already, in one choice; in a Reaction Turn the actions bought are taken while the step waits. */
      spent: boolean;
      /** Enemy that extras can hurt (damage in an attack, counter in a reaction), if any. */
      enemy: string | null;
      /** "damage" in an attack, "counter" in a reaction, null when extras cannot hurt. */
      hurtAs: 'damage' | 'counter' | null;
      /** In a reaction: extras can protect friends who failed, at the Attack tier. */
      protect: boolean;
    }
  | { kind: 'bad-luck'; hero: string; weapon: number }
  | { kind: 'save-from-death'; hero: string; asked: string[]; passed: string[] };

export interface HeroActionTurn {
  /** The free Quick Action is still there. */
  freeQuick: boolean;
  /** The Action Roll (or the whole turn) is used. */
  actionUsed: boolean;
  done: boolean;
}

export type ReactionPlan = { attribute: Attribute; skill: Skill } | 'auto-pass' | 'total-cover';

export interface ReactionResult {
  units: number;
  impossibleUnits: number;
  /** Successes at the Attack tier given by friends who protected this hero. */
  granted: number;
}

export type Turn =
  | { kind: 'action'; heroes: Record<string, HeroActionTurn> }
  | {
      kind: 'reaction';
      /** Enemy acting now; the ones still to act follow. */
      enemy: string;
      queue: string[];
      plans: Record<string, ReactionPlan> | null;
      results: Record<string, ReactionResult>;
      /** Declaring, rolling, spending extras, then resolved (Grit lost; a Death Roulette may still wait). */
      phase: 'declare' | 'rolling' | 'spending' | 'resolved';
    };

export interface FightState {
  rules: FightRules;
  /** The scene's name. */
  scene: string;
  heroes: Hero[];
  enemies: Enemy[];
  director: { adrenaline: number };
  round: number;
  turn: Turn;
  steps: Step[];
  outcome: 'heroes' | 'enemies' | 'interrupted' | null;
  random: RandomState;
  /** Dice thrown before the generator, in order: for tests that replay a scene. */
  stackedDice: number[];
}

export function findHero(state: { heroes: readonly Hero[] }, seat: string): Hero | undefined {
  return state.heroes.find((hero) => hero.seat === seat);
}

export function findEnemy<Seen extends { id: string }>(
  state: { enemies: readonly Seen[] },
  id: string,
): Seen | undefined {
  return state.enemies.find((enemy) => enemy.id === id);
}

export function topStep(state: { steps: readonly Step[] }): Step | undefined {
  return state.steps[state.steps.length - 1];
}
