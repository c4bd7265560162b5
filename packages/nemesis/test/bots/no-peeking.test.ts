import { botChoice, type Seat, seedRandom } from '@tabletop/engine';
import {
  createNemesis,
  ismctsNemesisBot,
  levelNames,
  type NemesisBot,
  type NemesisState,
  nemesisLevels,
  randomBot,
  sensibleBot,
} from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const nemesis = createNemesis();

/**
 * Fair by construction: a bot is handed its seat's input, so re-dealing
 * everything the seat cannot see (hands, decks, the bag, unexplored rooms,
 * which Contamination cards are INFECTED, the generator) must leave its
 * decision as it was, with the same random source for the bot.
 */
function decisionsCompared(
  bot: NemesisBot,
  games: number,
  every: number,
  limit: number,
): { compared: number; differed: string[] } {
  const differed: string[] = [];
  let compared = 0;
  for (let game = 0; game < games && compared < limit; game++) {
    const players = 1 + (game % 5);
    // Every other game with a team, where the cards lie face up and the bots run errands.
    const mode = players > 1 && game % 2 === 1 ? 'cooperative' : 'standard';
    const seed = `no-peeking ${bot.name} ${game}`;
    const state = nemesis.setup(nemesis.options.parse({ players, mode }), seed);
    const play = seedRandom(`play:${seed}`);
    const redeal = seedRandom(`redeal:${seed}`);
    for (let step = 0; state.over === null && step < 3_000 && compared < limit; step++) {
      const seat: Seat = nemesis.prompts(state)[0]!.seats[0]!;
      if (step % every === 0 && nemesis.legalActions(state, seat).length > 1) {
        const twin: NemesisState = nemesis.determinize(state, seat, redeal);
        const mine = botChoice(nemesis, bot, state, seat, seedRandom(`bot:${step}`));
        const blind = botChoice(nemesis, bot, twin, seat, seedRandom(`bot:${step}`));
        compared++;
        if (JSON.stringify(mine) !== JSON.stringify(blind))
          differed.push(
            `${seed}, step ${step}: ${JSON.stringify(mine)} / ${JSON.stringify(blind)}`,
          );
      }
      const outcome = nemesis.apply(state, seat, botChoice(nemesis, randomBot, state, seat, play));
      if (!outcome.ok) throw new Error(outcome.rejection.message);
    }
  }
  return { compared, differed };
}

describe('Bots decide from their seat alone (no peeking)', () => {
  it('the random bot: hundreds of decisions, 1 to 5 players, both modes, unchanged by a re-deal', () => {
    const { compared, differed } = decisionsCompared(randomBot, 25, 7, 400);
    expect(differed).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(300);
  });

  it('the sensible bot: hundreds of decisions, 1 to 5 players, both modes, unchanged by a re-deal', () => {
    const { compared, differed } = decisionsCompared(sensibleBot(nemesis), 25, 7, 400);
    expect(differed).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(300);
  });

  it('the search bot, its random source fixed: decisions unchanged by a re-deal', () => {
    const search = ismctsNemesisBot(nemesis, { iterations: 24 });
    const { compared, differed } = decisionsCompared(search, 15, 17, 120);
    expect(differed).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(100);
    // Each decision runs a search twice: on a loaded machine this takes a minute or more.
  }, 180_000);

  it('the easy level, its slips drawn from its own random: decisions unchanged by a re-deal', () => {
    const { compared, differed } = decisionsCompared(nemesisLevels(nemesis).easy, 25, 7, 400);
    expect(differed).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(300);
  });

  it('the normal level: decisions unchanged by a re-deal', () => {
    const { compared, differed } = decisionsCompared(nemesisLevels(nemesis).normal, 25, 7, 400);
    expect(differed).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(300);
  });

  it('the hard level: decisions unchanged by a re-deal', () => {
    const { compared, differed } = decisionsCompared(nemesisLevels(nemesis).hard, 25, 7, 400);
    expect(differed).toEqual([]);
    expect(compared).toBeGreaterThanOrEqual(300);
  });

  it('every level is among those tested here', () => {
    expect(Object.keys(nemesisLevels(nemesis)).sort()).toEqual([...levelNames].sort());
  });
});
