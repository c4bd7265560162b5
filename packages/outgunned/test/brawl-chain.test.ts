import { describe, expect, it } from 'vitest';
import {
  brawlOdds,
  type FightAction,
  type FightState,
  fightOptionsSchema,
  meetsDifficulty,
  outgunnedFight,
  parseScene,
  type RerollPolicy,
  rerollsAllowed,
} from '../src/index.js';

/*
 * The chain is checked against fights played by the real ruleset, with a
 * player that follows the chain's stated policy at every prompt: each
 * fighting Hero in seat order attacks with their first weapon and the
 * biggest Attribute+Skill pair, re-rolls by the policy, spends no extra
 * success, lets fate decide at a friend's Death Roulette.
 */
const scene = parseScene({
  name: 'Alley scuffle',
  mode: 'brawl',
  range: 'melee',
  heroes: [
    {
      name: 'Ana',
      attributes: { brawn: 3, nerves: 2, smooth: 1, focus: 1, crime: 1 },
      skills: { fight: 2 },
      weapons: [{ name: 'fists', kind: 'unarmed' }],
      grit: 6,
    },
    {
      name: 'Bo',
      attributes: { brawn: 2, nerves: 2, smooth: 1, focus: 1, crime: 1 },
      skills: { fight: 2 },
      weapons: [{ name: 'cue', kind: 'melee-weapon' }],
      freeRerolls: 1,
      grit: 7,
      lethalBullets: 3,
    },
  ],
  enemies: [{ template: 'goons-2', name: 'Goons' }],
});

function fight(seed: string, maxRounds = 30): FightState {
  return outgunnedFight.setup(fightOptionsSchema.parse({ scene, maxRounds }), seed);
}

const pairs: Record<string, { attribute: 'brawn'; skill: 'fight' }> = {
  'hero-1': { attribute: 'brawn', skill: 'fight' },
  'hero-2': { attribute: 'brawn', skill: 'fight' },
};

/** The policy's choice for whoever must act now, as [seat, action]. */
function policyMove(state: FightState, policy: RerollPolicy): [string, FightAction] {
  const step = state.steps[state.steps.length - 1];
  if (step?.kind === 'roll') {
    const { roll, difficulty } = step.rolling;
    const hero = state.heroes.find((one) => one.seat === step.rolling.hero)!;
    const keep: [string, FightAction] = [hero.seat, { type: 'keep-roll' }];
    if (meetsDifficulty(roll.dice, difficulty, state.rules) || policy === 'none') return keep;
    const allowed = rerollsAllowed(roll, hero.freeRerolls);
    if (policy === 'free')
      return !roll.freeRerolled && allowed.includes('free-reroll')
        ? [hero.seat, { type: 'reroll', kind: 'free-reroll' }]
        : keep;
    if (!roll.rerolled && allowed.includes('reroll'))
      return [hero.seat, { type: 'reroll', kind: 'reroll' }];
    if (policy === 'allin' && allowed.includes('all-in'))
      return [hero.seat, { type: 'reroll', kind: 'all-in' }];
    return keep;
  }
  if (step?.kind === 'spend-extras')
    return [
      step.hero,
      step.spent ? { type: 'stop-spending' } : ({ type: 'spend-extras' } as FightAction),
    ];
  if (step?.kind === 'save-from-death') {
    const asked = step.asked.find((seat) => !step.passed.includes(seat))!;
    return [asked, { type: 'let-fate-decide' }];
  }
  if (step !== undefined) throw new Error(`the policy has no answer for ${step.kind}`);
  if (state.turn.kind !== 'action') throw new Error('a Brawl has only Action Turns');
  for (const hero of state.heroes) {
    const own = state.turn.heroes[hero.seat];
    if (own === undefined || own.done) continue;
    if (own.actionUsed) return [hero.seat, { type: 'end-turn' }];
    return [
      hero.seat,
      {
        type: 'attack',
        enemy: state.enemies[0]!.id,
        weapon: 0,
        ...pairs[hero.seat]!,
        fullAuto: false,
        adrenaline: 0,
        allOut: false,
        spotlight: false,
      },
    ];
  }
  throw new Error('nobody is left to act');
}

function playOut(state: FightState, policy: RerollPolicy): string {
  for (let guard = 0; guard < 10_000 && state.outcome === null; guard++) {
    const [seat, action] = policyMove(state, policy);
    const outcome = outgunnedFight.apply(state, seat, action);
    if (!outcome.ok)
      throw new Error(`${seat} ${JSON.stringify(action)}: ${outcome.rejection.message}`);
  }
  return state.outcome ?? 'unfinished';
}

describe('the Brawl chain: the odds that a party beats an Enemy', () => {
  it('the chances of the three endings add up to 1', () => {
    for (const policy of ['none', 'reroll', 'free', 'allin'] as const) {
      const odds = brawlOdds(fight('sum'), policy);
      expect(odds.p_heroes_win + odds.p_enemies_win + odds.p_interrupted).toBeCloseTo(1, 12);
    }
  });

  for (const policy of ['none', 'reroll', 'free', 'allin'] as const) {
    it(`agree within 4 sigma with fights the real ruleset plays under the policy "${policy}"`, () => {
      const maxRounds = 4;
      const odds = brawlOdds(fight('exact', maxRounds), policy);
      const samples = 1500;
      const counts = { heroes: 0, enemies: 0, interrupted: 0 };
      for (let sample = 0; sample < samples; sample++) {
        const ending = playOut(fight(`mc:${policy}:${sample}`, maxRounds), policy);
        counts[ending as keyof typeof counts]++;
      }
      for (const [name, p, count] of [
        ['heroes', odds.p_heroes_win, counts.heroes],
        ['enemies', odds.p_enemies_win, counts.enemies],
        ['interrupted', odds.p_interrupted, counts.interrupted],
      ] as const) {
        const sigma = Math.sqrt((p * (1 - p)) / samples);
        expect(
          Math.abs(count / samples - p),
          `${name}: ${count} in ${samples} against ${p}`,
        ).toBeLessThanOrEqual(4 * sigma + 1 / samples);
      }
    });
  }

  it('refuses what it does not model, saying why', () => {
    const combat = parseScene({ ...scene, mode: 'combat' });
    expect(() =>
      brawlOdds(outgunnedFight.setup(fightOptionsSchema.parse({ scene: combat }), 's'), 'none'),
    ).toThrow(/Brawls only/);
  });
});
