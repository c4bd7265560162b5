import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { playOutgunned } from '../src/outgunned/play.js';
import { recording } from './helpers.js';

async function play(answers: string[], seed: string): Promise<string> {
  const input = Readable.from(answers.map((answer) => `${answer}\n`));
  const output = recording();
  await playOutgunned({ input, output: output.stream }, { seed });
  return output.text();
}

describe('tabletop play outgunned', () => {
  it('runs the built-in fight to its end when every answer is 1, as with `yes 1 |`', async () => {
    const text = await play(Array(5000).fill('1'), 'one');
    expect(text).toContain('Rosa Vega and Jack Ironside against Goons 2');
    expect(text).toMatch(/Goons 2 +Grit \[/);
    expect(text).toMatch(/Rosa Vega +Grit \[/);
    expect(text).toContain('Choose 1-');
    expect(text.trim().split('\n').at(-1)).toMatch(/^The fight is over: /);
  });

  it('numbered choices cover the Director and the Heroes, and the log shows the rolls', async () => {
    const text = await play(Array(5000).fill('1'), 'one');
    expect(text).toMatch(/Director: State the Enemies' action/);
    expect(text).toMatch(/\d\. Reaction: /);
    expect(text).toMatch(/\* Rosa Vega rolls .* dice/);
    expect(text).toMatch(/\d\. Attack Goons 2 with/);
  });

  it('a wrong answer is explained and asked again', async () => {
    const text = await play(['x', '99', ...Array(5000).fill('1')], 'three');
    expect(text).toContain('"x" is not a choice: type a number from 1 to');
    expect(text).toContain('"99" is not a choice');
    expect(text).toMatch(/The fight is over: /);
  });

  it('stops cleanly when the input ends first', async () => {
    const text = await play(['1'], 'four');
    expect(text.trim().split('\n').at(-1)).toBe('Input ended before the fight did.');
  });

  it('other answers play other fights, still to the end', async () => {
    const answers = Array.from({ length: 8000 }, (_, index) => String((index % 3) + 1));
    const text = await play(answers, 'five');
    expect(text).toMatch(/The fight is over: /);
  });
});
