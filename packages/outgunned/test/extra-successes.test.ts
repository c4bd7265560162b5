import { describe, expect, it } from 'vitest';
import { allocationCandidates, outgunnedFight, topStep } from '../src/index.js';
import { act, attackWith, enemyOf, fight, hero, heroOf, keep, refused } from './fight-helpers.js';

describe('Extra successes', () => {
  it("an attack's successes go to damage by default: the first choice puts every extra into damage", () => {
    // 4 4 4 6: a Critical against Basic Defense: 1 Grit at once, 2 extra units.
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [4, 4, 4, 6],
    );
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    const [first] = outgunnedFight.legalActions(match.state, 'hero-1');
    expect(first).toMatchObject({ type: 'spend-extras', damage: 2, quick: 0 });
    act(match, 'hero-1', first!);
    expect(enemyOf(match).lost).toBe(3);
  });

  it('the player may instead spend extras on actions', () => {
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [4, 4, 4, 6],
    );
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    act(match, 'hero-1', { type: 'spend-extras', damage: 1, quick: 1 });
    expect(enemyOf(match).lost).toBe(2);
    expect(heroOf(match, 'hero-1').extraActions.quick).toBe(1);
    act(match, 'hero-1', { type: 'quick-action', kind: 'reach-partial-cover' });
    expect(heroOf(match, 'hero-1').cover).toBe('partial');
  });

  it('one prompt for all extra successes: counters and protection in one choice', () => {
    // Goons 1 (Basic Attack and Defense). Ana: 4 4 4 4 5 5 is an Extreme and a Basic: 10 units, 9 extra.
    // Ben fails (1 2 3 5). Ana protects Ben with one Basic and counters eight times in one answer.
    const heroes = [hero('Ana', { attributes: { brawn: 3 }, skills: { stunt: 3 } }), hero('Ben')];
    const match = fight(
      { starts: 'enemies', heroes, enemies: [{ template: 'goons-1', grit: 12 }] },
      [4, 4, 4, 4, 5, 5, 1, 2, 3, 5],
    );
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    act(match, 'hero-2', { type: 'roll-reaction' });
    const prompts = match.prompts();
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatchObject({ seats: ['hero-1'], answer: 'spend-extras' });
    const step = topStep(match.state);
    expect(step).toMatchObject({ kind: 'spend-extras', units: 9 });
    if (step?.kind !== 'spend-extras') return;
    expect(allocationCandidates(match.state, step)[0]).toMatchObject({
      protect: { 'hero-2': 1 },
      counter: 8,
    });
    act(match, 'hero-1', { type: 'spend-extras', protect: { 'hero-2': 1 }, counter: 8 });
    // One answer settled it all: the Reaction Turn is over.
    expect(enemyOf(match).lost).toBe(8);
    expect(heroOf(match, 'hero-2').grit).toBe(0);
    expect(match.state.turn.kind).toBe('action');
  });

  it('extras spent cannot cost more than the roll scored, and are asked once', () => {
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [4, 4, 4, 6],
    );
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    const message = refused(
      match,
      'hero-1',
      { type: 'spend-extras', damage: 1, full: 1 },
      'not-enough',
    );
    expect(message).toContain('costs 4 Basic units of extra successes and Ana has 2');
    act(match, 'hero-1', { type: 'spend-extras', damage: 2 });
    refused(match, 'hero-1', { type: 'spend-extras' }, 'not-now');
  });

  it('the choices offered stay few, whatever the roll', () => {
    // A Jackpot in narrative mode: 78 extra units against a Critical Defense.
    const heroes = [hero('Ana', { attributes: { brawn: 3 }, skills: { fight: 3 } })];
    const match = fight({ heroes, enemies: [{ template: 'boss-3' }] }, [2, 2, 2, 2, 2, 2]);
    attackWith(match, 'hero-1');
    const actions = outgunnedFight.legalActions(match.state, 'hero-1');
    expect(actions.length).toBeLessThan(12);
    expect(actions[0]).toMatchObject({ damage: 26 });
  });
});
