import { seedRandom } from '@tabletop/engine';
import { createNemesis, sensibleBotWithoutCards } from '@tabletop/nemesis';
import { sensibleBot } from '../nemesis/src/bots/sensible-old.tmp.ts';
const nemesis = createNemesis();
const which = process.argv[2] === 'none' ? sensibleBotWithoutCards : sensibleBot;
const t0 = performance.now();
let decisions = 0;
let spent = 0;
for (let game = 0; game < Number(process.argv[3] ?? 100); game++) {
  const state = nemesis.setup(nemesis.options.parse({ players: 4 }), `time-${game}`);
  const random = seedRandom(`bot-${game}`);
  while (state.over === null) {
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    const start = performance.now();
    const action = which.choose(nemesis, state, seat, random);
    spent += performance.now() - start;
    decisions++;
    const outcome = nemesis.apply(state, seat, action);
    if (!outcome.ok) throw new Error(JSON.stringify(action));
  }
}
console.log("total s", (performance.now() - t0) / 1000);
console.log(which.name, decisions, 'decisions', ((spent * 1000) / decisions).toFixed(1), 'µs each');
