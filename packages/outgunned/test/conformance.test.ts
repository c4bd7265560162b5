import { conformanceSuite } from '@tabletop/engine/conformance';
import {
  exampleScene,
  exampleSceneNames,
  fightInvariants,
  optionsFromSetup,
  outgunnedFight,
} from '../src/index.js';

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
  mags: number % 2 === 0 ? { grenade: 2 } : { smg: 2 },
  cash: number,
  freeRerolls: 1,
  adrenaline: 2,
  spotlight: 2,
  grit: 6,
  range: number % 2 === 0 ? ('melee' as const) : ('out-of-range' as const),
}));

conformanceSuite({
  ruleset: outgunnedFight,
  optionsList: [
    {},
    optionsFromSetup({ hideEnemyGrit: true, starts: 'enemies' }),
    optionsFromSetup({ mode: 'brawl', enemies: [{ template: 'bad-guys-3' }] }),
    optionsFromSetup({
      starts: 'coin-flip',
      heroes: fourHeroes,
      enemies: [{ template: 'boss-1', reach: 'medium' }, { template: 'goons-3' }],
      mags: { forSale: true },
      jackpot: 'takes-out',
      hideEnemyGrit: true,
    }),
    // Every example scene shipped with the package, as a server would pass it: plain data in the options.
    ...exampleSceneNames.map((name) => ({ scene: exampleScene(name) })),
  ],
  seeds: ['alpha', 'bravo', 'charlie'],
  maxActions: 5000,
  samplesPerPlayout: 12,
  invariant: fightInvariants,
  badActions: () => [
    { type: 'attack', enemy: 'enemy-99', weapon: 0, attribute: 'brawn', skill: 'fight' },
    { type: 'set-difficulty', tier: 'impossible', double: true },
    { type: 'spend-extras', protect: { 'hero-99': 1 } },
    { type: 'spend-extras', damage: 81, counter: 81 },
    { type: 'cool-action', kind: 'reach-cover-with-friend', friend: 'hero-99' },
    { type: 'declare-reaction', reaction: 7 },
    { type: 'bad-luck', mags: 17 },
    { type: 'quick-action', kind: 'reload', weapon: 7 },
    { type: 'quick-action', kind: 'take-mags', enemy: 'enemy-1', weapon: 0 },
    { type: 'quick-action', kind: 'buy-mag', weapon: 7 },
    {
      type: 'attack',
      enemy: 'enemy-1',
      weapon: 0,
      attribute: 'brawn',
      skill: 'fight',
      spotlight: true,
      adrenaline: 1,
    },
  ],
});
