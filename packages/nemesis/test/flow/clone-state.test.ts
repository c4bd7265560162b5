import { botChoice, clonePlain, seedRandom } from '@tabletop/engine';
import { createNemesis, type NemesisState, randomBot } from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';
import { cloneState } from '../../src/flow/clone-state.js';

const nemesis = createNemesis();

/** Every list and object of `copy` that is also one of `original`'s, by path. */
function shared(original: unknown, copy: unknown, path = 'state'): string[] {
  if (typeof copy !== 'object' || copy === null) return [];
  if (copy === original) return [path];
  const found: string[] = [];
  for (const key of Object.keys(copy))
    found.push(
      ...shared(
        (original as Record<string, unknown>)[key],
        (copy as Record<string, unknown>)[key],
        `${path}.${key}`,
      ),
    );
  return found;
}

/** Every state of a game played by the random bot, every `every` actions. */
function statesOf(seed: string, players: number, every: number): NemesisState[] {
  const state = nemesis.setup(nemesis.options.parse({ players }), seed);
  const random = seedRandom(`clone:${seed}`);
  const states: NemesisState[] = [];
  for (let step = 0; state.over === null; step++) {
    if (step % every === 0) states.push(clonePlain(state));
    const seat = nemesis.prompts(state)[0]!.seats[0]!;
    const outcome = nemesis.apply(state, seat, botChoice(nemesis, randomBot, state, seat, random));
    if (!outcome.ok) throw new Error(outcome.rejection.message);
  }
  states.push(state);
  return states;
}

function expectFaithfulCopy(state: NemesisState): void {
  const copy = cloneState(state);
  expect(JSON.stringify(copy)).toBe(JSON.stringify(state));
  expect(shared(state, copy)).toEqual([]);
}

describe("a copy of the game state (what a search's re-deal starts from)", () => {
  it('equals the state byte for byte, keys in the same order, and shares no list or object with it, all through whole games', () => {
    for (const [seed, players] of [
      ['clone 1', 1],
      ['clone 2', 2],
      ['clone 3', 3],
      ['clone 4', 4],
      ['clone 5', 5],
    ] as const)
      for (const state of statesOf(seed, players, 7)) expectFaithfulCopy(state);
  });

  it('copies the optional fields (taped Heavy Items, interrupts declined, weapon attachments) in the order the game set them', () => {
    const [state] = statesOf('clone optional', 3, 1000);
    const first = state!.players[0]!;
    first.declinesInterrupts = true;
    first.taped = [['a', 'b']];
    const second = state!.players[1]!;
    second.taped = [['c', 'd']];
    second.declinesInterrupts = true;
    second.weapons.push({ id: 'w', ammo: 1, attachments: ['x'] });
    expectFaithfulCopy(state!);
  });

  it('copies a state drawing from the cryptographic generator', () => {
    const state = nemesis.setup(nemesis.options.parse({ players: 2 }), 'clone crypto', 'crypto');
    expect(Array.isArray(state.random)).toBe(false);
    expectFaithfulCopy(state);
  });
});
