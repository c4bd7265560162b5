import { describe, expect, it } from 'vitest';
import { type Action, canClose, candidates, close, nextQuestion, pick } from '../src/choices.ts';

const pass = (...discard: string[]): Action => ({ type: 'pass', discard });
const actions: Action[] = [
  { type: 'move', to: 2, cards: ['a'] },
  { type: 'move', to: 5, cards: ['a'] },
  { type: 'move', to: 5, cards: ['b'] },
  pass(),
  pass('a'),
  pass('b'),
  pass('a', 'b'),
];

describe('choosing a legal action a field at a time', () => {
  it('asks first for the kind of action, then for each field the remaining actions differ on', () => {
    let picks = {};
    let question = nextQuestion(actions, candidates(actions, picks), picks)!;
    expect(question).toMatchObject({ field: 'type', values: ['move', 'pass'] });
    picks = pick(picks, question, 'move');
    question = nextQuestion(actions, candidates(actions, picks), picks)!;
    expect(question).toMatchObject({ field: 'to', values: [2, 5] });
    picks = pick(picks, question, 5);
    question = nextQuestion(actions, candidates(actions, picks), picks)!;
    expect(question).toMatchObject({ field: 'cards', values: ['a', 'b'], array: true });
    picks = pick(picks, question, 'b');
    expect(candidates(actions, picks).map((index) => actions[index])).toEqual([
      { type: 'move', to: 5, cards: ['b'] },
    ]);
  });

  it('lets a list stop short: discarding nothing, or one card where two could go', () => {
    let picks = pick({}, { field: 'type', values: [], array: false }, 'pass');
    let indexes = candidates(actions, picks);
    let question = nextQuestion(actions, indexes, picks)!;
    expect(question.field).toBe('discard');
    expect(canClose(actions, indexes, picks, question)).toBe(true);
    expect(candidates(actions, close(picks, question)).map((index) => actions[index])).toEqual([
      pass(),
    ]);
    picks = pick(picks, question, 'a');
    indexes = candidates(actions, picks);
    question = nextQuestion(actions, indexes, picks)!;
    expect(question.values).toEqual(['b']);
    expect(candidates(actions, close(picks, question)).map((index) => actions[index])).toEqual([
      pass('a'),
    ]);
  });
});
