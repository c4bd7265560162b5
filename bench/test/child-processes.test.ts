import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

describe('a bench shared among child processes', () => {
  it('plays each game once, in the child whose share it is, and gathers every result', () => {
    const script = fileURLToPath(new URL('./fixtures/numbers-by-share.ts', import.meta.url));
    const printed = execFileSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
    });
    const results = JSON.parse(printed) as { game: number; child: number }[];
    expect(results.map((result) => result.game)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const result of results) expect(result.child).toBe(result.game % 3);
  }, 60_000);
});
