import {
  type Difficulty,
  difficultyTiers,
  type ExactOdds,
  exactOdds,
  exactTable,
  largestPool,
  type RerollPolicy,
  rerollPolicies,
  smallestPool,
} from '@tabletop/outgunned';

export interface OddsArguments {
  dice?: number;
  difficulty?: string;
  double?: boolean;
  reroll?: string;
  json?: boolean;
  table?: boolean;
}

function percent(probability: number): string {
  return `${(probability * 100).toFixed(2)}%`;
}

function describeLoss(odds: ExactOdds): string {
  return odds.grit_lost
    .filter((entry) => entry.lost !== 0)
    .map((entry) => `${entry.lost === 'all' ? 'all' : entry.lost}: ${percent(entry.p)}`)
    .join(', ');
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
  output.write(`  Grit lost on a Dangerous roll: ${describeLoss(odds) || 'none'}\n`);
}
