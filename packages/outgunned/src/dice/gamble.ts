/**
 * Gamble: once all re-rolls are done, each die showing a one (Snake Eyes)
 * costs a box of Grit. Dice set aside by a lost success still show their
 * faces, so they count too.
 */
export function snakeEyes(dice: readonly number[], setAside: readonly number[] = []): number {
  let ones = 0;
  for (const face of dice) if (face === 1) ones++;
  for (const face of setAside) if (face === 1) ones++;
  return ones;
}
