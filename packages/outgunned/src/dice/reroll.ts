import { keptDice, looseDice, setsOf, unitsOf } from './successes.js';

/**
 * A roll in progress as plain data. `dice` are the dice that count;
 * `setAside` holds the dice of successes lost to a Re-roll or an All In that
 * was not better.
 */
export interface Roll {
  dice: number[];
  setAside: number[];
  /** Re-roll used (once per roll). */
  rerolled: boolean;
  /** Free Re-roll used (once per roll). */
  freeRerolled: boolean;
  /** All In used (once per roll). */
  wentAllIn: boolean;
  /** Whether the last Re-roll (not a free one) was better: All In needs it. */
  lastRerollBetter: boolean;
}

export function newRoll(dice: readonly number[]): Roll {
  return {
    dice: [...dice],
    setAside: [],
    rerolled: false,
    freeRerolled: false,
    wentAllIn: false,
    lastRerollBetter: false,
  };
}

export type RerollKind = 'reroll' | 'free-reroll' | 'all-in';

export function hasSuccess(dice: readonly number[]): boolean {
  return setsOf(dice).length > 0;
}

/** Which re-rolls the roll still allows; `freeRerolls` is what the hero has left from Feats. */
export function rerollsAllowed(roll: Roll, freeRerolls: number): RerollKind[] {
  const allowed: RerollKind[] = [];
  const anyLoose = looseDice(roll.dice).length > 0;
  if (!anyLoose) return allowed;
  if (!roll.rerolled && hasSuccess(roll.dice)) allowed.push('reroll');
  if (!roll.freeRerolled && freeRerolls > 0) allowed.push('free-reroll');
  if (roll.rerolled && roll.lastRerollBetter && !roll.wentAllIn) allowed.push('all-in');
  return allowed;
}

/**
 * Throws the loose dice again. Kept sets stay, so the result can only add a
 * success or upgrade one: it is "better" exactly when its units grow.
 */
export function rerollLoose(
  dice: readonly number[],
  throwDie: () => number,
): { dice: number[]; better: boolean } {
  const kept = keptDice(dice);
  const thrown = looseDice(dice).map(() => throwDie());
  const next = [...kept, ...thrown];
  return { dice: next, better: unitsOf(next) > unitsOf(dice) };
}

/** The lowest success (smallest set, then lowest face): losing it costs the least. */
export function lowestSetFace(dice: readonly number[]): number | null {
  const sets = setsOf(dice);
  const lowest = sets[sets.length - 1];
  if (lowest === undefined) return null;
  let face = lowest.face;
  for (const set of sets) if (set.size === lowest.size && set.face < face) face = set.face;
  return face;
}

/** Moves every die of one face out of play. */
function setAsideFace(roll: Roll, face: number): void {
  roll.setAside.push(...roll.dice.filter((die) => die === face));
  roll.dice = roll.dice.filter((die) => die !== face);
}

/**
 * Re-roll: needs a success; if not better, one earlier success is lost. The
 * hero may choose which; the lowest is always the best choice, so it is taken.
 * Free Re-roll: allowed without a success and never loses one.
 * All In: only after a Re-roll that was better; if not better, every success is lost.
 * Returns whether the throw was better. Call only with a kind `rerollsAllowed` lists.
 */
export function applyReroll(roll: Roll, kind: RerollKind, throwDie: () => number): boolean {
  const before = [...roll.dice];
  const { dice, better } = rerollLoose(before, throwDie);
  roll.dice = dice;
  if (kind === 'reroll') {
    roll.rerolled = true;
    roll.lastRerollBetter = better;
    if (!better) {
      const face = lowestSetFace(roll.dice);
      if (face !== null) setAsideFace(roll, face);
    }
  } else if (kind === 'free-reroll') {
    roll.freeRerolled = true;
  } else {
    roll.wentAllIn = true;
    if (!better) for (const set of setsOf(roll.dice)) setAsideFace(roll, set.face);
  }
  return better;
}
