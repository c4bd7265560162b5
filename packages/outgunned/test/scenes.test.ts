import { Match } from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import {
  builtInScene,
  enemyTemplateNames,
  exampleScene,
  exampleSceneNames,
  fightOptionsSchema,
  outgunnedFight,
  parseScene,
  parseSceneJson,
  SceneError,
} from '../src/index.js';

function problemsOf(data: unknown): string[] {
  try {
    parseScene(data, 'test.json');
  } catch (error) {
    if (error instanceof SceneError) return error.problems;
    throw error;
  }
  return [];
}

const ana = { name: 'Ana', weapons: [{ name: 'colt', kind: 'pistol' }], mags: { pistol: 2 } };

describe('Scenes', () => {
  it('every example scene loads through the scene loader, and plays under the ruleset', () => {
    expect(exampleSceneNames.length).toBeGreaterThanOrEqual(3);
    for (const name of exampleSceneNames) {
      const scene = exampleScene(name);
      const match = Match.create(outgunnedFight, { scene }, 'seed');
      expect(match.state.scene).toBe(scene.name);
      expect(match.state.heroes.map((hero) => hero.name)).toEqual(
        scene.heroes.map((hero) => hero.name),
      );
    }
  });

  it('the built-in fight is the first example scene', () => {
    expect(builtInScene).toEqual(exampleScene('goons-in-the-alley'));
    expect(fightOptionsSchema.parse({}).scene).toEqual(builtInScene);
  });

  it('the examples cover combat and Brawl, who starts, ranges and several Enemies', () => {
    const scenes = exampleSceneNames.map(exampleScene);
    expect(new Set(scenes.map((scene) => scene.mode))).toEqual(new Set(['combat', 'brawl']));
    expect(new Set(scenes.map((scene) => scene.starts))).toEqual(
      new Set(['heroes', 'enemies', 'coin-flip']),
    );
    expect(scenes.some((scene) => scene.enemies.length > 1)).toBe(true);
  });

  it('a scene is plain data in the options: it survives a JSON round trip to the same fight', () => {
    const scene = exampleScene('warehouse-ambush');
    const sent = JSON.parse(JSON.stringify({ scene }));
    expect(Match.create(outgunnedFight, sent, 's').hash()).toBe(
      Match.create(outgunnedFight, { scene }, 's').hash(),
    );
  });

  it('Enemies are the fact sheet templates by name, with any field overridden, or custom', () => {
    expect(enemyTemplateNames).toHaveLength(15);
    const match = Match.create(
      outgunnedFight,
      {
        scene: {
          name: 'Templates',
          heroes: [ana],
          enemies: [
            { template: 'bad-guys-5' },
            { template: 'boss-4', name: 'Madame X', grit: 5 },
            { name: 'Dogs', grit: 4, attack: { tier: 'critical' }, defense: 'basic' },
          ],
        },
      },
      's',
    );
    expect(
      match.state.enemies.map(({ name, grit, hotBoxes, attack, defense }) => ({
        name,
        grit,
        hotBoxes,
        attack,
        defense,
      })),
    ).toEqual([
      {
        name: 'Bad Guys 5',
        grit: 12,
        hotBoxes: [3, 6, 9],
        attack: { tier: 'critical', double: true },
        defense: 'critical',
      },
      {
        name: 'Madame X',
        grit: 5,
        hotBoxes: [1, 2, 3],
        attack: { tier: 'extreme', double: false },
        defense: 'extreme',
      },
      {
        name: 'Dogs',
        grit: 4,
        hotBoxes: [],
        attack: { tier: 'critical', double: false },
        defense: 'basic',
      },
    ]);
  });

  it("the scene's range band places every Hero, unless a Hero has their own", () => {
    const scene = parseScene({
      name: 'Range',
      range: 'long',
      heroes: [ana, { ...ana, name: 'Ben', range: 'melee' }],
      enemies: [{ template: 'goons-1' }, { template: 'goons-2' }],
    });
    const state = outgunnedFight.setup(fightOptionsSchema.parse({ scene }), 's');
    expect(state.heroes.map((hero) => hero.ranges)).toEqual([
      { 'enemy-1': 'long', 'enemy-2': 'long' },
      { 'enemy-1': 'melee', 'enemy-2': 'melee' },
    ]);
  });

  it('a bad scene is refused with every problem at once, each naming its JSON path and what was expected', () => {
    const problems = problemsOf({
      name: 'Bad',
      mode: 'duel',
      heroes: [
        { ...ana, attributes: { brawn: 7 }, mags: { pistol: 5 } },
        { name: 'Ben', weapons: [{ name: 'bazooka', kind: 'bazooka' }] },
      ],
      enemies: [{ template: 'goons-9' }, { name: 'Nobody' }],
      extra: true,
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^mode: .*"combat"\|"brawl"/),
        expect.stringMatching(/^heroes\[0\]\.attributes\.brawn: .*<=5/),
        expect.stringMatching(/^heroes\[0\]\.mags\.pistol: Ana carries 5 spare mags for the colt/),
        expect.stringMatching(/^heroes\[1\]\.weapons\[0\]\.kind: .*"pistol"/),
        expect.stringMatching(/^enemies\[0\]\.template: .*"goons-1"/),
        'enemies[1]: a custom Enemy needs grit, attack and defense (or name a template)',
        expect.stringMatching(/^\(the whole scene\): Unrecognized key: "extra"/),
      ]),
    );
    expect(problems.length).toBeGreaterThanOrEqual(7);
  });

  it('more than three spare mags per weapon is refused, naming the Hero and the weapon', () => {
    expect(
      problemsOf({
        name: 'Mags',
        heroes: [{ ...ana, mags: { pistol: 4 } }],
        enemies: [{ template: 'goons-1' }],
      }),
    ).toEqual([
      'heroes[0].mags.pistol: Ana carries 4 spare mags for the colt: at most 3 per weapon (plus one in it), so 3',
    ]);
  });

  it('a scene file that is not JSON says so, with the file name', () => {
    expect(() => parseSceneJson('{ "name": ', 'broken.json')).toThrow(
      /^broken\.json is not a valid scene:\n {2}not JSON: /,
    );
  });

  it('options with a bad scene are refused by the options schema, naming the path', () => {
    expect(() =>
      Match.create(outgunnedFight, { scene: { name: 'x', heroes: [], enemies: [] } }, 's'),
    ).toThrow(/scene\.heroes: .*>=1/);
  });
});
