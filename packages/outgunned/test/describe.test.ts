import { describe, expect, it } from 'vitest';
import { type FightView, outgunnedFight } from '../src/index.js';
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
