import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

const newSeed = /[0-9a-f]{64}/;

/** The seed a game printed at its end, and everything printed before that line. */
function seedAtEnd(output: string): { seed: string; before: string } {
  const match = /Seed "([0-9a-f]{64})"/.exec(output);
  if (!match) throw new Error(`no seed at the end of:\n${output.slice(-500)}`);
  return { seed: match[1]!, before: output.slice(0, match.index) };
}

describe('the seed is a secret until the game is over', () => {
  it('a duel without --seed draws a new seed and shows it only at the end', async () => {
    const { output, exitCode } = await runCli(['play', 'duel']);
    expect(exitCode).toBe(0);
    expect(output).toMatch(/^Dice duel, 20 health each\n/);
    const { seed, before } = seedAtEnd(output);
    expect(before).not.toContain(seed);
    expect(before).toMatch(/wins the duel\n$/);
    const again = seedAtEnd((await runCli(['play', 'duel'])).output);
    expect(again.seed).not.toBe(seed);
  });

  it('the seed shown at the end replays the same duel', async () => {
    const first = await runCli(['play', 'duel']);
    const { seed, before } = seedAtEnd(first.output);
    const replay = await runCli(['play', 'duel', '--seed', seed]);
    expect(replay.output).toBe(
      `${before.replace('Dice duel,', `Dice duel, seed "${seed}",`)}Seed "${seed}": the same seed replays this duel.\n`,
    );
  });

  it('a seed given with --seed is shown from the start', async () => {
    const { output } = await runCli([
      'play',
      'nemesis',
      '--players',
      '1',
      '--humans',
      '0',
      '--seed',
      'chosen',
    ]);
    expect(output.split('\n')[0]).toContain('seed "chosen"');
  });

  it('Nemesis without --seed shows its new seed only after GAME OVER', async () => {
    const { output, exitCode } = await runCli([
      'play',
      'nemesis',
      '--players',
      '1',
      '--humans',
      '0',
    ]);
    expect(exitCode).toBe(0);
    const { seed, before } = seedAtEnd(output);
    expect(before).not.toContain(seed);
    expect(before).toContain('GAME OVER');
  });

  it('a Nemesis game left before its end never shows its seed', async () => {
    const { output } = await runCli(['play', 'nemesis', '--players', '2', '--humans', '1'], 'q\n');
    expect(output).toContain('You left the game');
    expect(output).not.toMatch(newSeed);
  });

  it('help shows no default seed', async () => {
    const { output } = await runCli(['play', 'duel', '--help']);
    expect(output).toContain('a new secret one');
    expect(output).not.toMatch(/default: "/);
  });
});
