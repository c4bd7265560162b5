import { describe, expect, it } from 'vitest';
import { runCli } from './helpers.js';

describe('the bot levels on the command line', () => {
  it('simulate nemesis plays each level and each old name, and names the bot it played', async () => {
    for (const bot of ['easy', 'normal', 'hard', 'sensible']) {
      const result = await runCli([
        'simulate',
        'nemesis',
        '--games',
        '1',
        '--players',
        '2',
        '--bot',
        bot,
        '--seed',
        'levels',
        '--json',
      ]);
      expect(result.exitCode, result.error).toBe(0);
      const summary = JSON.parse(result.output) as {
        games: number;
        bot: string;
        errors: unknown[];
      };
      expect(summary.games).toBe(1);
      expect(summary.bot).toBe(bot);
    }
  });

  it('play nemesis watches a game of hard bots to its end', async () => {
    const result = await runCli(
      ['play', 'nemesis', '--players', '1', '--humans', '0', '--bot', 'hard', '--seed', 'hard'],
      '',
    );
    expect(result.exitCode, result.error).toBe(0);
    expect(result.output).toContain('bots: hard');
    expect(result.output).toContain('GAME OVER');
  });

  it.each([
    ['play', 'nemesis', '--humans', '0'],
    ['simulate', 'nemesis', '--games', '1'],
  ])('%s %s refuses a name that is no bot, listing the levels', async (...command) => {
    const result = await runCli([...command, '--bot', 'expert']);
    expect(result.exitCode).not.toBe(0);
    expect(result.error).toContain('no Nemesis bot "expert"');
    expect(result.error).toContain('the levels are easy, normal, hard');
  });

  it('the help of --bot gives each level its time per decision', async () => {
    const result = await runCli(['play', 'nemesis', '--help']);
    const help = result.output.replace(/\s+/g, ' ');
    expect(help).toContain(
      'easy (instant), normal (instant), hard (up to 2 s a move); also random',
    );
  });
});
