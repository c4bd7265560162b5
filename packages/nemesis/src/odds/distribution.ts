/**
 * A finite probability distribution, summed exactly over every case (no
 * sampling). Outcomes with equal keys are merged.
 */
export interface Weighted<Value> {
  value: Value;
  p: number;
}

export class Distribution<Value> {
  readonly #entries = new Map<string, Weighted<Value>>();
  readonly #key: (value: Value) => string;

  constructor(key: (value: Value) => string) {
    this.#key = key;
  }

  add(value: Value, p: number): void {
    if (p === 0) return;
    const key = this.#key(value);
    const found = this.#entries.get(key);
    if (found) found.p += p;
    else this.#entries.set(key, { value, p });
  }

  entries(): Weighted<Value>[] {
    return [...this.#entries.values()];
  }

  /** The chance that the outcome passes the test. */
  chance(test: (value: Value) => boolean): number {
    let total = 0;
    for (const entry of this.#entries.values()) if (test(entry.value)) total += entry.p;
    return clampProbability(total);
  }
}

/** Sums of many products can stray past 1 by a rounding error; probabilities stay in [0, 1]. */
export function clampProbability(p: number): number {
  return Math.min(1, Math.max(0, p));
}
