import type { Condition } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import { holdsWithin } from '../effects/condition-reading.js';

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

/**
 * Counts one character's end in the tally, for each Objective they held,
 * or for each of the kinds `keyOf` gives them (once a kind).
 */
export function tallyObjectives(
  tally: ObjectiveTally,
  fate: ObjectiveFate,
  keyOf: (objective: string) => string = (objective) => objective,
): void {
  for (const key of new Set(fate.objectives.map(keyOf))) {
    const counts = tally[key] ?? { held: 0, survived: 0, won: 0 };
    tally[key] = counts;
    counts.held++;
    if (fate.survived) counts.survived++;
    if (fate.won) counts.won++;
  }
}

/**
 * What an Objective asks of a survivor besides surviving, read from its
 * requirement, the first that applies:
 * - `errand`: something done on board (a Signal sent, a Weakness revealed,
 *   Items held, an object carried or left somewhere, every room explored);
 * - `others-fates`: who else lives or dies (Player N, another survivor);
 * - `ships-fate`: what becomes of the ship, its Nest or an Intruder;
 * - `leaving`: nothing more than getting away (by pod, to Earth, alone).
 * Survivors meet the last kind by leaving and the first only by going out
 * of their way, which is why the kinds held by a run's survivors set
 * much of its share of survivors who met their Objectives.
 */
export type ObjectiveAsk = 'errand' | 'others-fates' | 'ships-fate' | 'leaving';

/** The condition kinds that make each ask, in the order they are looked for; `leaving` is the rest. */
const askedBy: readonly [ObjectiveAsk, ReadonlySet<Condition['kind']>][] = [
  [
    'errand',
    new Set([
      'signal-sent',
      'weakness-revealed',
      'weaknesses-revealed',
      'holds-items',
      'carries',
      'object-lies-in',
      'every-room-explored',
    ]),
  ],
  ['others-fates', new Set(['player-character-survives', 'other-survivors'])],
  ['ships-fate', new Set(['ship-destroyed', 'nest-destroyed', 'intruder-killed'])],
];

/** The kinds of `ObjectiveAsk`, most asked of a survivor first. */
export const objectiveAskKinds: readonly ObjectiveAsk[] = [
  ...askedBy.map(([ask]) => ask),
  'leaving',
];

/** What an Objective of the pack asks besides surviving (`ObjectiveAsk`). */
export function objectiveAsks(tables: Tables, objective: string): ObjectiveAsk {
  const requirement = tables.objectives.get(objective)?.requirement;
  if (requirement === undefined) throw new Error(`no Objective "${objective.slice(0, 60)}"`);
  for (const [ask, kinds] of askedBy)
    if (holdsWithin(requirement, (part) => kinds.has(part.kind))) return ask;
  // Anywhere but Earth, the ship's arrival is the ship's fate too (Quarantine's Mars).
  const elsewhere = holdsWithin(
    requirement,
    (part) => part.kind === 'ship-reaches' && part.destination !== 'earth',
  );
  return elsewhere ? 'ships-fate' : 'leaving';
}
