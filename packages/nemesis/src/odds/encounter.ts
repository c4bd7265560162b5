import type { IntruderKind } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import { clampProbability } from './distribution.js';

/**
 * Exact odds of an Encounter: which token comes out of the Intruder bag, and
 * whether its number beats the character's hand (a Surprise Attack). The bag
 * is given token by token, or as counts per kind: tokens of a kind go in the
 * bag blind (their numbers differ), so an unknown one is equally likely to be
 * any token of its kind in the pack.
 *
 * Assumed: a miniature of the drawn kind is free (with none, nothing is
 * placed and nothing attacks).
 */
export type BagQuestion =
  | { tokens: readonly string[] }
  | { kinds: Readonly<Record<string, number>> };

export interface EncounterOdds {
  hand: number;
  tokens_in_bag: number;
  /** Each kind (and the Blank token) with the chance it is drawn, and of a Surprise Attack with it. */
  appears: { kind: IntruderKind | 'blank'; p: number; p_surprise: number }[];
  p_surprise: number;
}

/** The numbers on the pack's tokens of one kind. */
function numbersOfKind(tables: Tables, kind: string): number[] {
  const numbers: number[] = [];
  for (const token of tables.intruderTokens.values())
    if (token.kind === kind && token.number !== null) numbers.push(token.number);
  return numbers;
}

/** The bag as (kind, chance the next token is of it, chance its number is above the hand). */
function bagByKind(
  tables: Tables,
  bag: BagQuestion,
  hand: number,
): { kind: IntruderKind | 'blank'; count: number; surprising: number }[] {
  const kinds = new Map<IntruderKind | 'blank', { count: number; surprising: number }>();
  const entry = (kind: IntruderKind | 'blank') => {
    let found = kinds.get(kind);
    if (!found) {
      found = { count: 0, surprising: 0 };
      kinds.set(kind, found);
    }
    return found;
  };
  if ('tokens' in bag) {
    const seen = new Set<string>();
    for (const token of bag.tokens) {
      const facts = tables.intruderTokens.get(token);
      if (!facts) throw new RangeError(`there is no Intruder token "${token}"`);
      if (seen.has(token)) throw new RangeError(`the Intruder token "${token}" is listed twice`);
      seen.add(token);
      const found = entry(facts.kind);
      found.count++;
      if (facts.number !== null && facts.number > hand) found.surprising++;
    }
  } else {
    for (const [kind, count] of Object.entries(bag.kinds)) {
      const known =
        kind === 'blank' ||
        [...tables.intruderTokens.values()].some((token) => token.kind === kind);
      if (!known) throw new RangeError(`there is no Intruder token of kind "${kind}"`);
      if (!Number.isInteger(count) || count < 0)
        throw new RangeError(`the count of ${kind} tokens must be a whole number, not ${count}`);
      if (count === 0) continue;
      const found = entry(kind as IntruderKind | 'blank');
      found.count += count;
      if (kind === 'blank') continue;
      const numbers = numbersOfKind(tables, kind);
      found.surprising +=
        (count * numbers.filter((number) => number > hand).length) / numbers.length;
    }
  }
  return [...kinds.entries()].map(([kind, counts]) => ({ kind, ...counts }));
}

/** The bag at setup for this many players, by kind (which tokens of a kind is left to chance). */
export function setupBag(tables: Tables, players: number): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const [kind, count] of Object.entries(tables.bag.fixed))
    kinds[kind] = (kinds[kind] ?? 0) + count;
  for (const [kind, count] of Object.entries(tables.bag.perPlayer))
    kinds[kind] = (kinds[kind] ?? 0) + count * players;
  return kinds;
}

export function encounterOdds(tables: Tables, bag: BagQuestion, hand: number): EncounterOdds {
  if (!Number.isInteger(hand) || hand < 0)
    throw new RangeError(`the hand must be a whole number of cards from 0, not ${hand}`);
  const kinds = bagByKind(tables, bag, hand);
  const total = kinds.reduce((sum, kind) => sum + kind.count, 0);
  if (total === 0) throw new RangeError('the Intruder bag is empty: nothing can appear');
  const appears = kinds.map(({ kind, count, surprising }) => ({
    kind,
    p: clampProbability(count / total),
    p_surprise: clampProbability(surprising / total),
  }));
  return {
    hand,
    tokens_in_bag: total,
    appears,
    p_surprise: clampProbability(appears.reduce((sum, kind) => sum + kind.p_surprise, 0)),
  };
}
