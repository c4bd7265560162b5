import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Which generator a match draws from: `fast` (xoroshiro128+) for
 * simulation, bots and local play; `crypto` (ChaCha20) for online matches,
 * where what a player sees must not let them predict what comes next.
 */
export type GeneratorKind = 'fast' | 'crypto';

export const generatorKinds: readonly GeneratorKind[] = ['fast', 'crypto'];

/**
 * The generator's state as four plain 32-bit integers, kept inside the game
 * state so that a match is fully described by its seed and actions.
 */
export type RandomState = number[];

/** Derives a generator state from any seed string, using all of its characters. */
export function seedRandom(seed: string): RandomState {
  const digest = sha256(new TextEncoder().encode(seed));
  const words = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  // xoroshiro128plus is seeded from 32 bits; mixing the rest of the digest in
  // by jumping would be slow, so the whole 128-bit state is taken from the digest.
  const state = [words.getInt32(0), words.getInt32(4), words.getInt32(8), words.getInt32(12)];
  if (state.every((word) => word === 0)) return [...xoroshiro128plus(1).getState()];
  return state;
}

/** A uniformly random integer in [min, max]; advances the generator in place. */
export function randomInt(random: RandomState, min: number, max: number): number {
  const generator = xoroshiro128plusFromState(random);
  const value = uniformInt(generator, min, max);
  const next = generator.getState();
  random[0] = next[0]!;
  random[1] = next[1]!;
  random[2] = next[2]!;
  random[3] = next[3]!;
  return value;
}

/**
 * Deals a generator a new state drawn from `random`, in place: for the
 * no-leak check, since no view may show the generator.
 */
export function redealGenerator(generator: RandomState, random: RandomState): void {
  for (let index = 0; index < 4; index++)
    generator[index] = randomInt(random, -0x80000000, 0x7fffffff);
}

/** A roll of a die with `sides` faces, 1-based. */
export function rollDie(random: RandomState, sides: number): number {
  return randomInt(random, 1, sides);
}

/** A face of a die given by its list of faces. */
export function rollFace<Face>(random: RandomState, faces: readonly Face[]): Face {
  return faces[randomInt(random, 0, faces.length - 1)]!;
}

/** Shuffles in place (Fisher-Yates) and returns the same array. */
export function shuffle<T>(random: RandomState, items: T[]): T[] {
  for (let index = items.length - 1; index > 0; index--) {
    const other = randomInt(random, 0, index);
    const held = items[index]!;
    items[index] = items[other]!;
    items[other] = held;
  }
  return items;
}

/** Picks one element at random without removing it. */
export function pick<T>(random: RandomState, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  return items[randomInt(random, 0, items.length - 1)]!;
}

/** 32 bytes from the operating system's cryptographic source, as hex: the seed of an online match. */
export function newSeed(): string {
  return bytesToHex(globalThis.crypto.getRandomValues(new Uint8Array(32)));
}
