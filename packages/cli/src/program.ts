import { Command } from 'commander';
import { wholeNumber } from './arguments.js';
import { playDuel } from './duel.js';

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

  return program;
}
