import {
  botChoice,
  type Interval,
  type RandomState,
  randomInt,
  type Seat,
  seedRandom,
  wilsonInterval,
} from '@tabletop/engine';
import {
  type BotName,
  createNemesis,
  type EndReason,
  type NemesisAction,
  type NemesisBot,
  type NemesisRuleset,
  nemesisBots,
  nemesisInvariants,
  type ObjectiveTally,
  objectiveAskKinds,
  objectiveAsks,
  parseBotName,
  type Tables,
  tallyObjectives,
} from '@tabletop/nemesis';
import cliProgress from 'cli-progress';
import { CommanderError } from 'commander';
import { writeReport } from '../report.js';
import { type CardFamily, CardResolutions, type CardsResolved } from './card-resolutions.js';
import { NemesisTally, nemesisReport } from './report.js';

/**
 * `tabletop simulate nemesis`: whole games with a bot on every seat, to
 * find rules bugs and to measure speed. Actions are applied in place (no
 * copies), and the invariants are checked after every action. A bot's
 * action refused by the rules, an exception, a state breaking an
 * invariant, a game nobody can go on with, or a game running past the
 * action cap: each is counted, and the first few are printed with the
 * seed that replays them (`playNemesisGame` with that seed, player count
 * and bot).
 */
export interface SimulateFlags {
  games: number;
  bot: BotName;
  seed: string;
  json: boolean;
  /** Players in every game; when absent, 1 to 5 (2 to 5 in a team), drawn for each game from its seed. */
  players?: number;
  /** The standard game (one player plays the solo game), or the cooperative variant. */
  mode?: GameModeOption;
  /** Also write a designer's report, one HTML page, to this file. */
  report?: string;
}

export type GameModeOption = 'standard' | 'cooperative';

/** How often a team won, with its 95% Wilson interval. */
export interface TeamWins {
  games: number;
  wins: number;
  rate: Interval;
}

/** What a caller may change of a simulation: the bot, the ruleset, and who watches each game. */
export interface SimulateOverride {
  bot?: NemesisBot;
  ruleset?: NemesisRuleset;
  /** Told each game's report once it is played. */
  onGame?: (game: GameReport) => void;
}

export interface SimulateIo {
  output: NodeJS.WritableStream;
  error: NodeJS.WritableStream;
}

/** Something that went wrong in one game, with what replays it. */
export interface SimulationFailure {
  game: number;
  seed: string;
  players: number;
  kind: 'rejected' | 'exception' | 'invariant' | 'stalled' | 'action-cap';
  /** Actions applied before the failure. */
  afterActions: number;
  seat?: Seat;
  action?: NemesisAction;
  message: string;
}

export type Ending = EndReason | 'unfinished';

export interface CharacterTally {
  played: number;
  survived: number;
  won: number;
}

/** One character's part in a finished game, from the victory check. */
export interface CharacterOutcome {
  seat: Seat;
  character: string;
  survived: boolean;
  won: boolean;
  objectives: string[];
  /** What killed the character, during the game or at its end; null for a survivor. */
  death: string | null;
}

export interface SimulationSummary {
  games: number;
  bot: BotName;
  seed: string;
  /** The fixed player count, or "1-5" when each game draws its own. */
  players: number | '1-5' | '2-5';
  actions: number;
  errors: number;
  invariant_violations: number;
  /** Games stopped by an error or a violation. */
  failed_games: number;
  seconds: number;
  games_per_second: number;
  actions_per_second: number;
  mean_actions_per_game: number;
  /** The most legal actions any seat had in any state of any game: how much a bot or a menu must weigh at once. */
  max_legal_actions: number;
  /** Games by how they ended; "unfinished" for games stopped by a failure. */
  endings: Record<Ending, number>;
  characters: number;
  /** Characters killed before the game ended (the jump and the explosion not counted). */
  killed: number;
  /** Characters alive at the end: hibernating, or escaped in a pod. */
  survivors: number;
  /** Survivors who met their Objectives: in all, and by each Objective they held. */
  winners: { total: number; by_objective: Record<string, number> };
  /**
   * How the bot plays for its Objectives: the share of survivors who met
   * them (and so won), and of all characters who won, each with its 95%
   * Wilson interval.
   */
  objective_play: { survivors_who_won: Interval; characters_who_won: Interval };
  /**
   * By Objective: characters holding it at the end, survivors among them,
   * and winners among those: where survivors miss their Objectives.
   */
  by_objective: ObjectiveTally;
  /**
   * The same by what the card asks besides surviving (`objectiveAsks`): an
   * errand, others' fates, the ship's fate, or leaving, a character counted
   * once in each kind they held.
   */
  by_what_it_asks: ObjectiveTally;
  /** The solo games alone (1 player), by the card held at the end: the solo wins by card. */
  solo_by_objective: ObjectiveTally;
  mode: GameModeOption;
  /** The cooperative variant: games the team won. */
  team_wins: number;
  /** The cooperative variant: the team's win rate, in all and by player count; null in the standard game. */
  team:
    | (TeamWins & {
        by_players: Record<string, TeamWins>;
        /** Each Solo/Co-op card: games it was dealt to the team, and met at the end. */
        by_objective: Record<string, { dealt: number; met: number }>;
      })
    | null;
  /** By character: how often played, how often alive at the end, how often a winner. */
  by_character: Record<string, CharacterTally>;
  /**
   * By family (Action cards, items, Event cards, Intruder Attack cards,
   * Weaknesses), every card of the pack with the times its effect resolved;
   * card-resolutions.ts says what resolving means for each family.
   */
  cards_resolved: CardsResolved;
  /** By family, the cards whose effect never resolved in any game. */
  never_resolved: Record<CardFamily, string[]>;
  /** The first few failures, each with its game's seed. */
  failures: SimulationFailure[];
}

/** Past this many actions a game counts as stuck; random games take a few hundred at most. */
export const actionCap = 20_000;
/** Failures kept for the report; the counts go on. */
export const failuresKept = 10;

/** The seed of game `index` of a run: the run's seed and the index, so each game replays alone. */
export function gameSeed(seed: string, index: number): string {
  return `${seed}/${index}`;
}

/** Players of a game when the run does not fix them: 1 to 5 (a team 2 to 5), from the game's own seed. */
export function playersFor(seed: string, mode: GameModeOption = 'standard'): number {
  return randomInt(seedRandom(`players:${seed}`), mode === 'cooperative' ? 2 : 1, 5);
}

/** The bot's own generator for a game, apart from the game's. */
export function botRandom(seed: string): RandomState {
  return seedRandom(`bot:${seed}`);
}

export interface GameReport {
  seed: string;
  players: number;
  /** The cooperative variant: whether the team won; null otherwise, or for a game stopped by a failure. */
  teamWon: boolean | null;
  /** The cooperative variant: each card dealt to the team and whether it was met. */
  teamObjectives: { objective: string; met: boolean }[];
  /** The game's mode, from its options: "standard" where the options name none. */
  mode: string;
  actions: number;
  /** Rounds begun when the game ended (or stopped). */
  rounds: number;
  ending: Ending;
  killed: number;
  survivors: number;
  /** Each character's fate in a finished game; empty for a game stopped by a failure. */
  outcomes: CharacterOutcome[];
  /** The most legal actions any seat asked had, over the game's states. */
  maxLegalActions: number;
  /** Invariant violations found (the game stops at the first state with any). */
  violations: string[];
  failure: Omit<SimulationFailure, 'game'> | null;
}

export interface PlayOptions {
  seed: string;
  players: number;
  mode?: GameModeOption;
  checkInvariants?: boolean;
  maxActions?: number;
  /** Counts the cards each applied action resolved, across games. */
  resolutions?: CardResolutions;
}

/**
 * The mode a game's options name. Modes are options (the standard game,
 * solo, the cooperative variant); options that name none are the standard
 * game, so a report groups by mode whatever the ruleset offers.
 */
export function modeOf(options: object): string {
  const mode = (options as { mode?: unknown }).mode;
  return typeof mode === 'string' ? mode : 'standard';
}

/** The seat asked first by the prompts: one seat at a time, in the order the rules list them. */
function seatToAct(ruleset: NemesisRuleset, state: Parameters<NemesisRuleset['prompts']>[0]) {
  return ruleset.prompts(state)[0]?.seats[0];
}

/** The most legal actions any seat a prompt waits on has now. */
function mostLegalActions(
  ruleset: NemesisRuleset,
  state: Parameters<NemesisRuleset['prompts']>[0],
): number {
  let most = 0;
  for (const prompt of ruleset.prompts(state))
    for (const seat of prompt.seats)
      most = Math.max(most, ruleset.legalActions(state, seat).length);
  return most;
}

/**
 * One game with `bot` on every seat, applied in place. Never throws: what
 * goes wrong is in the report, with the seed that replays it.
 */
export function playNemesisGame(
  ruleset: NemesisRuleset,
  bot: NemesisBot,
  options: PlayOptions,
): GameReport {
  const { seed, players } = options;
  const checkInvariants = options.checkInvariants ?? true;
  const maxActions = options.maxActions ?? actionCap;
  const report: GameReport = {
    seed,
    players,
    teamWon: null,
    teamObjectives: [],
    mode: 'standard',
    actions: 0,
    rounds: 0,
    ending: 'unfinished',
    killed: 0,
    survivors: 0,
    outcomes: [],
    maxLegalActions: 0,
    violations: [],
    failure: null,
  };
  const fail = (
    kind: SimulationFailure['kind'],
    message: string,
    seat?: Seat,
    action?: NemesisAction,
  ) => {
    report.failure = { seed, players, kind, afterActions: report.actions, message };
    if (seat !== undefined) report.failure.seat = seat;
    if (action !== undefined) report.failure.action = action;
  };
  let seat: Seat | undefined;
  let action: NemesisAction | undefined;
  try {
    const gameOptions = ruleset.options.parse({ players, mode: options.mode ?? 'standard' });
    report.mode = modeOf(gameOptions);
    const state = ruleset.setup(gameOptions, seed);
    const random = botRandom(seed);
    const check = (): boolean => {
      if (!checkInvariants) return true;
      const violations = nemesisInvariants(state, ruleset.tables);
      if (violations.length === 0) return true;
      report.violations = violations;
      fail('invariant', violations.join('; '), seat, action);
      return false;
    };
    if (!check()) return report;
    while (state.over === null) {
      if (report.actions >= maxActions) {
        fail('action-cap', `no end after ${maxActions} actions`);
        return report;
      }
      report.maxLegalActions = Math.max(report.maxLegalActions, mostLegalActions(ruleset, state));
      seat = seatToAct(ruleset, state);
      if (seat === undefined) {
        fail('stalled', 'the game is not over, yet no prompt asks anyone');
        return report;
      }
      action = undefined;
      action = botChoice(ruleset, bot, state, seat, random);
      const outcome = ruleset.apply(state, seat, action);
      if (!outcome.ok) {
        fail('rejected', `${outcome.rejection.code}: ${outcome.rejection.message}`, seat, action);
        return report;
      }
      report.actions++;
      report.rounds = state.round;
      for (const event of outcome.events) if (event.type === 'death') report.killed++;
      options.resolutions?.count(outcome.events);
      if (!check()) return report;
    }
    report.ending = state.over.reason;
    for (const player of state.players)
      if (player.status === 'hibernating' || player.status === 'escaped') report.survivors++;
    report.teamWon = state.over.victory.team?.won ?? null;
    report.teamObjectives = state.over.victory.team?.objectives ?? [];
    report.outcomes = state.over.victory.fates.map((fate) => ({
      seat: fate.seat,
      character: fate.character ?? `seat ${fate.seat}`,
      survived: fate.survivedBy !== null,
      won: fate.winner,
      objectives: fate.objectives,
      death: fate.death,
    }));
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    fail('exception', message, seat, action);
  }
  return report;
}

function emptyTeamWins(): TeamWins {
  return { games: 0, wins: 0, rate: wilsonInterval(0, 0) };
}

/** A share as the summary gives it: its Wilson interval, to four decimals. */
function roundedInterval(successes: number, trials: number): Interval {
  const rate = wilsonInterval(successes, trials);
  const round = (value: number) => Number(value.toFixed(4));
  return { estimate: round(rate.estimate), low: round(rate.low), high: round(rate.high) };
}

function countTeamGame(tally: TeamWins, won: boolean): void {
  tally.games++;
  if (won) tally.wins++;
  tally.rate = roundedInterval(tally.wins, tally.games);
}

function tallyTeam(summary: SimulationSummary, players: number, report: GameReport): void {
  const won = report.teamWon === true;
  summary.team ??= { ...emptyTeamWins(), by_players: {}, by_objective: {} };
  for (const { objective, met } of report.teamObjectives) {
    const tally = summary.team.by_objective[objective] ?? { dealt: 0, met: 0 };
    summary.team.by_objective[objective] = tally;
    tally.dealt++;
    if (met) tally.met++;
  }
  const byPlayers = summary.team.by_players[String(players)] ?? emptyTeamWins();
  summary.team.by_players[String(players)] = byPlayers;
  countTeamGame(summary.team, won);
  countTeamGame(byPlayers, won);
  if (won) summary.team_wins++;
}

/** Survivors who met their cards by what the cards ask, in the order of `objectiveAskKinds`. */
function cardsAsk(tally: ObjectiveTally): string {
  const held = objectiveAskKinds.filter((ask) => tally[ask] !== undefined);
  if (held.length === 0) return 'none';
  return held.map((ask) => `${ask} ${tally[ask]!.won}/${tally[ask]!.survived}`).join(', ');
}

/** The Objectives whose survivors missed them most, with how many of their survivors met them. */
function missedObjectives(tally: ObjectiveTally): string {
  const missed = Object.entries(tally)
    .filter(([, counts]) => counts.survived > counts.won)
    .sort(
      ([first, one], [second, other]) =>
        other.survived - other.won - (one.survived - one.won) || first.localeCompare(second),
    );
  if (missed.length === 0) return 'none';
  return missed
    .map(([objective, counts]) => `${objective} ${counts.won}/${counts.survived}`)
    .join(', ');
}

function tallyOutcomes(
  summary: SimulationSummary,
  outcomes: readonly CharacterOutcome[],
  players: number,
  tables: Tables,
): void {
  for (const outcome of outcomes) {
    const tally = summary.by_character[outcome.character] ?? { played: 0, survived: 0, won: 0 };
    summary.by_character[outcome.character] = tally;
    tally.played++;
    if (outcome.survived) tally.survived++;
    tallyObjectives(summary.by_objective, outcome);
    tallyObjectives(summary.by_what_it_asks, outcome, (objective) =>
      objectiveAsks(tables, objective),
    );
    if (players === 1) tallyObjectives(summary.solo_by_objective, outcome);
    if (!outcome.won) continue;
    tally.won++;
    summary.winners.total++;
    for (const objective of outcome.objectives)
      summary.winners.by_objective[objective] = (summary.winners.by_objective[objective] ?? 0) + 1;
  }
}

function emptyEndings(): Record<Ending, number> {
  return { jump: 0, destruction: 0, 'no-character-active': 0, unfinished: 0 };
}

function rate(count: number, seconds: number): number {
  return seconds > 0 ? Math.round(count / seconds) : 0;
}

/**
 * Plays `flags.games` games and prints what happened: a table for people,
 * or exactly one JSON object with `--json`. The progress bar goes to the
 * error stream, and only when it is a terminal, so pipes and tests see
 * none of it. Returns the summary; `exitCodeOf` tells the command's exit code.
 */
export function simulateNemesis(
  flags: SimulateFlags,
  io: SimulateIo,
  override: SimulateOverride = {},
): SimulationSummary {
  const ruleset = override.ruleset ?? createNemesis();
  const bot = override.bot ?? nemesisBots(ruleset)[parseBotName(String(flags.bot))];
  const resolutions = new CardResolutions(ruleset.tables);
  const summary: SimulationSummary = {
    games: flags.games,
    bot: flags.bot,
    seed: flags.seed,
    players: flags.players ?? (flags.mode === 'cooperative' ? '2-5' : '1-5'),
    actions: 0,
    errors: 0,
    invariant_violations: 0,
    failed_games: 0,
    seconds: 0,
    games_per_second: 0,
    actions_per_second: 0,
    mean_actions_per_game: 0,
    max_legal_actions: 0,
    endings: emptyEndings(),
    characters: 0,
    killed: 0,
    survivors: 0,
    winners: { total: 0, by_objective: {} },
    objective_play: {
      survivors_who_won: wilsonInterval(0, 0),
      characters_who_won: wilsonInterval(0, 0),
    },
    by_objective: {},
    by_what_it_asks: {},
    solo_by_objective: {},
    mode: flags.mode ?? 'standard',
    team_wins: 0,
    team: null,
    by_character: {},
    cards_resolved: resolutions.counts,
    never_resolved: resolutions.neverResolved(),
    failures: [],
  };
  const bar =
    (io.error as { isTTY?: boolean }).isTTY === true
      ? new cliProgress.SingleBar(
          {
            stream: io.error,
            format: 'nemesis {bar} {value}/{total} games | {errors} errors | {eta_formatted} left',
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        )
      : null;
  bar?.start(flags.games, 0, { errors: 0 });
  const start = performance.now();
  for (let index = 0; index < flags.games; index++) {
    const seed = gameSeed(flags.seed, index);
    const players = flags.players ?? playersFor(seed, summary.mode);
    const report = playNemesisGame(ruleset, bot, {
      seed,
      players,
      mode: summary.mode,
      resolutions,
    });
    if (report.teamWon !== null) tallyTeam(summary, players, report);
    override.onGame?.(report);
    summary.actions += report.actions;
    summary.characters += players;
    summary.killed += report.killed;
    summary.survivors += report.survivors;
    tallyOutcomes(summary, report.outcomes, players, ruleset.tables);
    summary.max_legal_actions = Math.max(summary.max_legal_actions, report.maxLegalActions);
    summary.endings[report.ending]++;
    summary.invariant_violations += report.violations.length;
    if (report.failure) {
      summary.failed_games++;
      if (report.failure.kind !== 'invariant') summary.errors++;
      if (summary.failures.length < failuresKept)
        summary.failures.push({ game: index, ...report.failure });
    }
    bar?.update(index + 1, { errors: summary.errors + summary.invariant_violations });
  }
  const seconds = (performance.now() - start) / 1000;
  bar?.stop();
  summary.never_resolved = resolutions.neverResolved();
  summary.seconds = Number(seconds.toFixed(3));
  summary.games_per_second = rate(flags.games, seconds);
  summary.actions_per_second = rate(summary.actions, seconds);
  summary.mean_actions_per_game =
    flags.games > 0 ? Number((summary.actions / flags.games).toFixed(1)) : 0;
  summary.objective_play = {
    survivors_who_won: roundedInterval(summary.winners.total, summary.survivors),
    characters_who_won: roundedInterval(summary.winners.total, summary.characters),
  };

  if (flags.json) io.output.write(`${JSON.stringify(summary)}\n`);
  else io.output.write(describe(summary));
  return summary;
}

/** 0 when every game ran clean, 1 otherwise. */
export function exitCodeOf(summary: SimulationSummary): number {
  return summary.errors > 0 || summary.invariant_violations > 0 ? 1 : 0;
}

/**
 * For the command's action: simulates, writes the designer's report when
 * asked, then fails the command (exit code 1, through commander's own
 * error) when any game went wrong. The summary and the report are written
 * first either way: a failing run is what a designer most needs to see.
 */
export async function simulateNemesisCommand(
  flags: SimulateFlags,
  io: SimulateIo,
  override: SimulateOverride = {},
): Promise<SimulationSummary> {
  const ruleset = override.ruleset ?? createNemesis();
  const tally = flags.report === undefined ? null : new NemesisTally();
  const summary = simulateNemesis(flags, io, {
    ...override,
    ruleset,
    onGame: (game) => {
      tally?.add(game);
      override.onGame?.(game);
    },
  });
  if (tally !== null && flags.report !== undefined) {
    await writeReport(flags.report, nemesisReport(tally, summary, ruleset.glossary));
    if (!flags.json) io.output.write(`report               ${flags.report}\n`);
  }
  const exitCode = exitCodeOf(summary);
  if (exitCode !== 0) {
    throw new CommanderError(
      exitCode,
      'tabletop.simulate.failed',
      `${summary.errors} error(s), ${summary.invariant_violations} invariant violation(s)`,
    );
  }
  return summary;
}

function percent(interval: Interval): string {
  const figure = (value: number) => `${(value * 100).toFixed(1)}%`;
  return `${figure(interval.estimate)} (95% ${figure(interval.low)}-${figure(interval.high)})`;
}

function teamLines(summary: SimulationSummary): string[] {
  const team = summary.team;
  if (!team) return [];
  return [
    `team wins            ${team.wins}/${team.games} ${percent(team.rate)}; by players: ${Object.entries(
      team.by_players,
    )
      .map(([players, tally]) => `${players}: ${tally.wins}/${tally.games} ${percent(tally.rate)}`)
      .join('; ')}`,
    `team cards met       ${Object.entries(team.by_objective)
      .sort(([first], [second]) => first.localeCompare(second))
      .map(([objective, tally]) => `${objective} ${tally.met}/${tally.dealt}`)
      .join('; ')}`,
  ];
}

/** The solo games' wins by the card held at the end. */
function soloLines(summary: SimulationSummary): string[] {
  const cards = Object.entries(summary.solo_by_objective);
  if (cards.length === 0) return [];
  return [
    `solo wins by card    ${cards
      .sort(([first], [second]) => first.localeCompare(second))
      .map(([objective, tally]) => `${objective} ${tally.won}/${tally.held}`)
      .join('; ')}`,
  ];
}

function describe(summary: SimulationSummary): string {
  const number = (value: number) => value.toLocaleString('en-US');
  const lines = [
    `Nemesis${summary.mode === 'cooperative' ? ' (cooperative)' : ''}: ${number(summary.games)} games, ${summary.bot} bot on every seat, ${summary.players} players, seed "${summary.seed}"`,
    `actions              ${number(summary.actions)} (${summary.mean_actions_per_game} a game; at most ${number(summary.max_legal_actions)} legal actions for one seat at once)`,
    `errors               ${number(summary.errors)}`,
    `invariant violations ${number(summary.invariant_violations)}`,
    `speed                ${number(summary.games_per_second)} games/s, ${number(summary.actions_per_second)} actions/s (invariants checked after every action)`,
    `endings              ${Object.entries(summary.endings)
      .filter(([ending, count]) => count > 0 || ending !== 'unfinished')
      .map(([ending, count]) => `${ending} ${number(count)}`)
      .join(', ')}`,
    `characters           ${number(summary.characters)}: ${number(summary.killed)} killed before the end, ${number(summary.survivors)} survivors (hibernating or escaped), ${number(summary.winners.total)} winners`,
    `objective play       survivors who met their Objectives ${percent(summary.objective_play.survivors_who_won)}; characters who won ${percent(summary.objective_play.characters_who_won)}`,
    `missed by survivors  ${missedObjectives(summary.by_objective)} (met/survived, most missed first)`,
    `what the cards ask   ${cardsAsk(summary.by_what_it_asks)} (met/survived, besides surviving)`,
    `by character         ${Object.entries(summary.by_character)
      .sort(([first], [second]) => first.localeCompare(second))
      .map(
        ([character, tally]) =>
          `${character} ${number(tally.survived)}/${number(tally.played)} survived, ${number(tally.won)} won`,
      )
      .join('; ')}`,
    ...teamLines(summary),
    ...soloLines(summary),
    `never resolved       ${
      Object.entries(summary.never_resolved)
        .filter(([, ids]) => ids.length > 0)
        .map(([family, ids]) => `${family.replace(/_/g, ' ')}: ${ids.join(', ')}`)
        .join('; ') || 'none: every card of the pack resolved at least once'
    }`,
  ];
  for (const failure of summary.failures) {
    const action = failure.action ? ` ${JSON.stringify(failure.action)}` : '';
    const seat = failure.seat !== undefined ? ` seat ${failure.seat}` : '';
    lines.push(
      `  game ${failure.game} (seed "${failure.seed}", ${failure.players} players) ${failure.kind} after ${failure.afterActions} actions:${seat}${action}: ${failure.message.split('\n')[0]}`,
    );
  }
  const more = summary.failed_games - summary.failures.length;
  if (more > 0) lines.push(`  ... and ${more} more failed game(s) not shown`);
  return `${lines.join('\n')}\n`;
}
