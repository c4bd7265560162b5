import { botChoice, type Interval, type Seat, seedRandom, wilsonInterval } from '@tabletop/engine';
import {
  directorSeat,
  type FightAction,
  type FightBot,
  type FightBotName,
  type FightState,
  fightInvariants,
  fightOptionsSchema,
  outgunnedBots,
  outgunnedFight,
  readSceneFile,
  type Scene,
  sensibleFightBot,
} from '@tabletop/outgunned';
import cliProgress from 'cli-progress';
import { CommanderError } from 'commander';
import { writeReport } from '../report.js';
import { OutgunnedTally, outgunnedReport } from './report.js';

/**
 * `tabletop simulate outgunned`: many fights of one scene with a bot for
 * the Director and one for the Heroes (the sensible bot on every seat by
 * default), applied in place, the invariants checked after every action.
 * Each bot is handed its seat's input alone, from its own random source. Reports the Heroes' win rate with its 95% confidence interval,
 * the rounds, and per Hero the Grit lost and how often they are Left for
 * Dead; a refused bot action, an exception, a stall or a fight running past
 * the action cap is an error, each with the seed that replays it.
 */
export interface SimulateOutgunnedFlags {
  scene?: string;
  /** The bots by name; the sensible bot when absent. */
  director?: FightBotName;
  heroes?: FightBotName;
  fights: number;
  seed: string;
  json: boolean;
}

/** The command's flags: `--scene` may be given once for each scene to play. */
export interface SimulateOutgunnedCommandFlags extends Omit<SimulateOutgunnedFlags, 'scene'> {
  scene?: string[];
  /** Also write a designer's report, one HTML page, to this file. */
  report?: string;
}

/** How a fight was interrupted: by the Director's choice, or at the scene's round limit. */
export type Interruption = 'director' | 'round-limit';

export interface SimulateIo {
  output: NodeJS.WritableStream;
  error: NodeJS.WritableStream;
}

export interface FightFailure {
  fight: number;
  seed: string;
  kind: 'rejected' | 'exception' | 'invariant' | 'stalled' | 'action-cap';
  afterActions: number;
  seat?: Seat;
  action?: FightAction;
  message: string;
}

export interface HeroSummary {
  seat: string;
  name: string;
  /** Grit boxes filled during the fight, on average. */
  mean_grit_lost: number;
  /** Fights in which the Hero ended Left for Dead. */
  left_for_dead: number;
  left_for_dead_rate: number;
}

export interface FightSummary {
  scene: string;
  fights: number;
  seed: string;
  /** Who played the Director's seat and the Heroes'. */
  bots: { director: string; heroes: string };
  outcomes: { heroes: number; enemies: number; interrupted: number; unfinished: number };
  /** The Heroes' win rate, with its 95% Wilson score interval. */
  heroes_win_rate: Interval;
  rounds: { mean: number; min: number; max: number };
  heroes: HeroSummary[];
  actions: number;
  errors: number;
  invariant_violations: number;
  seconds: number;
  fights_per_second: number;
  failures: FightFailure[];
}

/** Past this many actions a fight counts as stuck; a 30-round fight takes a few hundred. */
export const actionCap = 5_000;
export const failuresKept = 10;

export interface FightReport {
  seed: string;
  actions: number;
  outcome: FightState['outcome'] | 'unfinished';
  rounds: number;
  gritLost: number[];
  leftForDead: boolean[];
  /** For each Hero Left for Dead, what filled their Grit last (the loss that brought the Death Roulette); null for the others. */
  defeatedBy: (string | null)[];
  /** Who interrupted an interrupted fight; null for the others. */
  interruption: Interruption | null;
  violations: string[];
  failure: Omit<FightFailure, 'fight'> | null;
}

/** Who plays the fight: a bot for the Director's seat, one for every Hero's. */
export interface Seating {
  director: FightBot;
  heroes: FightBot;
}

export const sensibleSeating: Seating = { director: sensibleFightBot, heroes: sensibleFightBot };

/** The seating the flags name; the sensible bot where they name none. */
export function seatingOf(flags: Pick<SimulateOutgunnedFlags, 'director' | 'heroes'>): Seating {
  const bots = outgunnedBots();
  return { director: bots[flags.director ?? 'sensible'], heroes: bots[flags.heroes ?? 'sensible'] };
}

/** One fight of the scene with the seating's bots, each from its own random source. Never throws. */
export function playFight(
  scene: Scene,
  seed: string,
  seating: Seating = sensibleSeating,
  maxActions = actionCap,
): FightReport {
  const report: FightReport = {
    seed,
    actions: 0,
    outcome: 'unfinished',
    rounds: 0,
    gritLost: scene.heroes.map(() => 0),
    leftForDead: scene.heroes.map(() => false),
    defeatedBy: scene.heroes.map(() => null),
    interruption: null,
    violations: [],
    failure: null,
  };
  let seat: Seat | undefined;
  let action: FightAction | null = null;
  const fail = (kind: FightFailure['kind'], message: string) => {
    report.failure = { seed, kind, afterActions: report.actions, message };
    if (seat !== undefined) report.failure.seat = seat;
    if (action !== null) report.failure.action = action;
  };
  try {
    const state = outgunnedFight.setup(fightOptionsSchema.parse({ scene }), seed);
    const random = seedRandom(`bots:${seed}`);
    const startGrit = state.heroes.map((hero) => hero.grit);
    const heroIndex = new Map(state.heroes.map((hero, index) => [hero.seat, index]));
    const lastLoss = scene.heroes.map((): string | null => null);
    const check = (): boolean => {
      const violations = fightInvariants(state);
      if (violations.length === 0) return true;
      report.violations = violations;
      fail('invariant', violations.join('; '));
      return false;
    };
    if (!check()) return report;
    while (state.outcome === null) {
      if (report.actions >= maxActions) {
        fail('action-cap', `no end after ${maxActions} actions`);
        return report;
      }
      seat = outgunnedFight.prompts(state)[0]?.seats[0];
      if (seat === undefined) {
        fail('stalled', 'the fight is not over, yet no prompt asks anyone');
        return report;
      }
      const bot = seat === directorSeat ? seating.director : seating.heroes;
      action = botChoice(outgunnedFight, bot, state, seat, random);
      const outcome = outgunnedFight.apply(state, seat, action);
      if (!outcome.ok) {
        fail('rejected', `${outcome.rejection.code}: ${outcome.rejection.message}`);
        return report;
      }
      report.actions++;
      for (const event of outcome.events) {
        const hero = heroIndex.get(event.hero as Seat);
        if (event.type === 'hero-grit' && hero !== undefined) lastLoss[hero] = String(event.cause);
        else if (event.type === 'left-for-dead' && hero !== undefined)
          report.defeatedBy[hero] = lastLoss[hero] ?? 'unknown';
        else if (event.type === 'interrupted') report.interruption = event.by as Interruption;
      }
      if (!check()) return report;
    }
    report.outcome = state.outcome;
    report.rounds = state.round;
    state.heroes.forEach((hero, index) => {
      report.gritLost[index] = hero.grit - startGrit[index]!;
      report.leftForDead[index] = hero.status === 'left-for-dead';
    });
  } catch (error) {
    fail('exception', error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
  return report;
}

function round(value: number, digits = 4): number {
  return Number(value.toFixed(digits));
}

/** The scene a file holds, or the built-in fight when no file is named. */
export function sceneOf(file: string | undefined): Scene {
  return file === undefined ? fightOptionsSchema.parse({}).scene : readSceneFile(file);
}

/** Simulates and prints the summary (a table, or one JSON object); the progress bar only on a terminal. */
export function simulateOutgunned(
  flags: SimulateOutgunnedFlags,
  io: SimulateIo,
  seating: Seating = seatingOf(flags),
): FightSummary {
  return simulateScene(sceneOf(flags.scene), flags, io, seating);
}

/** Told each fight's report, with its scene, once it is played. */
export type FightWatcher = (scene: Scene, fight: FightReport) => void;

/** The fights of one scene, as `simulateOutgunned` plays and prints them. */
export function simulateScene(
  scene: Scene,
  flags: Omit<SimulateOutgunnedFlags, 'scene'>,
  io: SimulateIo,
  seating: Seating = seatingOf(flags),
  onFight?: FightWatcher,
): FightSummary {
  const summary: FightSummary = {
    scene: scene.name,
    fights: flags.fights,
    seed: flags.seed,
    bots: { director: seating.director.name, heroes: seating.heroes.name },
    outcomes: { heroes: 0, enemies: 0, interrupted: 0, unfinished: 0 },
    heroes_win_rate: wilsonInterval(0, 0),
    rounds: { mean: 0, min: Number.POSITIVE_INFINITY, max: 0 },
    heroes: scene.heroes.map((hero, index) => ({
      seat: `hero-${index + 1}`,
      name: hero.name,
      mean_grit_lost: 0,
      left_for_dead: 0,
      left_for_dead_rate: 0,
    })),
    actions: 0,
    errors: 0,
    invariant_violations: 0,
    seconds: 0,
    fights_per_second: 0,
    failures: [],
  };
  const bar =
    (io.error as { isTTY?: boolean }).isTTY === true
      ? new cliProgress.SingleBar(
          {
            stream: io.error,
            format:
              'outgunned {bar} {value}/{total} fights | {errors} errors | {eta_formatted} left',
            hideCursor: true,
            clearOnComplete: true,
          },
          cliProgress.Presets.shades_classic,
        )
      : null;
  bar?.start(flags.fights, 0, { errors: 0 });
  const gritLost = scene.heroes.map(() => 0);
  let roundsTotal = 0;
  let finished = 0;
  const start = performance.now();
  for (let index = 0; index < flags.fights; index++) {
    const report = playFight(scene, `${flags.seed}/${index}`, seating);
    onFight?.(scene, report);
    summary.actions += report.actions;
    summary.outcomes[report.outcome ?? 'unfinished']++;
    summary.invariant_violations += report.violations.length;
    if (report.failure) {
      if (report.failure.kind !== 'invariant') summary.errors++;
      if (summary.failures.length < failuresKept)
        summary.failures.push({ fight: index, ...report.failure });
    } else {
      finished++;
      roundsTotal += report.rounds;
      summary.rounds.min = Math.min(summary.rounds.min, report.rounds);
      summary.rounds.max = Math.max(summary.rounds.max, report.rounds);
      report.gritLost.forEach((lost, hero) => {
        gritLost[hero]! += lost;
      });
      report.leftForDead.forEach((down, hero) => {
        if (down) summary.heroes[hero]!.left_for_dead++;
      });
    }
    bar?.update(index + 1, { errors: summary.errors + summary.invariant_violations });
  }
  const seconds = (performance.now() - start) / 1000;
  bar?.stop();
  summary.heroes_win_rate = roundInterval(wilsonInterval(summary.outcomes.heroes, flags.fights));
  summary.rounds.mean = finished > 0 ? round(roundsTotal / finished, 3) : 0;
  if (finished === 0) summary.rounds.min = 0;
  summary.heroes.forEach((hero, index) => {
    hero.mean_grit_lost = finished > 0 ? round(gritLost[index]! / finished, 3) : 0;
    hero.left_for_dead_rate = finished > 0 ? round(hero.left_for_dead / finished) : 0;
  });
  summary.seconds = round(seconds, 3);
  summary.fights_per_second = seconds > 0 ? Math.round(flags.fights / seconds) : 0;
  io.output.write(flags.json ? `${JSON.stringify(summary)}\n` : describe(summary));
  return summary;
}

function roundInterval(interval: Interval): Interval {
  return {
    estimate: round(interval.estimate),
    low: round(interval.low),
    high: round(interval.high),
  };
}

/**
 * Simulates each scene named (the built-in fight when none is), printing
 * each one's summary, writes the designer's report when asked, then fails
 * the command (exit code 1) when any fight went wrong. Every scene file is
 * read before the first fight, so a bad one is refused at once.
 */
export async function simulateOutgunnedCommand(
  flags: SimulateOutgunnedCommandFlags,
  io: SimulateIo,
  seating: Seating = seatingOf(flags),
): Promise<FightSummary[]> {
  const scenes = (flags.scene ?? [undefined]).map(sceneOf);
  const tally = flags.report === undefined ? null : new OutgunnedTally();
  const summaries = scenes.map((scene) =>
    simulateScene(
      scene,
      flags,
      io,
      seating,
      tally ? (played, fight) => tally.add(played, fight) : undefined,
    ),
  );
  if (tally !== null && flags.report !== undefined) {
    await writeReport(flags.report, outgunnedReport(tally, summaries));
    if (!flags.json) io.output.write(`report               ${flags.report}\n`);
  }
  const errors = summaries.reduce((total, summary) => total + summary.errors, 0);
  const violations = summaries.reduce((total, summary) => total + summary.invariant_violations, 0);
  if (errors > 0 || violations > 0) {
    throw new CommanderError(
      1,
      'tabletop.simulate.failed',
      `${errors} error(s), ${violations} invariant violation(s)`,
    );
  }
  return summaries;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function describe(summary: FightSummary): string {
  const number = (value: number) => value.toLocaleString('en-US');
  const rate = summary.heroes_win_rate;
  const lines = [
    `Outgunned: ${number(summary.fights)} fights of "${summary.scene}", Director ${summary.bots.director}, Heroes ${summary.bots.heroes}, seed "${summary.seed}"`,
    `Heroes win           ${percent(rate.estimate)} (95% interval ${percent(rate.low)} to ${percent(rate.high)})`,
    `outcomes             Heroes ${number(summary.outcomes.heroes)}, Enemies ${number(summary.outcomes.enemies)}, interrupted ${number(summary.outcomes.interrupted)}${summary.outcomes.unfinished ? `, unfinished ${number(summary.outcomes.unfinished)}` : ''}`,
    `rounds               mean ${summary.rounds.mean}, from ${summary.rounds.min} to ${summary.rounds.max}`,
    ...summary.heroes.map(
      (hero) =>
        `${hero.name.padEnd(20)} ${hero.mean_grit_lost} Grit lost a fight, Left for Dead in ${percent(hero.left_for_dead_rate)}`,
    ),
    `actions              ${number(summary.actions)}`,
    `errors               ${number(summary.errors)}`,
    `invariant violations ${number(summary.invariant_violations)}`,
    `speed                ${number(summary.fights_per_second)} fights/s (invariants checked after every action)`,
  ];
  for (const failure of summary.failures) {
    const action = failure.action ? ` ${JSON.stringify(failure.action)}` : '';
    const seat = failure.seat !== undefined ? ` seat ${failure.seat}` : '';
    lines.push(
      `  fight ${failure.fight} (seed "${failure.seed}") ${failure.kind} after ${failure.afterActions} actions:${seat}${action}: ${failure.message.split('\n')[0]}`,
    );
  }
  return `${lines.join('\n')}\n`;
}
