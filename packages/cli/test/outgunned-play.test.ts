import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { exampleSceneNames, exampleScenePath } from '@tabletop/outgunned';
import { describe, expect, it } from 'vitest';
import { playOutgunned } from '../src/outgunned/play.js';
import { recording, runCli } from './helpers.js';

async function play(answers: string[], seed: string, scene?: string): Promise<string> {
  const input = Readable.from(answers.map((answer) => `${answer}\n`));
  const output = recording();
  await playOutgunned(
    { input, output: output.stream },
    scene === undefined ? { seed } : { seed, scene },
  );
  return output.text();
}

describe('tabletop play outgunned', () => {
  it('--director and --heroes give a side to a bot: the search Director against the sensible Heroes plays itself out', async () => {
    const result = await runCli([
      'play',
      'outgunned',
      '--seed',
      'bots',
      '--director',
      'search-director',
      '--heroes',
      'sensible',
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.output).not.toContain('Choose 1-');
    expect(result.output).toMatch(/> search-director bot: (Reaction|Bad Luck)/);
    expect(result.output).toMatch(/> sensible bot: Attack Goons 2 with the revolver/);
    expect(result.output).toMatch(/The fight is over: /);
  });

  it('with the Heroes at the terminal and a bot for the Director, only the Heroes are asked', async () => {
    const input = Readable.from(Array(5000).fill('1\n'));
    const output = recording();
    await playOutgunned(
      { input, output: output.stream },
      { seed: 'heroes at the terminal', director: 'sensible' },
    );
    const text = output.text();
    expect(text).toContain('Choose 1-');
    expect(text).not.toMatch(/Director: Goons 2 acts\. State its action/);
    expect(text).toMatch(/> sensible bot: /);
    expect(text).toMatch(/The fight is over: /);
  });

  it('runs the built-in fight to its end when every answer is 1, as with `yes 1 |`', async () => {
    const text = await play(Array(5000).fill('1'), 'one');
    expect(text).toContain('Goons in the alley: Rosa Vega, Jack Ironside against Goons 2');
    expect(text).toContain('The Heroes start.');
    expect(text).toMatch(/Goons 2 +Grit \[/);
    expect(text).toMatch(/Rosa Vega +Grit \[/);
    expect(text).toContain('Choose 1-');
    expect(text.trim().split('\n').at(-2)).toMatch(/^The fight is over: /);
    // The seed was given, so it was shown from the start; it is repeated at the end to replay the fight.
    expect(text.trim().split('\n').at(-1)).toBe(
      'Seed "one": the same seed and the same answers replay this fight.',
    );
  });

  it('numbered choices cover the Director and the Heroes, in the ruleset’s words, and the log shows the rolls', async () => {
    const text = await play(Array(5000).fill('1'), 'one');
    expect(text).toMatch(/Director: Goons 2 acts\. State its action and the Reaction Roll/);
    expect(text).toMatch(/\d\. Reaction: /);
    expect(text).toMatch(/\* Rosa Vega rolls .* dice/);
    expect(text).toMatch(/\d\. Attack Goons 2 with the revolver/);
  });

  it('the Hero sheet is on screen: Attributes, Skills and weapons', async () => {
    const text = await play(Array(5000).fill('1'), 'one');
    expect(text).toContain("[Rosa Vega's sheet]");
    expect(text).toMatch(/Attributes: Brawn 3 {2}Nerves 2/);
    expect(text).toMatch(/Skills: +Endure 1 {2}Fight 2/);
    expect(text).toMatch(
      /Weapons: +0\. fists \(unarmed\) {2}1\. revolver \(pistol, loaded, 2 spare mags\)/,
    );
  });

  it('one prompt for all the extra successes, damage first', async () => {
    const text = await play(Array(5000).fill('1'), 'one');
    expect(text).toMatch(/spend \d+ extra Basic units? of successes/);
    expect(text).toMatch(/1\. Extra successes: \d+ more Grit of damage/);
  });

  it('h shows the help and asks again; s shows the sheet; r the board', async () => {
    const text = await play(['h', 's', 'r', ...Array(5000).fill('1')], 'one');
    expect(text).toContain('Commands at any question:');
    expect(text.match(/\[Rosa Vega's sheet\]/g)!.length).toBeGreaterThan(1);
    expect(text).toMatch(/The fight is over: /);
  });

  it('q quits at once', async () => {
    const text = await play(['q'], 'one');
    expect(text.trim().split('\n').at(-1)).toMatch(/You left the fight in round 1\. Bye\.$/);
  });

  it('a wrong answer is explained and asked again', async () => {
    const text = await play(['x', '99', ...Array(5000).fill('1')], 'three');
    expect(text).toContain('"x" is not a choice: type a number from 1 to');
    expect(text).toContain('"99" is not a choice');
    expect(text).toMatch(/The fight is over: /);
  });

  it('stops cleanly when the input ends first, with a failing exit code', async () => {
    const result = await runCli(['play', 'outgunned', '--seed', 'four'], '1\n');
    expect(result.output.trim().split('\n').at(-1)).toBe('Input ended before the fight did.');
    expect(result.exitCode).toBe(1);
  });

  it('other answers play other fights, still to the end', async () => {
    const answers = Array.from({ length: 8000 }, (_, index) => String((index % 3) + 1));
    const text = await play(answers, 'five');
    expect(text).toMatch(/The fight is over: /);
  });

  it.each(exampleSceneNames)('--scene plays the example scene %s to its end', async (name) => {
    const text = await play(Array(20000).fill('1'), 'scene', exampleScenePath(name));
    expect(text).toMatch(/The fight is over: /);
  });

  it('a bad scene file is refused with every problem and its JSON path', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'scene-'));
    const file = join(folder, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'Bad',
        heroes: [
          {
            name: 'Ana',
            weapons: [{ name: 'colt', kind: 'pistol' }],
            mags: { pistol: 4 },
          },
          { name: 'Ben', skills: { juggling: 2 } },
        ],
        enemies: [{ template: 'goons-9' }],
      }),
    );
    const result = await runCli(['play', 'outgunned', '--scene', file, '--seed', 'x']);
    expect(result.exitCode).toBe(1);
    expect(result.error).toContain(`${file} is not a valid scene`);
    expect(result.error).toContain('heroes[1].skills: Unrecognized key: "juggling"');
    expect(result.error).toMatch(/enemies\[0\]\.template: .*goons-1/);
    expect(result.error).toContain(
      'heroes[0].mags.pistol: Ana carries 4 spare mags for the colt: at most 3 per weapon (plus one in it)',
    );
    const missing = await runCli(['play', 'outgunned', '--scene', file.replace('bad', 'missing')]);
    expect(missing.error).toMatch(
      /missing\.json is not a valid scene:\n {2}cannot be read: ENOENT/,
    );
  });
});
