import { describe, expect, it } from 'vitest';
import {
  act,
  attackWith,
  enemyOf,
  fight,
  hero,
  heroOf,
  lastPool,
  refused,
} from './fight-helpers.js';

describe('Spotlight', () => {
  it('a Spotlight is an automatic Extreme success: no dice are thrown', () => {
    // Goons 1, Basic Defense: an Extreme is 9 units, 1 Grit at once and 8 extra.
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [1, 2, 3, 4],
    );
    const events = attackWith(match, 'hero-1', { spotlight: true });
    expect(events.find((event) => event.type === 'roll')?.text).toContain(
      'spends a Spotlight to attack Goons 1 with the fists against Basic: an automatic Extreme success',
    );
    expect(heroOf(match, 'hero-1').spotlight).toBe(0);
    expect(match.state.stackedDice).toEqual([1, 2, 3, 4]);
    expect(enemyOf(match).lost).toBe(1);
    expect(match.state.steps.at(-1)).toMatchObject({ kind: 'spend-extras', units: 8 });
  });

  it('a Spotlight in a Reaction Roll passes even an Extreme Attack', () => {
    const match = fight(
      { starts: 'enemies', heroes: [hero('Ana')], enemies: [{ template: 'boss-1' }] },
      [1, 2, 3, 4],
    );
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    act(match, 'hero-1', { type: 'roll-reaction', spotlight: true });
    expect(heroOf(match, 'hero-1').grit).toBe(0);
  });

  it('no Spotlight left, no automatic success; and dice bonuses cannot go with it', () => {
    const none = fight({
      heroes: [hero('Ana', { spotlight: 0 })],
      enemies: [{ template: 'goons-1' }],
    });
    const attack = {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 0,
      attribute: 'brawn',
      skill: 'fight',
    };
    refused(none, 'hero-1', { ...attack, spotlight: true }, 'no-spotlight');
    const some = fight({
      heroes: [hero('Ana', { adrenaline: 2 })],
      enemies: [{ template: 'goons-1' }],
    });
    refused(
      some,
      'hero-1',
      { ...attack, spotlight: true, adrenaline: 1 },
      'spotlight-rolls-no-dice',
    );
    refused(
      some,
      'hero-1',
      { ...attack, spotlight: true, allOut: true },
      'spotlight-rolls-no-dice',
    );
  });
});

describe('Going all out', () => {
  it('going all out: +1 die, and the roll becomes a Gamble for the roller', () => {
    // Ana: Brawn 2 + Fight 2 = 4 dice, 5 all out. 1 1 3 3 5: a Basic from the threes, two ones.
    const match = fight(
      { heroes: [hero('Ana'), hero('Ben')], enemies: [{ template: 'goons-1' }] },
      [1, 1, 3, 3, 5],
    );
    const events = attackWith(match, 'hero-1', { allOut: true });
    expect(lastPool(events)).toBe(5);
    act(match, 'hero-1', { type: 'keep-roll' });
    // The ones made a set too (a second Basic); the Gamble still costs 2 Grit.
    expect(heroOf(match, 'hero-1').grit).toBe(2);
    expect(heroOf(match, 'hero-2').grit).toBe(0);
  });

  it('going all out in a Reaction Roll is a Gamble too', () => {
    const match = fight(
      { starts: 'enemies', heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [4, 4, 1, 2, 3],
    );
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    const events = act(match, 'hero-1', { type: 'roll-reaction', allOut: true });
    expect(lastPool(events)).toBe(5);
    act(match, 'hero-1', { type: 'keep-roll' });
    expect(heroOf(match, 'hero-1').grit).toBe(1);
  });
});
