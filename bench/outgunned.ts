/**
 * bench:outgunned — the whole exact odds table against Monte Carlo sampling.
 *
 * Exact: every pool from 2 to 9 dice, 7 difficulties, 4 re-roll policies (224
 * figures), computed from an empty cache each time; the median of several
 * runs after a warm-up. Sampling: the time to bring every figure of the table
 * to a standard error of 1e-3 (p(1-p)/1e-6 samples each), from the measured
 * speed of the sampler on a real run over the whole table.
 * Run: npx tsx bench/outgunned.ts [--json]
 */
import { exactTable, newOddsCache, sampleOdds, samplesForPrecision } from '@tabletop/outgunned';

const precision = 1e-3;
const json = process.argv.includes('--json');

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function timeExactTable(): { milliseconds: number; figures: number } {
  let figures = 0;
  for (let warmUp = 0; warmUp < 3; warmUp++) figures = exactTable(undefined, newOddsCache()).length;
  const times: number[] = [];
  for (let run = 0; run < 15; run++) {
    const start = performance.now();
    exactTable(undefined, newOddsCache());
    times.push(performance.now() - start);
  }
  return { milliseconds: median(times), figures };
}

function timeSampling(): {
  secondsForPrecision: number;
  samplesNeeded: number;
  samplesPerSecond: number;
} {
  const table = exactTable();
  const perFigure = 4000;
  let samples = 0;
  const start = performance.now();
  for (const row of table) {
    sampleOdds(
      row.dice,
      { tier: row.difficulty, double: row.double },
      row.reroll,
      perFigure,
      `bench:${samples}`,
    );
    samples += perFigure;
  }
  const seconds = (performance.now() - start) / 1000;
  const samplesPerSecond = samples / seconds;
  // Each figure needs p(1-p)/precision^2 samples. Figures that are exactly 0 or 1 need none
  // by that formula; a sampler could not know it in advance, but counting them as free keeps
  // the comparison generous to sampling.
  const samplesNeeded = table.reduce(
    (total, row) => total + samplesForPrecision(row.p_success, precision),
    0,
  );
  return { secondsForPrecision: samplesNeeded / samplesPerSecond, samplesNeeded, samplesPerSecond };
}

const exact = timeExactTable();
const sampling = timeSampling();
const ratio = (sampling.secondsForPrecision * 1000) / exact.milliseconds;
const report = {
  figures: exact.figures,
  exact_table_ms: Number(exact.milliseconds.toFixed(3)),
  monte_carlo_samples_for_1e_3: sampling.samplesNeeded,
  monte_carlo_samples_per_second: Math.round(sampling.samplesPerSecond),
  monte_carlo_seconds_for_1e_3: Number(sampling.secondsForPrecision.toFixed(2)),
  ratio: Number(ratio.toFixed(1)),
  goal_table_under_50_ms: exact.milliseconds < 50,
  goal_100x_faster: ratio >= 100,
};
if (json) {
  process.stdout.write(`${JSON.stringify(report)}\n`);
} else {
  process.stdout.write(
    [
      `exact odds table (${exact.figures} figures): ${exact.milliseconds.toFixed(2)} ms (median of 15, empty cache each time)`,
      `Monte Carlo to 1e-3 standard error on every figure: ${sampling.samplesNeeded.toLocaleString('en')} samples at ${Math.round(sampling.samplesPerSecond).toLocaleString('en')}/s = ${sampling.secondsForPrecision.toFixed(2)} s`,
      `ratio: exact is ${ratio.toFixed(0)} times faster (goal: table under 50 ms ${report.goal_table_under_50_ms ? 'met' : 'NOT met'}, at least 100x ${report.goal_100x_faster ? 'met' : 'NOT met'})`,
      '',
    ].join('\n'),
  );
}
