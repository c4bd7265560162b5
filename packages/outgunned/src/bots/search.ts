import { clonePlain, pick, type RandomState, randomInt, seedRandom } from '@tabletop/engine';
import type { FightAction } from '../fight/actions.js';
import { gritBoxes } from '../fight/heroes.js';
import { outgunnedFight } from '../fight/ruleset.js';
import { directorSeat, type FightState } from '../fight/state.js';
import { answerFrom, type FightBot, type FightBotInput } from './bot.js';
import { sensibleFightBot, sensibleFightChoice } from './sensible.js';

/**
 * The search Director: at each of the Director's choices it tries the
 * answers the rules list on the same re-dealt futures and keeps the one
 * after which the Heroes fare worst. A re-deal comes from the seat's
 * determinizer, so the futures are dice the Director cannot know; each
 * answer is played out to the end of the fight with the sensible player
 * on every seat. Every answer of a round is played on a copy of one
 * re-deal, so the answers are compared on the same dice (common random
 * numbers), which takes most of the dice's noise out of the comparison.
 *
 * The Director does not consider interrupting the fight: an interrupted
 * fight has no winner, so interrupting a lost fight would look like
 * holding it, which is ending the game, not making it harder.
 *
 * At a Hero's seat it plays as the sensible player: it is a Director.
 */
export interface FightSearchOptions {
  /** Play-outs per decision, shared among the answers: the budget, machine-independent. */
  playouts: number;
}

/** A play-out longer than this is stuck: a fight is interrupted after its rounds long before. */
const playoutCap = 5_000;

/** How much a lost fight counts against the Heroes beside the Grit they filled on the way. */
const gritWeight = 0.5;

/**
 * The Director's score of a finished (or cut) play-out: 1 when every Hero
 * is Left for Dead, otherwise up to one half for the share of the Heroes'
 * Grit boxes filled. Winning is what counts; the Grit tells apart the
 * answers after which the Heroes win anyway, which at a table the Heroes
 * usually win is most of them.
 */
export function directorScore(state: FightState): number {
  if (state.outcome === 'enemies') return 1;
  let filled = 0;
  for (const hero of state.heroes)
    filled += hero.status === 'left-for-dead' ? 1 : Math.min(1, hero.grit / gritBoxes);
  return (gritWeight * filled) / state.heroes.length;
}

/** Plays the fight on from `state` with the sensible player on every seat. */
export function playOut(state: FightState, random: RandomState): void {
  for (let actions = 0; state.outcome === null && actions < playoutCap; actions++) {
    const seat = outgunnedFight.prompts(state)[0]?.seats[0];
    if (seat === undefined) return;
    const choice = sensibleFightChoice(state, seat);
    if (choice !== null && outgunnedFight.apply(state, seat, choice).ok) continue;
    const legal = outgunnedFight.legalActions(state, seat);
    if (legal.length === 0) return;
    outgunnedFight.apply(state, seat, pick(random, legal));
  }
}

/** The answers the Director weighs: every listed one but interrupting the fight. */
export function directorAnswers(legal: readonly FightAction[]): FightAction[] {
  return legal.filter((action) => action.type !== 'interrupt');
}

/**
 * The answer after which the Heroes fare worst, by sequential halving
 * (Karnin, Koren and Somekh, 2013): the budget is split into phases; in
 * each, the answers still in play are played out on the same re-deals and
 * the worse half (for the Director) is dropped, so most play-outs go to
 * telling the good answers apart. The answers still in play have always
 * been played on the same re-deals, so their sums compare like for like.
 * Ties go to the earlier answer, the rules' likeliest first.
 */
export function bestAnswer(
  input: Pick<FightBotInput, 'seat' | 'determinize' | 'random'>,
  answers: readonly FightAction[],
  options: FightSearchOptions,
): FightAction {
  const totals = answers.map(() => 0);
  let alive = answers.map((_, index) => index);
  const phases = Math.ceil(Math.log2(answers.length));
  for (let phase = 0; phase < phases && alive.length > 1; phase++) {
    const rounds = Math.max(1, Math.floor(options.playouts / phases / alive.length));
    for (let round = 0; round < rounds; round++) {
      const deal = input.determinize(input.random);
      // One seed per round: a seat's stray draws (where the sensible player has no plan) match too.
      const seed = randomInt(input.random, 0, 2 ** 31 - 1);
      for (const index of alive) {
        const state = clonePlain(deal);
        const outcome = outgunnedFight.apply(state, input.seat, answers[index]!);
        if (!outcome.ok)
          throw new Error(`the rules refused a listed answer: ${outcome.rejection.message}`);
        playOut(state, seedRandom(`play-out ${seed}`));
        totals[index]! += directorScore(state);
      }
    }
    const ranked = [...alive].sort((left, right) => totals[right]! - totals[left]! || left - right);
    alive = ranked.slice(0, Math.ceil(alive.length / 2)).sort((left, right) => left - right);
  }
  const best = alive.reduce((chosen, index) => (totals[index]! > totals[chosen]! ? index : chosen));
  return answers[best]!;
}

export function searchDirector(options: FightSearchOptions): FightBot {
  if (!Number.isInteger(options.playouts) || options.playouts < 1)
    throw new RangeError(`playouts must be a whole number of at least 1, not ${options.playouts}`);
  return {
    name: 'search-director',
    choose(input) {
      if (input.seat !== directorSeat) return sensibleFightBot.choose(input);
      const answers = directorAnswers(input.legal);
      if (answers.length === 0) return answerFrom(input, null);
      if (answers.length === 1) return answers[0]!;
      return bestAnswer(input, answers, options);
    },
  };
}
