import { type GeneratorKind, seedRandom } from '@tabletop/engine';
import { z } from 'zod';
import { defaultSceneName, exampleScene } from '../scenes/files.js';
import { type EnemySetup, type HeroSetup, type SceneInput, sceneSchema } from '../scenes/scene.js';
import { type Enemy, enemyTemplates } from './enemies.js';
import type { Hero, RangeBand } from './heroes.js';
import { type FightState, heroSeat } from './state.js';
import { usesMags } from './weapons.js';

/** The fight a match runs when its options name no scene: the first example scene. */
export const builtInScene = exampleScene(defaultSceneName);

/**
 * A fight's options: the scene (plain data, checked here like any scene
 * file, so a match can be created from a scene anywhere), then the rules
 * switches the sources dispute and how the Director runs the table.
 */
export const fightOptionsSchema = z
  .object({
    scene: sceneSchema.prefault(builtInScene),
    jackpot: z.enum(['narrative', 'takes-out']).default('narrative'),
    threeExtremesMakeImpossible: z.boolean().default(false),
    hideEnemyGrit: z.boolean().default(false),
    maxRounds: z.number().int().min(1).max(1000).default(30),
    /** Test-only: dice thrown before the generator, in order, to replay a scene roll by roll. */
    stackedDice: z.array(z.number().int().min(1).max(6)).max(10_000).default([]),
  })
  .strict();

export type FightOptions = z.infer<typeof fightOptionsSchema>;
export type FightOptionsInput = z.input<typeof fightOptionsSchema>;

/**
 * A fight described in one flat object, for scene tests: the scene's
 * fields and the rules switches side by side, the built-in Heroes and
 * Enemies where none are given.
 */
export type FightSetupInput = Partial<SceneInput> & Omit<FightOptionsInput, 'scene'>;

export function optionsFromSetup(setup: FightSetupInput): FightOptionsInput {
  const { name, description, mode, starts, range, heroes, enemies, mags, ...rules } = setup;
  return {
    ...rules,
    scene: {
      name: name ?? 'test scene',
      description,
      mode,
      starts,
      range: range ?? (heroes === undefined ? builtInScene.range : undefined),
      heroes: heroes ?? builtInScene.heroes,
      enemies: enemies ?? builtInScene.enemies,
      mags,
    },
  };
}

function enemyId(index: number): string {
  return `enemy-${index + 1}`;
}

function buildEnemy(setup: EnemySetup, index: number): Enemy {
  const template = setup.template ? enemyTemplates[setup.template] : undefined;
  const grit = setup.grit ?? template?.grit ?? 6;
  return {
    id: enemyId(index),
    name: setup.name ?? (setup.template ? titleOf(setup.template) : `Enemy ${index + 1}`),
    grit,
    lost: 0,
    hotBoxes: [...(setup.hotBoxes ?? template?.hotBoxes ?? [])].filter((box) => box <= grit),
    attack: { ...(setup.attack ?? template?.attack ?? { tier: 'basic', double: false }) },
    defense: setup.defense ?? template?.defense ?? 'basic',
    reach: setup.reach,
    defeated: false,
    magsTaken: false,
  };
}

function titleOf(template: string): string {
  return template
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function buildHero(setup: HeroSetup, index: number, enemies: Enemy[], range: RangeBand): Hero {
  return {
    seat: heroSeat(index),
    name: setup.name,
    attributes: { ...setup.attributes },
    skills: { ...setup.skills },
    grit: setup.grit,
    adrenaline: setup.adrenaline,
    spotlight: setup.spotlight,
    conditions: [...new Set(setup.conditions)],
    lethalBullets: setup.lethalBullets,
    weapons: setup.weapons.map((weapon) => ({
      name: weapon.name,
      kind: weapon.kind,
      loaded: usesMags(weapon.kind) ? weapon.loaded : true,
    })),
    mags: { ...setup.mags },
    cash: setup.cash,
    freeRerolls: setup.freeRerolls,
    cover: setup.cover,
    ranges: Object.fromEntries(enemies.map((enemy) => [enemy.id, setup.range ?? range])),
    coveringFire: 0,
    extraActions: { quick: 0, full: 0, cool: 0 },
    status: 'fighting',
  };
}

/** The state before anyone acts; the ruleset then opens the first turn. */
export function initialState(
  options: FightOptions,
  seed: string,
  generator?: GeneratorKind,
): FightState {
  const { scene } = options;
  const enemies = scene.enemies.map(buildEnemy);
  return {
    rules: {
      mode: scene.mode,
      jackpot: options.jackpot,
      threeExtremesMakeImpossible: options.threeExtremesMakeImpossible,
      hideEnemyGrit: options.hideEnemyGrit,
      maxRounds: options.maxRounds,
      magsForSale: scene.mags.forSale,
    },
    scene: scene.name,
    heroes: scene.heroes.map((hero, index) => buildHero(hero, index, enemies, scene.range)),
    enemies,
    director: { adrenaline: 0 },
    round: 0,
    turn: { kind: 'action', heroes: {} },
    steps: [],
    outcome: null,
    random: seedRandom(seed, generator),
    stackedDice: [...options.stackedDice],
  };
}
