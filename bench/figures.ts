import { wilsonInterval } from '@tabletop/engine';

/** A figure rounded for printing. */
export function round(value: number, digits = 3): number {
  return Number(value.toFixed(digits));
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
