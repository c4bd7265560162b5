import { createInterface } from 'node:readline';
import {
  botChoice,
  type Describe,
  eventsFor,
  type GameEvent,
  Match,
  type RandomState,
  type Seat,
  seedRandom,
} from '@tabletop/engine';
import {
  type BotName,
  baseContent,
  createNemesis,
  type Glossary,
  type NemesisAction,
  type NemesisBot,
  type NemesisOptions,
  type NemesisRuleset,
  type NemesisState,
  type NemesisView,
  nemesisBots,
  parseBotName,
} from '@tabletop/nemesis';
import { CommanderError } from 'commander';
import { fitWidth, screenRule } from '../wrap.js';
import { buildMenu, type Menu, type MenuOption } from './menu.js';
import { isPhaseStart, renderPlayers, renderScreen, renderShip, renderTracks } from './render.js';

/**
 * `tabletop play nemesis`: a whole game of Nemesis in the terminal. Seats
 * 0..humans-1 are people sharing the keyboard (hot seat), the others bots.
 * A person sees only what `match.view(seat)` and `match.log(seat)` let
 * through, plus the legal actions of their own seat; the raw state goes to
 * the bots alone, which run beside the rules.
 */
export interface PlayNemesisOptions {
  players: number;
  humans: number;
  seed: string;
  /** The seed was chosen by the player: show it at the start (otherwise only once the game is over). */
  seedGiven?: boolean;
  bot: BotName;
  characters?: string[];
  /** The standard game (the solo game with one player), or the cooperative variant. */
  mode?: 'standard' | 'cooperative';
}

export interface PlayIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
}

type NemesisMatch = Match<NemesisState, NemesisAction, NemesisView, NemesisOptions>;

/** How many lines of the log a human's screen shows. */
export const screenLogLines = 12;

const help = `Commands at any question:
  a number   choose that option
  r          show the table again
  u          take back your last answer, when it drew no dice or cards and
             showed nobody a secret
  h          this help
  q          quit the game
An action asks its choices one at a time: first the action, then its room,
its target, and each card that pays. Passing asks for the cards to discard one
at a time, until you choose to keep the rest.
The ship: each line is a room: number, tile (? while unexplored), what is in it
(FIRE, MALFUNCTION, characters, Intruders as Kind #id, objects, items left),
then "->" its exits as number:room (the number is the Noise die's face that
leads there), with (noise) and door marks; "tech" is an entrance to the
Technical Corridors.`;

class Quit extends Error {
  override name = 'Quit';
}

class InputEnded extends Error {
  override name = 'InputEnded';
}

/** Lines typed or piped in; null once the input ends. */
class LineReader {
  readonly #lines: AsyncIterator<string>;
  readonly #close: () => void;

  constructor(input: NodeJS.ReadableStream) {
    // The iterator is made at once: lines piped in before the first question wait in its buffer.
    const reader = createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
    this.#lines = reader[Symbol.asyncIterator]();
    this.#close = () => reader.close();
  }

  async next(): Promise<string | null> {
    const line = await this.#lines.next();
    return line.done ? null : line.value;
  }

  close(): void {
    this.#close();
  }
}

function validate(options: PlayNemesisOptions): void {
  if (!Number.isInteger(options.players) || options.players < 1 || options.players > 5)
    throw new Error(`Nemesis is played by 1 to 5 players, not ${options.players}`);
  if (!Number.isInteger(options.humans) || options.humans < 0 || options.humans > options.players)
    throw new Error(
      `--humans must be from 0 to the number of players (${options.players}), not ${options.humans}`,
    );
  if (options.mode === 'cooperative' && options.players < 2)
    throw new Error(
      'the cooperative variant is for 2 to 5 players; one player plays the solo game (--mode standard)',
    );
  parseBotName(String(options.bot));
}

/** Starts the match a `playNemesis` call would play; exported so tests can watch its state. */
export function createNemesisMatch(options: PlayNemesisOptions): {
  match: NemesisMatch;
  glossary: Glossary;
} {
  validate(options);
  const pack = baseContent();
  const ruleset = createNemesis(pack);
  const match = Match.create(
    ruleset,
    {
      players: options.players,
      characters: options.characters ?? [],
      firstPlayer: null,
      mode: options.mode ?? 'standard',
    },
    options.seed,
  );
  return { match, glossary: ruleset.glossary };
}

/** Plays a whole game of Nemesis; resolves when it ends, when a player quits, or when the input runs out. */
export async function playNemesis(io: PlayIo, options: PlayNemesisOptions): Promise<void> {
  const { match, glossary } = createNemesisMatch(options);
  await playMatch(io, match, glossary, options);
}

/** Runs an already created match at the terminal (see `playNemesis`). */
export async function playMatch(
  io: PlayIo,
  match: NemesisMatch,
  glossary: Glossary,
  options: PlayNemesisOptions,
): Promise<void> {
  validate(options);
  const table = new Table(io, match, glossary, options);
  try {
    await table.play();
  } finally {
    table.close();
  }
}

class Table {
  readonly #io: PlayIo;
  readonly #match: NemesisMatch;
  readonly #glossary: Glossary;
  readonly #describe: Describe<NemesisAction, NemesisView>;
  readonly #options: PlayNemesisOptions;
  readonly #lines: LineReader;
  readonly #bot: NemesisBot;
  readonly #botRandom: RandomState;
  /** How much of each seat's log it has already seen on its screen. */
  readonly #seen = new Map<Seat, number>();
  /** The human seat now at the keyboard, for the hot-seat hand-over. */
  #atKeyboard: Seat | null = null;
  readonly #echo: boolean;
  readonly #tty: boolean;

  constructor(io: PlayIo, match: NemesisMatch, glossary: Glossary, options: PlayNemesisOptions) {
    this.#io = io;
    this.#match = match;
    this.#glossary = glossary;
    const { describe } = match.ruleset;
    if (!describe) throw new Error('this ruleset says nothing to people: it has no describe');
    this.#describe = describe;
    this.#options = options;
    this.#lines = new LineReader(io.input);
    this.#bot = nemesisBots(match.ruleset as NemesisRuleset)[options.bot];
    // The bots' own generator: their choices never touch the game's dice.
    this.#botRandom = seedRandom(`bots:${options.seed}`);
    // Piped answers are not echoed by a terminal; echo them so a transcript reads as a dialogue.
    this.#echo = !(io.input as { isTTY?: boolean }).isTTY;
    this.#tty = Boolean((io.output as { isTTY?: boolean }).isTTY);
  }

  close(): void {
    this.#lines.close();
  }

  #write(text: string): void {
    const fitted = fitWidth(text);
    this.#io.output.write(fitted.endsWith('\n') ? fitted : `${fitted}\n`);
  }

  #isHuman(seat: Seat): boolean {
    return Number(seat) < this.#options.humans;
  }

  async play(): Promise<void> {
    const { players, humans, seed, seedGiven } = this.#options;
    this.#write(
      `Nemesis: ${players} player(s), ${humans === 0 ? 'no humans (bots only)' : `seat${humans > 1 ? 's' : ''} 0${humans > 1 ? `-${humans - 1}` : ''} human`}, ${humans === players ? 'no bots' : `bots: ${this.#bot.name}`}${seedGiven ? `, seed "${seed}"` : ''}. Type h at any question for help.`,
    );
    if (humans === 0)
      this.#printEvents(
        this.#match.log('spectator').map((entry) => entry.event),
        'spectator',
      );
    try {
      while (this.#match.result() === null) {
        const turn = this.#nextToAct();
        if (!turn) {
          const resolving = this.#match.view('spectator').resolving.join(' > ');
          throw new Error(
            `the game is stuck: nobody has a legal action (resolving: ${resolving || 'nothing'})`,
          );
        }
        if (this.#isHuman(turn.seat)) await this.#humanTurn(turn.seat, turn.actions);
        else this.#botTurn(turn.seat);
      }
    } catch (error) {
      if (error instanceof Quit) {
        this.#write(`\nYou left the game in round ${this.#match.view('spectator').round}. Bye.`);
        return;
      }
      if (error instanceof InputEnded) {
        this.#write(
          `\nThe input ended before the game did (round ${this.#match.view('spectator').round}); stopping here.`,
        );
        // A script feeding answers that runs dry has not played the game: say so in the exit code.
        throw new CommanderError(
          1,
          'tabletop.play.input-ended',
          'the input ended before the game did',
        );
      }
      throw error;
    }
    this.#finish();
  }

  /** The first seat any prompt waits on that has something to do. */
  #nextToAct(): { seat: Seat; actions: NemesisAction[] } | null {
    for (const prompt of this.#match.prompts()) {
      for (const seat of prompt.seats) {
        const actions = this.#match.legalActions(seat);
        if (actions.length > 0) return { seat, actions };
      }
    }
    return null;
  }

  /**
   * Whose log the table shows when no human screen is coming (at the end,
   * or while bots play on after the humans are out): with one human, all
   * that seat may see; with several, only the public events.
   */
  #watcher(): Seat | 'spectator' {
    return this.#options.humans === 1 ? '0' : 'spectator';
  }

  /** The words for an event, as `viewer` reads it. */
  #eventWords(viewer: Seat | 'spectator'): (event: GameEvent) => string {
    const view = this.#match.view(viewer);
    return (event) => this.#describe.event(event, view);
  }

  #printEvents(events: readonly GameEvent[], viewer: Seat | 'spectator'): void {
    if (events.length === 0) return;
    const words = this.#eventWords(viewer);
    const lines = events.map((event) =>
      isPhaseStart(event) ? `\n== ${words(event)}` : `  ${words(event)}`,
    );
    this.#write(lines.join('\n'));
  }

  /** The events of a seat's log it has not been shown yet; they count as shown from now on. */
  #unseen(viewer: Seat | 'spectator'): GameEvent[] {
    const log = this.#match.log(viewer);
    const unseen = log.slice(this.#seen.get(viewer) ?? 0).map((entry) => entry.event);
    this.#seen.set(viewer, log.length);
    return unseen;
  }

  /** Prints what the watcher has not seen yet (with people at the table, bots' moves wait for the next screen). */
  #catchUp(): void {
    if (this.#options.humans > 0) this.#printEvents(this.#unseen(this.#watcher()), this.#watcher());
  }

  #botTurn(seat: Seat): void {
    const match = this.#match;
    // The bot is handed its seat's input alone: the view, the legal actions, a determinizer.
    const action = botChoice(
      match.ruleset as NemesisRuleset,
      this.#bot,
      match.state,
      seat,
      this.#botRandom,
    );
    const outcome = match.submit(seat, action);
    if (!outcome.ok)
      throw new Error(
        `the ${this.#bot.name} bot of seat ${seat} chose a refused action: ${outcome.rejection.message}`,
      );
    // Bots-only games stream the public log; with people at the table the
    // bots' moves show on the next screen, just above the question, once.
    if (this.#options.humans === 0)
      this.#printEvents(eventsFor(outcome.events, 'spectator'), 'spectator');
  }

  async #humanTurn(seat: Seat, actions: NemesisAction[]): Promise<void> {
    if (this.#options.humans > 1 && this.#atKeyboard !== seat) await this.#handOver(seat);
    this.#atKeyboard = seat;
    const view = this.#match.view(seat);
    const unseen = this.#unseen(seat);
    // A long stretch of bot play: the older lines go above the screen, the last ones stay by the question.
    this.#printEvents(unseen.slice(0, -screenLogLines), seat);
    const screen = renderScreen(
      view,
      this.#glossary,
      unseen.slice(-screenLogLines),
      this.#eventWords(seat),
      screenLogLines,
    );
    // The next choice of an action under way, with nothing new to tell: the question alone.
    const continuing = view.you?.choosing != null && unseen.length === 0;
    if (!continuing) this.#write(`${screenRule}\n${screen}\n`);
    this.#markPublicSeen();
    const prompt = view.prompts.find((candidate) => candidate.seats.includes(seat));
    const question = prompt ? this.#describe.prompt(prompt, view) : 'Your decision';
    const menu = buildMenu(question, actions, view, this.#describe);
    for (;;) {
      const chosen = await this.#ask(menu, () => screen, seat);
      // Taken back: the table is drawn again for whoever answers now.
      if (chosen === 'undone') return;
      const outcome = this.#match.submit(seat, chosen.action);
      if (!outcome.ok) {
        // Should not happen (the menu holds legal actions only), but the player gets to choose again.
        this.#write(`That was refused: ${outcome.rejection.message}. Choose again.`);
        continue;
      }
      // What the action set off shows on this seat's next screen, by the question (and, being
      // public or not, on the other seats' screens as their logs allow), so it is never printed twice.
      return;
    }
  }

  /** Public events shown on some player's screen need not be printed again at the end. */
  #markPublicSeen(): void {
    if (this.#options.humans > 1) this.#unseen('spectator');
  }

  /** The hot-seat screen: nothing secret on it, and the previous player's screen wiped when possible. */
  async #handOver(seat: Seat): Promise<void> {
    // Erase the screen and the scroll-back, so the next player cannot scroll up to a hand.
    if (this.#tty) this.#io.output.write('\x1b[2J\x1b[3J\x1b[H');
    const player = this.#match
      .view('spectator')
      .players.find((candidate) => candidate.seat === seat);
    const who = player?.character ? ` (${this.#glossary.character(player.character)})` : '';
    this.#write(
      `\n${'#'.repeat(60)}\n#  Pass the terminal to seat ${seat}${who}.\n#  Everyone else, look away: seat ${seat}'s hand comes next.\n#  Seat ${seat}, press Enter when you are ready.\n${'#'.repeat(60)}`,
    );
    const line = await this.#read('Press Enter: ');
    if (line.trim().toLowerCase() === 'q') throw new Quit();
  }

  async #read(question: string): Promise<string> {
    this.#io.output.write(question);
    const line = await this.#lines.next();
    if (line === null) throw new InputEnded();
    if (this.#echo) this.#write(line);
    return line;
  }

  /** Asks the menu until a choice is made. */

  #showMenu(menu: Menu): void {
    const width = String(menu.options.length).length;
    this.#write(
      [
        menu.question,
        ...menu.options.map(
          (option, index) => `  ${String(index + 1).padStart(width)}) ${option.label}`,
        ),
      ].join('\n'),
    );
  }

  async #ask(menu: Menu, screen: () => string, seat: Seat): Promise<MenuOption | 'undone'> {
    const count = menu.options.length;
    this.#showMenu(menu);
    for (;;) {
      const hint = `${count === 1 ? '1' : `1-${count}`}, r table, u undo, h help, q quit`;
      const answer = (await this.#read(`Your choice (${hint}): `)).trim().toLowerCase();
      if (answer === 'q') throw new Quit();
      if (answer === 'u') {
        if (this.#takeBack(seat)) return 'undone';
        continue;
      }
      if (answer === 'h') {
        this.#write(help);
        this.#showMenu(menu);
        continue;
      }
      if (answer === 'r') {
        this.#write(screen());
        this.#showMenu(menu);
        continue;
      }
      if (answer === '') {
        this.#write(`Please type the number of your choice, from 1 to ${count}.`);
        continue;
      }
      if (!/^\d+$/.test(answer)) {
        this.#write(`"${answer}" is not a number: type a number from 1 to ${count} (h for help).`);
        continue;
      }
      const option = menu.options[Number(answer) - 1];
      if (!option) {
        this.#write(`There is no choice ${answer}: type a number from 1 to ${count}.`);
        continue;
      }
      return option;
    }
  }

  /**
   * Takes back the seat's last answer when the rules allow it: it drew
   * nothing from the dice or the decks and showed nobody a secret (the
   * engine's undo policy). Says why not otherwise.
   */
  #takeBack(seat: Seat): boolean {
    const outcome = this.#match.undo(seat);
    if (!outcome.ok) {
      this.#write(`Nothing taken back: ${outcome.rejection.message}.`);
      return false;
    }
    // The log lost the lines of the answer taken back: no reader is past its end.
    for (const [viewer, seen] of this.#seen)
      this.#seen.set(viewer, Math.min(seen, this.#match.log(viewer).length));
    this.#write('You take back your last answer.');
    return true;
  }

  /** Each character's fate and Objectives, which the victory check revealed to all. */
  #fates(view: NemesisView): string[] {
    const fates = view.over?.victory.fates ?? [];
    if (fates.length === 0) return [];
    return [
      'Fates:',
      ...fates.map((fate) => {
        const how =
          fate.survivedBy === 'escape-pod'
            ? 'escaped in a pod'
            : fate.survivedBy === 'hibernation'
              ? 'survived in hibernation'
              : `died (${fate.death ?? 'during the game'})`;
        const objectives = fate.objectives.map((id) => this.#glossary.objective(id)).join(', ');
        return `  seat ${fate.seat} (${this.#glossary.character(fate.character)}): ${how}; Objectives: ${objectives || 'none'}${fate.winner ? '; WINS' : ''}`;
      }),
    ];
  }

  #finish(): void {
    this.#catchUp();
    const result = this.#match.result();
    const view = this.#match.view('spectator');
    const survivors = view.players.filter(
      (player) => player.status === 'escaped' || player.status === 'hibernating',
    );
    this.#write(
      [
        '',
        screenRule,
        'GAME OVER',
        result?.summary ?? 'The game is over.',
        `Survivors: ${
          survivors.length === 0
            ? 'none'
            : survivors
                .map(
                  (player) =>
                    `seat ${player.seat} (${this.#glossary.character(player.character)}, ${player.status})`,
                )
                .join(', ')
        }`,
        ...this.#fates(view),
        '',
        renderShip(view, this.#glossary),
        '',
        renderTracks(view, this.#glossary),
        '',
        renderPlayers(view, this.#glossary),
        '',
        `Seed "${this.#options.seed}": the same seed and the same answers replay this game.`,
      ].join('\n'),
    );
  }
}
