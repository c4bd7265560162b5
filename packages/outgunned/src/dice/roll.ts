import { type RandomState, rollDie } from '@tabletop/engine';

/** Where dice come from: the generator, or dice stacked in advance. */
export type DieSource = () => number;

/**
 * Dice stacked in the state are thrown first, in order, then the generator.
 * Tests stack dice to replay a scene roll by roll; play never stacks any.
 */
export function dieSource(holder: { random: RandomState; stackedDice: number[] }): DieSource {
  return () => {
    const stacked = holder.stackedDice.shift();
    return stacked ?? rollDie(holder.random, 6);
  };
}

export function rollDice(count: number, source: DieSource): number[] {
  const dice: number[] = [];
  for (let index = 0; index < count; index++) dice.push(source());
  return dice;
}
