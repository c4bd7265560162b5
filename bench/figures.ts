import { wilsonInterval } from '@tabletop/engine';
import { errorFunction, sampleStandardDeviation } from 'simple-statistics';

/** A figure rounded for printing. */
export function round(value: number, digits = 3): number {
  return Number(value.toFixed(digits));
}

/** One side's characters at a table: how many it played, how many survived, how many won. */
export interface FateTally {
  characters: number;
  survived: number;
  won: number;
}

export function emptyTally(): FateTally {
  return { characters: 0, survived: 0, won: 0 };
}

/** Counts a character's fate from the victory check into its side's tally. */
export function countFate(tally: FateTally, fate: { survivedBy: string | null; winner: boolean }) {
  tally.characters++;
  if (fate.survivedBy !== null) tally.survived++;
  if (fate.winner) tally.won++;
}

/**
 * One game of a step of `bench:levels` (a lower level against an upper one
 * at the same table), as it writes each to its results: per level, its
 * characters, survivors and winners, and its decisions' seconds.
 */
export interface StepGameResult {
  step: string;
  game: number;
  /** How the game ended. */
  ending: string;
  tally: Record<'lower' | 'upper', FateTally>;
  seconds: Record<'lower' | 'upper', number[]>;
}

/**
 * The seats one side takes in game `game` of four-player mirrored pairs:
 * 0 and 1 in the first game of a pair, 2 and 3 in the second, so that
 * each side plays every character of the deal once.
 */
export function mirroredSeats(game: number): readonly string[] {
  return game % 2 === 0 ? ['0', '1'] : ['2', '3'];
}

/** Successes out of trials, as a rate with its 95% Wilson interval. */
export function rate(successes: number, trials: number) {
  const interval = wilsonInterval(successes, trials);
  return {
    successes,
    trials,
    rate: trials === 0 ? null : round(successes / trials),
    ci95: [round(interval.low), round(interval.high)],
  };
}

/** A bench setting from the environment: a whole number of at least 1, or the fallback when unset. */
export function positiveWhole(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of at least 1, not "${text}"`);
  return value;
}

/** A fraction from 0 to 1 read from the environment, or `fallback` when unset. */
export function fractionFrom(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`${name} must be a number from 0 to 1, not "${text.slice(0, 40)}"`);
  return value;
}

/**
 * The exact one-sided p-value of a paired comparison of two rates on the
 * same trials (McNemar's exact test, a sign test on the pairs that
 * differ): `worse` pairs went one way, `better` the other. If neither side
 * were better, each differing pair would go either way with chance one
 * half; this is the chance of at least `worse` of them going that way.
 */
export function pairedSignPValue(worse: number, better: number): number {
  const pairs = worse + better;
  // Each term in logarithms, so that thousands of pairs do not overflow.
  let logChoose = 0;
  let tail = 0;
  for (let count = 0; count <= pairs; count++) {
    if (count >= worse) tail += Math.exp(logChoose - pairs * Math.LN2);
    logChoose += Math.log(pairs - count) - Math.log(count + 1);
  }
  return Math.min(1, tail);
}

/**
 * The chance a standard normal exceeds `z`. From the error function where
 * that is good (its error, about 1e-7, is small against the tail); beyond
 * z = 5 (a tail under 3e-7) from the asymptotic series of Mills' ratio,
 * within 0.2% there, so that a very small p-value prints as itself, not 0.
 */
export function normalUpperTail(z: number): number {
  if (z < 5) return 0.5 * (1 - errorFunction(z / Math.SQRT2));
  const density = Math.exp((-z * z) / 2) / Math.sqrt(2 * Math.PI);
  return (density / z) * (1 - 1 / z ** 2 + 3 / z ** 4);
}

/** How a stronger side fared against a weaker one over paired trials (deals): the sign test. */
export interface SignTest {
  /** Pairs where the side expected stronger did better. */
  better: number;
  /** Pairs where it did worse. */
  worse: number;
  /** Pairs where the two did as well. */
  ties: number;
  /** The exact one-sided p-value of "the stronger side does better": ties carry no sign and are left out. */
  p_value: number;
}

/**
 * The sign test over paired differences (the stronger side's result less
 * the weaker's, one per pair): under the hypothesis that neither side is
 * better, each untied pair goes either way with chance one half.
 */
export function signTest(differences: readonly number[]): SignTest {
  let better = 0;
  let worse = 0;
  for (const difference of differences) {
    if (difference > 0) better++;
    else if (difference < 0) worse++;
  }
  const ties = differences.length - better - worse;
  // Three significant digits: a strong step's p-value is far below any fixed number of decimals.
  return { better, worse, ties, p_value: Number(pairedSignPValue(better, worse).toPrecision(3)) };
}

/**
 * Whether a ladder of levels is ordered: each step (a level against the
 * next) must show the upper one stronger, so the ladder is shown ordered at
 * a level of significance only when every step is; its p-value is the
 * largest of theirs (an intersection-union test, with no correction needed).
 */
export function orderedPValue(stepPValues: readonly number[]): number {
  if (stepPValues.length === 0) throw new RangeError('a ladder needs at least one step');
  return Math.max(...stepPValues);
}

/** The value at or below which `fraction` of `values` lie: the nearest-rank percentile. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) throw new RangeError('no values to take a percentile of');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil(fraction * sorted.length));
  return sorted[rank - 1]!;
}

/** One side's count of successes out of its trials in one cluster (a deal): survivors who won, say. */
export type Share = readonly [successes: number, trials: number];

/**
 * Whether one side's share of successes is higher than another's, over
 * paired clusters: the share of each side's survivors who met their
 * Objectives, say, over deals both sides played. Each share is a ratio of
 * sums (its successes over its trials, all deals together), so a deal with
 * more survivors weighs more. Its standard error is by linearization (the
 * delta method), paired by deal: each deal contributes its successes less
 * the share times its trials, over the mean trials per deal, and the two
 * sides' contributions are differenced deal by deal. Null figures where a
 * side had no trials, or too few deals for a spread.
 */
export function pairedShareDifference(deals: readonly { first: Share; second: Share }[]) {
  const sum = (pick: (deal: { first: Share; second: Share }) => number) =>
    deals.reduce((total, deal) => total + pick(deal), 0);
  const trials = { first: sum((deal) => deal.first[1]), second: sum((deal) => deal.second[1]) };
  if (trials.first === 0 || trials.second === 0 || deals.length < 2)
    return { difference: null, difference_ci95: null, p_value: null };
  const share = {
    first: sum((deal) => deal.first[0]) / trials.first,
    second: sum((deal) => deal.second[0]) / trials.second,
  };
  const meanTrials = { first: trials.first / deals.length, second: trials.second / deals.length };
  const contributions = deals.map(
    (deal) =>
      (deal.first[0] - share.first * deal.first[1]) / meanTrials.first -
      (deal.second[0] - share.second * deal.second[1]) / meanTrials.second,
  );
  const error = sampleStandardDeviation(contributions) / Math.sqrt(deals.length);
  const difference = share.first - share.second;
  return {
    difference: round(difference, 4),
    difference_ci95: [
      round(difference - 1.959964 * error, 4),
      round(difference + 1.959964 * error, 4),
    ],
    // One-sided: the chance of a difference at least this large if the first side's share were no higher.
    p_value: error === 0 ? null : Number(normalUpperTail(difference / error).toPrecision(3)),
  };
}
