import {
  botChoice,
  clonePlain,
  ismctsBot,
  randomInt,
  type Seat,
  seedRandom,
} from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import {
  directorSeat,
  exampleScene,
  exampleSceneNames,
  type FightBot,
  type FightState,
  fightOptionsSchema,
  outgunnedFight,
  randomFightBot,
  searchDirector,
  sensibleFightBot,
} from '../src/index.js';

/**
 * Fair by construction: a bot is handed its seat's input, so re-dealing
 * everything the seat cannot see (the generator, so every die not yet
 * thrown; with the Enemies' Grit hidden, their Grit tracks and the
 * Director's Adrenaline for the Heroes) must leave its decision as it
 * was, with the same random source for the bot. Fights of every example
 * scene, half with the Enemies' Grit hidden, driven by the random bot (or
 * the sensible one) so that the decisions come from all over a fight.
 */
function decisionsCompared(
  bot: FightBot,
  options: { fights: number; every: number; limit: number; seats?: 'director' },
  /** For the control only: told the state a decision is asked in, as no seat's input ever is. */
  peek?: (state: FightState) => void,
): { compared: number; redealt: number; differed: string[] } {
  const differed: string[] = [];
  let compared = 0;
  let redealt = 0;
  for (let fight = 0; fight < options.fights && compared < options.limit; fight++) {
    const scene = exampleScene(exampleSceneNames[fight % exampleSceneNames.length]!);
    const hideEnemyGrit = Math.floor(fight / exampleSceneNames.length) % 2 === 0;
    const seed = `no-peeking ${bot.name} ${fight}`;
    const state = outgunnedFight.setup(fightOptionsSchema.parse({ scene, hideEnemyGrit }), seed);
    const driver = fight % 3 === 2 ? sensibleFightBot : randomFightBot;
    const play = seedRandom(`play:${seed}`);
    const redeal = seedRandom(`redeal:${seed}`);
    for (let step = 0; state.outcome === null && step < 600 && compared < options.limit; step++) {
      const seat: Seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
      const asked = options.seats === undefined || seat === directorSeat;
      if (
        asked &&
        step % options.every === 0 &&
        outgunnedFight.legalActions(state, seat).length > 1
      ) {
        const twin: FightState = outgunnedFight.determinize(state, seat, redeal);
        if (JSON.stringify(twin) !== JSON.stringify(state)) redealt++;
        peek?.(state);
        const mine = botChoice(outgunnedFight, bot, state, seat, seedRandom(`bot:${step}`));
        peek?.(twin);
        const blind = botChoice(outgunnedFight, bot, twin, seat, seedRandom(`bot:${step}`));
        compared++;
        if (JSON.stringify(mine) !== JSON.stringify(blind))
          differed.push(
            `${seed}, step ${step}: ${JSON.stringify(mine)} / ${JSON.stringify(blind)}`,
          );
      }
      const outcome = outgunnedFight.apply(
        state,
        seat,
        botChoice(outgunnedFight, driver, state, seat, play),
      );
      if (!outcome.ok) throw new Error(outcome.rejection.message);
    }
  }
  return { compared, redealt, differed };
}

describe('Bots decide from their seat alone (no peeking)', () => {
  it('the check catches a bot that knows the dice to come', () => {
    let seen: FightState | undefined;
    // Picks by the next number the fight's own generator would give: what no seat may know.
    const peeking: FightBot = {
      name: 'peeking',
      choose: ({ legal }) => legal[randomInt(clonePlain(seen!.random), 0, legal.length - 1)]!,
    };
    const { compared, differed } = decisionsCompared(
      peeking,
      { fights: 8, every: 5, limit: 100 },
      (state) => {
        seen = state;
      },
    );
    expect(compared).toBe(100);
    expect(differed.length).toBeGreaterThan(compared / 2);
  });

  /** Each honest bot, the decisions to compare, and at least how many must be compared. */
  const honestBots: {
    title: string;
    bot: () => FightBot;
    options: Parameters<typeof decisionsCompared>[1];
    atLeast: number;
  }[] = [
    {
      title: 'the random bot: hundreds of decisions in every example scene, unchanged by a re-deal',
      bot: () => randomFightBot,
      options: { fights: 40, every: 5, limit: 400 },
      atLeast: 300,
    },
    {
      title:
        'the sensible bot: hundreds of decisions in every example scene, unchanged by a re-deal',
      bot: () => sensibleFightBot,
      options: { fights: 40, every: 5, limit: 400 },
      atLeast: 300,
    },
    {
      title:
        "the search Director, its random source fixed: the Director's decisions unchanged by a re-deal",
      bot: () => searchDirector({ playouts: 16 }),
      options: { fights: 60, every: 1, limit: 160, seats: 'director' },
      atLeast: 150,
    },
    {
      title:
        'the generic search (ISMCTS), its random source fixed: decisions unchanged by a re-deal',
      bot: () => ismctsBot(outgunnedFight, { iterations: 4, rolloutLimit: 12 }),
      options: { fights: 24, every: 9, limit: 100 },
      atLeast: 100,
    },
  ];
  for (const { title, bot, options, atLeast } of honestBots) {
    it(title, () => {
      const { compared, redealt, differed } = decisionsCompared(bot(), options);
      expect(differed).toEqual([]);
      expect(compared).toBeGreaterThanOrEqual(atLeast);
      expect(redealt).toBe(compared);
    }, 180_000);
  }
});
