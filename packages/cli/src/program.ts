import { newSeed } from '@tabletop/engine';
import { Command } from 'commander';
import { oneOf, wholeNumber } from './arguments.js';
import { playDuel } from './duel.js';
import { type JoinFlags, joinMatch } from './join.js';
import { playNemesis } from './nemesis/play.js';
import { type SimulateFlags, simulateNemesisCommand } from './nemesis/simulate.js';
import { type OddsArguments, oddsCommand } from './outgunned/odds.js';
import { playOutgunned } from './outgunned/play.js';
import { type SimulateOutgunnedFlags, simulateOutgunnedCommand } from './outgunned/simulate.js';
import { type ServeFlags, serveUntilStopped } from './serve.js';

export interface Io {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  error: NodeJS.WritableStream;
}

/**
 * The seed decides every secret of a game, so when none is given it comes
 * from the operating system's cryptographic source, and the game shows it
 * only once it is over.
 */
function seedOf(flags: { seed?: string }): { seed: string; seedGiven: boolean } {
  return flags.seed === undefined
    ? { seed: newSeed(), seedGiven: false }
    : { seed: flags.seed, seedGiven: true };
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
    .option('--seed <seed>', 'seed of the match (default: a new secret one, shown at the end)')
    .option('--health <n>', 'starting health', wholeNumber(1, 1000), 20)
    .action((flags: { seed?: string; health: number }) =>
      playDuel(io.output, { ...flags, ...seedOf(flags) }),
    );

  play
    .command('nemesis')
    .description('play Nemesis in the terminal: humans take the first seats, bots the others')
    .option('--players <n>', 'players, 1 to 5', wholeNumber(1, 5), 3)
    .option('--humans <n>', 'human seats (0 to watch the bots)', wholeNumber(0, 5), 1)
    .option('--seed <seed>', 'seed of the game (default: a new secret one, shown at the end)')
    .option(
      '--bot <bot>',
      'bot for the other seats: random or sensible',
      oneOf(['random', 'sensible'] as const),
      'sensible',
    )
    .action(
      (flags: { players: number; humans: number; seed?: string; bot: 'random' | 'sensible' }) =>
        playNemesis({ input: io.input, output: io.output }, { ...flags, ...seedOf(flags) }),
    );

  play
    .command('outgunned')
    .description(
      'run an Outgunned fight (a scene file, or the built-in one: two heroes against Goons 2): Director and heroes as numbered choices',
    )
    .option('--scene <file>', 'a scene file (JSON); the built-in fight when absent')
    .option('--seed <seed>', 'seed of the fight (default: a new secret one)')
    .action((flags: { seed?: string; scene?: string }) =>
      playOutgunned(
        { input: io.input, output: io.output },
        { ...seedOf(flags), ...(flags.scene === undefined ? {} : { scene: flags.scene }) },
      ),
    );

  const simulate = program
    .command('simulate')
    .description('play many bot games, checking the invariants after every action');
  simulate
    .command('outgunned')
    .description(
      'fights of one scene with a bot on every seat; prints the win rate (95% interval), rounds, Grit lost and Left for Dead per hero, errors and invariant violations',
    )
    .option('--scene <file>', 'a scene file (JSON); the built-in fight when absent')
    .option('--fights <n>', 'fights to play', wholeNumber(1, 10_000_000), 1000)
    .option('--seed <seed>', 'seed of the run; each fight derives its own', 'simulate')
    .option('--json', 'print one JSON object', false)
    .action((flags: SimulateOutgunnedFlags) => {
      simulateOutgunnedCommand(flags, { output: io.output, error: io.error });
    });
  simulate
    .command('nemesis')
    .description(
      'bots on every seat; prints games, actions, errors, invariant violations, speed and endings',
    )
    .option('--games <n>', 'games to play', wholeNumber(1, 10_000_000), 100)
    .option('--bot <bot>', 'random or sensible', oneOf(['random', 'sensible'] as const), 'random')
    .option('--seed <seed>', 'seed of the run; each game derives its own', 'simulate')
    .option('--players <n>', 'players in every game (default: 1 to 5, varying)', wholeNumber(1, 5))
    .option('--json', 'print one JSON object', false)
    .action((flags: SimulateFlags) => {
      simulateNemesisCommand(flags, { output: io.output, error: io.error });
    });

  program
    .command('serve')
    .description('the online table: an HTTP and WebSocket server that keeps every match')
    .option('--port <n>', 'port to listen on (0 picks a free one)', wholeNumber(0, 65_535), 8080)
    .option('--host <address>', 'address to listen on', '127.0.0.1')
    .option('--db <file|url>', 'a SQLite file or a postgres:// URL (default: data/tabletop.db)')
    .option('--data <folder>', 'folder of the default SQLite file')
    .action((flags: ServeFlags) => serveUntilStopped(io.output, flags));

  program
    .command('join')
    .description('play one seat of a match on a tabletop server, from this terminal')
    .argument('<url>', 'the match, as http://HOST:PORT/matches/ID (the server alone with --create)')
    .option('--seat <seat>', 'the seat to take (default: the first free human seat)')
    .option('--token <token>', 'rejoin the seat this token was given for')
    .option('--create <ruleset>', 'create a match first: duel, nemesis or outgunned')
    .option('--options <json>', 'options of the created match, e.g. \'{"players":3}\'')
    .option('--bots <list>', 'bot seats of the created match, e.g. 1=sensible,2=random')
    .action((url: string, flags: JoinFlags) =>
      joinMatch({ input: io.input, output: io.output }, url, flags),
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
