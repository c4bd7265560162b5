import { type RandomState, randomInt } from '../random.js';
import type { Result, Ruleset, Seat } from '../ruleset.js';
import type { Bot, BotInput } from './bot.js';

/**
 * Information Set Monte Carlo Tree Search, single observer (Cowling, Powley
 * and Whitehouse, 2012). One tree for the observer's information set; every
 * iteration re-deals what the observer cannot see, walks the tree choosing
 * only among actions legal in that deal, and counts, for each child, how
 * often it was available, so that rarely legal actions are not punished
 * for being rare.
 */
export interface IsmctsOptions<State, Action> {
  /** Iterations per choice; with `milliseconds`, whichever ends first. */
  iterations?: number;
  /** Wall-clock time per choice. */
  milliseconds?: number;
  /** The UCB exploration constant. */
  exploration?: number;
  /** The rollout policy; by default a uniformly random legal action. */
  policy?: (state: State, seat: Seat, legal: readonly Action[], random: RandomState) => Action;
  /**
   * Below the root, an answer the search plays without branching on it, or
   * null to branch as usual. Where a rules set asks for an action in several
   * answers (an action's name, then its room, its target, its payment), the
   * search should judge each named action as a player would complete it,
   * not by the average of random completions: a move judged by random
   * destinations looks worse than staying put. Used in the tree below the
   * root and in rollouts (before `policy`); the root itself always branches.
   */
  complete?: (
    state: State,
    seat: Seat,
    legal: readonly Action[],
    random: RandomState,
  ) => Action | null;
  /** Rollouts stop after this many actions and are scored by `evaluate`. */
  rolloutLimit?: number;
  /** Scores per seat (0 to 1) of an unfinished state; by default an equal share. */
  evaluate?: (state: State) => Readonly<Record<Seat, number>>;
  /** Scores per seat of a finished game; by default the result's scores (1 per winner without them). */
  finalScores?: (state: State, result: Result) => Readonly<Record<Seat, number>>;
}

/** One node of the observer's tree: the action that reached it and its statistics. */
interface Node {
  /** The seat who took the action leading here; its score is what `reward` sums. */
  seat: Seat;
  key: string;
  visits: number;
  reward: number;
  /** Iterations in which this node's action was legal when its parent was visited. */
  availability: number;
  children: Map<string, Node>;
}

/** A root child's statistics: what root parallelism adds up across workers. */
export interface RootStatistic {
  key: string;
  visits: number;
  reward: number;
}

export interface SearchReport {
  iterations: number;
  root: RootStatistic[];
}

/** The seat that must act in `state`, and its legal actions; null when no one can. */
export function actorOf<State, Action>(
  ruleset: Ruleset<State, Action, unknown, unknown>,
  state: State,
): { seat: Seat; legal: Action[] } | null {
  for (const prompt of ruleset.prompts(state)) {
    for (const seat of prompt.seats) {
      const legal = ruleset.legalActions(state, seat);
      if (legal.length > 0) return { seat, legal };
    }
  }
  return null;
}

function keyOf(action: unknown): string {
  return JSON.stringify(action);
}

function scoresOf<State, Action>(
  ruleset: Ruleset<State, Action, unknown, unknown>,
  state: State,
  options: IsmctsOptions<State, Action>,
): Readonly<Record<Seat, number>> {
  const result = ruleset.result(state);
  if (result !== null) {
    if (options.finalScores !== undefined) return options.finalScores(state, result);
    if (result.scores !== undefined) return result.scores;
    const seats = ruleset.seats(state);
    return Object.fromEntries(seats.map((seat) => [seat, result.winners.includes(seat) ? 1 : 0]));
  }
  if (options.evaluate !== undefined) return options.evaluate(state);
  const seats = ruleset.seats(state);
  return Object.fromEntries(seats.map((seat) => [seat, 1 / seats.length]));
}

function pickRandom<T>(items: readonly T[], random: RandomState): T {
  return items[items.length === 1 ? 0 : randomInt(random, 0, items.length - 1)]!;
}

function mustApply<State, Action>(
  ruleset: Ruleset<State, Action, unknown, unknown>,
  state: State,
  seat: Seat,
  action: Action,
): void {
  // The search plays only listed actions, so it may skip the wire-shape check.
  const outcome =
    ruleset.applyLegal === undefined
      ? ruleset.apply(state, seat, action)
      : ruleset.applyLegal(state, seat, action);
  if (!outcome.ok)
    throw new Error(
      `the ${ruleset.id} rules refused seat ${seat}'s legal action ${keyOf(action)}: ${outcome.rejection.message}`,
    );
}

/**
 * Runs the search from a bot's input and reports the root's statistics,
 * without choosing: one worker's share of a root-parallel search.
 */
export function searchIsmcts<State, Action, View>(
  ruleset: Ruleset<State, Action, View, unknown>,
  input: Pick<BotInput<State, Action, View>, 'seat' | 'determinize' | 'random'>,
  options: IsmctsOptions<State, Action>,
): SearchReport {
  const exploration = options.exploration ?? Math.SQRT2;
  const limit = options.rolloutLimit ?? Number.POSITIVE_INFINITY;
  const iterations = options.iterations ?? Number.POSITIVE_INFINITY;
  if (iterations === Number.POSITIVE_INFINITY && options.milliseconds === undefined)
    throw new RangeError('an ISMCTS search needs a budget: iterations or milliseconds');
  const deadline =
    options.milliseconds === undefined
      ? Number.POSITIVE_INFINITY
      : Date.now() + options.milliseconds;
  const anyRuleset = ruleset;
  const root: Node = {
    seat: input.seat,
    key: '',
    visits: 0,
    reward: 0,
    availability: 0,
    children: new Map(),
  };
  const random = input.random;
  let done = 0;
  while (done < iterations && (done === 0 || Date.now() < deadline)) {
    const state = input.determinize(random);
    const path: Node[] = [root];
    let node = root;
    // Selection and expansion.
    for (;;) {
      // At the root the observer acts, even where a prompt waits on several seats.
      const actor =
        node === root
          ? { seat: input.seat, legal: anyRuleset.legalActions(state, input.seat) }
          : actorOf(anyRuleset, state);
      if (actor === null || actor.legal.length === 0) break;
      if (node !== root && options.complete !== undefined) {
        const answer = options.complete(state, actor.seat, actor.legal, random);
        if (answer !== null) {
          mustApply(anyRuleset, state, actor.seat, answer);
          continue;
        }
      }
      // Each legal action's key is worked out once, here, and its child found by it.
      const untried: number[] = [];
      const available: Node[] = [];
      const availableAt: number[] = [];
      const keys = actor.legal.map(keyOf);
      for (let index = 0; index < keys.length; index++) {
        const child = node.children.get(keys[index]!);
        if (child === undefined) untried.push(index);
        else {
          available.push(child);
          availableAt.push(index);
        }
      }
      for (const child of available) child.availability++;
      if (untried.length > 0) {
        const index = pickRandom(untried, random);
        const child: Node = {
          seat: actor.seat,
          key: keys[index]!,
          visits: 0,
          reward: 0,
          availability: 1,
          children: new Map(),
        };
        node.children.set(child.key, child);
        mustApply(anyRuleset, state, actor.seat, actor.legal[index]!);
        path.push(child);
        break;
      }
      let best = 0;
      let bestValue = Number.NEGATIVE_INFINITY;
      for (let place = 0; place < available.length; place++) {
        const child = available[place]!;
        const value =
          child.reward / child.visits +
          exploration * Math.sqrt(Math.log(child.availability) / child.visits);
        if (value > bestValue) {
          bestValue = value;
          best = place;
        }
      }
      node = available[best]!;
      mustApply(anyRuleset, state, actor.seat, actor.legal[availableAt[best]!]!);
      path.push(node);
    }
    // Rollout.
    for (let steps = 0; steps < limit; steps++) {
      const actor = actorOf(anyRuleset, state);
      if (actor === null) break;
      const action =
        options.complete?.(state, actor.seat, actor.legal, random) ??
        (options.policy === undefined
          ? pickRandom(actor.legal, random)
          : options.policy(state, actor.seat, actor.legal, random));
      mustApply(anyRuleset, state, actor.seat, action);
    }
    // Back-propagation: each node gains the score of the seat who chose it.
    const scores = scoresOf(anyRuleset, state, options);
    for (const visited of path) {
      visited.visits++;
      visited.reward += scores[visited.seat] ?? 0;
    }
    done++;
  }
  return {
    iterations: done,
    root: [...root.children.values()].map(({ key, visits, reward }) => ({ key, visits, reward })),
  };
}

/** The most visited of `legal` by the summed statistics; ties go to the earlier legal action. */
export function mostVisited<Action>(
  legal: readonly Action[],
  statistics: readonly RootStatistic[],
): Action {
  const visits = new Map<string, number>();
  for (const { key, visits: count } of statistics) visits.set(key, (visits.get(key) ?? 0) + count);
  let best = legal[0] as Action;
  let bestVisits = -1;
  for (const action of legal) {
    const count = visits.get(keyOf(action)) ?? 0;
    if (count > bestVisits) {
      bestVisits = count;
      best = action;
    }
  }
  return best;
}

/** When a search may overrule a default choice: how sure it must be. */
export interface Overrule {
  /** Visits each of the two actions needs before their means are compared. */
  visits: number;
  /** How much higher the other action's mean score must be. */
  margin: number;
}

/**
 * A default choice (a simpler bot's), kept unless the search found a better
 * one: the most visited action wins over the default only when both were
 * tried often enough and its mean score beats the default's by the margin.
 * A search of a few dozen iterations is noisy; this way it corrects a
 * simpler policy's clear mistakes without replacing its sound play by noise.
 */
export function overruleIfBetter<Action>(
  legal: readonly Action[],
  statistics: readonly RootStatistic[],
  fallback: Action,
  overrule: Overrule,
): Action {
  const best = mostVisited(legal, statistics);
  const bestKey = keyOf(best);
  const fallbackKey = keyOf(fallback);
  if (bestKey === fallbackKey) return best;
  const summed = (key: string) => {
    let visits = 0;
    let reward = 0;
    for (const statistic of statistics) {
      if (statistic.key !== key) continue;
      visits += statistic.visits;
      reward += statistic.reward;
    }
    return { visits, mean: visits === 0 ? 0 : reward / visits };
  };
  const challenger = summed(bestKey);
  const incumbent = summed(fallbackKey);
  const sure =
    challenger.visits >= overrule.visits &&
    incumbent.visits >= overrule.visits &&
    challenger.mean >= incumbent.mean + overrule.margin;
  return sure ? best : fallback;
}

/** An ISMCTS bot for `ruleset`. */
export function ismctsBot<State, Action, View>(
  ruleset: Ruleset<State, Action, View, unknown>,
  options: IsmctsOptions<State, Action>,
): Bot<State, Action, View> {
  return {
    name: 'ismcts',
    choose(input) {
      if (input.legal.length === 0) throw new Error(`seat ${input.seat} has no legal action`);
      if (input.legal.length === 1) return input.legal[0]!;
      const report = searchIsmcts(ruleset, input, options);
      return mostVisited(input.legal, report.root);
    },
  };
}
