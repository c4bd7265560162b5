import { type RandomState, randomInt } from '@tabletop/engine';
import type { NemesisRuleset } from '../ruleset.js';
import type { NemesisView } from '../views/view.js';
import type { NemesisOptions } from '../vocabulary/state.js';
import type { NemesisBot } from './bot.js';
import { survivorScore } from './ismcts.js';
import { hardShootAt, playoutBot, playoutBudget } from './playouts.js';
import { pickByKind } from './random.js';
import { sensibleBot, sensibleBotStyled, sensibleBotWithoutCards } from './sensible.js';

/**
 * The levels a player picks a bot by, weakest first. Their order is a
 * measurement, not a promise of the names: `npm run bench:levels` plays
 * each against the next at the same tables and gives each step's p-value.
 */
export const levelNames = ['easy', 'normal', 'hard'] as const;
export type LevelName = (typeof levelNames)[number];

/**
 * The name the normal level had before there were levels, still accepted
 * everywhere a bot is named.
 */
export const levelAliases: Readonly<Record<'sensible', LevelName>> = {
  sensible: 'normal',
};

/**
 * How often the easy bot, at the start of a turn's action, takes any legal
 * action instead of the one its plan names: often enough to be felt (it
 * wanders, searches an empty room, passes in a fight), rarely enough that
 * it still plays towards the pods most of the time.
 */
export const easySlip = 1 / 4;

/** What a player reads of a level where bots are chosen. */
export interface LevelInfo {
  name: LevelName;
  title: string;
  /** What the bot does, in a sentence. */
  plays: string;
  /**
   * The most a decision may take, in seconds: a bound far above the
   * measured p95 (`bench:levels` prints each level's).
   */
  secondsPerDecision: number;
  /** The level it plays as in the cooperative variant, where that is another. */
  inTeam?: LevelName;
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
    plays: `a search: where rules of thumb with different thresholds disagree (shoot or escape, stay or head home), it plays each answer out to the end of the game in ${playoutBudget.worlds} re-dealt worlds and takes the best; otherwise it plays the normal level's rules (in a team it plays as the normal level)`,
    secondsPerDecision: 2,
    inTeam: 'normal',
  },
};

/** How a level's time per decision reads beside its name: "instant" or "up to 2 s a move". */
export function decisionTimeWords(seconds: number): string {
  return seconds <= 0.1 ? 'instant' : `up to ${seconds} s a move`;
}

/**
 * A level as a lobby or a help text lists it, e.g. "Normal (instant)"; for
 * the cooperative variant, a level that plays as another there says so:
 * "Hard (in a team, plays as Normal: instant)".
 */
export function levelLabel(level: LevelName, mode: NemesisOptions['mode'] = 'standard'): string {
  const info = levels[level];
  const playedAs = mode === 'cooperative' && info.inTeam ? levels[info.inTeam] : null;
  if (playedAs === null) return `${info.title} (${decisionTimeWords(info.secondsPerDecision)})`;
  return `${info.title} (in a team, plays as ${playedAs.title}: ${decisionTimeWords(playedAs.secondsPerDecision)})`;
}

/**
 * The level a lobby offers first for a mode: the strongest shown within
 * `seconds` a decision (`strongestLevelWithin`), or in the cooperative
 * variant the level that one plays as there; the ladder was measured in
 * the standard game, and a level that plays as another in a team is no
 * stronger there.
 */
export function recommendedLevel(
  seconds: number,
  mode: NemesisOptions['mode'] = 'standard',
  measures: Readonly<Record<LevelName, LevelMeasure>> = levelMeasures,
): LevelName {
  const strongest = strongestLevelWithin(seconds, measures);
  return mode === 'cooperative' ? (levels[strongest].inTeam ?? strongest) : strongest;
}

/** Whether the seat's question is the start of a turn's action (not the rest of one under way). */
function choosingTurnAction(view: NemesisView): boolean {
  return view.resolving.at(-1) === 'player-turn' && view.you?.choosing === null;
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
 * The wary rules of thumb: the sensible bot that shoots only at
 * `hardShootAt` odds and escapes below them: one of the hard level's
 * advisers, and an opponent of `bench:strength`, not a level.
 */
export function waryBot(ruleset: NemesisRuleset): NemesisBot {
  return sensibleBotStyled(ruleset, { shootAt: hardShootAt }, 'wary');
}

/**
 * The hard level: the play-out search (`playoutBot`), a survivor short of
 * the Objectives scoring `survivor` at the end of a play-out (the bench
 * measures others with `BENCH_SURVIVOR_SCORE`). In the cooperative
 * variant it plays as the normal level: a search for one character's fate
 * weighs the team's cards not at all, and leaving the Intruders to
 * teammates gains a team nothing (`simulate nemesis --games 600 --players
 * 4 --mode cooperative --seed coop-check`: 264 of 2,400 characters
 * survived with the wary threshold on every seat, 365 with the normal
 * level's).
 */
export function searchingBot(ruleset: NemesisRuleset, survivor = survivorScore): NemesisBot {
  const search = playoutBot(ruleset, playoutBudget, 'hard', survivor);
  const teammate = sensibleBot(ruleset);
  return {
    name: 'hard',
    choose: (input) =>
      input.view.mode === 'cooperative' ? teammate.choose(input) : search.choose(input),
  };
}

/** The bot of each level, made for one ruleset; each is handed only its seat's input. */
export function nemesisLevels(ruleset: NemesisRuleset): Record<LevelName, NemesisBot> {
  return {
    easy: slippingBot(ruleset),
    normal: sensibleBot(ruleset),
    hard: searchingBot(ruleset),
  };
}

/** What `bench:levels` measured of a level. */
export interface LevelMeasure {
  /** The 95th percentile of its seconds per decision (decisions with more than one legal action). */
  decisionSeconds95: number;
  /** The one-sided p-value of its step over the level below (survival); null for the weakest. */
  stepPValue: number | null;
}

/**
 * Measured by `BENCH_STEPS=easy-normal,normal-hard BENCH_DEALS=500,600
 * BENCH_SEED=bench/levels/frozen-3 npm run bench:levels -- --json` (its
 * `steps[].survival.p_value` and `levels.*.decision_seconds.p95`): seed
 * chosen once the hard level's search was frozen, four-player games, two
 * processes on a shared two-core machine. Data, not a promise: the lobby's
 * default level is read from it (`strongestLevelWithin`), and a new run
 * replaces it.
 */
export const levelMeasures: Readonly<Record<LevelName, LevelMeasure>> = {
  easy: { decisionSeconds95: 0.0001, stepPValue: null },
  normal: { decisionSeconds95: 0.0001, stepPValue: 6.38e-19 },
  hard: { decisionSeconds95: 0.3716, stepPValue: 3e-8 },
};

/**
 * The strongest level shown so that answers within `seconds`: the ladder is
 * climbed from the weakest level while each step is shown (its p-value
 * below `significance`) and each level's p95 time per decision is within
 * `seconds`; a level above a step not shown is not known to be stronger.
 */
export function strongestLevelWithin(
  seconds: number,
  measures: Readonly<Record<LevelName, LevelMeasure>> = levelMeasures,
  significance = 0.01,
): LevelName {
  let strongest: LevelName | null = null;
  for (const level of levelNames) {
    const { decisionSeconds95, stepPValue } = measures[level];
    const shown = strongest === null || (stepPValue !== null && stepPValue < significance);
    if (!shown || decisionSeconds95 > seconds) break;
    strongest = level;
  }
  if (strongest === null) throw new RangeError(`no level decides within ${seconds} s`);
  return strongest;
}
