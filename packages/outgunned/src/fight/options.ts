import { type GeneratorKind, seedRandom } from '@tabletop/engine';
import { z } from 'zod';
import { difficultyTiers } from '../dice/difficulty.js';
import { type Enemy, enemyTemplateNames, enemyTemplates } from './enemies.js';
import {
  attributes,
  type Condition,
  conditions,
  coverKinds,
  gritBoxes,
  type Hero,
  maxAdrenaline,
  maxSpotlight,
  rangeBands,
  skills,
  weaponKinds,
} from './heroes.js';
import { type FightState, heroSeat } from './state.js';
import { usesMags } from './weapons.js';

const difficultySchema = z
  .object({ tier: z.enum(difficultyTiers), double: z.boolean().default(false) })
  .strict()
  .refine((difficulty) => !(difficulty.double && difficulty.tier === 'impossible'), {
    message: 'there is no double Impossible',
  });

const weaponSchema = z
  .object({
    name: z.string().min(1).max(60),
    kind: z.enum(weaponKinds),
    loaded: z.boolean().default(true),
  })
  .strict();

const attributeValues = z.object(
  Object.fromEntries(
    attributes.map((name) => [name, z.number().int().min(0).max(5).default(1)]),
  ) as {
    [K in (typeof attributes)[number]]: z.ZodDefault<z.ZodNumber>;
  },
);

const skillValues = z.object(
  Object.fromEntries(skills.map((name) => [name, z.number().int().min(0).max(5).default(0)])) as {
    [K in (typeof skills)[number]]: z.ZodDefault<z.ZodNumber>;
  },
);

const heroSchema = z
  .object({
    name: z.string().min(1).max(60),
    attributes: attributeValues.strict().default(attributeValues.parse({})),
    skills: skillValues.strict().default(skillValues.parse({})),
    grit: z.number().int().min(0).max(gritBoxes).default(0),
    adrenaline: z.number().int().min(0).max(maxAdrenaline).default(1),
    spotlight: z.number().int().min(0).max(maxSpotlight).default(1),
    conditions: z.array(z.enum(conditions)).max(conditions.length).default([]),
    /** Bullets in the Death Roulette drum; one to start with (a choice: the sheet is silent). */
    lethalBullets: z.number().int().min(0).max(6).default(1),
    weapons: z.array(weaponSchema).max(6).default([]),
    mags: z.partialRecord(z.enum(weaponKinds), z.number().int().min(0).max(18)).default({}),
    freeRerolls: z.number().int().min(0).max(9).default(0),
    cover: z.enum(coverKinds).default('none'),
    range: z.enum(rangeBands).default('medium'),
  })
  .strict();

const enemySchema = z
  .object({
    template: z.enum(enemyTemplateNames as [string, ...string[]]).optional(),
    name: z.string().min(1).max(60).optional(),
    grit: z.number().int().min(1).max(60).optional(),
    hotBoxes: z.array(z.number().int().min(1).max(60)).optional(),
    attack: difficultySchema.optional(),
    /** Enemy Defense is a single tier in every template; a double Defense is not supported. */
    defense: z.enum(difficultyTiers).optional(),
    reach: z.enum(rangeBands).default('long'),
  })
  .strict()
  .refine(
    (enemy) => enemy.template !== undefined || (enemy.grit && enemy.attack && enemy.defense),
    {
      message: 'a custom Enemy needs grit, attack and defense (or name a template)',
    },
  );

/** The built-in fight: two Heroes against Goons 2, the Heroes at Close range. */
export const builtInHeroes = [
  {
    name: 'Rosa Vega',
    attributes: { brawn: 3, nerves: 2, smooth: 2, focus: 1, crime: 2 },
    skills: { fight: 2, shoot: 2, stunt: 2, force: 1, endure: 1, awareness: 1, stealth: 1 },
    weapons: [
      { name: 'fists', kind: 'unarmed' as const },
      { name: 'revolver', kind: 'pistol' as const },
    ],
    mags: { pistol: 2 },
    range: 'close' as const,
  },
  {
    name: 'Jack Ironside',
    attributes: { brawn: 2, nerves: 3, smooth: 1, focus: 2, crime: 1 },
    skills: { shoot: 3, fight: 1, stunt: 1, force: 2, endure: 2, cool: 2, awareness: 2 },
    weapons: [
      { name: 'fists', kind: 'unarmed' as const },
      { name: 'pump shotgun', kind: 'shotgun' as const },
    ],
    mags: { shotgun: 1 },
    freeRerolls: 1,
    range: 'close' as const,
  },
];

export const fightOptionsSchema = z
  .object({
    mode: z.enum(['combat', 'brawl']).default('combat'),
    /** Who starts: the side that attacks or ambushes first; a coin flip when unclear. */
    starts: z.enum(['heroes', 'enemies', 'coin-flip']).default('heroes'),
    heroes: z
      .array(heroSchema)
      .min(1)
      .max(6)
      .prefault(builtInHeroes as never),
    enemies: z
      .array(enemySchema)
      .min(1)
      .max(6)
      .prefault([{ template: 'goons-2' }] as never),
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

function enemyId(index: number): string {
  return `enemy-${index + 1}`;
}

function buildEnemy(setup: FightOptions['enemies'][number], index: number): Enemy {
  const template = setup.template
    ? enemyTemplates[setup.template as keyof typeof enemyTemplates]
    : undefined;
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
  };
}

function titleOf(template: string): string {
  return template
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function buildHero(setup: FightOptions['heroes'][number], index: number, enemies: Enemy[]): Hero {
  return {
    seat: heroSeat(index),
    name: setup.name,
    attributes: { ...setup.attributes },
    skills: { ...setup.skills },
    grit: setup.grit,
    adrenaline: setup.adrenaline,
    spotlight: setup.spotlight,
    conditions: [...new Set(setup.conditions)] as Condition[],
    lethalBullets: setup.lethalBullets,
    weapons: setup.weapons.map((weapon) => ({
      name: weapon.name,
      kind: weapon.kind,
      loaded: usesMags(weapon.kind) ? weapon.loaded : true,
    })),
    mags: { ...setup.mags },
    freeRerolls: setup.freeRerolls,
    cover: setup.cover,
    ranges: Object.fromEntries(enemies.map((enemy) => [enemy.id, setup.range])),
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
  const enemies = options.enemies.map(buildEnemy);
  return {
    rules: {
      mode: options.mode,
      jackpot: options.jackpot,
      threeExtremesMakeImpossible: options.threeExtremesMakeImpossible,
      hideEnemyGrit: options.hideEnemyGrit,
      maxRounds: options.maxRounds,
    },
    heroes: options.heroes.map((hero, index) => buildHero(hero, index, enemies)),
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
