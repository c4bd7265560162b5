import { botChoice, botInput, type Seat, seedRandom } from '@tabletop/engine';
import {
  botNames,
  createNemesis,
  levelLabel,
  levelNames,
  nemesisBots,
  nemesisLevels,
  parseBotName,
  randomBot,
  recommendedLevel,
  strongestLevelWithin,
  waryBot,
} from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const nemesis = createNemesis();
const levels = nemesisLevels(nemesis);
/** The wary rules: one of the hard level's advisers, whose answers its search plays out. */
const wary = waryBot(nemesis);

interface Difference {
  normal: string;
  wary: string;
  step: string;
  /** Whether the deciding character shares its room with an Intruder. */
  fighting: boolean;
}

/** Each decision of random games where the normal level and the wary rules would choose differently. */
function differences(games: number): Difference[] {
  const found: Difference[] = [];
  for (let game = 0; game < games; game++) {
    const state = nemesis.setup(nemesis.options.parse({ players: 4 }), `levels ${game}`);
    const play = seedRandom(`levels play ${game}`);
    for (let step = 0; state.over === null && step < 3_000; step++) {
      const seat: Seat = nemesis.prompts(state)[0]!.seats[0]!;
      const normal = botChoice(nemesis, levels.normal, state, seat, seedRandom(`bot ${step}`));
      const plan = botChoice(nemesis, wary, state, seat, seedRandom(`bot ${step}`));
      if (JSON.stringify(normal) !== JSON.stringify(plan)) {
        const me = state.players.find((player) => player.seat === seat)!;
        const fighting = state.intruders.some((intruder) => intruder.room === me.room);
        found.push({
          normal: normal.type,
          wary: plan.type,
          step: state.stack.at(-1)!.kind,
          fighting,
        });
      }
      const outcome = nemesis.apply(state, seat, botChoice(nemesis, randomBot, state, seat, play));
      if (!outcome.ok) throw new Error(outcome.rejection.message);
    }
  }
  return found;
}

describe('The levels', () => {
  it('the wary adviser differs from the normal level only in a fight, and at a turn action only by not shooting where normal shoots (or plays a card that shoots)', () => {
    const found = differences(20);
    const turns = found.filter((difference) => difference.step === 'player-turn');
    expect(turns.length).toBeGreaterThan(5);
    for (const difference of found) expect(difference.fighting).toBe(true);
    for (const difference of turns) {
      // A shot, or a card that shoots (Taking Aim, Adrenaline, Full Auto).
      expect(['shoot', 'play-card']).toContain(difference.normal);
      expect(difference.wary).not.toBe('shoot');
    }
  });

  it('the normal level handed the input the hard level was handed decides as the normal level', () => {
    let checked = 0;
    for (let game = 0; game < 10 && checked < 5; game++) {
      const state = nemesis.setup(nemesis.options.parse({ players: 4 }), `shared input ${game}`);
      const play = seedRandom(`shared input play ${game}`);
      for (let step = 0; state.over === null && step < 3_000 && checked < 5; step++) {
        const seat: Seat = nemesis.prompts(state)[0]!.seats[0]!;
        const shared = botInput(nemesis, state, seat, seedRandom(`bot ${step}`));
        const hard = levels.hard.choose(shared);
        const normal = botChoice(nemesis, levels.normal, state, seat, seedRandom(`bot ${step}`));
        if (JSON.stringify(hard) !== JSON.stringify(normal)) {
          // The same view and legal actions the hard level was handed; a random source of its own,
          // as the hard level's search draws from the one it was handed.
          const { view, legal } = shared;
          const same = { seat, view, legal, determinize: shared.determinize.bind(shared) };
          expect(levels.normal.choose({ ...same, random: seedRandom(`bot ${step}`) })).toEqual(
            normal,
          );
          checked++;
        }
        const outcome = nemesis.apply(
          state,
          seat,
          botChoice(nemesis, randomBot, state, seat, play),
        );
        if (!outcome.ok) throw new Error(outcome.rejection.message);
      }
    }
    expect(checked).toBe(5);
  });

  it('in the cooperative variant the hard level plays as the normal one', () => {
    let compared = 0;
    for (let game = 0; game < 6; game++) {
      const options = nemesis.options.parse({ players: 2 + (game % 4), mode: 'cooperative' });
      const state = nemesis.setup(options, `team ${game}`);
      const play = seedRandom(`team play ${game}`);
      for (let step = 0; state.over === null && step < 3_000; step++) {
        const seat: Seat = nemesis.prompts(state)[0]!.seats[0]!;
        const normal = botChoice(nemesis, levels.normal, state, seat, seedRandom(`bot ${step}`));
        const hard = botChoice(nemesis, levels.hard, state, seat, seedRandom(`bot ${step}`));
        expect(hard).toEqual(normal);
        compared++;
        const outcome = nemesis.apply(
          state,
          seat,
          botChoice(nemesis, randomBot, state, seat, play),
        );
        if (!outcome.ok) throw new Error(outcome.rejection.message);
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('the easy level slips at about one turn action in four, and its slips are its random source’s', () => {
    const state = nemesis.setup(nemesis.options.parse({ players: 3 }), 'slips');
    // Play to the first turn action.
    const play = seedRandom('slips play');
    while (state.stack.at(-1)?.kind !== 'player-turn') {
      const seat = nemesis.prompts(state)[0]!.seats[0]!;
      nemesis.apply(state, seat, botChoice(nemesis, levels.normal, state, seat, play));
    }
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    const steady = botChoice(nemesis, levels.normal, state, seat, seedRandom('steady'));
    let strayed = 0;
    const tries = 400;
    for (let draw = 0; draw < tries; draw++) {
      const random = seedRandom(`slip ${draw}`);
      const chosen = levels.easy.choose(botInput(nemesis, state, seat, random));
      const again = levels.easy.choose(botInput(nemesis, state, seat, seedRandom(`slip ${draw}`)));
      expect(again).toEqual(chosen);
      if (JSON.stringify(chosen) !== JSON.stringify(steady)) strayed++;
    }
    // A slip may land on the steady choice too, so strays are somewhat under a quarter.
    expect(strayed / tries).toBeGreaterThan(0.1);
    expect(strayed / tries).toBeLessThan(0.3);
  });

  it('every name is a bot, the old name is its level, and another name is refused with the levels listed', () => {
    const bots = nemesisBots(nemesis);
    for (const name of botNames) expect(bots[parseBotName(name)]).toBeDefined();
    expect(bots.sensible).toBe(bots.normal);
    expect(Object.keys(levels)).toEqual([...levelNames]);
    expect(() => parseBotName('expert')).toThrow(
      'no Nemesis bot "expert": the levels are easy, normal, hard',
    );
  });
});

describe('The strongest level that answers in time', () => {
  const measures = {
    easy: { decisionSeconds95: 0.001, stepPValue: null },
    normal: { decisionSeconds95: 0.001, stepPValue: 0.001 },
    hard: { decisionSeconds95: 1.5, stepPValue: 0.002 },
  };

  it('climbs the levels while each step is shown and each answers in time', () => {
    expect(strongestLevelWithin(2, measures)).toBe('hard');
    expect(strongestLevelWithin(1, measures)).toBe('normal');
  });

  it('stops below a step not shown, however fast the level above it', () => {
    expect(
      strongestLevelWithin(2, { ...measures, hard: { ...measures.hard, stepPValue: 0.2 } }),
    ).toBe('normal');
    expect(
      strongestLevelWithin(2, { ...measures, normal: { ...measures.normal, stepPValue: 0.05 } }),
    ).toBe('easy');
  });

  it('refuses a time no level answers within', () => {
    expect(() => strongestLevelWithin(0.0001, measures)).toThrow(RangeError);
  });

  it('in the cooperative variant, offers the level the strongest plays as there, and says so in its name', () => {
    expect(recommendedLevel(2, 'standard', measures)).toBe('hard');
    expect(recommendedLevel(2, 'cooperative', measures)).toBe('normal');
    expect(recommendedLevel(1, 'cooperative', measures)).toBe('normal');
    expect(levelLabel('hard')).toBe('Hard (up to 2 s a move)');
    expect(levelLabel('hard', 'cooperative')).toBe('Hard (in a team, plays as Normal: instant)');
    expect(levelLabel('easy', 'cooperative')).toBe('Easy (instant)');
  });
});
