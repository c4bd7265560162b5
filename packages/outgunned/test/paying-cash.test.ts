import { describe, expect, it } from 'vitest';
import { outgunnedFight } from '../src/index.js';
import { parseScene } from '../src/scenes/scene.js';
import { act, fight, hero, heroOf, refused } from './fight-helpers.js';

const words = outgunnedFight.describe!;
const buyPistolMag = { type: 'quick-action', kind: 'buy-mag', weapon: 1 } as const;

function shop(cash: number, pistolMags: number, forSale = true) {
  return fight({
    heroes: [hero('Ana', { cash, mags: { pistol: pistolMags } })],
    enemies: [{ template: 'goons-1' }],
    mags: { forSale },
  });
}

describe('more mags come by paying Cash (our reading: 1 Cash, one mag, where someone sells them)', () => {
  it('paying Cash gives exactly one spare mag and takes exactly one Cash', () => {
    const match = shop(2, 1);
    const events = act(match, 'hero-1', buyPistolMag);
    expect(heroOf(match, 'hero-1').mags.pistol).toBe(2);
    expect(heroOf(match, 'hero-1').cash).toBe(1);
    expect(events.some((event) => event.type === 'buy-mag')).toBe(true);
  });

  it('it is a Quick Action: a second purchase in the same turn is refused', () => {
    const match = shop(2, 0);
    act(match, 'hero-1', buyPistolMag);
    refused(match, 'hero-1', buyPistolMag, 'no-quick-action');
    expect(heroOf(match, 'hero-1').cash).toBe(1);
  });

  it('without Cash no mag is bought', () => {
    const match = shop(0, 1);
    const message = refused(match, 'hero-1', buyPistolMag, 'no-cash');
    expect(message).toBe('Ana has no Cash left to pay for a mag');
    expect(match.legalActions('hero-1')).not.toContainEqual(
      expect.objectContaining({ kind: 'buy-mag' }),
    );
  });

  it('a Hero already carrying three spare mags for the weapon buys no more', () => {
    const match = shop(5, 3);
    refused(match, 'hero-1', buyPistolMag, 'mags-full');
    expect(match.legalActions('hero-1')).not.toContainEqual(
      expect.objectContaining({ kind: 'buy-mag' }),
    );
  });

  it('where the scene sells no mags, Cash buys none (the default: most fights have no seller)', () => {
    const match = shop(5, 0, false);
    refused(match, 'hero-1', buyPistolMag, 'no-seller');
    const unsaid = fight({
      heroes: [hero('Ana', { cash: 5 })],
      enemies: [{ template: 'goons-1' }],
    });
    refused(unsaid, 'hero-1', buyPistolMag, 'no-seller');
  });

  it('a weapon that takes no mags cannot be bought mags for', () => {
    const match = shop(5, 0);
    refused(match, 'hero-1', { ...buyPistolMag, weapon: 0 }, 'no-mags');
  });

  it('where mags are for sale and the Hero can pay, the purchase is offered and worded', () => {
    const match = shop(1, 2);
    const offered = match
      .legalActions('hero-1')
      .filter((action) => 'kind' in action && action.kind === 'buy-mag');
    expect(offered).toEqual([buyPistolMag]);
    expect(words.action(buyPistolMag, match.view('hero-1'))).toBe(
      'Quick Action: pay 1 Cash for a mag for the pistol',
    );
  });

  it('Cash in a scene is a whole number, never negative, and an error names its path', () => {
    const base = { name: 'Shop', heroes: [{ name: 'Ana' }], enemies: [{ template: 'goons-1' }] };
    expect(parseScene(base).heroes[0]!.cash).toBe(0);
    expect(parseScene(base).mags.forSale).toBe(false);
    expect(() => parseScene({ ...base, heroes: [{ name: 'Ana', cash: -1 }] })).toThrow(
      /heroes\[0\]\.cash: /,
    );
    expect(() => parseScene({ ...base, heroes: [{ name: 'Ana', cash: 1.5 }] })).toThrow(
      /heroes\[0\]\.cash: /,
    );
    expect(() => parseScene({ ...base, mags: { forSale: 'yes' } })).toThrow(/mags\.forSale: /);
  });
});
