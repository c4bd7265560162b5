import { type GritLoss, gritLostFromUnits } from '../dice/damage-control.js';
import { type DiceRules, defaultDiceRules } from '../dice/dice-rules.js';
import { type Difficulty, meetsDifficulty, unitsFromImpossibleSets } from '../dice/difficulty.js';
import { largestPool } from '../dice/pool.js';
import { applyReroll, type RerollKind, type Roll, rerollsAllowed } from '../dice/reroll.js';
import { looseDice, unitsOf } from '../dice/successes.js';
import { isValidDifficulty } from './exact.js';

/**
 * The re-roll advisor: for a roll on the table, the exact chance of success
 * of each choice the rules still allow (stop, Re-roll, Free Re-roll, All
 * In), the Grit a Dangerous roll would lose with it, and which is best.
 *
 * Each throw of the loose dice is enumerated as counts per face (a
 * multinomial law), and played through the same `applyReroll` the fight
 * uses, so the loss of a success on a worse Re-roll and of everything on a
 * worse All In are the rules' own.
 */
export type Choice = 'stop' | RerollKind;

export interface AdvisorQuestion {
  /** The dice that count, as they show. */
  dice: readonly number[];
  difficulty: Difficulty;
  /** The Re-roll was used on this roll, and whether it was better (All In needs that). */
  rerolled?: 'no' | 'better' | 'worse';
  freeRerolled?: boolean;
  wentAllIn?: boolean;
  /** Free Re-rolls the hero has from Feats. */
  freeRerolls?: number;
  rules?: DiceRules;
}

export interface ChoiceOdds {
  choice: Choice;
  /** This choice, then stop. */
  p_success: number;
  /** This choice, then whatever later choice gives the best chance. */
  p_success_playing_on: number;
  /** Grit a Dangerous roll loses with this choice, then stopping. */
  grit_lost: { lost: GritLoss; p: number }[];
}

export interface Advice {
  dice: number[];
  difficulty: Difficulty;
  choices: ChoiceOdds[];
  /** The choice with the best chance of success, playing on; ties go to the one losing less Grit. */
  best: Choice;
}

interface Outcome {
  roll: Roll;
  p: number;
}

const factorials = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880];

/** Every way `count` dice fall, as a list of faces per count vector, with its chance. */
export function everyThrow(count: number): { faces: number[]; p: number }[] {
  const throws: { faces: number[]; p: number }[] = [];
  const counts = [0, 0, 0, 0, 0, 0];
  const place = (face: number, left: number) => {
    if (face === 5) {
      counts[5] = left;
      let ways = factorials[count]!;
      for (const each of counts) ways /= factorials[each]!;
      const faces = counts.flatMap((times, index) => Array<number>(times).fill(index + 1));
      throws.push({ faces, p: ways / 6 ** count });
      return;
    }
    for (let here = 0; here <= left; here++) {
      counts[face] = here;
      place(face + 1, left - here);
    }
  };
  place(0, count);
  return throws;
}

function cloneRoll(roll: Roll): Roll {
  return { ...roll, dice: [...roll.dice], setAside: [...roll.setAside] };
}

/** Every result of one re-roll of this kind, with its chance. */
export function everyRerollOutcome(roll: Roll, kind: RerollKind): Outcome[] {
  return everyThrow(looseDice(roll.dice).length).map(({ faces, p }) => {
    const result = cloneRoll(roll);
    let next = 0;
    applyReroll(result, kind, () => faces[next++]!);
    return { roll: result, p };
  });
}

function stateKey(roll: Roll, freeRerolls: number): string {
  return `${[...roll.dice].sort().join('')}|${roll.rerolled}|${roll.lastRerollBetter}|${roll.freeRerolled}|${roll.wentAllIn}|${freeRerolls}`;
}

function lossOf(roll: Roll, difficulty: Difficulty, rules: DiceRules): GritLoss {
  return gritLostFromUnits(
    unitsOf(roll.dice),
    unitsFromImpossibleSets(roll.dice),
    difficulty,
    rules,
  );
}

function expectedLoss(losses: { lost: GritLoss; p: number }[]): number {
  // Losing all Grit counts as more than any number of boxes.
  return losses.reduce(
    (sum, entry) => sum + entry.p * (entry.lost === 'all' ? 100 : entry.lost),
    0,
  );
}

export function adviseReroll(question: AdvisorQuestion): Advice {
  const rules = question.rules ?? defaultDiceRules;
  const { difficulty } = question;
  if (!isValidDifficulty(difficulty))
    throw new RangeError('there is no double Impossible difficulty');
  if (question.dice.length < 1 || question.dice.length > largestPool)
    throw new RangeError(
      `the dice showing must number 1 to ${largestPool}, not ${question.dice.length}`,
    );
  for (const die of question.dice)
    if (!Number.isInteger(die) || die < 1 || die > 6)
      throw new RangeError(`a die shows 1 to 6, not ${die}`);
  const rerolled = question.rerolled ?? 'no';
  const roll: Roll = {
    dice: [...question.dice],
    setAside: [],
    rerolled: rerolled !== 'no',
    lastRerollBetter: rerolled === 'better',
    freeRerolled: question.freeRerolled ?? false,
    wentAllIn: question.wentAllIn ?? false,
  };
  const freeRerolls = question.freeRerolls ?? 0;
  const memo = new Map<string, number>();
  const meets = (candidate: Roll) => meetsDifficulty(candidate.dice, difficulty, rules);

  /** The best chance of success from here on. */
  const value = (current: Roll, free: number): number => {
    if (meets(current)) return 1;
    const key = stateKey(current, free);
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = 0;
    for (const kind of rerollsAllowed(current, free)) {
      const left = kind === 'free-reroll' ? free - 1 : free;
      let chance = 0;
      for (const outcome of everyRerollOutcome(current, kind))
        chance += outcome.p * value(outcome.roll, left);
      best = Math.max(best, chance);
    }
    memo.set(key, best);
    return best;
  };

  const choices: ChoiceOdds[] = [];
  const stopLoss = lossOf(roll, difficulty, rules);
  choices.push({
    choice: 'stop',
    p_success: meets(roll) ? 1 : 0,
    p_success_playing_on: meets(roll) ? 1 : 0,
    grit_lost: [{ lost: stopLoss, p: 1 }],
  });
  for (const kind of rerollsAllowed(roll, freeRerolls)) {
    const left = kind === 'free-reroll' ? freeRerolls - 1 : freeRerolls;
    let success = 0;
    let playingOn = 0;
    const losses = new Map<GritLoss, number>();
    for (const outcome of everyRerollOutcome(roll, kind)) {
      if (meets(outcome.roll)) success += outcome.p;
      playingOn += outcome.p * value(outcome.roll, left);
      const lost = lossOf(outcome.roll, difficulty, rules);
      losses.set(lost, (losses.get(lost) ?? 0) + outcome.p);
    }
    choices.push({
      choice: kind,
      p_success: Math.min(1, success),
      p_success_playing_on: Math.min(1, playingOn),
      grit_lost: [...losses.entries()]
        .map(([lost, p]) => ({ lost, p: Math.min(1, p) }))
        .sort((a, b) => (a.lost === 'all' ? 1 : b.lost === 'all' ? -1 : a.lost - b.lost)),
    });
  }
  const ranked = [...choices].sort(
    (a, b) =>
      b.p_success_playing_on - a.p_success_playing_on ||
      expectedLoss(a.grit_lost) - expectedLoss(b.grit_lost),
  );
  return { dice: [...question.dice], difficulty, choices, best: ranked[0]!.choice };
}
