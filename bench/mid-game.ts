import { botChoice, type Seat, seedRandom } from '@tabletop/engine';
import { type NemesisRuleset, type NemesisState, sensibleBot } from '@tabletop/nemesis';

/**
 * The bots benchmarks' 4-player game, played by the sensible bot into its
 * middle and stopped where the acting seat has a choice.
 */
export function midGame(nemesis: NemesisRuleset): { state: NemesisState; seat: Seat } {
  const state = nemesis.setup(nemesis.options.parse({ players: 4 }), 'bench/bots mid-game');
  const random = seedRandom('bench/bots sensible');
  for (let step = 0; step < 2000 && state.over === null; step++) {
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    if (step >= 120 && nemesis.legalActions(state, seat).length > 2) return { state, seat };
    nemesis.apply(state, seat, botChoice(nemesis, sensibleBot(nemesis), state, seat, random));
  }
  throw new Error('the mid-game state offered no choice');
}
