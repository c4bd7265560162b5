import { botChoice, type RandomState, randomInt, type Seat, seedRandom } from '@tabletop/engine';
import type { NemesisRuleset } from '../ruleset.js';
import type { NemesisAction } from '../vocabulary/actions.js';
import type { NemesisState } from '../vocabulary/state.js';
import type { NemesisBot, NemesisBotInput } from './bot.js';
import { fateScores, survivorScore } from './ismcts.js';
import { type SensibleStyle, sensibleBot, sensibleBotStyled } from './sensible.js';

/**
 * The least chance to wound for which the wary adviser shoots in a fight
 * rather than escapes: it shoots Larvae and Creepers (5 in 6) but escapes
 * an Adult (1 in 2), a Breeder or the Queen (1 in 3) where it can, so the
 * Intruders turn on whoever stays. The normal level shoots at 1 in 2.
 * Alone, these wary rules were once the hard level; built on them, the
 * play-outs found nothing more (`BENCH_AGAINST=wary npm run
 * bench:strength`, 1,000 games), while built on the normal level's rules
 * they find for themselves when escaping pays.
 */
export const hardShootAt = 2 / 3;

/**
 * The advisers of the search: the sensible bot's rules of thumb with
 * different thresholds. Where they agree there is nothing to search; where
 * they disagree (shoot or escape, stay or head home), each one's answer is
 * a candidate, and play-outs decide. The first is the bot's own plan, kept
 * unless a play-out shows another better: the normal level's rules, so that
 * what the hard level gains over the normal level is the search's alone.
 */
export const advisers: Readonly<Record<string, Partial<SensibleStyle>>> = {
  steady: {},
  wary: { shootAt: hardShootAt },
  fleeing: { shootAt: 2, fleeAt: 0 },
  bold: { shootAt: 1 / 3, fleeAt: 3 },
  homebound: { shootAt: 2 / 3, roundsToSpare: 3 },
};

/**
 * The choices made once a game that weigh on all of it, where every legal
 * answer is played out, not only the advisers': the character (its
 * weapon, its deck), and the Objective kept at the first Encounter, which
 * decides what a survivor must have done to win.
 */
const pivotal: ReadonlySet<NemesisAction['type']> = new Set([
  'choose-character',
  'choose-objective',
]);

/** How much search a decision gets: re-dealt worlds per candidate, each played to the end. */
export interface PlayoutBudget {
  /** The most worlds each candidate is played out in. */
  worlds: number;
  /**
   * The most actions the play-outs of a decision take in all, counted once
   * a world is played out for every candidate: early in a game a play-out
   * is long, and this keeps the decision within its time. Counted in
   * actions, not seconds, so that the choice depends on the bot's random
   * alone, never on the machine's speed.
   */
  actions: number;
  /**
   * How much better, in mean final score (a win 1, surviving `survivorScore`, dead 0),
   * a candidate must play out than the bot's own plan to replace it (and
   * by a standard error of its worlds' differences at least).
   */
  margin: number;
}

export const playoutBudget: Readonly<PlayoutBudget> = { worlds: 16, actions: 5000, margin: 0.03 };

/** Actions in a play-out before it is called a runaway (a game lasts a few hundred). */
const playoutLimit = 5000;

/**
 * A search over the advisers' answers. At each decision where they
 * disagree (and at the pivotal ones, over every answer), it re-deals what the seat cannot see `worlds` times and plays
 * every candidate out to the end of the game in each world: the same world
 * and the same dice for every candidate, so that they differ by the choice
 * alone. In a play-out the seat follows its own plan and every other seat
 * the normal level's. It takes the candidate with the best mean final
 * score if that beats its own plan surely enough (`surestCandidate`). A
 * survivor short of the Objectives scores `survivor` at the end of a
 * play-out (a win 1, the dead 0).
 */
export function playoutBot(
  ruleset: NemesisRuleset,
  budget: PlayoutBudget = playoutBudget,
  name = 'playouts',
  survivor = survivorScore,
): NemesisBot {
  const entries = Object.entries(advisers).map(
    ([title, style]) => [title, sensibleBotStyled(ruleset, style, title)] as const,
  );
  const own = entries[0]![1];
  const others = sensibleBot(ruleset);
  return {
    name,
    choose(input) {
      if (input.legal.length === 1) return input.legal[0]!;
      const plan = own.choose(input);
      const candidates = distinctAnswers(
        pivotal.has(plan.type)
          ? [plan, ...input.legal]
          : [plan, ...entries.slice(1).map(([, adviser]) => adviser.choose(input))],
      );
      if (candidates.length === 1) return candidates[0]!;
      // One draw from the bot's own source seeds every world of this decision.
      const decision = randomInt(input.random, 0, 2 ** 31 - 1);
      const scores: number[][] = candidates.map(() => []);
      let actions = 0;
      for (let world = 0; world < budget.worlds && actions < budget.actions; world++)
        candidates.forEach((candidate, index) => {
          const played = playedOut(ruleset, input, candidate, `${decision} ${world}`, {
            own,
            others,
            survivor,
          });
          scores[index]!.push(played.score);
          actions += played.actions;
        });
      return surestCandidate(candidates, scores, budget.margin);
    },
  };
}

/** The answers, each once, in the advisers' order. */
function distinctAnswers(answers: NemesisAction[]): NemesisAction[] {
  const seen = new Map<string, NemesisAction>();
  for (const answer of answers) {
    const key = JSON.stringify(answer);
    if (!seen.has(key)) seen.set(key, answer);
  }
  return [...seen.values()];
}

/** Who plays on in a play-out, and what a survivor short of the Objectives scores at its end. */
interface PlayingOn {
  own: NemesisBot;
  others: NemesisBot;
  survivor: number;
}

/**
 * The seat's final score in one re-dealt world after `candidate`, the game
 * played to its end, and the actions that took.
 */
function playedOut(
  ruleset: NemesisRuleset,
  input: NemesisBotInput,
  candidate: NemesisAction,
  world: string,
  { own, others, survivor }: PlayingOn,
): { score: number; actions: number } {
  const random: RandomState = seedRandom(world);
  const state = input.determinize(random);
  const player = state.players.find((each) => each.seat === input.seat)!;
  let outcome = ruleset.apply(state, input.seat, candidate);
  let actions = 1;
  // The dead score nothing, however the game ends: no need to play it on.
  for (; outcome.ok && state.over === null && player.status !== 'dead'; actions++) {
    if (actions > playoutLimit) throw new Error(`a play-out ran past ${playoutLimit} actions`);
    const seat: Seat = ruleset.prompts(state)[0]!.seats[0]!;
    const bot = seat === input.seat ? own : others;
    outcome = ruleset.apply(state, seat, botChoice(ruleset, bot, state, seat, random));
  }
  if (!outcome.ok) throw new Error(`a play-out was refused: ${outcome.rejection.message}`);
  const score =
    state.over === null ? 0 : (fateScores(state as NemesisState, survivor)[input.seat] ?? 0);
  return { score, actions };
}

/**
 * The candidate that played out best against the first (the bot's own
 * plan), world by world, if it beats it surely enough: by `margin` on
 * average, and by at least one standard error of the worlds' differences.
 * Early in a game a play-out is long and its world decides much of it, so
 * a few worlds tell little; a plan is then kept unless they agree.
 */
export function surestCandidate(
  candidates: NemesisAction[],
  scores: number[][],
  margin: number,
): NemesisAction {
  const plan = scores[0]!;
  let best = 0;
  let bestGain = 0;
  for (let index = 1; index < candidates.length; index++) {
    const gains = scores[index]!.map((score, world) => score - plan[world]!);
    const gain = gains.reduce((sum, each) => sum + each, 0) / gains.length;
    const spread = gains.reduce((sum, each) => sum + (each - gain) ** 2, 0) / (gains.length - 1);
    const error = gains.length > 1 ? Math.sqrt(spread / gains.length) : Number.POSITIVE_INFINITY;
    if (gain >= margin && gain >= error && gain > bestGain) {
      best = index;
      bestGain = gain;
    }
  }
  return candidates[best]!;
}
