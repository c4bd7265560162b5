import { botChoice, botInput, type Seat, seedRandom } from '@tabletop/engine';
import {
  advisers,
  createNemesis,
  type NemesisAction,
  type NemesisBotInput,
  type NemesisState,
  playoutBot,
  playoutBudget,
  sensibleBot,
  sensibleBotStyled,
  surestCandidate,
} from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const nemesis = createNemesis();
const counsel = Object.entries(advisers).map(([title, style]) =>
  sensibleBotStyled(nemesis, style, title),
);
const search = playoutBot(nemesis, { ...playoutBudget, worlds: 3 });

/** Each adviser's answer to one question, handed the same input. */
function answers(input: NemesisBotInput): string[] {
  return counsel.map((adviser) => JSON.stringify(adviser.choose(input)));
}

/** The choices made once a game, where every legal answer is played out. */
const pivotal = ['choose-character', 'choose-objective'];

/**
 * Questions from four-player games of the normal level, up to `wanted`
 * where the advisers disagree, as many where they agree, and as many of
 * six of the choices made once a game.
 */
function questions(wanted: number): Record<'agreed' | 'disputed' | 'choices', NemesisState[]> {
  const agreed: NemesisState[] = [];
  const choices: NemesisState[] = [];
  const disputed: NemesisState[] = [];
  const normal = sensibleBot(nemesis);
  for (let game = 0; game < 30 && disputed.length < wanted; game++) {
    const state = nemesis.setup(nemesis.options.parse({ players: 4 }), `playouts ${game}`);
    const play = seedRandom(`playouts play ${game}`);
    for (let step = 0; state.over === null && disputed.length < wanted; step++) {
      const seat: Seat = nemesis.prompts(state)[0]!.seats[0]!;
      const input = botInput(nemesis, state, seat, seedRandom(`ask ${step}`));
      const once = pivotal.includes(input.legal[0]!.type);
      if (once && choices.length < 6) choices.push(structuredClone(state));
      if (input.legal.length > 1 && !once) {
        const distinct = new Set(answers(input)).size;
        if (distinct > 1) disputed.push(structuredClone(state));
        else if (agreed.length < wanted) agreed.push(structuredClone(state));
      }
      const outcome = nemesis.apply(state, seat, botChoice(nemesis, normal, state, seat, play));
      if (!outcome.ok) throw new Error(outcome.rejection.message);
    }
  }
  return { agreed, disputed, choices };
}

const asked = questions(12);

/**
 * Questions where the advisers disagree from `round` on, when play-outs
 * are short and a character often gets away.
 */
function lateQuestions(wanted: number, round: number): NemesisState[] {
  const late: NemesisState[] = [];
  const normal = sensibleBot(nemesis);
  for (let game = 0; game < 30 && late.length < wanted; game++) {
    const state = nemesis.setup(nemesis.options.parse({ players: 4 }), `late playouts ${game}`);
    const play = seedRandom(`late playouts play ${game}`);
    for (let step = 0; state.over === null && late.length < wanted; step++) {
      const seat: Seat = nemesis.prompts(state)[0]!.seats[0]!;
      const input = botInput(nemesis, state, seat, seedRandom(`late ${step}`));
      if (state.time >= round && input.legal.length > 1 && new Set(answers(input)).size > 1)
        late.push(structuredClone(state));
      const outcome = nemesis.apply(state, seat, botChoice(nemesis, normal, state, seat, play));
      if (!outcome.ok) throw new Error(outcome.rejection.message);
    }
  }
  return late;
}
const seatOf = (state: NemesisState): Seat => nemesis.prompts(state)[0]!.seats[0]!;
const choose = (bot: typeof search, state: NemesisState, draw: string): NemesisAction =>
  bot.choose(botInput(nemesis, state, seatOf(state), seedRandom(draw)));

describe('The hard level’s search: play-outs where its advisers disagree', () => {
  it('where every adviser gives the same answer, it gives that answer without searching', () => {
    expect(asked.agreed.length).toBe(12);
    for (const state of asked.agreed) {
      const input = botInput(nemesis, state, seatOf(state), seedRandom('agreed'));
      const [answer] = answers(input);
      expect(JSON.stringify(search.choose(input))).toBe(answer);
    }
  });

  it('where they disagree, it gives one of their answers, and the same one for the same random', () => {
    expect(asked.disputed.length).toBe(12);
    for (const state of asked.disputed) {
      const input = botInput(nemesis, state, seatOf(state), seedRandom('disputed'));
      const offered = answers(input);
      const chosen = choose(search, state, 'choice');
      expect(offered).toContain(JSON.stringify(chosen));
      expect(choose(search, state, 'choice')).toEqual(chosen);
    }
  });

  it('chooses its character and its Objective from every legal answer, the same for the same random', () => {
    expect(asked.choices.length).toBe(6);
    expect(new Set(asked.choices.map((state) => state.stack.at(-1)!.kind)).size).toBe(2);
    for (const state of asked.choices) {
      const legal = nemesis.legalActions(state, seatOf(state));
      const chosen = choose(search, state, 'once');
      expect(legal).toContainEqual(chosen);
      expect(choose(search, state, 'once')).toEqual(chosen);
    }
  });

  it('keeps its own plan (the first adviser’s) unless a play-out beats it by the margin', () => {
    const unmovable = playoutBot(nemesis, { ...playoutBudget, worlds: 3, margin: 2 });
    for (const state of asked.disputed) {
      const own = botChoice(nemesis, counsel[0]!, state, seatOf(state), seedRandom('own'));
      expect(choose(unmovable, state, 'own')).toEqual(own);
    }
  });

  it('scores a survivor who missed the Objectives as it is told: as a win or as the dead, some choices change', () => {
    const budget = { ...playoutBudget, worlds: 8, margin: 0 };
    const survivalCounts = playoutBot(nemesis, budget, 'survival counts', 1);
    const onlyWinsCount = playoutBot(nemesis, budget, 'only wins count', 0);
    const late = lateQuestions(12, 9);
    expect(late.length).toBe(12);
    const changed = late.filter(
      (state) =>
        JSON.stringify(choose(survivalCounts, state, 'score')) !==
        JSON.stringify(choose(onlyWinsCount, state, 'score')),
    );
    expect(changed.length).toBeGreaterThan(0);
  });

  it('with a budget of one action, plays one world a candidate, which is never sure enough to overrule', () => {
    const hasty = playoutBot(nemesis, { worlds: 24, actions: 1, margin: 0 });
    const patient = playoutBot(nemesis, {
      worlds: 24,
      actions: Number.MAX_SAFE_INTEGER,
      margin: 0,
    });
    let overruled = 0;
    for (const state of asked.disputed) {
      const own = botChoice(nemesis, counsel[0]!, state, seatOf(state), seedRandom('budget'));
      expect(choose(hasty, state, 'budget')).toEqual(own);
      if (JSON.stringify(choose(patient, state, 'budget')) !== JSON.stringify(own)) overruled++;
    }
    expect(overruled).toBeGreaterThan(0);
  });
});

describe('The hard level’s search: when a candidate beats its own plan surely enough', () => {
  const [plan, other, third] = [
    { type: 'pass', shedContamination: false },
    { type: 'room', room: 3 },
    { type: 'room', room: 4 },
  ] as NemesisAction[];
  const planScores = [0, 0.7, 0, 0, 1, 0.7];

  it('a candidate ahead in every world by more than the margin replaces the plan', () => {
    const ahead = planScores.map((score) => score + 0.1);
    expect(surestCandidate([plan!, other!], [planScores, ahead], 0.03)).toEqual(other);
  });

  it('a gain below the margin, or within a standard error of the worlds’ differences, does not', () => {
    const slightly = planScores.map((score) => score + 0.02);
    expect(surestCandidate([plan!, other!], [planScores, slightly], 0.03)).toEqual(plan);
    // Ahead by 0.7 in one world of six, behind by 0.3 in another: a mean of 0.067, an error of 0.16.
    const luckier = [0.7, 0.7, 0, 0, 0.7, 0.7];
    expect(surestCandidate([plan!, other!], [planScores, luckier], 0.03)).toEqual(plan);
  });

  it('of two sure candidates, the one with the larger gain', () => {
    const ahead = planScores.map((score) => score + 0.1);
    const further = planScores.map((score) => score + 0.2);
    expect(surestCandidate([plan!, other!, third!], [planScores, ahead, further], 0.03)).toEqual(
      third,
    );
  });
});
