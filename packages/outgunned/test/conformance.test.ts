import { conformanceSuite } from '@tabletop/engine/conformance';
import { outgunnedFight } from '../src/index.js';

const fourHeroes = [1, 2, 3, 4].map((number) => ({
  name: `Hero ${number}`,
  attributes: { brawn: 2, nerves: 2, smooth: 1, focus: 1, crime: 1 },
  skills: { fight: 2, shoot: 2, stunt: 1, force: 1 },
  weapons: [
    { name: 'fists', kind: 'unarmed' as const },
    {
      name: number % 2 === 0 ? 'grenade' : 'smg',
      kind: number % 2 === 0 ? ('grenade' as const) : ('smg' as const),
    },
  ],
  mags: { grenade: 2, smg: 2 },
  freeRerolls: 1,
  adrenaline: 2,
  grit: 6,
  range: number % 2 === 0 ? ('melee' as const) : ('out-of-range' as const),
}));

conformanceSuite({
  ruleset: outgunnedFight,
  optionsList: [
    {},
    { hideEnemyGrit: true, starts: 'enemies' },
    { mode: 'brawl', enemies: [{ template: 'bad-guys-3' }] },
    {
      starts: 'coin-flip',
      heroes: fourHeroes,
      enemies: [{ template: 'boss-1', reach: 'medium' }, { template: 'goons-3' }],
      jackpot: 'takes-out',
      hideEnemyGrit: true,
    },
  ],
  seeds: ['alpha', 'bravo', 'charlie'],
  maxActions: 5000,
  samplesPerPlayout: 15,
  invariant: (state) => {
    const problems: string[] = [];
    for (const hero of state.heroes) {
      if (hero.grit < 0 || hero.grit > 12)
        problems.push(`${hero.name} has ${hero.grit} Grit filled`);
      if (hero.adrenaline < 0 || hero.adrenaline > 6)
        problems.push(`${hero.name} has ${hero.adrenaline} Adrenaline`);
      for (const [kind, count] of Object.entries(hero.mags))
        if ((count ?? 0) < 0) problems.push(`${hero.name} has ${count} ${kind} mags`);
    }
    for (const enemy of state.enemies) {
      if (enemy.lost < 0 || enemy.lost > enemy.grit)
        problems.push(`${enemy.name} has lost ${enemy.lost} of ${enemy.grit}`);
      if (enemy.defeated !== enemy.lost >= enemy.grit)
        problems.push(`${enemy.name} defeated flag disagrees with its Grit`);
    }
    return problems;
  },
  badActions: () => [
    { type: 'attack', enemy: 'enemy-99', weapon: 0, attribute: 'brawn', skill: 'fight' },
    { type: 'set-difficulty', tier: 'impossible', double: true },
    { type: 'spend-extra', as: 'protect', friend: 'hero-99' },
    { type: 'cool-action', kind: 'reach-cover-with-friend', friend: 'hero-99' },
    { type: 'declare-reaction', reaction: 7 },
    { type: 'bad-luck', mags: 17 },
    { type: 'quick-action', kind: 'reload', weapon: 7 },
  ],
});
