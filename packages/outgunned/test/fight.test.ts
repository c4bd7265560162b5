import { clonePlain, eventsFor } from '@tabletop/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildFight, fightOptionsSchema, outgunnedFight } from '../src/index.js';
import { act, attackWith, endActionTurn, fight, hero, keep } from './fight-helpers.js';

describe('the fight', () => {
  it('the built-in fight: two Heroes against Goons 2, one Director seat', () => {
    const match = fight({});
    expect(outgunnedFight.seats(match.state)).toEqual(['director', 'hero-1', 'hero-2']);
    expect(match.state.enemies[0]).toMatchObject({
      name: 'Goons 2',
      grit: 6,
      attack: { tier: 'basic', double: true },
      defense: 'basic',
    });
    expect(match.state.heroes.map((one) => one.grit)).toEqual([0, 0]);
  });

  it('one to six Hero seats, checked with an error that names the option', () => {
    expect(() => fight({ heroes: [] })).toThrow(/heroes/);
    expect(() =>
      fight({ heroes: Array.from({ length: 7 }, (_, index) => hero(`H${index}`)) }),
    ).toThrow(/heroes/);
    expect(() =>
      fight({ heroes: Array.from({ length: 6 }, (_, index) => hero(`H${index}`)) }),
    ).not.toThrow();
    expect(() => fight({ enemies: [{ name: 'Nobody' }] })).toThrow(
      /custom Enemy needs grit, attack and defense/,
    );
    expect(() =>
      fight({ enemies: [{ template: 'goons-1', attack: { tier: 'impossible', double: true } }] }),
    ).toThrow(/double Impossible/);
  });

  it('who starts: when the Enemies attack first, the fight opens on a Reaction Turn', () => {
    const match = fight({ starts: 'enemies' });
    expect(match.state.turn.kind).toBe('reaction');
    expect(match.prompts()[0]).toMatchObject({ seats: ['director'], answer: 'declare-reaction' });
  });

  it('who starts: a coin flip when unclear', () => {
    expect(fight({ starts: 'coin-flip' }, [2]).state.turn.kind).toBe('action');
    expect(fight({ starts: 'coin-flip' }, [5]).state.turn.kind).toBe('reaction');
  });

  it('combat goes on until it is interrupted: by the Director, or after the rounds allowed', () => {
    const byDirector = fight({ starts: 'enemies' });
    act(byDirector, 'director', { type: 'interrupt' });
    expect(byDirector.result()).toMatchObject({ winners: [] });
    const capped = fight({ heroes: [hero('Ana', { cover: 'total' })], maxRounds: 2 });
    for (let round = 0; round < 2; round++) {
      endActionTurn(capped);
      act(capped, 'director', { type: 'declare-reaction', reaction: 1 });
    }
    expect(capped.result()?.summary).toBe('the fight is interrupted in round 2');
  });

  it('a bad action gets a clear error naming what was wrong, and the state stays exactly as before', () => {
    const state = buildFight({ heroes: [hero('Ana')] });
    const before = JSON.stringify(state);
    const outcomes = [
      // @ts-expect-error: an action as a client sends it, its defaulted fields left out, with a weapon Ana lacks
      outgunnedFight.apply(state, 'hero-1', {
        type: 'attack',
        enemy: 'enemy-1',
        weapon: 5,
        attribute: 'brawn',
        skill: 'fight',
      }),
      outgunnedFight.apply(state, 'hero-1', {
        type: 'attack',
        enemy: 'enemy-1',
        weapon: 0,
        attribute: 'brawn',
        // @ts-expect-error: a skill the game does not have
        skill: 'juggling',
      }),
      outgunnedFight.apply(state, 'hero-9', { type: 'end-turn' }),
      outgunnedFight.apply(state, 'director', { type: 'end-turn' }),
      outgunnedFight.apply(state, 'hero-1', { type: 'declare-reaction', reaction: 1 }),
    ];
    expect(outcomes.map((outcome) => (outcome.ok ? 'accepted' : outcome.rejection.code))).toEqual([
      'unknown-weapon',
      'malformed-action',
      'unknown-seat',
      'not-for-director',
      'not-for-heroes',
    ]);
    expect(outcomes[1]!.ok === false && outcomes[1]!.rejection.message).toContain('skill');
    expect(JSON.stringify(state)).toBe(before);
  });

  it('apply never throws on any input, and refusing never changes the state', () => {
    const state = buildFight({});
    const before = JSON.stringify(state);
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom('director', 'hero-1', 'hero-2', 'x'), fc.string()),
        fc.anything(),
        (seat, action) => {
          const copy = clonePlain(state);
          // @ts-expect-error: anything at all, as a client may send
          const outcome = outgunnedFight.apply(copy, seat, action);
          return outcome.ok || JSON.stringify(copy) === before;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('every legal action listed is accepted, and the lists are bounded', () => {
    const state = buildFight({});
    for (const seat of outgunnedFight.seats(state)) {
      const actions = outgunnedFight.legalActions(state, seat);
      expect(actions.length).toBeLessThan(100);
      for (const action of actions)
        expect(outgunnedFight.apply(clonePlain(state), seat, action).ok).toBe(true);
    }
  });
});

describe('hidden information', () => {
  it('the view never shows the generator or the dice not yet rolled', () => {
    const match = fight({}, [6, 6, 6]);
    for (const viewer of ['director', 'hero-1', 'spectator']) {
      const view = JSON.stringify(match.view(viewer));
      expect(view).not.toContain('random');
      expect(view).not.toContain('stackedDice');
    }
  });

  it("the Director may hide the Enemies' Grit from the Heroes", () => {
    const match = fight({ hideEnemyGrit: true, heroes: [hero('Ana'), hero('Ben')] }, [3, 3, 1, 2]);
    attackWith(match, 'hero-1');
    const events = keep(match, 'hero-1');
    const director = match.view('director') as { enemies: { lost: number | null }[] };
    const heroView = match.view('hero-2') as {
      enemies: { lost: number | null; grit: number | null }[];
    };
    expect(director.enemies[0]!.lost).toBe(1);
    expect(heroView.enemies[0]).toMatchObject({ lost: null, grit: null });
    expect(
      eventsFor(events, 'hero-2')
        .map((event) => event.text)
        .join('\n'),
    ).not.toMatch(/1\/6/);
    expect(
      eventsFor(events, 'director')
        .map((event) => event.text)
        .join('\n'),
    ).toMatch(/1\/6/);
    const open = fight({ heroes: [hero('Ana')] });
    expect((open.view('hero-1') as { enemies: { grit: number | null }[] }).enemies[0]!.grit).toBe(
      6,
    );
  });
});

describe('setup options', () => {
  it('parsing no options gives the built-in fight with documented defaults', () => {
    const options = fightOptionsSchema.parse({});
    expect(options.scene).toMatchObject({
      name: 'Goons in the alley',
      mode: 'combat',
      starts: 'heroes',
    });
    expect(options).toMatchObject({
      jackpot: 'narrative',
      threeExtremesMakeImpossible: false,
      hideEnemyGrit: false,
      maxRounds: 30,
      stackedDice: [],
    });
    expect(options.scene.heroes).toHaveLength(2);
    expect(options.scene.heroes[0]!.skills.fix).toBe(0);
  });

  it('a custom Enemy takes grit, hot boxes, attack (double included) and defense', () => {
    const match = fight({
      enemies: [
        {
          name: 'Twins',
          grit: 8,
          hotBoxes: [4],
          attack: { tier: 'critical', double: true },
          defense: 'critical',
        },
      ],
    });
    expect(match.state.enemies[0]).toMatchObject({
      name: 'Twins',
      grit: 8,
      hotBoxes: [4],
      attack: { tier: 'critical', double: true },
      defense: 'critical',
    });
  });

  it('Heroes start with 12 empty Grit boxes, 1 Adrenaline and 1 Spotlight unless told otherwise', () => {
    const match = fight({ heroes: [{ name: 'Plain' }] });
    expect(match.state.heroes[0]).toMatchObject({
      grit: 0,
      adrenaline: 1,
      spotlight: 1,
      conditions: [],
      lethalBullets: 1,
    });
  });
});
