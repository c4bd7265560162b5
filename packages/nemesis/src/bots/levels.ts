import {
  type IsmctsOptions,
  overruleIfBetter,
  type RandomState,
  randomInt,
  searchIsmcts,
} from '@tabletop/engine';
import type { NemesisAction } from '../flow/actions.js';
import type { NemesisState } from '../flow/state.js';
import type { NemesisRuleset } from '../ruleset.js';
import type { NemesisView } from '../views/view.js';
import type { NemesisBot } from './bot.js';
import { nemesisOverrule, nemesisSearchOptions } from './ismcts.js';
import { pickByKind } from './random.js';
import { sensibleBot, sensibleBotWithoutCards } from './sensible.js';

/**
 * The levels a player picks a bot by, weakest first. Their order is a
 * measurement, not a promise of the names: `npm run bench:levels` plays
 * each against the next at the same tables and gives each step's p-value.
 */
export const levelNames = ['easy', 'normal', 'hard'] as const;
export type LevelName = (typeof levelNames)[number];

/**
 * The names bots had before the levels, still accepted everywhere a bot is
 * named: the sensible bot is the normal level, the search bot the hard one.
 */
export const levelAliases: Readonly<Record<'sensible' | 'ismcts', LevelName>> = {
  sensible: 'normal',
  ismcts: 'hard',
};

/**
 * How often the easy bot, at the start of a turn's action, takes any legal
 * action instead of the one its plan names: often enough to be felt (it
 * wanders, searches an empty room, passes in a fight), rarely enough that
 * it still plays towards the pods most of the time.
 */
export const easySlip = 1 / 4;

/**
 * The hard level's search budget per decision. In iterations, so that its
 * choice depends on its own random alone; capped in time, so that a busy
 * machine never makes a player wait longer than the level promises.
 */
export const hardBudget = { iterations: 200, milliseconds: 2_000 };

/** What a player reads of a level where bots are chosen. */
export interface LevelInfo {
  name: LevelName;
  title: string;
  /** What the bot does, in a sentence. */
  plays: string;
  /**
   * The most a decision may take, in seconds: the hard level's time cap;
   * for the two rule-of-thumb levels, a bound far above their measured
   * p95 (`bench:levels` prints each level's).
   */
  secondsPerDecision: number;
}

export const levels: Readonly<Record<LevelName, LevelInfo>> = {
  easy: {
    name: 'easy',
    title: 'Easy',
    plays: `the rules of thumb of the normal level without playing its Action cards, and one turn action in ${Math.round(1 / easySlip)} taken at random`,
    secondsPerDecision: 0.1,
  },
  normal: {
    name: 'normal',
    title: 'Normal',
    plays:
      'rules of thumb: it searches, heals, mends its way out, plays its Action cards where they help and heads for the pods',
    secondsPerDecision: 0.1,
  },
  hard: {
    name: 'hard',
    title: 'Hard',
    plays: `the normal level, but in a fight it looks a turn around the table ahead (${hardBudget.iterations} re-dealt play-outs) before choosing its action`,
    secondsPerDecision: hardBudget.milliseconds / 1000,
  },
};

/** How a level's time per decision reads beside its name: "instant" or "up to 2 s a move". */
export function decisionTimeWords(seconds: number): string {
  return seconds <= 0.1 ? 'instant' : `up to ${seconds} s a move`;
}

/** A level as a lobby or a help text lists it, e.g. "Hard (up to 2 s a move)". */
export function levelLabel(level: LevelName): string {
  const info = levels[level];
  return `${info.title} (${decisionTimeWords(info.secondsPerDecision)})`;
}

/** Whether the seat's question is the start of a turn's action (not the rest of one under way). */
function choosingTurnAction(view: NemesisView): boolean {
  return view.resolving.at(-1) === 'player-turn' && view.you?.choosing === null;
}

/** Whether the seat's character shares its room with an Intruder: in Combat. */
function inCombat(view: NemesisView, seat: string): boolean {
  const me = view.players.find((player) => player.seat === seat);
  return (
    me !== undefined &&
    me.status === 'active' &&
    view.intruders.some((intruder) => intruder.room === me.room)
  );
}

/**
 * The easy level: the sensible bot that plays no Action card, and that at
 * the start of a turn's action takes, once in `1 / slip`, a random legal
 * action instead (drawn by kind, as the random bot draws); the rest of that
 * action it answers by its rules of thumb. Its slips come from its own
 * random source, so its play stays reproducible.
 */
export function slippingBot(ruleset: NemesisRuleset, slip = easySlip): NemesisBot {
  const steady = sensibleBotWithoutCards(ruleset);
  return {
    name: 'easy',
    choose(input) {
      // The draw is made at every turn action, slip or not, so the slips do not shift the bot's other draws.
      if (input.legal.length > 1 && choosingTurnAction(input.view)) {
        const random: RandomState = input.random;
        const slipped = randomInt(random, 0, 999) < slip * 1000;
        // Never a card: the easy level plays none, by its plan or by a slip.
        const uncarded = input.legal.filter((action) => action.type !== 'play-card');
        const stray = pickByKind(uncarded.length > 0 ? uncarded : input.legal, random);
        if (slipped) return stray;
      }
      return steady.choose(input);
    },
  };
}

/**
 * The hard level: the sensible bot, which in Combat, at the start of each
 * turn's action, runs the ISMCTS search and plays its choice where the
 * search is sure of a better one. Combat is where the search helps: what a
 * fight costs shows within the dozen actions a play-out looks ahead, while
 * elsewhere a plan's worth lies many rounds away and its short look is
 * mostly noise. The rest of an action (a room, a target, a card to pay) is
 * left to the rules of thumb at the root as the search leaves it below the
 * root: overruling them there with a few dozen visits each replaced sound
 * answers by noise.
 */
export function combatSearchBot(
  ruleset: NemesisRuleset,
  budget: { iterations?: number; milliseconds?: number } = hardBudget,
): NemesisBot {
  const options: IsmctsOptions<NemesisState, NemesisAction> = {
    ...nemesisSearchOptions(ruleset),
    ...budget,
  };
  const sensible = sensibleBot(ruleset);
  return {
    name: 'hard',
    choose(input) {
      if (input.legal.length === 0) throw new Error(`seat ${input.seat} has no legal action`);
      const expected = sensible.choose(input);
      if (input.legal.length === 1) return expected;
      if (!choosingTurnAction(input.view) || !inCombat(input.view, input.seat)) return expected;
      const report = searchIsmcts(ruleset, input, options);
      return overruleIfBetter(input.legal, report.root, expected, nemesisOverrule);
    },
  };
}

/** The bot of each level, made for one ruleset; each is handed only its seat's input. */
export function nemesisLevels(ruleset: NemesisRuleset): Record<LevelName, NemesisBot> {
  return {
    easy: slippingBot(ruleset),
    normal: sensibleBot(ruleset),
    hard: combatSearchBot(ruleset),
  };
}
