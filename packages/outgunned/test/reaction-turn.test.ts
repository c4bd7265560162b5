import { describe, expect, it } from 'vitest';
import {
  act,
  endActionTurn,
  enemyOf,
  fight,
  hero,
  heroOf,
  keep,
  refused,
} from './fight-helpers.js';

/** A fight that opens on the Enemies' Reaction Turn. */
function reactionFight(heroes: ReturnType<typeof hero>[], enemy: string, dice: number[]) {
  return fight({ starts: 'enemies', heroes, enemies: [{ template: enemy as 'goons-1' }] }, dice);
}

describe('Reaction Turn', () => {
  it('all Reaction Rolls in combat are Dangerous Rolls against the Enemy Attack', () => {
    // Goons 4: Critical Attack. No success: 3 Grit lost.
    const match = reactionFight([hero('Ana')], 'goons-4', [1, 2, 3, 5]);
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    const events = act(match, 'hero-1', { type: 'roll-reaction' });
    const roll = events.find((event) => event.type === 'roll')!;
    expect(roll.difficulty).toEqual({ tier: 'critical', double: false });
    expect(roll.text).toContain('Dangerous');
    expect(heroOf(match, 'hero-1').grit).toBe(3);
  });

  it('if you fail you lose Grit, but smaller successes do Damage Control', () => {
    const match = reactionFight([hero('Ana')], 'goons-4', [2, 2, 1, 3]);
    act(match, 'director', { type: 'declare-reaction', reaction: 1 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    keep(match, 'hero-1');
    expect(heroOf(match, 'hero-1').grit).toBe(2);
  });

  it('roll at the beginning of the turn to randomize the Reaction', () => {
    const match = reactionFight([hero('Ana')], 'goons-1', [5]);
    act(match, 'director', { type: 'declare-reaction', reaction: 'random' });
    const turn = match.state.turn;
    expect(turn.kind === 'reaction' && turn.plans?.['hero-1']).toEqual({
      attribute: 'nerves',
      skill: 'stealth',
    });
  });

  it('all Heroes taking part in combat make the same Reaction Roll', () => {
    const match = reactionFight([hero('Ana'), hero('Ben'), hero('Cid')], 'goons-1', []);
    act(match, 'director', {
      type: 'declare-reaction',
      reaction: { attribute: 'brawn', skill: 'endure' },
    });
    const turn = match.state.turn;
    if (turn.kind !== 'reaction') throw new Error('a Reaction Turn was expected');
    expect(Object.values(turn.plans!)).toEqual(
      Array(3).fill({ attribute: 'brawn', skill: 'endure' }),
    );
    expect(match.prompts().map((prompt) => prompt.seats[0])).toEqual([
      'hero-1',
      'hero-2',
      'hero-3',
    ]);
  });

  it('Different Reactions: the Director may ask each Hero for a different Reaction Roll', () => {
    const match = reactionFight([hero('Ana'), hero('Ben')], 'goons-1', []);
    act(match, 'director', {
      type: 'declare-reaction',
      reaction: 2,
      perHero: { 'hero-2': { attribute: 'nerves', skill: 'awareness' } },
    });
    const turn = match.state.turn;
    if (turn.kind !== 'reaction') throw new Error('a Reaction Turn was expected');
    expect(turn.plans).toEqual({
      'hero-1': { attribute: 'brawn', skill: 'stunt' },
      'hero-2': { attribute: 'nerves', skill: 'awareness' },
    });
  });

  it("a Hero outside of the enemy's range automatically passes when the Director decides so", () => {
    const match = fight(
      {
        starts: 'enemies',
        heroes: [hero('Ana'), hero('Ben', { range: 'out-of-range' })],
        enemies: [{ template: 'goons-1', reach: 'long' }],
      },
      [1, 2, 3, 5],
    );
    const message = refused(
      match,
      'director',
      { type: 'declare-reaction', reaction: 2, autoPass: ['hero-1'] },
      'in-reach',
    );
    expect(message).toContain('Ana');
    act(match, 'director', { type: 'declare-reaction', reaction: 2, autoPass: ['hero-2'] });
    expect(match.prompts().map((prompt) => prompt.seats[0])).toEqual(['hero-1']);
    act(match, 'hero-1', { type: 'roll-reaction' });
    expect(heroOf(match, 'hero-1').grit).toBe(1);
    expect(heroOf(match, 'hero-2').grit).toBe(0);
  });

  it('an extra success at least equal to the Enemy Defense can counterattack', () => {
    // Bad Guys 1: Critical Attack and Defense. 2 Critical Successes: one defends, one counters.
    const heroes = [hero('Ana', { attributes: { brawn: 3 }, skills: { stunt: 3 } })];
    const match = reactionFight(heroes, 'bad-guys-1', [4, 4, 4, 5, 5, 5]);
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    act(match, 'hero-1', { type: 'spend-extras', counter: 1 });
    expect(enemyOf(match).lost).toBe(1);
    expect(heroOf(match, 'hero-1').grit).toBe(0);
  });

  it('a lower extra success cannot counter an Enemy with a higher Defense', () => {
    const heroes = [hero('Ana', { attributes: { brawn: 3 }, skills: { stunt: 3 } })];
    const match = reactionFight(heroes, 'bad-guys-1', [4, 4, 4, 5, 5, 1]);
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    keep(match, 'hero-1');
    refused(match, 'hero-1', { type: 'spend-extras', counter: 1 }, 'not-enough');
  });

  it('you can even counter several times in one turn', () => {
    const match = reactionFight([hero('Ana')], 'goons-1', [4, 4, 4, 1]);
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    keep(match, 'hero-1');
    act(match, 'hero-1', { type: 'spend-extras', counter: 2 });
    expect(enemyOf(match).lost).toBe(2);
  });

  it('extra successes can protect a friend who failed, granting them your success', () => {
    // Goons 4: Critical Attack. Ana scores 2 Criticals, Ben fails: Ana's second Critical protects him.
    const heroes = [hero('Ana', { attributes: { brawn: 3 }, skills: { stunt: 3 } }), hero('Ben')];
    const match = reactionFight(heroes, 'goons-4', [4, 4, 4, 5, 5, 5, 1, 2, 3, 6]);
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    act(match, 'hero-2', { type: 'roll-reaction' });
    act(match, 'hero-1', { type: 'spend-extras', protect: { 'hero-2': 1 } });
    expect(heroOf(match, 'hero-2').grit).toBe(0);
    expect(heroOf(match, 'hero-1').grit).toBe(0);
  });

  it('you can NOT use lower successes to do Damage Control for a friend', () => {
    const heroes = [hero('Ana', { attributes: { brawn: 3 }, skills: { stunt: 3 } }), hero('Ben')];
    const match = reactionFight(heroes, 'goons-4', [4, 4, 4, 5, 5, 1, 1, 2, 3, 6]);
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    keep(match, 'hero-1');
    act(match, 'hero-2', { type: 'roll-reaction' });
    const message = refused(
      match,
      'hero-1',
      { type: 'spend-extras', protect: { 'hero-2': 1 } },
      'not-enough',
    );
    expect(message).toContain('lower successes');
    act(match, 'hero-1', { type: 'spend-extras' });
    expect(heroOf(match, 'hero-2').grit).toBe(3);
  });

  it('a friend who passed cannot be protected', () => {
    const heroes = [hero('Ana', { attributes: { brawn: 3 }, skills: { stunt: 3 } }), hero('Ben')];
    const match = reactionFight(heroes, 'goons-1', [4, 4, 4, 5, 1, 2, 3, 3, 6, 1]);
    act(match, 'director', { type: 'declare-reaction', reaction: 2 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    keep(match, 'hero-1');
    act(match, 'hero-2', { type: 'roll-reaction' });
    keep(match, 'hero-2');
    refused(
      match,
      'hero-1',
      { type: 'spend-extras', protect: { 'hero-2': 1 } },
      'friend-not-failing',
    );
  });

  it('Action Turns and Reaction Turns keep alternating', () => {
    const match = fight(
      { heroes: [hero('Ana')], enemies: [{ template: 'goons-1' }] },
      [1, 2, 3, 5],
    );
    expect(match.state.turn.kind).toBe('action');
    endActionTurn(match);
    expect(match.state.turn.kind).toBe('reaction');
    act(match, 'director', { type: 'declare-reaction', reaction: 1 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    expect(match.state.turn.kind).toBe('action');
    expect(match.state.round).toBe(2);
  });

  it('each Enemy still standing acts in the Reaction Turn', () => {
    const match = fight(
      {
        starts: 'enemies',
        heroes: [hero('Ana')],
        enemies: [{ template: 'goons-1' }, { template: 'goons-4' }],
      },
      [1, 2, 3, 5, 1, 2, 3, 5],
    );
    act(match, 'director', { type: 'declare-reaction', reaction: 1 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    expect(match.prompts()[0]).toMatchObject({ seats: ['director'], answer: 'declare-reaction' });
    act(match, 'director', { type: 'declare-reaction', reaction: 1 });
    act(match, 'hero-1', { type: 'roll-reaction' });
    expect(heroOf(match, 'hero-1').grit).toBe(1 + 3);
  });
});
