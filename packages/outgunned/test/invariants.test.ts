import { clonePlain } from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import { buildFight, type FightState, fightInvariants } from '../src/index.js';
import { hero } from './fight-helpers.js';

function broken(change: (state: FightState) => void): string[] {
  const state = clonePlain(fresh);
  change(state);
  return fightInvariants(state);
}

const fresh = buildFight({
  heroes: [hero('Ana'), hero('Ben')],
  enemies: [{ template: 'goons-2' }],
});

describe('the fight invariants', () => {
  it('a fresh fight breaks none', () => {
    expect(fightInvariants(fresh)).toEqual([]);
  });

  it('Grit within its 12 boxes, Adrenaline 0 to 6, Spotlight 0 to 3', () => {
    expect(broken((state) => (state.heroes[0]!.grit = 13))).toEqual([
      "Ana's Grit filled is 13, outside 0 to 12",
    ]);
    expect(broken((state) => (state.heroes[1]!.adrenaline = -1))).toEqual([
      "Ben's Adrenaline is -1, outside 0 to 6",
    ]);
    expect(broken((state) => (state.heroes[0]!.spotlight = 4))).toEqual([
      "Ana's Spotlight is 4, outside 0 to 3",
    ]);
  });

  it('mags within three spare per weapon, and never below none', () => {
    expect(broken((state) => (state.heroes[0]!.mags.pistol = 4))).toEqual([
      "Ana's spare pistol mags is 4, outside 0 to 3",
    ]);
    expect(broken((state) => (state.heroes[0]!.mags.pistol = -1))).toEqual([
      "Ana's spare pistol mags is -1, outside 0 to 3",
    ]);
  });

  it('Cash is never negative', () => {
    expect(broken((state) => (state.heroes[0]!.cash = -1))).toEqual([
      "Ana's Cash is -1, outside 0 to 999",
    ]);
  });

  it('Enemy Grit within its track, and defeated exactly when the track is full', () => {
    expect(broken((state) => (state.enemies[0]!.lost = 7))).toContain(
      "Goons 2's Grit lost is 7, outside 0 to 6",
    );
    expect(broken((state) => (state.enemies[0]!.defeated = true))).toContain(
      'Goons 2 is defeated with 0 of 6 Grit lost',
    );
  });

  it('one active turn: one roll in hand at a time, a turn that waits on someone, an outcome that fits', () => {
    const roll = {
      kind: 'roll' as const,
      rolling: {
        hero: 'hero-1',
        attribute: 'brawn' as const,
        skill: 'fight' as const,
        pool: 2,
        difficulty: { tier: 'basic' as const, double: false },
        dangerous: false,
        purpose: { type: 'collateral' as const },
        roll: {
          dice: [1, 2],
          setAside: [],
          rerolled: false,
          freeRerolled: false,
          wentAllIn: false,
          lastRerollBetter: false,
        },
        spotlight: false,
        gamble: { self: false, friends: [] },
      },
    };
    expect(broken((state) => state.steps.push(roll, clonePlain(roll)))).toContain(
      '2 rolls are in hand at once',
    );
    expect(
      broken((state) => {
        if (state.turn.kind === 'action')
          for (const own of Object.values(state.turn.heroes)) own.done = true;
      }),
    ).toEqual(['the Action Turn waits on nobody']);
    expect(broken((state) => (state.outcome = 'heroes'))).toEqual([
      'the Heroes won with an Enemy standing',
    ]);
    expect(
      broken((state) => {
        state.rules.mode = 'brawl';
        state.turn = {
          kind: 'reaction',
          enemy: 'enemy-1',
          queue: [],
          plans: null,
          results: {},
          phase: 'rolling',
        };
      }),
    ).toEqual([
      'a Brawl has a Reaction Turn',
      'the Reaction Turn is rolling with no reaction declared',
    ]);
  });
});
