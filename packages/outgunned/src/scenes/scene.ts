import { z } from 'zod';
import { difficultyTiers } from '../dice/difficulty.js';
import { type EnemyTemplateName, enemyTemplateNames } from '../fight/enemies.js';
import {
  attributes,
  conditions,
  coverKinds,
  gritBoxes,
  maxAdrenaline,
  maxSpareMagsPerWeapon,
  maxSpotlight,
  rangeBands,
  skills,
  weaponKinds,
} from '../fight/heroes.js';
import { usesMags } from '../fight/weapons.js';

/**
 * A scene: the fight the Director sets up, as plain data. Heroes with what
 * of their sheet matters in a fight, Enemies (a template of the fact sheet
 * by name, or custom numbers), the range band, cover, who starts, combat or
 * Brawl. A scene file is this object as JSON.
 */

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

/**
 * The mags check runs even when other fields of the Hero are wrong, so that
 * every problem is reported at once; it needs only the name, weapons and
 * mags to be readable.
 */
const magsCheckedWhenReadable = {
  when: (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }) =>
    !payload.issues.some((issue) => ['name', 'weapons', 'mags'].includes(String(issue.path?.[0]))),
};

const heroSchema = z
  .object({
    name: z.string().min(1).max(60),
    attributes: attributeValues.strict().default(attributeValues.parse({})),
    skills: skillValues.strict().default(skillValues.parse({})),
    /** Grit boxes already filled (of 12). */
    grit: z.number().int().min(0).max(gritBoxes).default(0),
    adrenaline: z.number().int().min(0).max(maxAdrenaline).default(1),
    spotlight: z.number().int().min(0).max(maxSpotlight).default(1),
    conditions: z.array(z.enum(conditions)).max(conditions.length).default([]),
    /** Bullets in the Death Roulette drum; one to start with (a choice: the sheet is silent). */
    lethalBullets: z.number().int().min(0).max(6).default(1),
    weapons: z.array(weaponSchema).max(6).default([]),
    /** Spare mags by weapon kind (one mag type per weapon type), at most three per weapon. */
    mags: z.partialRecord(z.enum(weaponKinds), z.number().int().min(0)).default({}),
    /** Cash in hand, to pay for mags where the scene sells them. */
    cash: z.number().int().min(0).max(999).default(0),
    /** Free Re-rolls from Feats, for this fight. */
    freeRerolls: z.number().int().min(0).max(9).default(0),
    cover: z.enum(coverKinds).default('none'),
    /** The Hero's band to every Enemy; the scene's `range` when absent. */
    range: z.enum(rangeBands).optional(),
  })
  .strict()
  .superRefine((hero, context) => {
    for (const [kind, count] of Object.entries(hero.mags)) {
      const carried = hero.weapons.filter((weapon) => weapon.kind === kind);
      const path = ['mags', kind];
      if (count === 0) continue;
      if (carried.length === 0 || !usesMags(kind as (typeof weaponKinds)[number])) {
        context.addIssue({
          code: 'custom',
          path,
          message: `${hero.name} carries ${count} spare ${kind} mags but no weapon that takes them`,
        });
        continue;
      }
      const most = maxSpareMagsPerWeapon * carried.length;
      if (count > most) {
        const names = carried.map((weapon) => weapon.name).join(' and ');
        context.addIssue({
          code: 'custom',
          path,
          message: `${hero.name} carries ${count} spare mags for the ${names}: at most ${maxSpareMagsPerWeapon} per weapon (plus one in it), so ${most}`,
        });
      }
    }
  }, magsCheckedWhenReadable);

const enemySchema = z
  .object({
    /** A template of the fact sheet by name; the fields below override it. */
    template: z.enum(enemyTemplateNames as [EnemyTemplateName, ...EnemyTemplateName[]]).optional(),
    name: z.string().min(1).max(60).optional(),
    grit: z.number().int().min(1).max(60).optional(),
    hotBoxes: z.array(z.number().int().min(1).max(60)).optional(),
    attack: difficultySchema.optional(),
    /** Enemy Defense is a single tier in every template; a double Defense is not supported. */
    defense: z.enum(difficultyTiers).optional(),
    /** The farthest band its attacks reach: Heroes beyond it may pass their reactions. */
    reach: z.enum(rangeBands).default('long'),
  })
  .strict()
  .refine(
    (enemy) => enemy.template !== undefined || (enemy.grit && enemy.attack && enemy.defense),
    { message: 'a custom Enemy needs grit, attack and defense (or name a template)' },
  );

export const sceneSchema = z
  .object({
    name: z.string().min(1).max(80),
    description: z.string().max(2000).default(''),
    /** Combat: Action and Reaction Turns. Brawl: Action Turns only, every roll Dangerous. */
    mode: z.enum(['combat', 'brawl']).default('combat'),
    /** Who starts: the side that attacks or ambushes first; a coin flip when unclear. */
    starts: z.enum(['heroes', 'enemies', 'coin-flip']).default('heroes'),
    /** Where the Heroes stand to the Enemies; a Hero's own `range` overrides it. */
    range: z.enum(rangeBands).default('medium'),
    heroes: z.array(heroSchema).min(1).max(6),
    enemies: z.array(enemySchema).min(1).max(6),
    /** Whether someone here sells mags for Cash; most fights have no seller. */
    mags: z
      .object({ forSale: z.boolean().default(false) })
      .strict()
      .default({ forSale: false }),
  })
  .strict();

export type Scene = z.infer<typeof sceneSchema>;
export type SceneInput = z.input<typeof sceneSchema>;
export type HeroSetup = Scene['heroes'][number];
export type EnemySetup = Scene['enemies'][number];

/** A scene that does not fit the schema: every problem, each with its JSON path. */
export class SceneError extends Error {
  override name = 'SceneError';
  readonly problems: string[];

  constructor(source: string, problems: string[]) {
    super(`${source} is not a valid scene:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.problems = problems;
  }
}

/** A JSON path as a reader writes it: heroes[0].weapons[1].kind. */
function jsonPath(path: readonly PropertyKey[]): string {
  let text = '';
  for (const part of path) {
    if (typeof part === 'number') text += `[${part}]`;
    else text += text === '' ? String(part) : `.${String(part)}`;
  }
  return text === '' ? '(the whole scene)' : text;
}

/** Checks a scene, reporting every problem at once; `source` names it in the error (a file name). */
export function parseScene(data: unknown, source = 'the JSON given'): Scene {
  const parsed = sceneSchema.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new SceneError(
    source,
    parsed.error.issues.map((issue) => `${jsonPath(issue.path)}: ${issue.message}`),
  );
}

/** Reads a scene from JSON text; bad JSON is named as such. */
export function parseSceneJson(text: string, source = 'the JSON given'): Scene {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new SceneError(source, [`not JSON: ${(error as Error).message}`]);
  }
  return parseScene(data, source);
}
