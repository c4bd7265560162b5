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

describe('Range', () => {
  it('Close Range can be reached with a Quick Action', () => {
    const match = fight({
      heroes: [hero('Ana', { range: 'close' })],
      enemies: [{ template: 'goons-1' }],
    });
    act(match, 'hero-1', { type: 'quick-action', kind: 'approach', enemy: 'enemy-1' });
    expect(heroOf(match, 'hero-1').ranges['enemy-1']).toBe('melee');
  });

  it('Medium Range is reached in one turn or with an extra Full Action, not a Quick Action', () => {
    const match = fight({
      heroes: [hero('Ana', { range: 'medium' })],
      enemies: [{ template: 'goons-1' }],
    });
    refused(
      match,
      'hero-1',
      { type: 'quick-action', kind: 'approach', enemy: 'enemy-1' },
      'needs-full-action',
    );
    act(match, 'hero-1', { type: 'full-action', kind: 'approach', enemy: 'enemy-1' });
    expect(heroOf(match, 'hero-1').ranges['enemy-1']).toBe('close');
    // The turn went into it: no Action Roll is left.
    refused(
      match,
      'hero-1',
      { type: 'attack', enemy: 'enemy-1', weapon: 1, attribute: 'nerves', skill: 'shoot' },
      'action-used',
    );
  });

  it('weapons give a bonus or a penalty by range', () => {
    const shotgun = fight(
      {
        heroes: [hero('Ana', { weapons: [{ name: 'shotgun', kind: 'shotgun' }], mags: {} })],
        enemies: [{ template: 'goons-1' }],
      },
      [1, 2, 3, 4, 5],
    );
    expect(
      lastPool(
        act(shotgun, 'hero-1', {
          type: 'attack',
          enemy: 'enemy-1',
          weapon: 0,
          attribute: 'nerves',
          skill: 'shoot',
        }),
      ),
    ).toBe(5);
    const pistol = fight(
      { heroes: [hero('Ana', { range: 'long' })], enemies: [{ template: 'goons-1' }] },
      [1, 2],
    );
    expect(
      lastPool(
        act(pistol, 'hero-1', {
          type: 'attack',
          enemy: 'enemy-1',
          weapon: 1,
          attribute: 'nerves',
          skill: 'shoot',
        }),
      ),
    ).toBe(2);
  });

  it('a weapon cannot hit where its table says it cannot, and fists reach Melee only', () => {
    const rifle = fight({
      heroes: [
        hero('Ana', {
          weapons: [
            { name: 'fists', kind: 'unarmed' },
            { name: 'sniper', kind: 'precision-rifle' },
          ],
          mags: {},
          range: 'melee',
        }),
      ],
      enemies: [{ template: 'goons-1' }],
    });
    refused(
      rifle,
      'hero-1',
      { type: 'attack', enemy: 'enemy-1', weapon: 1, attribute: 'nerves', skill: 'shoot' },
      'out-of-reach',
    );
    const far = fight({
      heroes: [hero('Ana', { range: 'close' })],
      enemies: [{ template: 'goons-1' }],
    });
    refused(
      far,
      'hero-1',
      { type: 'attack', enemy: 'enemy-1', weapon: 0, attribute: 'brawn', skill: 'fight' },
      'out-of-reach',
    );
  });
});

describe('Out of Range', () => {
  it('a few weapons, such as a sniper rifle, can shoot Out of Range', () => {
    const weapons = [
      { name: 'pistol', kind: 'pistol' as const },
      { name: 'sniper rifle', kind: 'precision-rifle' as const },
    ];
    const match = fight(
      {
        heroes: [hero('Ana', { weapons, range: 'out-of-range' })],
        enemies: [{ template: 'goons-1' }],
      },
      [1, 2, 3, 4, 5, 6],
    );
    refused(
      match,
      'hero-1',
      { type: 'attack', enemy: 'enemy-1', weapon: 0, attribute: 'nerves', skill: 'shoot' },
      'out-of-reach',
    );
    const events = act(match, 'hero-1', {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 1,
      attribute: 'nerves',
      skill: 'shoot',
    });
    expect(lastPool(events)).toBe(6);
  });
});

describe('Cover', () => {
  it('Partial Cover: +1 to Reaction Rolls, -1 to Action Rolls', () => {
    const action = fight(
      { heroes: [hero('Ana', { cover: 'partial' })], enemies: [{ template: 'goons-1' }] },
      [1, 2, 3],
    );
    expect(lastPool(attackWith(action, 'hero-1'))).toBe(3);
    const reaction = fight(
      {
        starts: 'enemies',
        heroes: [hero('Ana', { cover: 'partial' })],
        enemies: [{ template: 'goons-1' }],
      },
      [1, 2, 3, 4, 5],
    );
    act(reaction, 'director', { type: 'declare-reaction', reaction: 2 });
    expect(lastPool(act(reaction, 'hero-1', { type: 'roll-reaction' }))).toBe(5);
  });

  it('Total Cover: automatic success to Reaction Rolls, -3 to Action Rolls', () => {
    const action = fight(
      {
        heroes: [hero('Ana', { cover: 'total', attributes: { brawn: 3 }, skills: { fight: 3 } })],
        enemies: [{ template: 'goons-1' }],
      },
      [1, 2, 3],
    );
    expect(lastPool(attackWith(action, 'hero-1'))).toBe(3);
    const reaction = fight({
      starts: 'enemies',
      heroes: [hero('Ana', { cover: 'total' })],
      enemies: [{ template: 'goons-5' }],
    });
    act(reaction, 'director', { type: 'declare-reaction', reaction: 2 });
    expect(heroOf(reaction, 'hero-1').grit).toBe(0);
    expect(reaction.state.turn.kind).toBe('action');
  });

  it('Partial Cover is reached with the Quick Action or an extra Basic success', () => {
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [3, 3, 5, 5],
    );
    act(match, 'hero-1', { type: 'quick-action', kind: 'grab-or-toss' });
    attackWith(match, 'hero-1');
    act(match, 'hero-1', { type: 'spend-extras', quick: 1 });
    act(match, 'hero-1', { type: 'quick-action', kind: 'reach-partial-cover' });
    expect(heroOf(match, 'hero-1').cover).toBe('partial');
  });

  it('Total Cover is reached by spending the whole turn, or with an extra Critical success', () => {
    const turn = fight({ heroes: [hero('Ana'), hero('Ben')], enemies: [{ template: 'goons-1' }] });
    act(turn, 'hero-1', { type: 'full-action', kind: 'take-total-cover' });
    expect(heroOf(turn, 'hero-1').cover).toBe('total');
    refused(
      turn,
      'hero-1',
      { type: 'attack', enemy: 'enemy-1', weapon: 0, attribute: 'brawn', skill: 'fight' },
      'action-used',
    );
    const extra = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [3, 3, 3, 3],
    );
    attackWith(extra, 'hero-1');
    act(extra, 'hero-1', { type: 'spend-extras', full: 1 });
    act(extra, 'hero-1', { type: 'full-action', kind: 'take-total-cover' });
    expect(heroOf(extra, 'hero-1').cover).toBe('total');
  });

  it('getting out of Total Cover requires a Quick Action', () => {
    const match = fight({
      heroes: [hero('Ana', { cover: 'total' }), hero('Ben')],
      enemies: [{ template: 'goons-1' }],
    });
    act(match, 'hero-1', { type: 'quick-action', kind: 'leave-cover' });
    expect(heroOf(match, 'hero-1').cover).toBe('none');
    refused(
      match,
      'hero-1',
      { type: 'quick-action', kind: 'reach-partial-cover' },
      'no-quick-action',
    );
  });

  it('Quick or Full Actions can push a friend behind Partial or Total Cover', () => {
    const match = fight({
      heroes: [hero('Ana'), hero('Ben'), hero('Cid')],
      enemies: [{ template: 'goons-1' }],
    });
    act(match, 'hero-1', {
      type: 'quick-action',
      kind: 'push-friend-into-cover',
      friend: 'hero-2',
    });
    act(match, 'hero-1', {
      type: 'full-action',
      kind: 'push-friend-into-total-cover',
      friend: 'hero-3',
    });
    expect(heroOf(match, 'hero-2').cover).toBe('partial');
    expect(heroOf(match, 'hero-3').cover).toBe('total');
  });
});

describe('Mags', () => {
  const shooter = (extra = {}) => hero('Ana', { range: 'close', ...extra });

  it('Failure: when you fail a roll to shoot, you lose one mag', () => {
    const match = fight(
      { heroes: [shooter({ mags: {} }), hero('Ben')], enemies: [{ template: 'goons-1' }] },
      [1, 2, 3, 4],
    );
    act(match, 'hero-1', {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 1,
      attribute: 'nerves',
      skill: 'shoot',
    });
    expect(heroOf(match, 'hero-1').weapons[1]!.loaded).toBe(false);
    refused(match, 'hero-1', { type: 'quick-action', kind: 'reload', weapon: 1 }, 'no-spare-mags');
  });

  it('Going Full Auto: empty a mag for +1 to the roll', () => {
    const match = fight(
      { heroes: [shooter()], enemies: [{ template: 'goons-1' }] },
      [3, 3, 1, 2, 5],
    );
    const events = act(match, 'hero-1', {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 1,
      attribute: 'nerves',
      skill: 'shoot',
      fullAuto: true,
    });
    expect(lastPool(events)).toBe(5);
    expect(heroOf(match, 'hero-1').weapons[1]!.loaded).toBe(false);
    refused(
      match,
      'hero-1',
      {
        type: 'attack',
        enemy: 'enemy-1',
        weapon: 0,
        attribute: 'brawn',
        skill: 'fight',
        fullAuto: true,
      },
      'not-now',
    );
  });

  it('only firearms empty a mag on purpose: no Full Auto nor Covering Fire with a grenade', () => {
    const match = fight({
      heroes: [
        shooter({ weapons: [{ name: 'grenade', kind: 'grenade' }], mags: { grenade: 1 } }),
        hero('Ben'),
      ],
      enemies: [{ template: 'goons-1' }],
    });
    const throwIt = {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 0,
      attribute: 'nerves',
      skill: 'shoot',
    };
    refused(match, 'hero-1', { ...throwIt, fullAuto: true }, 'no-full-auto');
    refused(match, 'hero-1', { type: 'covering-fire', weapon: 0 }, 'unknown-weapon');
  });

  it('Covering Fire: your friends (not you) gain +1 to their next Reaction Roll; it takes the full turn and a mag', () => {
    const match = fight(
      { heroes: [shooter(), hero('Ben')], enemies: [{ template: 'goons-1' }] },
      [1, 2, 3, 4, 1, 2, 3, 4, 5],
    );
    act(match, 'hero-1', { type: 'covering-fire', weapon: 1 });
    expect(heroOf(match, 'hero-1').weapons[1]!.loaded).toBe(false);
    refused(
      match,
      'hero-1',
      { type: 'attack', enemy: 'enemy-1', weapon: 0, attribute: 'brawn', skill: 'fight' },
      'action-used',
    );
    act(match, 'hero-1', { type: 'end-turn' });
    act(match, 'hero-2', { type: 'end-turn' });
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    expect(lastPool(act(match, 'hero-1', { type: 'roll-reaction' }))).toBe(4);
    expect(lastPool(act(match, 'hero-2', { type: 'roll-reaction' }))).toBe(5);
    expect(heroOf(match, 'hero-2').coveringFire).toBe(0);
  });

  it('Bad Luck: after a failure the Director can state that mags were lost', () => {
    const match = fight(
      { heroes: [shooter({ mags: { pistol: 3 } })], enemies: [{ template: 'goons-1' }] },
      [1, 2, 3, 4],
    );
    act(match, 'hero-1', {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 1,
      attribute: 'nerves',
      skill: 'shoot',
    });
    expect(match.prompts()[0]).toMatchObject({ seats: ['director'], answer: 'bad-luck' });
    refused(match, 'director', { type: 'bad-luck', mags: 4 }, 'too-many-mags');
    act(match, 'director', { type: 'bad-luck', mags: 2 });
    expect(heroOf(match, 'hero-1').mags.pistol).toBe(1);
  });

  it('Reload: an empty weapon must be reloaded with a Quick Action before it is used again', () => {
    const match = fight({
      heroes: [
        shooter({ weapons: [{ name: 'pistol', kind: 'pistol', loaded: false }] }),
        hero('Ben'),
      ],
      enemies: [{ template: 'goons-1' }],
    });
    refused(
      match,
      'hero-1',
      { type: 'attack', enemy: 'enemy-1', weapon: 0, attribute: 'nerves', skill: 'shoot' },
      'weapon-empty',
    );
    act(match, 'hero-1', { type: 'quick-action', kind: 'reload', weapon: 0 });
    expect(heroOf(match, 'hero-1').weapons[0]!.loaded).toBe(true);
    expect(heroOf(match, 'hero-1').mags.pistol).toBe(1);
  });

  it('for each weapon you can carry up to three mags, plus one in the weapon: a scene asking for more is refused', () => {
    expect(() =>
      fight({ heroes: [shooter({ mags: { pistol: 4 } })], enemies: [{ template: 'goons-1' }] }),
    ).toThrow(
      'scene.heroes.0.mags.pistol: Ana carries 4 spare mags for the pistol: at most 3 per weapon (plus one in it), so 3',
    );
    const twoPistols = [
      { name: 'left pistol', kind: 'pistol' as const },
      { name: 'right pistol', kind: 'pistol' as const },
    ];
    expect(() =>
      fight({
        heroes: [shooter({ weapons: twoPistols, mags: { pistol: 6 } })],
        enemies: [{ template: 'goons-1' }],
      }),
    ).not.toThrow();
    expect(() =>
      fight({ heroes: [shooter({ mags: { rifle: 1 } })], enemies: [{ template: 'goons-1' }] }),
    ).toThrow('Ana carries 1 spare rifle mags but no weapon that takes them');
  });

  it('more mags come by taking them from defeated Enemies: a Quick Action at Melee or Close', () => {
    const thug = {
      name: 'Thug',
      grit: 1,
      attack: { tier: 'basic' as const },
      defense: 'basic' as const,
    };
    const match = fight(
      {
        heroes: [shooter({ range: 'melee' }), hero('Ben', { range: 'melee' })],
        enemies: [thug, { template: 'goons-1' }],
      },
      [3, 3, 5, 6],
    );
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    expect(enemyOf(match).defeated).toBe(true);
    refused(
      match,
      'hero-1',
      { type: 'quick-action', kind: 'take-mags', enemy: 'enemy-2', weapon: 1 },
      'enemy-standing',
    );
    act(match, 'hero-1', { type: 'quick-action', kind: 'take-mags', enemy: 'enemy-1', weapon: 1 });
    expect(heroOf(match, 'hero-1').mags.pistol).toBe(3);
    refused(
      match,
      'hero-2',
      { type: 'quick-action', kind: 'take-mags', enemy: 'enemy-1', weapon: 1 },
      'mags-taken',
    );
  });

  it('one mag type per weapon type: a pistol mag reloads any handgun but never a rifle', () => {
    const weapons = [
      { name: 'pistol', kind: 'pistol' as const, loaded: false },
      { name: 'other pistol', kind: 'pistol' as const, loaded: false },
      { name: 'rifle', kind: 'rifle' as const, loaded: false },
    ];
    const match = fight({
      heroes: [shooter({ weapons, mags: { pistol: 1 } }), hero('Ben')],
      enemies: [{ template: 'goons-1' }],
    });
    refused(match, 'hero-1', { type: 'quick-action', kind: 'reload', weapon: 2 }, 'no-spare-mags');
    act(match, 'hero-1', { type: 'quick-action', kind: 'reload', weapon: 1 });
    expect(heroOf(match, 'hero-1').weapons.map((weapon) => weapon.loaded)).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe('A danger to others', () => {
  it('shooting at an Enemy in Melee with friends is a Gamble at their expense: each 1 fills a Grit box of each', () => {
    const match = fight(
      {
        heroes: [
          hero('Ana', { range: 'close' }),
          hero('Ben', { range: 'melee' }),
          hero('Cid', { range: 'medium' }),
        ],
        enemies: [{ template: 'goons-1' }],
      },
      [1, 1, 3, 4],
    );
    act(match, 'hero-1', {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 1,
      attribute: 'nerves',
      skill: 'shoot',
    });
    keep(match, 'hero-1');
    expect(enemyOf(match).lost).toBe(1);
    expect(heroOf(match, 'hero-2').grit).toBe(2);
    expect(heroOf(match, 'hero-3').grit).toBe(0);
    expect(heroOf(match, 'hero-1').grit).toBe(0);
  });

  it('fists in a melee endanger nobody', () => {
    const match = fight(
      { heroes: [hero('Ana'), hero('Ben')], enemies: [{ template: 'goons-1' }] },
      [1, 1, 3, 4],
    );
    attackWith(match, 'hero-1');
    keep(match, 'hero-1');
    expect(heroOf(match, 'hero-2').grit).toBe(0);
  });

  it('explosive weapons are a Gamble for yourself and the people around you', () => {
    const match = fight(
      {
        heroes: [
          hero('Ana', {
            range: 'close',
            weapons: [{ name: 'grenade', kind: 'grenade' }],
            mags: { grenade: 1 },
          }),
          hero('Ben'),
        ],
        enemies: [{ template: 'goons-1' }],
      },
      [1, 2, 2, 5, 6],
    );
    act(match, 'hero-1', {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 0,
      attribute: 'nerves',
      skill: 'shoot',
    });
    keep(match, 'hero-1');
    expect(heroOf(match, 'hero-1').grit).toBe(1);
    expect(heroOf(match, 'hero-2').grit).toBe(1);
  });

  it('explosive weapons are always a Gamble, even thrown from Medium range', () => {
    // Nerves 2 + Shoot 2, +2 for a grenade at Medium: six dice, one 1.
    const match = fight(
      {
        heroes: [
          hero('Ana', {
            range: 'medium',
            weapons: [{ name: 'grenade', kind: 'grenade' }],
            mags: { grenade: 1 },
          }),
          hero('Ben'),
        ],
        enemies: [{ template: 'goons-1' }],
      },
      [1, 2, 2, 5, 6, 3],
    );
    const events = act(match, 'hero-1', {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 0,
      attribute: 'nerves',
      skill: 'shoot',
    });
    expect(lastPool(events)).toBe(6);
    keep(match, 'hero-1');
    expect(heroOf(match, 'hero-1').grit).toBe(1);
    expect(heroOf(match, 'hero-2').grit).toBe(1);
  });
});
