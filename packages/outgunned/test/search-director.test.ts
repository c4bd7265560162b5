import { botChoice, botInput, clonePlain, type Seat, seedRandom } from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import {
  directorScore,
  directorSeat,
  exampleScene,
  type FightAction,
  type FightState,
  fightOptionsSchema,
  gritBoxes,
  outgunnedFight,
  searchDirector,
  sensibleFightBot,
  topStep,
} from '../src/index.js';

type SceneName = Parameters<typeof exampleScene>[0];

/** Fights of a scene played by the sensible bot, stopped at each Director's choice `wanted` says to keep. */
function directorChoices(
  scene: SceneName,
  fights: number,
  wanted: (state: FightState) => boolean,
  limit: number,
): FightState[] {
  const found: FightState[] = [];
  const options = fightOptionsSchema.parse({ scene: exampleScene(scene) });
  for (let fight = 0; fight < fights && found.length < limit; fight++) {
    const state = outgunnedFight.setup(options, `search-director ${scene} ${fight}`);
    const random = seedRandom(`bots:${fight}`);
    while (state.outcome === null && found.length < limit) {
      const seat: Seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
      if (seat === directorSeat && wanted(state)) found.push(clonePlain(state));
      outgunnedFight.apply(
        state,
        seat,
        botChoice(outgunnedFight, sensibleFightBot, state, seat, random),
      );
    }
  }
  return found;
}

describe('the search Director', () => {
  const director = searchDirector({ playouts: 60 });

  it('rules Bad Luck on a failed shot: a spare mag lost hurts the Heroes, never the Enemies', () => {
    const failedShots = directorChoices(
      'warehouse-ambush',
      40,
      (state) =>
        topStep(state)?.kind === 'bad-luck' &&
        outgunnedFight.legalActions(state, directorSeat).length > 1,
      10,
    );
    expect(failedShots).toHaveLength(10);
    const ruled = failedShots.map(
      (state, index) =>
        botChoice(
          outgunnedFight,
          director,
          state,
          directorSeat,
          seedRandom(`director ${index}`),
        ) as Extract<FightAction, { type: 'bad-luck' }>,
    );
    expect(ruled.filter((answer) => answer.mags > 0).length).toBeGreaterThanOrEqual(8);
  });

  it('never interrupts the fight, and answers the same input and random source the same way', () => {
    const reactions = directorChoices(
      'rooftop-boss',
      10,
      (state) => topStep(state)?.kind === 'declare-reaction',
      5,
    );
    expect(reactions).toHaveLength(5);
    reactions.forEach((state, index) => {
      const first = botChoice(
        outgunnedFight,
        director,
        state,
        directorSeat,
        seedRandom(`same ${index}`),
      );
      const again = botChoice(
        outgunnedFight,
        director,
        state,
        directorSeat,
        seedRandom(`same ${index}`),
      );
      expect(first.type).toBe('declare-reaction');
      expect(again).toEqual(first);
    });
  });

  it("plays a Hero's seat as the sensible bot does", () => {
    const options = fightOptionsSchema.parse({ scene: exampleScene('rooftop-boss') });
    let compared = 0;
    for (let fight = 0; compared < 100; fight++) {
      const state = outgunnedFight.setup(options, `search-director hero seat ${fight}`);
      const random = seedRandom(`hero seat ${fight}`);
      while (state.outcome === null && compared < 100) {
        const seat: Seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
        const sensible = botChoice(outgunnedFight, sensibleFightBot, state, seat, random);
        if (seat !== directorSeat) {
          expect(director.choose(botInput(outgunnedFight, state, seat, random))).toEqual(sensible);
          compared++;
        }
        outgunnedFight.apply(state, seat, sensible);
      }
    }
  });

  it('makes the rooftop harder: on the same seeds the Heroes win fewer fights against it', () => {
    const options = fightOptionsSchema.parse({ scene: exampleScene('rooftop-boss') });
    const heroesWin = (bot: typeof director) => {
      let won = 0;
      for (let fight = 0; fight < 8; fight++) {
        const seed = `search-director rooftop ${fight}`;
        const state = outgunnedFight.setup(options, seed);
        const random = seedRandom(`bots:${seed}`);
        while (state.outcome === null) {
          const seat: Seat = outgunnedFight.prompts(state)[0]!.seats[0]!;
          const player = seat === directorSeat ? bot : sensibleFightBot;
          outgunnedFight.apply(state, seat, botChoice(outgunnedFight, player, state, seat, random));
        }
        if (state.outcome === 'heroes') won++;
      }
      return won;
    };
    const againstSensible = heroesWin(sensibleFightBot);
    const againstSearch = heroesWin(searchDirector({ playouts: 40 }));
    expect(againstSearch).toBeLessThanOrEqual(againstSensible - 3);
  });
});

describe("the search Director's score of a play-out", () => {
  it('is 1 when every Hero is Left for Dead, else half the share of Grit boxes filled', () => {
    const state = outgunnedFight.setup(fightOptionsSchema.parse({}), 'score');
    const [first, second] = state.heroes;
    first!.grit = 3;
    second!.grit = 6;
    expect(directorScore(state)).toBeCloseTo(0.5 * ((3 + 6) / (2 * gritBoxes)), 12);
    second!.status = 'left-for-dead';
    expect(directorScore(state)).toBeCloseTo(0.5 * ((3 / gritBoxes + 1) / 2), 12);
    state.outcome = 'enemies';
    expect(directorScore(state)).toBe(1);
  });
});
