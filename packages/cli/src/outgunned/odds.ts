import {
  adviseReroll,
  brawlOdds,
  type Difficulty,
  difficultyTiers,
  type ExactOdds,
  exactOdds,
  exactTable,
  fightOptionsSchema,
  largestPool,
  outgunnedFight,
  type RerollPolicy,
  readSceneFile,
  rerollPolicies,
  smallestPool,
} from '@tabletop/outgunned';
import { barChart } from '../bars.js';

export interface OddsArguments {
  dice?: number;
  difficulty?: string;
  double?: boolean;
  reroll?: string;
  json?: boolean;
  table?: boolean;
  /** The dice on the table, for the re-roll advisor: faces joined by commas. */
  showing?: string;
  rerolled?: string;
  freeRerolls?: string;
  /** A Brawl scene file: the odds that the party beats its Enemy. */
  brawl?: string;
  maxRounds?: string;
}

function percent(probability: number): string {
  return `${(probability * 100).toFixed(2)}%`;
}

function lossBars(losses: ExactOdds['grit_lost']): string[] {
  return barChart(
    losses.map((entry) => ({
      label: entry.lost === 'all' ? 'all' : `${entry.lost} box${entry.lost === 1 ? '' : 'es'}`,
      p: entry.p,
    })),
  );
}

function checkShowing(showing: string): number[] {
  const faces = showing.split(',').map((face) => face.trim());
  if (faces.some((face) => !/^[1-6]$/.test(face)))
    throw new Error(`--showing must be die faces 1 to 6 joined by commas, got "${showing}"`);
  if (faces.length > largestPool)
    throw new Error(`--showing lists ${faces.length} dice; a pool has at most ${largestPool}`);
  return faces.map(Number);
}

const choiceNames: Record<string, string> = {
  stop: 'stop',
  reroll: 'Re-roll',
  'free-reroll': 'Free Re-roll',
  'all-in': 'All In',
};

/** The Brawl chain: the odds that the party of a scene beats its Enemy. */
function brawl(args: OddsArguments, output: NodeJS.WritableStream): void {
  for (const flag of ['dice', 'difficulty', 'double', 'table', 'showing'] as const) {
    if (args[flag] !== undefined && args[flag] !== false)
      throw new Error(`--${flag} cannot go with --brawl, which takes the fight from the scene`);
  }
  const policy = checkReroll(args.reroll);
  const scene = readSceneFile(args.brawl!);
  const maxRounds = args.maxRounds ?? '30';
  if (!/^\d+$/.test(maxRounds) || Number(maxRounds) < 1 || Number(maxRounds) > 1000)
    throw new Error(`--max-rounds must be a whole number from 1 to 1000, got "${maxRounds}"`);
  const state = outgunnedFight.setup(
    fightOptionsSchema.parse({ scene, maxRounds: Number(maxRounds) }),
    'odds',
  );
  let odds: ReturnType<typeof brawlOdds>;
  try {
    odds = brawlOdds(state, policy);
  } catch (error) {
    if (error instanceof RangeError) throw new Error(`--brawl: ${error.message}`);
    throw error;
  }
  if (args.json) {
    output.write(`${JSON.stringify({ scene: scene.name, ...odds })}\n`);
    return;
  }
  const lines = [
    `${scene.name}: every Hero attacks each turn, re-roll policy "${policy}", at most ${maxRounds} rounds`,
    ...barChart([
      { label: 'Heroes win', p: odds.p_heroes_win },
      { label: 'Enemies win', p: odds.p_enemies_win },
      { label: 'interrupted', p: odds.p_interrupted },
    ]),
    'the round the fight ends in:',
    ...barChart(
      odds.rounds
        .filter((entry) => entry.p >= 0.0005)
        .map((entry) => ({ label: `round ${entry.round}`, p: entry.p })),
    ),
  ];
  output.write(`${lines.join('\n')}\n`);
}

/** The re-roll advisor: every choice for the dice on the table. */
function advise(args: OddsArguments, output: NodeJS.WritableStream): void {
  for (const flag of ['dice', 'reroll', 'table'] as const) {
    if (args[flag] !== undefined && args[flag] !== false)
      throw new Error(`--${flag} cannot go with --showing, which takes the dice on the table`);
  }
  const dice = checkShowing(args.showing!);
  if (args.difficulty === undefined) throw new Error('--difficulty is required');
  const difficulty = checkDifficulty(args.difficulty, args.double === true);
  const rerolled = args.rerolled ?? 'no';
  if (rerolled !== 'no' && rerolled !== 'better' && rerolled !== 'worse')
    throw new Error(`--rerolled must be no, better or worse, got "${rerolled}"`);
  const freeRerolls = args.freeRerolls ?? '0';
  if (!/^\d$/.test(freeRerolls))
    throw new Error(`--free-rerolls must be a whole number from 0 to 9, got "${freeRerolls}"`);
  const advice = adviseReroll({
    dice,
    difficulty,
    rerolled,
    freeRerolls: Number(freeRerolls),
  });
  if (args.json) {
    output.write(`${JSON.stringify(advice)}\n`);
    return;
  }
  const name = `${difficulty.double ? '2 ' : ''}${difficulty.tier}`;
  const lines = [`Showing ${dice.join(' ')} against ${name}: best is ${choiceNames[advice.best]}`];
  lines.push('chance of success, this choice then stopping:');
  lines.push(
    ...barChart(
      advice.choices.map((choice) => ({ label: choiceNames[choice.choice]!, p: choice.p_success })),
    ),
  );
  lines.push('chance of success, this choice then the best later choices:');
  lines.push(
    ...barChart(
      advice.choices.map((choice) => ({
        label: choiceNames[choice.choice]!,
        p: choice.p_success_playing_on,
      })),
    ),
  );
  for (const choice of advice.choices) {
    lines.push(
      choice.choice === 'stop'
        ? 'Grit lost on a Dangerous roll, stopping now:'
        : `Grit lost on a Dangerous roll, ${choiceNames[choice.choice]} then stopping:`,
    );
    lines.push(...lossBars(choice.grit_lost));
  }
  output.write(`${lines.join('\n')}\n`);
}

function checkDice(given: unknown): number {
  // Command-line parsers may hand the value over as text.
  const dice = typeof given === 'string' && /^\d+$/.test(given.trim()) ? Number(given) : given;
  if (
    typeof dice !== 'number' ||
    !Number.isInteger(dice) ||
    dice < smallestPool ||
    dice > largestPool
  ) {
    throw new Error(
      `--dice must be a whole number from ${smallestPool} to ${largestPool}, got ${String(given)}`,
    );
  }
  return dice;
}

function checkDifficulty(difficulty: unknown, double: boolean): Difficulty {
  const tier = difficultyTiers.find((candidate) => candidate === difficulty);
  if (tier === undefined) {
    throw new Error(
      `--difficulty must be one of ${difficultyTiers.join(', ')}, got ${String(difficulty)}`,
    );
  }
  if (double && tier === 'impossible') {
    throw new Error(
      '--double cannot go with --difficulty impossible: there is no double Impossible',
    );
  }
  return { tier, double };
}

function checkReroll(reroll: unknown): RerollPolicy {
  const policy = rerollPolicies.find((candidate) => candidate === (reroll ?? 'none'));
  if (policy === undefined) {
    throw new Error(`--reroll must be one of ${rerollPolicies.join(', ')}, got ${String(reroll)}`);
  }
  return policy;
}

function printTable(json: boolean, output: NodeJS.WritableStream): void {
  const rows = exactTable();
  if (json) {
    output.write(`${JSON.stringify({ table: rows })}\n`);
    return;
  }
  output.write('Exact chance of success (Re-roll policies: none / reroll / free / allin)\n');
  const header = [
    'difficulty',
    ...Array.from(
      { length: largestPool - smallestPool + 1 },
      (_, index) => `${index + smallestPool}d`,
    ),
  ];
  output.write(
    `${header.map((cell, index) => (index === 0 ? cell.padEnd(22) : cell.padStart(8))).join('')}\n`,
  );
  const difficulties = [
    ...new Set(rows.map((row) => `${row.double ? '2 ' : ''}${row.difficulty}`)),
  ];
  for (const name of difficulties) {
    for (const policy of rerollPolicies) {
      const cells = rows
        .filter(
          (row) => `${row.double ? '2 ' : ''}${row.difficulty}` === name && row.reroll === policy,
        )
        .map((row) => percent(row.p_success).padStart(8));
      output.write(`${`${name} / ${policy}`.padEnd(22)}${cells.join('')}\n`);
    }
  }
}

/** `tabletop odds outgunned`: exact odds of one roll, or the whole table. Throws on a bad flag, naming it. */
export function oddsCommand(args: OddsArguments, output: NodeJS.WritableStream): void {
  if (args.showing !== undefined) {
    advise(args, output);
    return;
  }
  if (args.brawl !== undefined) {
    brawl(args, output);
    return;
  }
  if (args.maxRounds !== undefined) throw new Error('--max-rounds only goes with --brawl');
  for (const flag of ['rerolled', 'freeRerolls'] as const) {
    if (args[flag] !== undefined)
      throw new Error(
        `--${flag === 'freeRerolls' ? 'free-rerolls' : flag} only goes with --showing`,
      );
  }
  if (args.table) {
    for (const flag of ['dice', 'difficulty', 'double', 'reroll'] as const) {
      if (args[flag] !== undefined && args[flag] !== false) {
        throw new Error(`--${flag} cannot go with --table, which prints every combination`);
      }
    }
    printTable(args.json === true, output);
    return;
  }
  if (args.dice === undefined) throw new Error('--dice is required (or use --table)');
  if (args.difficulty === undefined) throw new Error('--difficulty is required (or use --table)');
  const dice = checkDice(args.dice);
  const difficulty = checkDifficulty(args.difficulty, args.double === true);
  const reroll = checkReroll(args.reroll);
  const odds = exactOdds(dice, difficulty, reroll);
  if (args.json) {
    output.write(`${JSON.stringify(odds)}\n`);
    return;
  }
  const name = `${difficulty.double ? '2 ' : ''}${difficulty.tier}`;
  output.write(`${dice} dice against ${name}, re-roll policy "${reroll}"\n`);
  output.write(`  chance of success: ${percent(odds.p_success)}\n`);
  output.write('  Grit lost on a Dangerous roll:\n');
  output.write(`${lossBars(odds.grit_lost).join('\n')}\n`);
}
