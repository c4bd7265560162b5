/**
 * A fingerprint of fixed ISMCTS searches and Nemesis re-deals: the bots
 * benchmark's mid-game search (3000 iterations), its root-parallel search
 * over two workers, searches and re-deals for every seat at points of four
 * games, as root statistics and hashes. A change meant only to make the
 * search faster must leave it byte for byte the same: run it before and
 * after and compare.
 * Run: npx tsx bench/search-fingerprint.ts > fingerprint.json
 */
import { createHash } from 'node:crypto';
import { botChoice, botInput, ParallelIsmcts, searchIsmcts, seedRandom } from '@tabletop/engine';
import { createNemesis, nemesisSearchOptions, sensibleBot } from '@tabletop/nemesis';

const nemesis = createNemesis();
const out: Record<string, unknown> = {};
const hash = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
function states(seed: string, players: number) {
  const state = nemesis.setup(nemesis.options.parse({ players }), seed);
  const random = seedRandom(`sensible:${seed}`);
  const found = [];
  for (let step = 0; step < 1500 && state.over === null; step++) {
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    if (step % 37 === 5 && nemesis.legalActions(state, seat).length > 1)
      found.push({ state: structuredClone(state), seat, step });
    nemesis.apply(state, seat, botChoice(nemesis, sensibleBot(nemesis), state, seat, random));
  }
  return found;
}
// The bench's mid-game.
const mid = nemesis.setup(nemesis.options.parse({ players: 4 }), 'bench/bots mid-game');
{
  const random = seedRandom('bench/bots sensible');
  for (let step = 0; step < 2000 && mid.over === null; step++) {
    const seat = nemesis.prompts(mid)[0]!.seats[0]!;
    if (step >= 120 && nemesis.legalActions(mid, seat).length > 2) {
      out.midSeat = seat;
      break;
    }
    nemesis.apply(mid, seat, botChoice(nemesis, sensibleBot(nemesis), mid, seat, random));
  }
}
const midInput = botInput(nemesis, mid, out.midSeat as string, seedRandom('bench/bots search'));
out.mid = searchIsmcts(nemesis, midInput, {
  ...nemesisSearchOptions(nemesis),
  iterations: 3000,
});
const redeals: string[] = [];
const searches: string[] = [];
for (const [seed, players] of [
  ['rec a', 2],
  ['rec b', 3],
  ['rec c', 4],
  ['rec d', 5],
] as const) {
  for (const { state, seat, step } of states(seed, players)) {
    const before = JSON.stringify(state);
    for (const viewer of [...nemesis.seats(state), 'spectator'])
      redeals.push(
        hash(nemesis.determinize(state, viewer, seedRandom(`${seed}:${step}:${viewer}`))),
      );
    if (step % 3 === 0)
      searches.push(
        hash(
          searchIsmcts(nemesis, botInput(nemesis, state, seat, seedRandom(`s:${seed}:${step}`)), {
            ...nemesisSearchOptions(nemesis),
            iterations: 150,
          }),
        ),
      );
    if (JSON.stringify(state) !== before) throw new Error('state changed');
  }
}
out.redeals = { count: redeals.length, hash: hash(redeals) };
out.searches = { count: searches.length, hash: hash(searches) };
const pool = new ParallelIsmcts(
  { module: '@tabletop/nemesis', name: 'nemesisSearchSetup', id: 'nemesis' },
  2,
);
out.parallel = await pool.search(midInput, { iterations: 1500 }, 'record');
await pool.close();
console.log(JSON.stringify(out));
