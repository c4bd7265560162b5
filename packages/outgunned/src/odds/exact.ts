import { type GritLoss, gritLostFromUnits } from '../dice/damage-control.js';
import { type DiceRules, defaultDiceRules } from '../dice/dice-rules.js';
import {
  type Difficulty,
  type DifficultyTier,
  difficultyTiers,
  successesAtTierFromUnits,
  successesNeeded,
} from '../dice/difficulty.js';
import { largestPool, smallestPool } from '../dice/pool.js';
import { tierOfSetSize, unitsOfTier } from '../dice/successes.js';
import { type RerollPolicy, rerollPolicies } from './policies.js';

/**
 * Exact odds. Faces are exchangeable, so a throw is fully described by the
 * sizes of its groups of equal faces, largest first (a partition of the
 * pool: at most 30 of them for 9 dice). A re-roll keeps the sets and throws
 * the loose dice, which moves one partition to others with probabilities
 * from the multinomial law. Everything is summed exactly over these few
 * states; nothing is sampled.
 */

/** Group sizes, largest first; ones are loose dice. */
type Partition = readonly number[];

interface Weighted {
  partition: Partition;
  probability: number;
  /** Computed once per state, since the policies look at it again and again. */
  worth: Worth;
}

/** What a finished roll is worth: all that success and Damage Control depend on. */
interface Worth {
  units: number;
  impossibleUnits: number;
}

const factorials = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880];

function keyOf(partition: Partition): string {
  return partition.join(',');
}

/** Every way `count` dice fall on 6 faces, as counts per face, with its probability. */
function faceCountVectors(count: number): { counts: number[]; probability: number }[] {
  const vectors: { counts: number[]; probability: number }[] = [];
  const counts = [0, 0, 0, 0, 0, 0];
  const total = 6 ** count;
  const place = (face: number, left: number) => {
    if (face === 5) {
      counts[5] = left;
      let ways = factorials[count]!;
      for (const each of counts) ways /= factorials[each]!;
      vectors.push({ counts: [...counts], probability: ways / total });
      return;
    }
    for (let here = 0; here <= left; here++) {
      counts[face] = here;
      place(face + 1, left - here);
    }
  };
  place(0, count);
  return vectors;
}

function toPartition(counts: readonly number[]): Partition {
  return counts.filter((count) => count > 0).sort((left, right) => right - left);
}

function addWeighted(into: Map<string, Weighted>, partition: Partition, probability: number): void {
  const key = keyOf(partition);
  const found = into.get(key);
  if (found) found.probability += probability;
  else into.set(key, { partition, probability, worth: worthOf(partition) });
}

/** Memo tables; a fresh one recomputes everything (the benchmark times that). */
export interface OddsCache {
  throws: Map<number, Weighted[]>;
  rerolls: Map<string, Weighted[]>;
  vectors: Map<number, { counts: number[]; probability: number }[]>;
}

export function newOddsCache(): OddsCache {
  return { throws: new Map(), rerolls: new Map(), vectors: new Map() };
}

function vectorsFor(count: number, cache: OddsCache) {
  let vectors = cache.vectors.get(count);
  if (!vectors) {
    vectors = faceCountVectors(count);
    cache.vectors.set(count, vectors);
  }
  return vectors;
}

/** The partitions of a first throw of `pool` dice. */
function firstThrow(pool: number, cache: OddsCache): Weighted[] {
  const cached = cache.throws.get(pool);
  if (cached) return cached;
  const outcomes = new Map<string, Weighted>();
  for (const vector of vectorsFor(pool, cache)) {
    addWeighted(outcomes, toPartition(vector.counts), vector.probability);
  }
  const result = [...outcomes.values()];
  cache.throws.set(pool, result);
  return result;
}

/** Throwing the loose dice again: sets stay on their faces and may grow. */
function rerollLoose(partition: Partition, cache: OddsCache): Weighted[] {
  const key = keyOf(partition);
  const cached = cache.rerolls.get(key);
  if (cached) return cached;
  const kept = partition.filter((size) => size >= 2);
  const loose = partition.length - kept.length;
  const outcomes = new Map<string, Weighted>();
  for (const vector of vectorsFor(loose, cache)) {
    // The kept sets sit on the first faces; by symmetry, which faces does not matter.
    const counts = vector.counts.map((count, face) => count + (kept[face] ?? 0));
    addWeighted(outcomes, toPartition(counts), vector.probability);
  }
  const result = [...outcomes.values()];
  cache.rerolls.set(key, result);
  return result;
}

function worthOf(partition: Partition): Worth {
  let units = 0;
  let impossibleUnits = 0;
  for (const size of partition) {
    const tier = tierOfSetSize(size);
    if (tier === null) continue;
    units += unitsOfTier[tier];
    if (size >= 5) impossibleUnits += unitsOfTier[tier];
  }
  return { units, impossibleUnits };
}

function meets(worth: Worth, difficulty: Difficulty, rules: DiceRules): boolean {
  const scored = successesAtTierFromUnits(
    worth.units,
    difficulty.tier,
    worth.impossibleUnits,
    rules,
  );
  return scored >= successesNeeded(difficulty);
}

function hasLoose(partition: Partition): boolean {
  return partition.includes(1);
}

function hasSet(partition: Partition): boolean {
  return (partition[0] ?? 0) >= 2;
}

/** A Re-roll that was not better loses the lowest success (the smallest set). */
function withoutLowestSet(partition: Partition): Partition {
  const sets = partition.filter((size) => size >= 2);
  const lowest = sets[sets.length - 1];
  if (lowest === undefined) return partition;
  const index = partition.indexOf(lowest);
  return [...partition.slice(0, index), ...partition.slice(index + 1)];
}

const nothing: Worth = { units: 0, impossibleUnits: 0 };

/** The distribution of what a roll is worth once the policy has played out. */
function finalWorths(
  pool: number,
  difficulty: Difficulty,
  policy: RerollPolicy,
  rules: DiceRules,
  cache: OddsCache,
): Map<string, Worth & { probability: number }> {
  const worths = new Map<string, Worth & { probability: number }>();
  const add = (worth: Worth, probability: number) => {
    const key = `${worth.units}/${worth.impossibleUnits}`;
    const found = worths.get(key);
    if (found) found.probability += probability;
    else worths.set(key, { ...worth, probability });
  };
  for (const first of firstThrow(pool, cache)) {
    const short = !meets(first.worth, difficulty, rules);
    const mayFree = policy === 'free' && hasLoose(first.partition);
    const mayReroll =
      (policy === 'reroll' || policy === 'allin') &&
      hasSet(first.partition) &&
      hasLoose(first.partition);
    if (!short || !(mayFree || mayReroll)) {
      add(first.worth, first.probability);
      continue;
    }
    const before = first.worth.units;
    for (const second of rerollLoose(first.partition, cache)) {
      const probability = first.probability * second.probability;
      const better = second.worth.units > before;
      if (policy === 'free') {
        add(second.worth, probability);
      } else if (!better) {
        add(worthOf(withoutLowestSet(second.partition)), probability);
      } else if (
        policy === 'allin' &&
        !meets(second.worth, difficulty, rules) &&
        hasLoose(second.partition)
      ) {
        const middle = second.worth.units;
        for (const third of rerollLoose(second.partition, cache)) {
          const finalProbability = probability * third.probability;
          add(third.worth.units > middle ? third.worth : nothing, finalProbability);
        }
      } else {
        add(second.worth, probability);
      }
    }
  }
  return worths;
}

export interface ExactOdds {
  dice: number;
  difficulty: DifficultyTier;
  double: boolean;
  reroll: RerollPolicy;
  /** Probability of beating the difficulty in full. */
  p_success: number;
  /** Grit lost if the roll is Dangerous: boxes (or "all", for Impossible) with their probability. */
  grit_lost: { lost: GritLoss; p: number }[];
}

/** Difficulties that exist: double is only for Basic, Critical and Extreme. */
export function isValidDifficulty(difficulty: Difficulty): boolean {
  return !(difficulty.double && difficulty.tier === 'impossible');
}

/** Exact odds of one roll: success and the Grit a Dangerous roll loses. */
export function exactOdds(
  pool: number,
  difficulty: Difficulty,
  policy: RerollPolicy,
  rules: DiceRules = defaultDiceRules,
  cache: OddsCache = newOddsCache(),
): ExactOdds {
  if (!Number.isInteger(pool) || pool < smallestPool || pool > largestPool) {
    throw new RangeError(
      `dice must be a whole number from ${smallestPool} to ${largestPool}, not ${pool}`,
    );
  }
  if (!isValidDifficulty(difficulty))
    throw new RangeError('there is no double Impossible difficulty');
  let success = 0;
  const losses = new Map<GritLoss, number>();
  for (const worth of finalWorths(pool, difficulty, policy, rules, cache).values()) {
    const scored = successesAtTierFromUnits(
      worth.units,
      difficulty.tier,
      worth.impossibleUnits,
      rules,
    );
    if (scored >= successesNeeded(difficulty)) success += worth.probability;
    const lost = gritLostFromUnits(worth.units, worth.impossibleUnits, difficulty, rules);
    losses.set(lost, (losses.get(lost) ?? 0) + worth.probability);
  }
  // Sums of many products can stray past 1 by a rounding error; probabilities stay in [0, 1].
  const grit_lost = [...losses.entries()]
    .map(([lost, p]) => ({ lost, p: clampProbability(p) }))
    .sort((left, right) => rankOfLoss(left.lost) - rankOfLoss(right.lost));
  return {
    dice: pool,
    difficulty: difficulty.tier,
    double: difficulty.double,
    reroll: policy,
    p_success: clampProbability(success),
    grit_lost,
  };
}

function clampProbability(probability: number): number {
  return Math.min(1, Math.max(0, probability));
}

function rankOfLoss(loss: GritLoss): number {
  return loss === 'all' ? Number.POSITIVE_INFINITY : loss;
}

/** Every difficulty the table covers: the four tiers, and the three that can be double. */
export const tableDifficulties: readonly Difficulty[] = [
  ...difficultyTiers.map((tier) => ({ tier, double: false })),
  ...difficultyTiers
    .filter((tier) => tier !== 'impossible')
    .map((tier) => ({ tier, double: true })),
];

/** The whole table: every pool from 2 to 9, every difficulty, every policy. */
export function exactTable(
  rules: DiceRules = defaultDiceRules,
  cache: OddsCache = newOddsCache(),
): ExactOdds[] {
  const rows: ExactOdds[] = [];
  for (let pool = smallestPool; pool <= largestPool; pool++) {
    for (const difficulty of tableDifficulties) {
      for (const policy of rerollPolicies)
        rows.push(exactOdds(pool, difficulty, policy, rules, cache));
    }
  }
  return rows;
}
