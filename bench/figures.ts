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
