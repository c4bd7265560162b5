import { diceDuel, Match, randomMove, seedRandom } from '@tabletop/engine';

/**
 * Plays the kernel's example duel between two random bots and prints its
 * public log. The seed shows at the start only when it was given, and at the end.
 */
export function playDuel(
  output: NodeJS.WritableStream,
  options: { seed: string; health: number; seedGiven?: boolean },
): void {
  const match = Match.create(diceDuel, { health: options.health }, options.seed);
  const random = seedRandom(`bots:${options.seed}`);
  // The words a spectator reads, from the ruleset's own describe.
  const words = diceDuel.describe!;
  const seed = options.seedGiven ? `, seed "${options.seed}"` : '';
  output.write(`Dice duel${seed}, ${options.health} health each\n`);
  while (match.result() === null) {
    const move = randomMove(diceDuel, match.state, random);
    if (move === null) throw new Error('the duel stalled with no legal action');
    const outcome = match.submit(move.seat, move.action);
    if (!outcome.ok) throw new Error(`a bot's move was refused: ${outcome.rejection.message}`);
    const view = match.view('spectator');
    for (const event of outcome.events) {
      const [first, second] = view.health;
      output.write(`${words.event(event, view)}  (health ${first} / ${second})\n`);
    }
  }
  output.write(`${match.result()?.summary}\n`);
  output.write(`Seed "${options.seed}": the same seed replays this duel.\n`);
}
