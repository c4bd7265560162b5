import { newSeed } from '@tabletop/engine';
import type { BotName } from '@tabletop/nemesis';
import { fightBotNames } from '@tabletop/outgunned';
import {
  backupStorage,
  defaultBotThreads,
  mostBotThreads,
  parseTrustProxy,
} from '@tabletop/server';
import { Command, InvalidArgumentError, Option } from 'commander';
import cliPackage from '../package.json' with { type: 'json' };
import { nemesisBotHelp, nemesisBotName, oneOf, wholeNumber } from './arguments.js';
import { playDuel } from './duel.js';
import { importRecord } from './import.js';
import { type JoinFlags, joinMatch } from './join.js';
import {
  combatOddsCommand,
  encounterOddsCommand,
  escapeOddsCommand,
  type NemesisOddsFlags,
  noiseOddsCommand,
} from './nemesis/odds.js';
import { playNemesis } from './nemesis/play.js';
import { type SimulateFlags, simulateNemesisCommand } from './nemesis/simulate.js';
import { type OddsArguments, oddsCommand } from './outgunned/odds.js';
import { type PlayOutgunnedOptions, playOutgunned } from './outgunned/play.js';
import {
  type SimulateOutgunnedCommandFlags,
  simulateOutgunnedCommand,
} from './outgunned/simulate.js';
import { type ReplayFlags, replayRecord } from './replay.js';
import { reportFile } from './report.js';
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
    .version(cliPackage.version, '--version', 'print the version of tabletop')
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
    .option('--players <n>', 'players, 1 to 5 (1 plays the solo game)', wholeNumber(1, 5), 3)
    .option('--humans <n>', 'human seats (0 to watch the bots)', wholeNumber(0, 5), 1)
    .option('--seed <seed>', 'seed of the game (default: a new secret one, shown at the end)')
    .option(
      '--mode <mode>',
      'standard, or cooperative: 2 to 5 players win or lose together',
      oneOf(['standard', 'cooperative'] as const),
      'standard',
    )
    .option('--bot <bot>', `bot for the other seats: ${nemesisBotHelp()}`, nemesisBotName, 'normal')
    .action(
      (flags: {
        players: number;
        humans: number;
        seed?: string;
        bot: BotName;
        mode: 'standard' | 'cooperative';
      }) => playNemesis({ input: io.input, output: io.output }, { ...flags, ...seedOf(flags) }),
    );

  play
    .command('outgunned')
    .description(
      'run an Outgunned fight (a scene file, or the built-in one: two heroes against Goons 2): Director and heroes as numbered choices',
    )
    .option('--scene <file>', 'a scene file (JSON); the built-in fight when absent')
    .option('--seed <seed>', 'seed of the fight (default: a new secret one)')
    .option(
      '--director <who>',
      `who runs the Enemies: human, or a bot (${fightBotNames.join(', ')}; search-director thinks ahead)`,
      oneOf(['human', ...fightBotNames] as const),
      'human',
    )
    .option(
      '--heroes <who>',
      `who plays the Heroes: human, or a bot (${fightBotNames.join(', ')})`,
      oneOf(['human', ...fightBotNames] as const),
      'human',
    )
    .action(
      (
        flags: { seed?: string; scene?: string } & Pick<
          PlayOutgunnedOptions,
          'director' | 'heroes'
        >,
      ) =>
        playOutgunned(
          { input: io.input, output: io.output },
          {
            ...seedOf(flags),
            ...(flags.scene === undefined ? {} : { scene: flags.scene }),
            director: flags.director,
            heroes: flags.heroes,
          },
        ),
    );

  const simulate = program
    .command('simulate')
    .description(
      "play many bot games, checking the invariants after every action; --report FILE.html also writes a designer's report, one page of charts that opens offline",
    );
  simulate
    .command('outgunned')
    .description(
      'fights of one or more scenes with a bot on every seat; prints, for each scene, the win rate (95% interval), rounds, Grit lost and Left for Dead per hero, errors and invariant violations',
    )
    .option(
      '--scene <file>',
      'a scene file (JSON); give it again for each scene to play; the built-in fight when absent',
      (file: string, files: string[] = []) => [...files, file],
    )
    .option('--fights <n>', 'fights to play of each scene', wholeNumber(1, 10_000_000), 1000)
    .option(
      '--director <bot>',
      `the Director's bot: ${fightBotNames.join(', ')} (search-director thinks ahead, slower)`,
      oneOf(fightBotNames),
      'sensible',
    )
    .option(
      '--heroes <bot>',
      `the Heroes' bot: ${fightBotNames.join(', ')}`,
      oneOf(fightBotNames),
      'sensible',
    )
    .option('--seed <seed>', 'seed of the run; each fight derives its own', 'simulate')
    .option('--json', 'print one JSON object (one a line for each scene)', false)
    .option(
      '--report <file>',
      "also write a designer's report, one HTML page that opens offline: wins by side and by scene, each Hero's fate and Grit, fight length, endings, causes of defeat, the settings and seed",
      reportFile,
    )
    .action(async (flags: SimulateOutgunnedCommandFlags) => {
      await simulateOutgunnedCommand(flags, { output: io.output, error: io.error });
    });
  simulate
    .command('nemesis')
    .description(
      'bots on every seat; prints games, actions, errors, invariant violations, speed, endings, survivors by character, the Objectives survivors missed and the cards never resolved',
    )
    .option('--games <n>', 'games to play', wholeNumber(1, 10_000_000), 100)
    .option('--bot <bot>', `the bot on every seat: ${nemesisBotHelp()}`, nemesisBotName, 'random')
    .option('--seed <seed>', 'seed of the run; each game derives its own', 'simulate')
    .option(
      '--players <n>',
      'players in every game (default: 1 to 5, varying; 2 to 5 in a team)',
      wholeNumber(1, 5),
    )
    .option(
      '--mode <mode>',
      'standard (one player plays the solo game) or cooperative (2 to 5 players, one team)',
      oneOf(['standard', 'cooperative'] as const),
      'standard',
    )
    .option('--json', 'print one JSON object', false)
    .option(
      '--report <file>',
      "also write a designer's report, one HTML page that opens offline: survival and wins by character, seat, player count, mode and Objective, game length, endings, causes of death, cards resolved, the settings and seed",
      reportFile,
    )
    .action(async (flags: SimulateFlags) => {
      await simulateNemesisCommand(flags, { output: io.output, error: io.error });
    });

  program
    .command('serve')
    .description('the online table: an HTTP and WebSocket server that keeps every match')
    // A host reads one line on what went wrong (a bad PORT, say), not the help after it.
    .showHelpAfterError(false)
    .addOption(
      new Option('--port <n>', 'port to listen on (0 picks a free one)')
        .argParser(wholeNumber(0, 65_535))
        .default(8080)
        .env('PORT'),
    )
    .addOption(
      new Option('--host <address>', 'address to listen on').default('127.0.0.1').env('HOST'),
    )
    .addOption(
      new Option(
        '--db <file|url>',
        'a SQLite file or a postgres:// URL (default: data/tabletop.db)',
      ).env('TABLETOP_DB'),
    )
    .addOption(
      new Option('--data <folder>', 'folder of the default SQLite file').env('TABLETOP_DATA'),
    )
    .addOption(
      new Option(
        '--cache-mb <n>',
        'most memory, in MiB, the matches kept in memory may take, estimated; past it the least recently used that nobody follows are dropped and loaded again when needed',
      )
        .argParser(wholeNumber(1, 1_048_576))
        .default(1024)
        .env('TABLETOP_CACHE_MB'),
    )
    .addOption(
      new Option(
        '--retain-finished-days <n>',
        'delete a finished match, with its log and chat, this many days after its last entry (default: kept for good)',
      )
        .argParser(wholeNumber(1, 36_500))
        .env('TABLETOP_RETAIN_FINISHED_DAYS'),
    )
    .addOption(
      new Option(
        '--trust-proxy <value>',
        "behind a reverse proxy: believe the client address it forwards (X-Forwarded-For), for the limits by address: true, or the proxy's addresses and CIDR ranges, e.g. 127.0.0.1 (default: none)",
      )
        .argParser((value: string) => {
          try {
            return parseTrustProxy(value);
          } catch (error) {
            throw new InvalidArgumentError((error as Error).message);
          }
        })
        .env('TABLETOP_TRUST_PROXY'),
    )
    .addOption(
      new Option(
        '--bot-threads <n>',
        'worker threads the bots think in, so that a thinking bot holds up no other match; 0 runs them on the event loop',
      )
        .argParser(wholeNumber(0, mostBotThreads))
        .default(defaultBotThreads(), `${defaultBotThreads()}: the cores but one`)
        .env('TABLETOP_BOT_THREADS'),
    )
    .action((flags: ServeFlags) => serveUntilStopped(io.output, flags));

  program
    .command('join')
    .description('play one seat of a match on a tabletop server, from this terminal')
    .argument(
      '<url>',
      "a seat's link (http://HOST:PORT/#/join/...), or a match as http://HOST:PORT/matches/ID (the server alone with --create)",
    )
    .option(
      '--seat <seat>',
      "the seat to take (default: the link's, the created match's first, or an open match's first free one)",
    )
    .option(
      '--token <token>',
      'rejoin the seat this token was given for (better: the TABLETOP_TOKEN environment variable, which ps and the shell history do not show)',
    )
    .option('--create <ruleset>', 'create a match first: duel, nemesis or outgunned')
    .option('--options <json>', 'options of the created match, e.g. \'{"players":3}\'')
    .option('--bots <list>', 'bot seats of the created match, e.g. 1=sensible,2=random')
    .option(
      '--open',
      'list the created match on the server: anyone may take a free seat without its link',
    )
    .option(
      '--away-seconds <n>',
      'with --create: a bot plays a seat whose player has been gone (no connection) this long, until they are back',
      wholeNumber(1, 86_400),
    )
    .option(
      '--turn-seconds <n>',
      'with --create: a turn timer; a seat that takes longer to answer is played by a bot until its player is back',
      wholeNumber(1, 86_400),
    )
    .option(
      '--stand-in <bot>',
      "with --create: the bot that stands in (default: the ruleset's default bot)",
    )
    .action((url: string, flags: JoinFlags) => {
      const token = flags.token ?? process.env.TABLETOP_TOKEN;
      return joinMatch({ input: io.input, output: io.output }, url, {
        ...flags,
        ...(token ? { token } : {}),
      });
    });

  program
    .command('replay')
    .description(
      "play a match record again (the end screen's download): the same seed and actions give the same game",
    )
    .argument('<record>', 'the record file, as GET /matches/:id/record?download=1 gives it')
    .option('--seat <seat>', 'tell the log as this seat saw it (default: a spectator)')
    .option('--log', 'print every line of the log', false)
    .option('--json', 'print one JSON object', false)
    .action((path: string, flags: ReplayFlags) => replayRecord(io.output, path, flags));

  program
    .command('import')
    .description(
      'store a finished match from its record file on a server, as a new match to replay and share',
    )
    .argument('<record>', 'the record file, as GET /matches/:id/record?download=1 gives it')
    .argument('<server>', 'the server, e.g. http://127.0.0.1:8080')
    .action((path: string, server: string) => importRecord(io.output, path, server));

  program
    .command('backup')
    .description(
      'a consistent copy of the SQLite database, taken while a server may be writing to it',
    )
    .argument('<file>', 'the new file to write')
    .addOption(
      new Option('--db <file>', 'the SQLite file (default: data/tabletop.db)').env('TABLETOP_DB'),
    )
    .addOption(
      new Option('--data <folder>', 'folder of the default SQLite file').env('TABLETOP_DATA'),
    )
    .action(async (file: string, flags: { db?: string; data?: string }) => {
      const copied = await backupStorage(
        { ...(flags.db ? { db: flags.db } : {}), ...(flags.data ? { data: flags.data } : {}) },
        file,
      );
      io.output.write(`Copied ${copied.file} (${copied.pages} pages) to ${file}\n`);
    });

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
    .option('--showing <faces>', 'the re-roll advisor: the dice on the table, e.g. 1,1,3,5,6')
    .option('--rerolled <how>', 'with --showing: the Re-roll was used: no, better or worse')
    .option('--free-rerolls <n>', 'with --showing: Free Re-rolls the hero has (default 0)')
    .option(
      '--brawl <scene>',
      'a Brawl scene file: the exact odds that the party beats its Enemy (policy: every Hero attacks each turn, --reroll policy)',
    )
    .option('--max-rounds <n>', 'with --brawl: rounds before the fight is interrupted (default 30)')
    .option('--json', 'print JSON')
    // The dice count is checked by the command itself, which names the flag in its error.
    .action((flags: OddsArguments) => oddsCommand(flags, io.output));

  const nemesisOdds = odds
    .command('nemesis')
    .description('exact Nemesis odds, summed over every die face, card and token');
  nemesisOdds
    .command('shoot')
    .description('a Shoot kills an Intruder, makes it retreat, or leaves it')
    .option('--weapon <id>', 'the weapon, e.g. shotgun, pistol, six-shooter, flamethrower')
    .option('--intruder <kind>', 'larva, creeper, adult, breeder or queen')
    .option('--injuries <n>', 'injuries it already has (default 0)')
    .option(
      '--discard <cards>',
      'the Attack discard pile, card ids joined by commas (unknown if absent)',
    )
    .option(
      '--weapon-rules <mode>',
      'engine (default) or card: both count the weapon card rules, as the engine does',
    )
    .option('--ammo <n>', 'ammo on the weapon before the shot (default: enough for every choice)')
    .option('--json', 'print JSON')
    .action((flags: NemesisOddsFlags) => combatOddsCommand('shoot', flags, io.output));
  nemesisOdds
    .command('melee')
    .description(
      'a Melee Attack kills, makes retreat or leaves an Intruder; a miss costs a Serious Wound',
    )
    .option('--intruder <kind>', 'larva, creeper, adult, breeder or queen')
    .option('--injuries <n>', 'injuries it already has (default 0)')
    .option(
      '--discard <cards>',
      'the Attack discard pile, card ids joined by commas (unknown if absent)',
    )
    .option('--json', 'print JSON')
    .action((flags: NemesisOddsFlags) => combatOddsCommand('melee', flags, io.output));
  nemesisOdds
    .command('encounter')
    .description('which Intruder an Encounter brings, and whether it makes a Surprise Attack')
    .option('--hand <n>', "cards in the character's hand")
    .option(
      '--bag <tokens>',
      'token ids (adult-05,larva-1,...) or kind=count pairs (adult=5,blank=1)',
    )
    .option('--players <n>', 'the bag as setup fills it for this many players (default 4)')
    .option('--json', 'print JSON')
    .action((flags: NemesisOddsFlags) => encounterOddsCommand(flags, io.output));
  nemesisOdds
    .command('noise')
    .description('a Noise roll in a room brings an Encounter, from the markers in its corridors')
    .option('--room <n>', 'the room number')
    .option('--marked <numbers>', 'noise numbers of the exits that hold a marker, e.g. 1,3')
    .option('--slime', 'the character is slimed (Silence counts as Danger)')
    .option('--json', 'print JSON')
    .action((flags: NemesisOddsFlags) => noiseOddsCommand(flags, io.output));
  nemesisOdds
    .command('escape')
    .description('a character survives an Escape from the Intruders in the room')
    .option('--intruders <kinds>', 'the Intruders in the room, in attack order, e.g. adult,creeper')
    .option('--serious <n>', 'Serious Wounds already (default 0)')
    .option('--light <n>', 'Light Wounds already (default 0)')
    .option('--hand <n>', 'cards in hand when the attacks come (default 0)')
    .option(
      '--discard <cards>',
      'the Attack discard pile, card ids joined by commas (unknown if absent)',
    )
    .option('--json', 'print JSON')
    .action((flags: NemesisOddsFlags) => escapeOddsCommand(flags, io.output));

  return program;
}
