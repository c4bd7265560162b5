import type { HeavyObject } from '../content/effects.js';

// What a card's word for a heavy object takes in. Types only come in, so the
// words and the bots read these without the rules behind them.

/** The objects each word names: a Corpse is any Character Corpse, the blue one too. */
export const objectsNamed: Readonly<Record<HeavyObject, readonly HeavyObject[]>> = {
  corpse: ['corpse', 'blue-corpse'],
  'blue-corpse': ['blue-corpse'],
  carcass: ['carcass'],
  egg: ['egg'],
};

/** What an object counts as for research: the blue Corpse is a Character Corpse like any. */
export function researchedAs(object: HeavyObject): HeavyObject {
  return object === 'blue-corpse' ? 'corpse' : object;
}

/** Whether any of these objects is one the word names. */
export function includesObject(objects: readonly HeavyObject[], named: HeavyObject): boolean {
  return objectsNamed[named].some((object) => objects.includes(object));
}
