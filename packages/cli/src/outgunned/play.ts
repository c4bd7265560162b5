import { createInterface } from 'node:readline';
import { botChoice, eventsFor, Match, type Seat, seedRandom } from '@tabletop/engine';
import {
  directorSeat,
  type FightAction,
  type FightBotName,
  type FightView,
  outgunnedBots,
  outgunnedFight,
  readSceneFile,
} from '@tabletop/outgunned';
import { CommanderError } from 'commander';
import { fitWidth } from '../wrap.js';
import { board, heroSheet } from './render.js';

const maxWrongAnswers = 20;

export interface PlayIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

export interface PlayOutgunnedOptions {
  seed: string;
  /** The seed was chosen by the player: show it at the start (otherwise only once the fight is over). */
  seedGiven?: boolean;
  /** A scene file; the built-in scene when absent. */
  scene?: string;
  /** Who runs the Enemies and who plays the Heroes: a person at the terminal, or a bot by name. */
  director?: 'human' | FightBotName;
  heroes?: 'human' | FightBotName;
}

const help = `Commands at any question:
  a number   choose that option
  r          show the board again
  s          show the sheet of the Hero choosing now
  h          this help
  q          quit the fight
The board: each Enemy's Grit track (boxes lost), Attack and Defense; each
Hero's Grit (boxes filled, of 12), Adrenaline, Spotlight, range band to each
standing Enemy, cover, Conditions, weapons and spare mags. Extra successes
are counted in Basic units: a Basic is 1, a Critical 3, an Extreme 9.`;

const words = outgunnedFight.describe!;

/**
 * `tabletop play outgunned`: a fight at one terminal, the built-in one or a
 * scene file. Every decision of a side played at the terminal, the
 * Director's or the Heroes', is a numbered menu read from the deciding
 * seat's own view, with its words from the ruleset; the board is shown when
 * it changes, the Hero's sheet when a Hero starts choosing. A side played
 * by a bot is handed its seat's input alone, and its moves are told as the
 * people at the terminal may see them. Reads lines, so piped input works.
 */
export async function playOutgunned(io: PlayIo, options: PlayOutgunnedOptions): Promise<void> {
  const write = (text: string) => io.output.write(`${fitWidth(text)}\n`);
  const scene = options.scene === undefined ? undefined : readSceneFile(options.scene);
  const match = Match.create(outgunnedFight, scene === undefined ? {} : { scene }, options.seed);
  const reader = createInterface({ input: io.input, terminal: false });
  const lines = reader[Symbol.asyncIterator]();
  const spectator = match.view('spectator');
  const bots = outgunnedBots();
  const botRandom = seedRandom(`bots:${options.seed}`);
  const playerOf = (seat: Seat) =>
    (seat === directorSeat ? options.director : options.heroes) ?? 'human';
  // With the Director at the terminal the table is theirs to see; otherwise it is the Heroes'.
  const watcher: Seat | 'spectator' =
    (options.director ?? 'human') === 'human' ? directorSeat : 'spectator';
  write(
    `Outgunned - ${spectator.scene}: ${spectator.heroes.map((hero) => hero.name).join(', ')} against ${spectator.enemies.map((enemy) => enemy.name).join(', ')}${options.seedGiven ? ` (seed "${options.seed}")` : ''}. Type h at any question for help, q to quit.`,
  );
  write(`${spectator.turn.kind === 'action' ? 'The Heroes' : 'The Enemies'} start.`);
  let shownBoard = '';
  let lastSheet: Seat | null = null;
  try {
    while (match.result() === null) {
      const prompt = match.prompts()[0];
      const seat = prompt?.seats[0];
      if (prompt === undefined || seat === undefined)
        throw new Error('the fight waits on nobody: a bug');
      const player = playerOf(seat);
      if (player !== 'human') {
        // A Hero's view shows what the table sees, and names the Hero's own weapons.
        const seen = match.view(seat === directorSeat ? watcher : seat);
        const action = botChoice(outgunnedFight, bots[player], match.state, seat, botRandom);
        const outcome = match.submit(seat, action);
        if (!outcome.ok)
          throw new Error(
            `the ${player} bot of seat ${seat} chose a refused action: ${outcome.rejection.message}`,
          );
        write(`> ${player} bot: ${words.action(action, seen)}`);
        const after = match.view(watcher);
        for (const event of eventsFor(outcome.events, watcher))
          write(`  * ${words.event(event, after)}`);
        continue;
      }
      const view = match.view(seat);
      const current = board(view);
      if (current !== shownBoard) {
        write(current);
        shownBoard = current;
      }
      // A Hero's sheet comes up when their Action Turn choices do; `s` shows it at any question.
      const hero = view.heroes.find((candidate) => candidate.seat === seat);
      if (hero !== undefined && prompt.answer === 'action-turn' && seat !== lastSheet)
        write(heroSheet(hero));
      if (prompt.answer === 'action-turn') lastSheet = seat;
      if (view.turn.kind === 'reaction') lastSheet = null;
      const actions = match.legalActions(seat);
      const menu = () => {
        write(words.prompt(prompt, view));
        for (const [index, action] of actions.entries())
          write(`  ${index + 1}. ${words.action(action, view)}`);
      };
      menu();
      const choice = await choose(actions, view, menu);
      if (choice === 'quit') {
        write(`You left the fight in round ${view.round}. Bye.`);
        return;
      }
      if (choice === 'ended') {
        write('\nInput ended before the fight did.');
        // A script feeding answers that runs dry has not played the fight: say so in the exit code.
        throw new CommanderError(
          1,
          'tabletop.play.input-ended',
          'the input ended before the fight did',
        );
      }
      const action = actions[choice - 1]!;
      const outcome = match.submit(seat, action);
      if (!outcome.ok) {
        write(`Refused: ${outcome.rejection.message}`);
        continue;
      }
      const after = match.view(seat);
      write(`> ${words.action(action, view)}`);
      for (const event of eventsFor(outcome.events, seat))
        write(`  * ${words.event(event, after)}`);
    }
    write(board(match.view(directorSeat)));
    write(`The fight is over: ${match.result()!.summary}.`);
    write(`Seed "${options.seed}": the same seed and the same answers replay this fight.`);
  } finally {
    reader.close();
  }

  async function choose(
    actions: FightAction[],
    view: FightView,
    menu: () => void,
  ): Promise<number | 'quit' | 'ended'> {
    if (actions.length === 1) {
      write('  (the only choice: taken)');
      return 1;
    }
    for (let wrongAnswers = 0; wrongAnswers < maxWrongAnswers; ) {
      io.output.write(`Choose 1-${actions.length} (r board, s sheet, h help, q quit): `);
      const line = await lines.next();
      if (line.done) return 'ended';
      const answer = line.value.trim().toLowerCase();
      const number = Number(answer);
      if (answer !== '' && Number.isInteger(number) && number >= 1 && number <= actions.length)
        return number;
      if (answer === 'q') return 'quit';
      if (answer === 'h') {
        write(help);
        menu();
        continue;
      }
      if (answer === 'r') {
        write(board(view));
        menu();
        continue;
      }
      if (answer === 's') {
        const hero = view.heroes.find((candidate) => candidate.seat === view.viewer);
        write(hero === undefined ? 'The Director has no Hero sheet.' : heroSheet(hero));
        menu();
        continue;
      }
      // A pipe that keeps sending a wrong answer would otherwise ask forever.
      wrongAnswers++;
      write(`"${line.value.trim()}" is not a choice: type a number from 1 to ${actions.length}.`);
    }
    write(`Stopping: ${maxWrongAnswers} answers in a row were not a choice.`);
    return 'quit';
  }
}
