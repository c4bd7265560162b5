/**
 * What is a threshold of the sensible bot's rules of thumb worth? The
 * sensible bot with some thresholds changed (`sensibleBotStyled`) plays
 * against the sensible bot itself at the same tables: four-player games in
 * mirrored pairs on one deal, the styled bot at seats 0-1 and then at 2-3,
 * as in `bench:levels`, with the same sign test over deals. This is how
 * the hard level's threshold was chosen, on deals of its own seed; claims
 * about the levels come from `bench:levels` on other deals.
 *
 * Run: npx tsx bench/styles.ts [--json]
 *   BENCH_STYLE='{"shootAt":0.67}' (the thresholds changed: roundsToSpare, fleeAt, shootAt),
 *   BENCH_DEALS=300, BENCH_SEED=tuning (deal N is "<BENCH_SEED> deal N")
 */
import { botChoice, seedRandom } from '@tabletop/engine';
import {
  createNemesis,
  type SensibleStyle,
  sensibleBot,
  sensibleBotStyled,
  sensibleStyle,
} from '@tabletop/nemesis';
import { positiveWhole, rate, signTest } from './figures.js';

const style = JSON.parse(process.env.BENCH_STYLE ?? '{"shootAt":0.67}') as Partial<SensibleStyle>;
for (const key of Object.keys(style))
  if (!Object.hasOwn(sensibleStyle, key))
    throw new Error(
      `BENCH_STYLE: no threshold "${key.slice(0, 40)}"; they are ${Object.keys(sensibleStyle).join(', ')}`,
    );
const deals = positiveWhole('BENCH_DEALS', 300);
const seedPrefix = process.env.BENCH_SEED ?? 'tuning';
const json = process.argv.includes('--json');

const nemesis = createNemesis();
const normal = sensibleBot(nemesis);
const styled = sensibleBotStyled(nemesis, style);
const tally = {
  styled: { characters: 0, survived: 0, won: 0 },
  sensible: { characters: 0, survived: 0, won: 0 },
};
const survival: number[] = [];
const wins: number[] = [];
const started = performance.now();
for (let deal = 0; deal < deals; deal++) {
  let survived = 0;
  let won = 0;
  for (const styledSeats of [
    ['0', '1'],
    ['2', '3'],
  ]) {
    const seed = `${seedPrefix} deal ${deal}`;
    const state = nemesis.setup(nemesis.options.parse({ players: 4 }), seed);
    const random = seedRandom(`bots:${seed}`);
    for (let actions = 0; state.over === null; actions++) {
      if (actions > 5000) throw new Error(`game ${seed} ran past 5000 actions`);
      const seat = nemesis.prompts(state)[0]!.seats[0]!;
      const bot = styledSeats.includes(seat) ? styled : normal;
      const outcome = nemesis.apply(state, seat, botChoice(nemesis, bot, state, seat, random));
      if (!outcome.ok) throw new Error(`game ${seed}: ${outcome.rejection.message}`);
    }
    for (const fate of state.over.victory.fates) {
      const side = styledSeats.includes(fate.seat) ? 'styled' : 'sensible';
      const sign = side === 'styled' ? 1 : -1;
      tally[side].characters++;
      if (fate.survivedBy !== null) {
        tally[side].survived++;
        survived += sign;
      }
      if (fate.winner) {
        tally[side].won++;
        won += sign;
      }
    }
  }
  survival.push(survived);
  wins.push(won);
}
const report = {
  style,
  seed: seedPrefix,
  deals,
  seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
  survival: {
    styled: rate(tally.styled.survived, tally.styled.characters),
    sensible: rate(tally.sensible.survived, tally.sensible.characters),
    ...signTest(survival),
  },
  wins: {
    styled: rate(tally.styled.won, tally.styled.characters),
    sensible: rate(tally.sensible.won, tally.sensible.characters),
    ...signTest(wins),
  },
};
if (json) console.log(JSON.stringify(report));
else
  for (const measure of ['survival', 'wins'] as const) {
    const figures = report[measure];
    console.log(
      `${measure}: styled ${figures.styled.rate} (95% ${JSON.stringify(figures.styled.ci95)}), sensible ${figures.sensible.rate} (95% ${JSON.stringify(figures.sensible.ci95)}); deals better ${figures.better}, worse ${figures.worse}, tied ${figures.ties}; one-sided p = ${figures.p_value}`,
    );
  }
