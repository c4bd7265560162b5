import {
  botChoice,
  type IsmctsOptions,
  type Overrule,
  overruleIfBetter,
  type SearchSetup,
  type Seat,
  searchIsmcts,
} from '@tabletop/engine';
import type { Tables } from '../content/tables.js';
import {
  objectivesMet,
  shipHeadsTo,
  type TheEnd,
  teamCards,
} from '../end-of-game/objectives-check.js';
import { createNemesis, type NemesisRuleset } from '../ruleset.js';
import { hibernatorium } from '../setup/setup.js';
import type { NemesisAction } from '../vocabulary/actions.js';
import type { NemesisState, PlayerState } from '../vocabulary/state.js';
import type { NemesisBot } from './bot.js';
import { pickByKind } from './random.js';
import { sensibleBot } from './sensible.js';

/**
 * How well a character is doing in a game not yet over, 0 to 1: what the
 * search scores a rollout by when it is cut short. Dead is 0. Out of the
 * ship (escaped or asleep) is high but short of a win, as the victory check
 * still asks for the Objectives and may find an infection. A character still
 * aboard is in between: lower for each wound, for a Larva inside them and
 * for each Intruder in their room (a fight they may not win), higher in an
 * Escape Pod about to leave; and, as the Time track runs towards the
 * opening of the hibernation chambers, lower for each room between them and
 * the Hibernatorium (`stepsHome`, when given).
 */
export function survivalScore(
  state: NemesisState,
  player: PlayerState,
  stepsHome?: (room: number) => number,
): number {
  switch (player.status) {
    case 'dead':
      return 0;
    case 'hibernating':
    case 'escaped':
      return 0.8;
    default: {
      const intruders =
        player.status === 'active'
          ? state.intruders.filter((intruder) => intruder.room === player.room).length
          : 0;
      const away =
        player.status === 'active' && stepsHome !== undefined ? stepsHome(player.room) : 0;
      const harm =
        0.1 * player.seriousWounds.length +
        0.03 * player.lightWounds +
        (player.larva ? 0.1 : 0) +
        0.06 * Math.min(intruders, 3) +
        0.02 * Math.min(away, 8);
      return Math.min(0.75, Math.max(0.05, 0.5 - harm + (player.status === 'in-pod' ? 0.15 : 0)));
    }
  }
}

/**
 * The fewest corridors from each room to the Hibernatorium on the board,
 * doors aside, worked out once per pack.
 */
const stepsToHibernatorium = new WeakMap<Tables, number[]>();

function stepsHomeOf(tables: Tables): number[] {
  let steps = stepsToHibernatorium.get(tables);
  if (steps === undefined) {
    const found = Array.from({ length: tables.exits.length }, () => Number.POSITIVE_INFINITY);
    found[hibernatorium] = 0;
    const queue = [hibernatorium];
    for (let next = 0; next < queue.length; next++) {
      const room = queue[next]!;
      for (const exit of tables.exits[room] ?? []) {
        if (exit.corridor === 'technical') continue;
        const [first, second] = tables.corridors[exit.corridor]!.ends;
        const neighbour = first === room ? second : first;
        if (found[neighbour]! <= found[room]! + 1) continue;
        found[neighbour] = found[room]! + 1;
        queue.push(neighbour);
      }
    }
    steps = found;
    stepsToHibernatorium.set(tables, steps);
  }
  return steps;
}

/**
 * How far from the Hibernatorium counts, weighted by how near the chambers'
 * opening the Time track is: nothing at the start, in full once they open.
 */
function homeward(tables: Tables, state: NemesisState): (room: number) => number {
  const steps = stepsHomeOf(tables);
  const urgency = Math.min(1, Math.max(0, state.time / tables.time.hibernationOpensAfter));
  return (room) => urgency * Math.min(steps[room] ?? 8, 8);
}

/**
 * What a finished game scores for a seat that survives but misses its
 * Objectives: 0.7 of a win, for the tree search and the hard level's
 * play-outs alike. Such a seat has lost, and scored so the play-outs keep
 * alive some whose Objectives are out of reach; but at half a win the hard
 * level was weaker and no more of its survivors met their Objectives (`BENCH_SEED=bench/levels/frozen-4`, 600 deals
 * against the normal level: survival 17.9% against 15.5%, p = 0.036;
 * wins 9.8% against 8.5%, p = 0.075; survivors who met their Objectives
 * 54.5% against 55.0%), where at 0.7 it survives 19.4% against 14.2%
 * (frozen-3, p = 3e-8). At 0.4 and at 0.05 the share of its survivors who
 * met their Objectives did not rise either (`BENCH_SURVIVOR_SCORE`; the
 * README gives the runs).
 */
export const survivorScore = 0.7;

/**
 * A finished game's scores: a winner 1, a survivor who missed their
 * Objectives `survivor` (`survivorScore` unless told), the dead 0.
 */
export function fateScores(state: NemesisState, survivor = survivorScore): Record<Seat, number> {
  const fates = state.over?.victory.fates ?? [];
  return Object.fromEntries(
    fates.map((fate) => [fate.seat, fate.winner ? 1 : fate.survivedBy !== null ? survivor : 0]),
  );
}

/**
 * The end as it would be if the game ended now, with everyone alive counted
 * as a survivor and the ship arriving where the Coordinates send it: what a
 * rollout cut short knows of winning. An Objective asks for things done (an
 * Intruder killed, a Signal sent) or for an ending (Earth, a rival dead);
 * both are read from the state as it stands.
 */
function endingNow(tables: Tables, state: NemesisState): TheEnd {
  const game = { tables, state, events: [] };
  const survivors = new Set(
    state.players.filter((other) => other.status !== 'dead').map((other) => other.seat),
  );
  return {
    game,
    shipDestroyed: false,
    reached: shipHeadsTo(game),
    survivors,
    team: teamCards(game),
  };
}

/** Whether a character's Objectives would be met if the game ended now (see `endingNow`). */
export function objectivesMetNow(
  tables: Tables,
  state: NemesisState,
  player: PlayerState,
): boolean {
  return objectivesMet(endingNow(tables, state), player);
}

/**
 * What Objectives met as things stand add to a rollout's survival score, in
 * proportion to it (a survivor out of the ship gains all of it, up to a
 * win's 1; one still aboard a share). A win scores 1 and a survival without
 * one 0.7 at the end. Raising this from 0.15 to 0.3 is what made the search
 * win more often than the sensible bot, not only survive more: it then also
 * keeps, of its two Objectives, the one it can meet.
 */
export const objectivesWorth = 0.3;

function survivalScores(state: NemesisState, tables?: Tables): Record<Seat, number> {
  const stepsHome = tables === undefined ? undefined : homeward(tables, state);
  const end = tables === undefined ? undefined : endingNow(tables, state);
  return Object.fromEntries(
    state.players.map((player) => {
      const survival = survivalScore(state, player, stepsHome);
      const met = end !== undefined && survival > 0 && objectivesMet(end, player);
      return [
        player.seat,
        met ? Math.min(1, survival + objectivesWorth * (survival / 0.8)) : survival,
      ];
    }),
  );
}

/**
 * How many actions a rollout plays before it is scored by survival. A
 * Nemesis action is one answer (an action's name, then a room, a card...),
 * so a dozen is about a turn around the table: far enough to see an attack
 * coming, short enough that each iteration costs little more than its
 * re-deal, and the search makes many more of them in the same time.
 */
export const nemesisRolloutLimit = 12;

/**
 * The steps that ask for the rest of an action already named or set off:
 * its choices and payment, its effect's options, a search's deck and card,
 * which Heavy Item to drop to free a hand, a trade's offers and answers, a
 * companion's consent to leave together, an item offered at its trigger.
 */
const answeringSteps: ReadonlySet<string> = new Set([
  'action-choice',
  'effect',
  'search',
  'drop-for-hand-slots',
  'trade',
  'consent',
  'reaction',
]);

/**
 * The search options for Nemesis: random rollouts by kind, cut short and
 * scored by survival (counting the way home too). With the ruleset, the
 * rest of an action is answered as the sensible bot would (its room, its
 * target, which card pays), in the tree and in rollouts: the search then
 * weighs "move" as a sensible move, not as a step in a random direction.
 */
export function nemesisSearchOptions(
  ruleset?: NemesisRuleset,
): Omit<IsmctsOptions<NemesisState, NemesisAction>, 'iterations' | 'milliseconds'> {
  const tables = ruleset?.tables;
  const sensible = ruleset === undefined ? undefined : sensibleBot(ruleset);
  return {
    policy: (_state, _seat, legal, random) => pickByKind(legal, random),
    ...(ruleset === undefined || sensible === undefined
      ? {}
      : {
          // A re-dealt world of the search's own: the seat's input from it, as from any game.
          complete: (state, seat, _legal, random) =>
            answeringSteps.has(state.stack.at(-1)?.kind ?? '')
              ? botChoice(ruleset, sensible, state, seat, random)
              : null,
        }),
    rolloutLimit: nemesisRolloutLimit,
    evaluate: (state) => survivalScores(state, tables),
    finalScores: (state) => fateScores(state),
  };
}

/** What a root-parallel worker builds: the base pack's ruleset and the options above. */
export function nemesisSearchSetup(id: string): SearchSetup {
  if (id !== 'nemesis') throw new Error(`no Nemesis search setup for ruleset "${id}"`);
  const ruleset = createNemesis();
  return {
    ruleset,
    options: nemesisSearchOptions(ruleset) as SearchSetup['options'],
  };
}

/**
 * How sure the search must be to overrule the sensible bot: each action
 * tried at least this often, and a mean score this much higher (a survival
 * score's steps are a few hundredths: a light wound is 0.03).
 */
export const nemesisOverrule: Overrule = { visits: 8, margin: 0.04 };

/**
 * The ISMCTS bot as a Nemesis bot: from the seat's input alone, it plays
 * as the sensible bot unless its search over re-dealt worlds finds, surely
 * enough, a better action: the search looks a turn around the table ahead,
 * which the sensible bot's rules of thumb do not.
 */
export function ismctsNemesisBot(
  ruleset: NemesisRuleset,
  budget: { iterations?: number; milliseconds?: number },
): NemesisBot {
  const options = { ...nemesisSearchOptions(ruleset), ...budget };
  const sensible = sensibleBot(ruleset);
  return {
    name: 'ismcts',
    choose(input) {
      if (input.legal.length === 0) throw new Error(`seat ${input.seat} has no legal action`);
      if (input.legal.length === 1) return input.legal[0]!;
      const expected = sensible.choose(input);
      const report = searchIsmcts(ruleset, input, options);
      return overruleIfBetter(input.legal, report.root, expected, nemesisOverrule);
    },
  };
}
