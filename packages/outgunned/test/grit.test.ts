import { describe, expect, it } from 'vitest';
import { act, attackWith, enemyOf, fight, hero, heroOf, keep } from './fight-helpers.js';

/** Opens on a Reaction Turn against Goons 4 (Critical Attack); the Hero's reaction dice come first. */
function hitBy(
  heroSetup: ReturnType<typeof hero>,
  dice: number[],
  friends: ReturnType<typeof hero>[] = [],
) {
  const match = fight(
    { starts: 'enemies', heroes: [heroSetup, ...friends], enemies: [{ template: 'goons-4' }] },
    dice,
  );
  act(match, 'director', { type: 'declare-reaction', reaction: 4 });
  return match;
}

describe('Hero Grit', () => {
  it('filling the bad box (the 8th) gives a Condition matching the Attribute that failed', () => {
    const match = hitBy(hero('Ana', { grit: 6 }), [1, 2, 3, 5]);
    act(match, 'hero-1', { type: 'roll-reaction' });
    expect(heroOf(match, 'hero-1').grit).toBe(9);
    expect(heroOf(match, 'hero-1').conditions).toEqual(['hurt']);
  });

  it('a Condition gives -1 to rolls with its Attribute; four Conditions make the Hero Broken, -1 to all', () => {
    const hurt = hitBy(hero('Ana', { conditions: ['hurt'] }), [1, 2, 3]);
    expect(
      act(hurt, 'hero-1', { type: 'roll-reaction' }).find((event) => event.type === 'roll')?.pool,
    ).toBe(3);
    const broken = fight(
      {
        heroes: [hero('Ana', { conditions: ['hurt', 'nervous', 'scared', 'tired'] })],
        enemies: [{ template: 'goons-1' }],
      },
      [1, 2],
    );
    const events = act(broken, 'hero-1', {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 0,
      attribute: 'focus',
      skill: 'fight',
    });
    expect(events.find((event) => event.type === 'roll')?.pool).toBe(3);
  });

  it('filling the hot box (the 12th) gives +2 Adrenaline', () => {
    const match = hitBy(hero('Ana', { grit: 10, adrenaline: 1 }), [2, 2, 1, 5]);
    act(match, 'hero-1', { type: 'roll-reaction' });
    keep(match, 'hero-1');
    expect(heroOf(match, 'hero-1').grit).toBe(12);
    expect(heroOf(match, 'hero-1').adrenaline).toBe(3);
  });

  it('past the last box, the Death Roulette: above the bullets, the Hero survives and adds a bullet', () => {
    const match = hitBy(
      hero('Ana', { grit: 12, lethalBullets: 1 }),
      [1, 2, 3, 5, /* roulette */ 4],
    );
    act(match, 'hero-1', { type: 'roll-reaction' });
    expect(heroOf(match, 'hero-1').status).toBe('fighting');
    expect(heroOf(match, 'hero-1').lethalBullets).toBe(2);
  });

  it('Death Roulette lost: Left for Dead, unless a friend spends a Spotlight', () => {
    const saved = hitBy(
      hero('Ana', { grit: 12, lethalBullets: 2 }),
      [1, 2, 3, 5, /* roulette */ 2],
      [hero('Ben', { cover: 'total', spotlight: 1 })],
    );
    act(saved, 'hero-1', { type: 'roll-reaction' });
    expect(saved.prompts()[0]).toMatchObject({
      mode: 'window',
      seats: ['hero-2'],
      answer: 'save-from-death',
    });
    act(saved, 'hero-2', { type: 'spend-spotlight' });
    expect(heroOf(saved, 'hero-1').status).toBe('fighting');
    expect(heroOf(saved, 'hero-2').spotlight).toBe(0);

    const lost = hitBy(
      hero('Ana', { grit: 12, lethalBullets: 2 }),
      [1, 2, 3, 5, 2],
      [hero('Ben', { cover: 'total', spotlight: 1 })],
    );
    act(lost, 'hero-1', { type: 'roll-reaction' });
    act(lost, 'hero-2', { type: 'let-fate-decide' });
    expect(heroOf(lost, 'hero-1').status).toBe('left-for-dead');
    expect(lost.result()).toBeNull();
  });

  it('when every Hero is Left for Dead, the Enemies win', () => {
    const match = hitBy(hero('Ana', { grit: 12, lethalBullets: 6 }), [1, 2, 3, 5, 6]);
    act(match, 'hero-1', { type: 'roll-reaction' });
    expect(match.result()).toMatchObject({ winners: ['director'] });
  });
});

describe('Enemy Grit', () => {
  it('filling an Enemy hot box gives the Director 1 Adrenaline', () => {
    // Bad Guys 1: 6 Grit, hot box 3, Critical Defense. An Extreme against Critical: 3 Grit.
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'bad-guys-1' }] },
      [6, 6, 6, 6],
    );
    attackWith(match, 'hero-1');
    expect(match.state.director.adrenaline).toBe(0);
    act(match, 'hero-1', { type: 'spend-extras', damage: 2 });
    expect(enemyOf(match).lost).toBe(3);
    expect(match.state.director.adrenaline).toBe(1);
  });

  it('an Enemy whose Grit is all lost is defeated, and with every Enemy defeated the Heroes win', () => {
    const match = fight(
      {
        heroes: [hero('Ana'), hero('Ben')],
        enemies: [{ name: 'Thug', grit: 2, attack: { tier: 'basic' }, defense: 'basic' }],
      },
      [3, 3, 5, 5],
    );
    attackWith(match, 'hero-1');
    act(match, 'hero-1', { type: 'spend-extras', damage: 1 });
    expect(enemyOf(match).defeated).toBe(true);
    expect(match.result()).toMatchObject({
      winners: ['hero-1', 'hero-2'],
      scores: { director: 0, 'hero-1': 1, 'hero-2': 1 },
    });
    expect(match.prompts()).toEqual([]);
  });

  it('a Jackpot takes the Enemy out when that option is on, and counts as its units otherwise', () => {
    const heroes = [hero('Ana', { attributes: { brawn: 3 }, skills: { fight: 3 } })];
    const takesOut = fight(
      { heroes, enemies: [{ template: 'boss-3' }], jackpot: 'takes-out' },
      [2, 2, 2, 2, 2, 2],
    );
    attackWith(takesOut, 'hero-1');
    expect(enemyOf(takesOut).defeated).toBe(true);
    const narrative = fight({ heroes, enemies: [{ template: 'boss-3' }] }, [2, 2, 2, 2, 2, 2]);
    attackWith(narrative, 'hero-1');
    expect(enemyOf(narrative).lost).toBe(1);
    expect(narrative.state.steps.at(-1)).toMatchObject({ kind: 'spend-extras', units: 81 - 3 });
  });
});
