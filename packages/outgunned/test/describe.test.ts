import { describe, expect, it } from 'vitest';
import {
  conditions,
  coverKinds,
  difficultyTiers,
  enemyTemplateNames,
  type FightView,
  outgunnedFight,
  rangeBands,
  weaponKinds,
} from '../src/index.js';
import { act, attackWith, fight, hero, keep } from './fight-helpers.js';

const words = outgunnedFight.describe!;

describe("the fight's words", () => {
  it('the ruleset names actions, prompts and events for the reader, from the reader’s view', () => {
    const match = fight({ heroes: [hero('Ana'), hero('Ben')], enemies: [{ template: 'goons-1' }] });
    const view = match.view('hero-1');
    const [prompt] = match.prompts();
    expect(words.prompt(prompt!, view)).toBe('Ana: Quick Action and Action Roll');
    expect(
      words.action(
        {
          type: 'attack',
          enemy: 'enemy-1',
          weapon: 1,
          attribute: 'nerves',
          skill: 'shoot',
          fullAuto: false,
          adrenaline: 0,
          allOut: true,
          spotlight: false,
        },
        view,
      ),
    ).toBe('Attack Goons 1 with the pistol (Nerves+Shoot, going all out: +1 die, a Gamble)');
    expect(
      words.action(
        { type: 'spend-extras', damage: 2, counter: 0, protect: {}, quick: 1, full: 0, cool: 0 },
        view,
      ),
    ).toBe('Extra successes: 2 more Grit of damage, 1 Quick Action');
  });

  it('words need nothing but the view: a view sent over the wire gives the same words', () => {
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [4, 4, 4, 6],
    );
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    const view = match.view('hero-1');
    const wire = JSON.parse(JSON.stringify(view)) as FightView;
    const [prompt] = match.prompts();
    expect(words.prompt(prompt!, wire)).toBe(words.prompt(prompt!, view));
    expect(words.prompt(prompt!, wire)).toBe(
      'Ana: spend 2 extra Basic units of successes (a Basic is 1, a Critical 3, an Extreme 9), all at once',
    );
    for (const action of match.legalActions('hero-1'))
      expect(words.action(action, wire)).toBe(words.action(action, view));
  });

  it('a prompt names who must answer it, whoever reads it', () => {
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [4, 4, 1, 6],
    );
    attackWith(match, 'hero-1');
    const [prompt] = match.prompts();
    expect(words.prompt(prompt!, match.view('hero-1'))).toBe(
      'Ana: your dice show 4 4 1 6 against Basic. Re-roll, or keep them?',
    );
    expect(words.prompt(prompt!, match.view('director'))).toBe(
      "Ana: Ana's dice show 4 4 1 6 against Basic. Re-roll, or keep them?",
    );
  });

  it('hidden Enemy Grit never reaches a Hero’s words', () => {
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }], hideEnemyGrit: true },
      [3, 3, 5, 6],
    );
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    const heroLog = match
      .log('hero-1')
      .map((entry) => words.event(entry.event, match.view('hero-1')));
    const directorLog = match
      .log('director')
      .map((entry) => words.event(entry.event, match.view('director')));
    expect(directorLog.join('\n')).toContain('Goons 1 loses 1 Grit (1/6)');
    expect(heroLog.join('\n')).not.toMatch(/\/6/);
    expect(heroLog.join('\n')).toContain('Goons 1 is hit');
    act(match, 'hero-1', { type: 'end-turn' });
  });
});

describe('the fight’s words about things', () => {
  const reference = words.reference!();
  const entries = reference.flatMap((section) => section.entries);
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));

  it('the reference has words for every Condition, range band, cover, weapon kind, Enemy and difficulty', () => {
    const keys = [
      ...conditions.map((condition) => `condition:${condition}`),
      'condition:broken',
      ...rangeBands.map((band) => `range:${band}`),
      ...coverKinds.map((kind) => `cover:${kind}`),
      ...weaponKinds.map((kind) => `weapon-kind:${kind}`),
      ...enemyTemplateNames.map((name) => `enemy-template:${name}`),
      ...difficultyTiers.map((tier) => `difficulty:${tier}`),
      'track:grit',
      'track:death-roulette',
    ];
    for (const key of keys) expect(byKey.get(key)?.text.length, key).toBeGreaterThan(10);
    expect(new Set(entries.map((entry) => entry.key)).size).toBe(entries.length);
    const ids = [...enemyTemplateNames, ...weaponKinds, ...conditions, ...rangeBands].filter((id) =>
      id.includes('-'),
    );
    for (const entry of entries)
      for (const id of ids) expect(`${entry.name} ${entry.text}`, entry.key).not.toContain(id);
  });

  it('an Enemy template reads its Grit, Attack and Defense from the fight’s table', () => {
    expect(byKey.get('enemy-template:bad-guys-2')?.text).toMatch(
      /^Grit 9; Attack Critical, Defense Critical\. Filling box 3, 7 /,
    );
    expect(byKey.get('weapon-kind:shotgun')?.text).toContain('cannot hit at Long');
  });

  it('a Hero, an Enemy and a weapon read with where they stand now', () => {
    const match = fight({ heroes: [hero('Ana'), hero('Ben')], enemies: [{ template: 'goons-1' }] });
    const things = words.things!(match.view('hero-1'));
    expect(things['hero:hero-1']?.name).toBe('Ana, you');
    expect(things['hero:hero-2']?.state).toContain('Melee from Goons 1');
    expect(things['enemy:enemy-1']?.state).toBe('Grit 0/6 lost');
    expect(things['weapon:hero-1:1']?.name).toBe('the pistol');
    expect(things['weapon:hero-1:1']?.state).toBe(
      'loaded, 2 spare mags; Goons 1 at Melee: no modifier',
    );
  });

  it('hidden Enemy Grit never reaches a Hero’s words about things', () => {
    const match = fight({
      heroes: [hero('Ana')],
      enemies: [{ template: 'goons-1' }],
      hideEnemyGrit: true,
    });
    const heroThings = words.things!(match.view('hero-1'));
    expect(heroThings['enemy:enemy-1']?.state).toBe('its Grit is hidden by the Director');
    expect(heroThings.director?.state).toBe('Adrenaline hidden');
    expect(JSON.stringify(heroThings)).not.toMatch(/\/6/);
    const directorThings = words.things!(match.view('director'));
    expect(directorThings['enemy:enemy-1']?.state).toBe('Grit 0/6 lost');
  });
});
