/**
 * How a run of games went for each Objective, as `tabletop simulate` and
 * `bench:strength` report it: how many characters held it at the end, how
 * many of them survived, and how many won (survived and met it).
 */
export type ObjectiveTally = Record<string, { held: number; survived: number; won: number }>;

/** One character's end, as a tally counts it. */
export interface ObjectiveFate {
  objectives: readonly string[];
  survived: boolean;
  won: boolean;
}

/** Counts one character's end in the tally, for each Objective they held. */
export function tallyObjectives(tally: ObjectiveTally, fate: ObjectiveFate): void {
  for (const objective of fate.objectives) {
    const counts = tally[objective] ?? { held: 0, survived: 0, won: 0 };
    tally[objective] = counts;
    counts.held++;
    if (fate.survived) counts.survived++;
    if (fate.won) counts.won++;
  }
}
