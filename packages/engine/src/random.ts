import { chacha20 } from '@noble/ciphers/chacha.js';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Which generator a match draws from: `fast` (xoroshiro128+) for
 * simulation, bots and local play; `crypto` (ChaCha20) for online matches,
 * where what a player sees must not let them predict what comes next.
 */
export type GeneratorKind = 'fast' | 'crypto';

export const generatorKinds: readonly GeneratorKind[] = ['fast', 'crypto'];

/** The fast generator's state: xoroshiro128+ as four plain 32-bit integers. */
export type FastRandomState = number[];

/**
 * The cryptographic generator's state: a ChaCha20 key stream, read 32 bits
 * at a time. `block` is the stream's block counter and `position` the next
 * 32-bit word in that block (0 to 15).
 */
export interface CryptoRandomState {
  chacha20: string;
  block: number;
  position: number;
}

/**
 * A generator's state, kept inside the game state so that a match is fully
 * described by its seed and actions: plain data either way.
 */
export type RandomState = FastRandomState | CryptoRandomState;

/** Derives a generator state from any seed string, using all of its characters. */
export function seedRandom(seed: string, generator: GeneratorKind = 'fast'): RandomState {
  if (generator === 'crypto') return seedChacha(seed);
  if (generator !== 'fast')
    throw new RangeError(`no generator "${String(generator).slice(0, 40)}"`);
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
  if (!Array.isArray(random)) return chachaInt(random, min, max);
  const size = max - min + 1;
  if (random.length === 4 && Number.isSafeInteger(min) && size >= 1 && size <= twoTo32)
    return min + fastInt(random, size);
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
 * One draw of xoroshiro128+ in [0, size), stepping the state in place: the
 * same numbers as pure-rand's generator and uniform distribution give (a
 * test holds them together), without the two objects each of their draws
 * makes, as a search's re-deal draws hundreds of times per iteration.
 */
function fastInt(state: number[], size: number): number {
  const limit = size > 2 ? Math.floor(twoTo32 / size) * size : twoTo32;
  for (;;) {
    const s01 = state[0]!;
    const s00 = state[1]!;
    const s11 = state[2]!;
    const s10 = state[3]!;
    const out = (s00 + s10) | 0;
    const a0 = s10 ^ s00;
    const a1 = s11 ^ s01;
    state[1] = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    state[0] = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    state[3] = (a1 << 5) ^ (a0 >>> 27);
    state[2] = (a0 << 5) ^ (a1 >>> 27);
    const draw = out + 0x80000000;
    if (draw < limit) return draw % size;
  }
}

function seedChacha(seed: string): CryptoRandomState {
  // A domain of its own: the key shares no bytes with the fast state of the same seed.
  const key = sha256(new TextEncoder().encode(`chacha20:${seed}`));
  return { chacha20: bytesToHex(key), block: 0, position: 0 };
}

const wordsPerBlock = 16;
const nonce = new Uint8Array(12);
const zeros = new Uint8Array(4 * wordsPerBlock);
/** Where each block is computed, then read into its key's words. */
const blockBytes = new Uint8Array(4 * wordsPerBlock);
const blockView = new DataView(blockBytes.buffer);

interface KeyStream {
  key: Uint8Array;
  block: number;
  words: Uint32Array;
}

/**
 * The last block computed for each key lately, so that a draw reads its
 * word from a block computed once: a server interleaves the draws of many
 * matches, and checks what an action would draw on a copy before the match
 * draws it. Bounded: the oldest key is dropped first.
 */
const streams = new Map<string, KeyStream>();
const mostStreams = 4096;

function keyStreamBlock(key: string, block: number): Uint32Array {
  let stream = streams.get(key);
  if (stream !== undefined && stream.block === block) return stream.words;
  if (stream === undefined) {
    if (streams.size >= mostStreams) streams.delete(streams.keys().next().value!);
    stream = { key: hexToBytes(key), block: -1, words: new Uint32Array(wordsPerBlock) };
    streams.set(key, stream);
  }
  chacha20(stream.key, nonce, zeros, blockBytes, block);
  for (let index = 0; index < wordsPerBlock; index++)
    stream.words[index] = blockView.getUint32(4 * index, true);
  stream.block = block;
  return stream.words;
}

/** The next 32 bits of the key stream, as an unsigned integer. */
function nextWord(random: CryptoRandomState): number {
  const word = keyStreamBlock(random.chacha20, random.block)[random.position]!;
  if (random.position === wordsPerBlock - 1) {
    random.block++;
    random.position = 0;
  } else random.position++;
  return word;
}

const twoTo32 = 2 ** 32;
const twoTo53 = 2 ** 53;

/**
 * Uniform by rejection: draws that fall in the incomplete last stretch of
 * the word space are thrown away, so no value is likelier than another.
 */
function chachaInt(random: CryptoRandomState, min: number, max: number): number {
  const size = max - min + 1;
  if (!Number.isSafeInteger(size) || size < 1)
    throw new RangeError(`no integer range from ${min} to ${max}`);
  const space = size <= twoTo32 ? twoTo32 : twoTo53;
  const limit = space - (space % size);
  for (;;) {
    const draw =
      space === twoTo32
        ? nextWord(random)
        : (nextWord(random) & 0x1fffff) * twoTo32 + nextWord(random);
    if (draw < limit) return min + (draw % size);
  }
}

/**
 * Deals a generator a new state drawn from `random`, in place: for the
 * no-leak check, since no view may show the generator.
 */
export function redealGenerator(generator: RandomState, random: RandomState): void {
  if (Array.isArray(generator)) {
    for (let index = 0; index < 4; index++)
      generator[index] = randomInt(random, -0x80000000, 0x7fffffff);
    return;
  }
  const key = Array.from({ length: 8 }, () =>
    randomInt(random, 0, 0xffffffff).toString(16).padStart(8, '0'),
  );
  generator.chacha20 = key.join('');
  generator.block = randomInt(random, 0, 0xffff);
  generator.position = randomInt(random, 0, wordsPerBlock - 1);
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
