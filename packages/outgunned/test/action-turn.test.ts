import { describe, expect, it } from 'vitest';
import {
  act,
  attackWith,
  enemyOf,
  fight,
  hero,
  heroOf,
  keep,
  lastPool,
  refused,
} from './fight-helpers.js';

describe('Action Turn', () => {
  it('every Hero can make a Quick Action for free as well as an Action Roll', () => {
    const match = fight(
      { heroes: [hero('Ana', { range: 'close' })], enemies: [{ template: 'goons-1' }] },
      [3, 3, 1, 2],
    );
    act(match, 'hero-1', { type: 'quick-action', kind: 'approach', enemy: 'enemy-1' });
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    expect(enemyOf(match).lost).toBe(1);
    // One free Quick Action only, and one Action Roll: the turn is over by itself.
    expect(match.state.turn.kind).toBe('reaction');
  });

  it('a Hero can use the Quick Action before or after the Action Roll', () => {
    const match = fight(
      { heroes: [hero('Ana'), hero('Ben')], enemies: [{ template: 'goons-1' }] },
      [3, 3, 1, 2],
    );
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    act(match, 'hero-1', { type: 'quick-action', kind: 'reach-partial-cover' });
    expect(heroOf(match, 'hero-1').cover).toBe('partial');
    refused(match, 'hero-1', { type: 'quick-action', kind: 'grab-or-toss' }, 'no-quick-action');
    refused(
      match,
      'hero-1',
      { type: 'attack', enemy: 'enemy-1', weapon: 0, attribute: 'brawn', skill: 'fight' },
      'not-now',
    );
  });

  it('to attack an Enemy, the roll has difficulty equal to the Enemy Defense', () => {
    // Bad Guys 1 have Critical Defense: a Basic Success does not hurt them, a Critical does.
    const miss = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'bad-guys-1' }] },
      [3, 3, 1, 2],
    );
    const events = attackWith(miss, 'hero-1');
    keep(miss, 'hero-1');
    expect(events.find((event) => event.type === 'roll')?.difficulty).toEqual({
      tier: 'critical',
      double: false,
    });
    expect(enemyOf(miss).lost).toBe(0);
    const hit = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'bad-guys-1' }] },
      [5, 5, 5, 1],
    );
    attackWith(hit, 'hero-1');
    keep(hit, 'hero-1');
    expect(enemyOf(hit).lost).toBe(1);
  });

  it('for every appropriate success the Enemy loses 1 Grit: 2 Basic Successes, 2 Grit', () => {
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [3, 3, 5, 5],
    );
    attackWith(match, 'hero-1');
    act(match, 'hero-1', { type: 'spend-extras', damage: 1 });
    expect(enemyOf(match).lost).toBe(2);
  });

  it('against Basic Defense a Critical Success makes the Enemy lose 3 Grit', () => {
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [4, 4, 4, 1],
    );
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    act(match, 'hero-1', { type: 'spend-extras', damage: 2 });
    expect(enemyOf(match).lost).toBe(3);
    refused(match, 'hero-1', { type: 'spend-extras', damage: 1 }, 'not-now');
  });

  it('there is no limit to the skills and attributes you can call into play: Nerves+Drive to ram the Enemy', () => {
    const match = fight(
      {
        heroes: [hero('Ana', { attributes: { nerves: 3 }, skills: { drive: 3 } })],
        enemies: [{ template: 'goons-1' }],
      },
      [2, 2, 1, 3, 4, 5],
    );
    const events = attackWith(match, 'hero-1', { attribute: 'nerves', skill: 'drive' });
    expect(lastPool(events)).toBe(6);
    keep(match, 'hero-1');
    expect(enemyOf(match).lost).toBe(1);
  });

  it('collateral actions have a difficulty chosen by the Director', () => {
    const match = fight(
      { heroes: [hero('Ana'), hero('Ben')], enemies: [{ template: 'goons-1' }] },
      [2, 2, 1, 3],
    );
    act(match, 'hero-1', { type: 'collateral-action', attribute: 'focus', skill: 'fix' });
    expect(match.prompts()[0]).toMatchObject({ seats: ['director'], answer: 'set-difficulty' });
    refused(match, 'hero-2', { type: 'end-turn' }, 'not-now');
    refused(
      match,
      'director',
      { type: 'set-difficulty', tier: 'impossible', double: true },
      'bad-difficulty',
    );
    const rolled = act(match, 'director', { type: 'set-difficulty', tier: 'critical' });
    expect(rolled.find((event) => event.type === 'roll')?.difficulty).toEqual({
      tier: 'critical',
      double: false,
    });
    const kept = keep(match, 'hero-1');
    expect(kept.map((event) => event.type)).toContain('collateral-failure');
  });

  it('extra successes buy a Quick (Basic), a Full (Critical) or a Cool (Extreme) Action', () => {
    // Focus 3 + Fix 2: five dice, all sixes: an Impossible success against a Basic difficulty, 26 extra units.
    const match = fight(
      {
        heroes: [hero('Ana', { attributes: { focus: 3 }, cover: 'none' }), hero('Ben')],
        enemies: [{ template: 'goons-1' }],
      },
      [6, 6, 6, 6, 6],
    );
    act(match, 'hero-1', { type: 'collateral-action', attribute: 'focus', skill: 'fix' });
    act(match, 'director', { type: 'set-difficulty', tier: 'basic' });
    // No damage from a collateral action's extras.
    refused(match, 'hero-1', { type: 'spend-extras', damage: 1 }, 'cannot-hurt');
    act(match, 'hero-1', { type: 'spend-extras', cool: 1, full: 1, quick: 1 });
    expect(heroOf(match, 'hero-1').extraActions).toEqual({ quick: 1, full: 1, cool: 1 });
    act(match, 'hero-1', {
      type: 'cool-action',
      kind: 'reach-cover-with-friend',
      friend: 'hero-2',
    });
    expect(heroOf(match, 'hero-1').cover).toBe('total');
    expect(heroOf(match, 'hero-2').cover).toBe('total');
  });

  it('Adrenaline: spend 1 for +1 die', () => {
    const match = fight(
      { heroes: [hero('Ana', { adrenaline: 1 })], enemies: [{ template: 'goons-1' }] },
      [1, 2, 3, 4, 5],
    );
    const events = attackWith(match, 'hero-1', { adrenaline: 1 });
    expect(lastPool(events)).toBe(5);
    expect(heroOf(match, 'hero-1').adrenaline).toBe(0);
    const poor = fight({
      heroes: [hero('Ana', { adrenaline: 0 })],
      enemies: [{ template: 'goons-1' }],
    });
    refused(
      poor,
      'hero-1',
      {
        type: 'attack',
        enemy: 'enemy-1',
        weapon: 0,
        attribute: 'brawn',
        skill: 'fight',
        adrenaline: 1,
      },
      'not-enough-adrenaline',
    );
  });

  it('Re-roll and All In are offered on a roll; a Free Re-roll is spent from the Feats', () => {
    const match = fight(
      { heroes: [hero('Ana', { freeRerolls: 1 })], enemies: [{ template: 'goons-1' }] },
      [3, 3, 1, 2, /* re-roll */ 3, 5, /* all in */ 5, 6],
    );
    attackWith(match, 'hero-1');
    act(match, 'hero-1', { type: 'reroll', kind: 'reroll' });
    act(match, 'hero-1', { type: 'reroll', kind: 'all-in' });
    // The All In was not better: every success is lost, so the attack misses.
    expect(enemyOf(match).lost).toBe(0);
    expect(heroOf(match, 'hero-1').freeRerolls).toBe(1);
  });
});
