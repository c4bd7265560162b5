/**
 * The statistics the benchmarks, simulations and Monte Carlo tests share:
 * a confidence interval for a rate, and an agreement test between a sampled
 * count and an exact chance.
 */

export interface Interval {
  estimate: number;
  low: number;
  high: number;
}

/**
 * The Wilson score interval for a proportion (95% by default): unlike the
 * normal approximation it stays inside 0 to 1 and behaves near 0 and 1.
 */
export function wilsonInterval(successes: number, trials: number, z = 1.959964): Interval {
  if (trials === 0) return { estimate: 0, low: 0, high: 1 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator;
  return { estimate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** The chance that a normal variable lands beyond 4 sigma, either side. */
export const fourSigmaTail = 6.334e-5;

const logFactorials = [0];
function logFactorial(count: number): number {
  for (let index = logFactorials.length; index <= count; index++)
    logFactorials.push(logFactorials[index - 1]! + Math.log(index));
  return logFactorials[count]!;
}

/**
 * "Within 4 sigma", made exact for rare events: the binomial chance of a
 * count at least this far out on its side, doubled. A sampled count agrees
 * with an exact figure when this is at least `fourSigmaTail`; for a figure
 * like 0.9998 it does not fail on 5 misses in 4000 where about 1 is
 * expected, which the normal approximation would.
 */
export function binomialTwoSidedTail(samples: number, p: number, count: number): number {
  const probability = Math.min(1, Math.max(0, p));
  if (probability === 0) return count === 0 ? 1 : 0;
  if (probability === 1) return count === samples ? 1 : 0;
  const logPmf = (k: number) =>
    logFactorial(samples) -
    logFactorial(k) -
    logFactorial(samples - k) +
    k * Math.log(probability) +
    (samples - k) * Math.log(1 - probability);
  let tail = 0;
  if (count >= samples * probability)
    for (let k = count; k <= samples; k++) tail += Math.exp(logPmf(k));
  else for (let k = 0; k <= count; k++) tail += Math.exp(logPmf(k));
  return Math.min(1, 2 * tail);
}
