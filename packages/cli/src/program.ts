import { Command } from 'commander';
import { wholeNumber } from './arguments.js';
import { playDuel } from './duel.js';
import { type OddsArguments, oddsCommand } from './outgunned/odds.js';
import { playOutgunned } from './outgunned/play.js';

export interface Io {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  error: NodeJS.WritableStream;
}

function randomSeed(): string {
  return Date.now().toString(36);
}

/** The `tabletop` command. Each game adds its subcommands here. */
export function createProgram(io: Io): Command {
  const program = new Command('tabletop')
    .description('Play, simulate and compute odds for Nemesis and Outgunned fights')
    .configureOutput({
      writeOut: (text) => io.output.write(text),
      writeErr: (text) => io.error.write(text),
    })
    .exitOverride()
    .showHelpAfterError();

  const play = program.command('play').description('play a game in the terminal');
  play
    .command('duel')
    .description('two bots play the kernel example dice duel; prints the log')
    .option('--seed <seed>', 'seed of the match', randomSeed())
    .option('--health <n>', 'starting health', wholeNumber(1, 1000), 20)
    .action((flags: { seed: string; health: number }) => playDuel(io.output, flags));

  play
    .command('outgunned')
    .description(
      'run the built-in fight (two heroes against Goons 2): Director and heroes as numbered choices',
    )
    .option('--seed <seed>', 'seed of the fight', randomSeed())
    .action((flags: { seed: string }) =>
      playOutgunned({ input: io.input, output: io.output }, flags),
    );

  const odds = program.command('odds').description('exact odds');
  odds
    .command('outgunned')
    .description(
      'exact chance of an Outgunned roll reaching a difficulty, and the Grit a Dangerous roll loses',
    )
    .option('--dice <n>', 'dice in the pool, 2 to 9')
    .option('--difficulty <tier>', 'basic, critical, extreme or impossible')
    .option('--double', 'double difficulty: two successes of the tier')
    .option('--reroll <policy>', 'none, reroll, free or allin')
    .option('--table', 'every pool, difficulty and policy at once')
    .option('--json', 'print JSON')
    // The dice count is checked by the command itself, which names the flag in its error.
    .action((flags: OddsArguments) => oddsCommand(flags, io.output));

  return program;
}
