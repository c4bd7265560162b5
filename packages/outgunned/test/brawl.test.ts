import { describe, expect, it } from 'vitest';
import { act, attackWith, enemyOf, fight, hero, heroOf, keep } from './fight-helpers.js';

function brawl(enemy: string, dice: number[], heroes = [hero('Ana')]) {
  return fight({ mode: 'brawl', heroes, enemies: [{ template: enemy as 'goons-1' }] }, dice);
}

describe('Brawl', () => {
  it('during a Brawl all rolls are Dangerous Action Rolls against the Enemy Attack', () => {
    const match = brawl('goons-4', [3, 3, 3, 1]);
    const events = attackWith(match, 'hero-1');
    const roll = events.find((event) => event.type === 'roll')!;
    expect(roll.difficulty).toEqual({ tier: 'critical', double: false });
    expect(roll.text).toContain('Dangerous');
  });

  it('matching the Enemy Attack lands a blow', () => {
    const match = brawl('goons-4', [3, 3, 3, 1]);
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    expect(enemyOf(match).lost).toBe(1);
    expect(heroOf(match, 'hero-1').grit).toBe(0);
  });

  it('failing the roll, the Hero loses Grit, less Damage Control with lower successes', () => {
    const match = brawl('goons-4', [2, 2, 1, 5]);
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    expect(enemyOf(match).lost).toBe(0);
    expect(heroOf(match, 'hero-1').grit).toBe(2);
  });

  it('in a Brawl there are no Reaction Turns: a new Action Turn begins', () => {
    const match = brawl('goons-1', [3, 3, 1, 2], [hero('Ana'), hero('Ben')]);
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    act(match, 'hero-1', { type: 'end-turn' });
    act(match, 'hero-2', { type: 'end-turn' });
    expect(match.state.turn.kind).toBe('action');
    expect(match.state.round).toBe(2);
    expect(match.state.steps).toEqual([]);
  });

  it('against 2 Critical Attack, one Critical Success means you hit each other: the Enemy loses 1 Grit and you lose 3', () => {
    const match = brawl('bad-guys-3', [4, 4, 4, 1, 2], [hero('Ana', { attributes: { brawn: 3 } })]);
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    expect(enemyOf(match).lost).toBe(1);
    expect(heroOf(match, 'hero-1').grit).toBe(3);
  });

  it('against 2 Critical Attack, two Critical Successes win across the board: the Enemy loses 2 Grit, you are unhurt', () => {
    const match = brawl(
      'bad-guys-3',
      [4, 4, 4, 5, 5, 5],
      [hero('Ana', { attributes: { brawn: 3 }, skills: { fight: 3 } })],
    );
    attackWith(match, 'hero-1');
    expect(enemyOf(match).lost).toBe(2);
    expect(heroOf(match, 'hero-1').grit).toBe(0);
  });

  it('a full-scale failure against a Critical Attack costs 3 Grit', () => {
    const match = brawl('goons-4', [1, 2, 3, 4]);
    attackWith(match, 'hero-1');
    expect(heroOf(match, 'hero-1').grit).toBe(3);
  });
});
