import {
  botChoice,
  botInput,
  createRegistry,
  diceDuel,
  ismctsBot,
  pick,
  type RandomState,
  type Registry,
  type Ruleset,
  type Seat,
} from '@tabletop/engine';
import {
  createNemesis,
  levelAliases,
  levelLabel,
  levelMeasures,
  levelNames,
  type NemesisOptions,
  type NemesisRuleset,
  type NemesisState,
  nemesisBots,
  offeredBotNames,
  recommendedLevel,
} from '@tabletop/nemesis';
import {
  exampleScene,
  exampleSceneNames,
  type FightOptions,
  type FightState,
  outgunnedBots,
  outgunnedFight,
} from '@tabletop/outgunned';

// biome-ignore lint/suspicious/noExplicitAny: the table holds rulesets of every state and action type
export type AnyRuleset = Ruleset<any, any, any, any>;

/**
 * A bot as the server runs it: what it reads of `state` is its seat's input
 * alone (`botChoice`: the seat's view, legal actions and determinizer), so
 * it can know only what its seat's view shows. A bot thread is handed a
 * copy of the state in which everything its seat cannot see has been
 * re-dealt (the ruleset's determinize); an instant bot, asked on the event
 * loop under the match's lock, the match's own state, which it does not
 * change. `random` is the bot's own.
 */
export interface TableBot {
  choose(state: unknown, seat: Seat, random: RandomState): unknown;
}

export interface TableRuleset {
  ruleset: AnyRuleset;
  /** Bots by every name a match's creator may give, e.g. "random", old names included. */
  bots: Readonly<Record<string, TableBot>>;
  /** The names offered to a match's creator, in order (by default, every name of `bots`). */
  offered?: readonly string[];
  /** What a player reads for a bot's name, with its time per decision, e.g. "Normal (instant)". */
  labels?: Readonly<Record<string, string>>;
  /** Why these (valid) options are not for an online match, or null: test-only settings that would fix secrets in advance. */
  refuseOnline?(options: unknown): string | null;
  /**
   * The bots that answer at once, by name: the server asks them on its event
   * loop, where a bot thread's round trip (the re-dealt state copied there
   * and the answer back) would cost more than their thinking. Search bots
   * are never among them, so that their thinking holds up no other match.
   */
  instant?: readonly string[];
  /** The bot offered first: the strongest as measured (see RULES.md and the bench). */
  defaultBot: string;
  /**
   * The bot offered first and the bots' names for a match of these (valid)
   * options, where they differ from the ruleset's: a level that plays as
   * another in Nemesis's cooperative variant says so, and is not offered first.
   */
  choicesFor?(options: unknown): { defaultBot: string; labels: Readonly<Record<string, string>> };
  /** Example setups a match may be created from, by id (Outgunned's scenes, sent as `options.scene`). */
  scenes?: ReadonlyMap<string, { name: string; description: string; scene: unknown }>;
}

/** Outgunned's example scenes, read once through the package's own loader. */
function outgunnedScenes(): Map<string, { name: string; description: string; scene: unknown }> {
  return new Map(
    exampleSceneNames.map((id) => {
      const scene = exampleScene(id);
      return [id, { name: scene.name, description: scene.description, scene }];
    }),
  );
}

function randomLegalAction(ruleset: AnyRuleset): TableBot {
  return {
    choose: (state, seat, random) => pick(random, ruleset.legalActions(state, seat)),
  };
}

/**
 * A modest budget per choice, so that a server running many bot seats stays
 * responsive: 200 iterations, cut at half a second (an Outgunned rollout is
 * long, and 200 of them take seconds on a busy machine).
 */
export const serverIsmctsBudget = { iterations: 200, milliseconds: 500 };

/** ISMCTS with random rollouts, cut short after 200 actions; the server hands it a re-dealt state. */
function ismctsOf(ruleset: AnyRuleset): TableBot {
  const bot = ismctsBot(ruleset, { ...serverIsmctsBudget, rolloutLimit: 200 });
  return { choose: (state, seat, random) => bot.choose(botInput(ruleset, state, seat, random)) };
}

/** The rulesets the server offers: the dice duel, Nemesis (base pack) and the Outgunned fight. */
export function serverRulesets(): Registry<AnyRuleset> {
  return createRegistry<AnyRuleset>([diceDuel, createNemesis(), outgunnedFight]);
}

/** Outgunned's bots, each handed only its seat's input. */
function outgunnedBotsOf(): Record<string, TableBot> {
  return Object.fromEntries(
    Object.entries(outgunnedBots()).map(([name, bot]) => [
      name,
      {
        choose: (state, seat, random) =>
          botChoice(outgunnedFight, bot, state as FightState, seat, random),
      } satisfies TableBot,
    ]),
  );
}

/**
 * A bot answers on the event loop when its measured p95 time per decision
 * is within this: about what the event loop spends sending a Nemesis state
 * to a bot thread and reading the answer back.
 */
const instantSeconds = 0.0005;

/** The Nemesis bots that answer at once: the levels measured so (and their old names), and the random bot. */
function nemesisInstantBots(): string[] {
  const levels = levelNames.filter(
    (level) => levelMeasures[level].decisionSeconds95 <= instantSeconds,
  );
  const aliases = Object.entries(levelAliases)
    .filter(([, level]) => levels.includes(level))
    .map(([alias]) => alias);
  return [...levels, ...aliases, 'random'];
}

function nemesisBotsOf(nemesis: NemesisRuleset): Record<string, TableBot> {
  return Object.fromEntries(
    Object.entries(nemesisBots(nemesis)).map(([name, bot]) => [
      name,
      {
        choose: (state, seat, random) =>
          botChoice(nemesis, bot, state as NemesisState, seat, random),
      } satisfies TableBot,
    ]),
  );
}

/**
 * The Nemesis bot offered first in a match of this mode, and what a player
 * reads for each level: the strongest level shown so (each step of the
 * ladder at p < 0.01) whose p95 time per decision is within 2 s, from the
 * measures of `npm run bench:levels -- --json` that levelMeasures in
 * @tabletop/nemesis records; in a team, the level it plays as there.
 */
function nemesisChoices(mode: NemesisOptions['mode']): {
  defaultBot: string;
  labels: Record<string, string>;
} {
  return {
    defaultBot: recommendedLevel(2, mode),
    labels: Object.fromEntries(levelNames.map((level) => [level, levelLabel(level, mode)])),
  };
}

/** What the server adds to each ruleset it offers: its bots, and options refused online. */
function tableOf(ruleset: AnyRuleset): TableRuleset {
  switch (ruleset.id) {
    case 'nemesis':
      return {
        ruleset,
        bots: nemesisBotsOf(ruleset as NemesisRuleset),
        instant: nemesisInstantBots(),
        offered: offeredBotNames,
        ...nemesisChoices('standard'),
        choicesFor: (options) => nemesisChoices((options as NemesisOptions).mode),
      };
    case 'outgunned':
      return {
        ruleset,
        bots: outgunnedBotsOf(),
        // The search Director makes the example scenes harder than the sensible one
        // (bench:director) within 2 s a decision; at a Hero's seat it plays as the sensible bot.
        defaultBot: 'search-director',
        scenes: outgunnedScenes(),
        refuseOnline: (options) =>
          (options as FightOptions).stackedDice.length > 0
            ? 'options.stackedDice: stacked dice are for tests; an online match rolls its own'
            : null,
      };
    default:
      return {
        ruleset,
        bots: { random: randomLegalAction(ruleset), ismcts: ismctsOf(ruleset) },
        instant: ['random'],
        defaultBot: 'random',
      };
  }
}

/** The rulesets the server offers, by id, with their bots. */
export function createTableRegistry(
  rulesets: Registry<AnyRuleset> = serverRulesets(),
): ReadonlyMap<string, TableRuleset> {
  return new Map(rulesets.ids().map((id) => [id, tableOf(rulesets.get(id))]));
}
