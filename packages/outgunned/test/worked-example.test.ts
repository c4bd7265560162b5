import { describe, expect, it } from 'vitest';
import { act, attackWith, enemyOf, fight, heroOf, keep, texts } from './fight-helpers.js';

/*
 * The chapter's example, replayed roll by roll: Savar and Sam against goons
 * with Basic Attack and Defense (Goons 1, 6 Grit).
 */
describe('the example: Savar and Sam against the goons', () => {
  it('replays roll by roll with the dice stacked', () => {
    const savarAttack = [4, 4, 4, 1, 2, 6]; // Smooth+Fight, 6 dice: a Critical Success
    const samAttack = [3, 3, 1, 5]; // Brawn+Fight: a Basic Success
    const savarReaction = [2, 2, 5, 5, 6]; // Brawn+Force, 5 dice: 2 Basic Successes
    const samReaction = [6, 6, 1, 3]; // a Basic Success
    const match = fight(
      {
        starts: 'heroes',
        enemies: [{ template: 'goons-1' }],
        heroes: [
          {
            name: 'Savar',
            attributes: { brawn: 2, nerves: 1, smooth: 3, focus: 1, crime: 1 },
            skills: { fight: 3, force: 3 },
            weapons: [{ name: 'fists', kind: 'unarmed' }],
            range: 'close',
          },
          {
            name: 'Sam',
            attributes: { brawn: 2, nerves: 1, smooth: 1, focus: 1, crime: 1 },
            skills: { fight: 2, force: 2 },
            weapons: [{ name: 'fists', kind: 'unarmed' }],
            range: 'close',
          },
        ],
      },
      [...savarAttack, ...samAttack, ...savarReaction, ...samReaction],
    );
    expect(match.state.turn.kind).toBe('action');

    // Savar: the Quick Action to get closer, then Smooth+Fight.
    act(match, 'hero-1', { type: 'quick-action', kind: 'approach', enemy: 'enemy-1' });
    expect(heroOf(match, 'hero-1').ranges['enemy-1']).toBe('melee');
    const savar = attackWith(match, 'hero-1', { attribute: 'smooth', skill: 'fight' });
    expect(savar.find((event) => event.type === 'roll')?.pool).toBe(6);
    keep(match, 'hero-1');
    // Basic Defense and a Critical: the goons lose 3 Grit (1, and the two extra Basics as damage).
    act(match, 'hero-1', { type: 'spend-extras', damage: 2 });
    expect(enemyOf(match).lost).toBe(3);

    // Sam jumps on another goon: Brawn+Fight, a Basic Success, 1 Grit.
    act(match, 'hero-2', { type: 'quick-action', kind: 'approach', enemy: 'enemy-1' });
    attackWith(match, 'hero-2');
    keep(match, 'hero-2');
    expect(enemyOf(match).lost).toBe(4);

    // Both have acted: the Reaction Turn. The goons pull at them: Brawn+Force (example 4).
    expect(match.state.turn.kind).toBe('reaction');
    act(match, 'director', { type: 'declare-reaction', reaction: 4 });
    const savarRolls = act(match, 'hero-1', { type: 'roll-reaction' });
    expect(savarRolls.find((event) => event.type === 'roll')?.pool).toBe(5);
    keep(match, 'hero-1');
    act(match, 'hero-2', { type: 'roll-reaction' });
    keep(match, 'hero-2');

    // Both dodge; Savar's extra Basic Success counters, since the Defense is Basic.
    const counter = act(match, 'hero-1', { type: 'spend-extras', counter: 1 });
    expect(texts(counter).join('\n')).toMatch(/Savar dodges[\s\S]*Sam dodges/);
    expect(enemyOf(match).lost).toBe(5);
    expect(heroOf(match, 'hero-1').grit).toBe(0);
    expect(heroOf(match, 'hero-2').grit).toBe(0);

    // Ready for the next Action Turn.
    expect(match.state.turn.kind).toBe('action');
    expect(match.state.round).toBe(2);
    expect(match.state.stackedDice).toEqual([]);
  });
});
