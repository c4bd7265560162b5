import { brawlOdds, fightOptionsSchema, outgunnedFight, readSceneFile } from './src/index.js';

const scene = readSceneFile('packages/outgunned/scenes/bar-brawl.json');
const state = outgunnedFight.setup(fightOptionsSchema.parse({ scene }), 'x');
for (const policy of ['none', 'reroll', 'free', 'allin'] as const) {
  console.time(policy);
  const o = brawlOdds(state, policy);
  console.timeEnd(policy);
  console.log(policy, o.p_heroes_win, o.p_enemies_win, o.p_interrupted, o.states);
}
