import { Match, newSeed, type Prompt, pick, seedRandom } from '@tabletop/engine';
import { createTableRegistry, stateFor, type TableRuleset } from '@tabletop/server';

/**
 * The rules engine's share of a move in `bench:server-nemesis`, measured in
 * this process on the same matches (four players, a person choosing at
 * random at seat 0, the sensible bot at seats 1-3): what the server's main
 * thread does for each entry (the move applied), the bot's choice (on the
 * same thread, asked of the match's own state: the normal level is an
 * instant bot), and the state the person's socket is
 * sent after their move and when the bots stop (view, legal actions, their
 * words, the undo answer).
 */
export interface EngineCosts {
  moves: number;
  /** The main thread's engine work per move: the move applied. */
  engine_ms_per_move: number;
  /** The seat's view after each move, as the person's socket is sent it. */
  view_ms_per_move: number;
  /** A bot's choice, per bot move (on the server's main thread: an instant bot). */
  bot_ms_per_bot_move: number;
  /** The person's state messages, per move: view, legal actions, their words and the undo answer. */
  person_state_ms_per_move: number;
  /** One such state message. */
  person_state_ms: number;
}

/** What the server works out for the person's state message: its `stateFor`, and the undo answer. */
function personState(
  ruleset: TableRuleset['ruleset'],
  match: Match<unknown, unknown, unknown, unknown>,
): void {
  stateFor(ruleset, match.state, match.sequence, '0');
  match.undoRefusal('0', 1, 1);
}

export function measureEngine(seconds: number): EngineCosts {
  const table = createTableRegistry().get('nemesis')!;
  const { ruleset } = table;
  const bot = table.bots.normal!;
  const random = seedRandom(newSeed());
  let moves = 0;
  let botMoves = 0;
  let engineMs = 0;
  let viewMs = 0;
  let botMs = 0;
  let stateMs = 0;
  let states = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const match = Match.create(ruleset, { players: 4 }, newSeed(), { generator: 'crypto' });
    while (match.result() === null && performance.now() < end) {
      const seat = ruleset
        .prompts(match.state)
        .flatMap((prompt: Prompt) => prompt.seats)
        .find((candidate) => ruleset.legalActions(match.state, candidate).length > 0);
      if (seat === undefined) break;
      let started = performance.now();
      let action: unknown;
      if (seat === '0') {
        action = pick(random, ruleset.legalActions(match.state, seat));
      } else {
        action = bot.choose(match.state, seat, random);
        botMs += performance.now() - started;
        botMoves++;
        started = performance.now();
      }
      const outcome = match.submit(seat, action);
      engineMs += performance.now() - started;
      if (!outcome.ok) throw new Error(`a move was refused: ${outcome.rejection.code}`);
      started = performance.now();
      JSON.stringify(ruleset.view(match.state, '0'));
      viewMs += performance.now() - started;
      moves++;
      // Sent after the person's own move, and once the bots stop with the person asked.
      const asked = (ruleset.prompts(match.state) as Prompt[]).some((prompt) =>
        prompt.seats.includes('0'),
      );
      if (seat === '0' || asked) {
        started = performance.now();
        personState(ruleset, match);
        stateMs += performance.now() - started;
        states++;
      }
    }
  }
  const per = (total: number, count: number) => Number((total / Math.max(1, count)).toFixed(3));
  return {
    moves,
    engine_ms_per_move: per(engineMs, moves),
    view_ms_per_move: per(viewMs, moves),
    bot_ms_per_bot_move: per(botMs, botMoves),
    person_state_ms_per_move: per(stateMs, moves),
    person_state_ms: per(stateMs, states),
  };
}
