import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

describe('tabletop play duel', () => {
  it('plays a bot duel to its end and prints the log', async () => {
    const { output, exitCode } = await runCli(['play', 'duel', '--seed', 'readme']);
    expect(exitCode).toBe(0);
    expect(output).toMatch(/^Dice duel, seed "readme"/);
    expect(output).toMatch(
      /seat [01] wins the duel\nSeed "readme": the same seed replays this duel\.\n$/,
    );
  });

  it('the same seed prints the same game', async () => {
    const first = await runCli(['play', 'duel', '--seed', 's1']);
    const second = await runCli(['play', 'duel', '--seed', 's1']);
    expect(first.output).toBe(second.output);
  });

  it('a bad flag is refused with a message naming it', async () => {
    const { error, exitCode } = await runCli(['play', 'duel', '--health', 'many']);
    expect(exitCode).not.toBe(0);
    expect(error).toMatch(/--health.*expected a whole number, got "many"/);
  });
});
