import { describe, expect, it } from 'vitest';
import { interruptWindow, mustAct, simultaneous } from '../src/prompt.js';

describe('prompts', () => {
  it('one seat must act, with its few choices listed', () => {
    const prompt = mustAct('0', 'roll', 'Roll the die', [
      { label: 'Roll', action: { type: 'roll' } },
    ]);
    expect(prompt).toEqual({
      mode: 'single',
      seats: ['0'],
      answer: 'roll',
      text: 'Roll the die',
      choices: [{ label: 'Roll', action: { type: 'roll' } }],
    });
  });

  it('several seats answer at once in a simultaneous choice', () => {
    expect(simultaneous(['0', '1', '2'], 'choose-objective', 'Keep one')).toMatchObject({
      mode: 'simultaneous',
      seats: ['0', '1', '2'],
    });
  });

  it('an optional window lets seats act or pass', () => {
    expect(interruptWindow(['1'], 'interrupt', 'Play an interrupt or pass')).toMatchObject({
      mode: 'window',
      seats: ['1'],
    });
  });

  it('a prompt with too many answers to list leaves the choices out, and stays plain data', () => {
    const prompt = mustAct('0', 'choose-number', 'Any whole number');
    expect('choices' in prompt).toBe(false);
    expect(JSON.parse(JSON.stringify(prompt))).toEqual(prompt);
  });
});
