import type { ObjectKind } from '../content/effects.js';
import type { HeavyObject } from '../flow/state.js';

// The kinds the content names (an Objective's "carry a Character Corpse", a
// Weakness slot's object) against the tokens on the board. Types only come
// in, so the words and the bots read these without the rules behind them.

/** The objects each kind names: a Character Corpse is any corpse, the blue one too. */
export const objectsOfKind: Readonly<Record<ObjectKind, readonly HeavyObject[]>> = {
  'character-corpse': ['corpse', 'blue-corpse'],
  'blue-character-corpse': ['blue-corpse'],
  'intruder-carcass': ['carcass'],
  'intruder-egg': ['egg'],
};

/** The object that labels a Weakness slot of each kind, as the Intruder board prints it. */
export const objectOfKind: Readonly<Record<ObjectKind, HeavyObject>> = {
  'character-corpse': 'corpse',
  'blue-character-corpse': 'blue-corpse',
  'intruder-carcass': 'carcass',
  'intruder-egg': 'egg',
};

/** What an object counts as for research: the blue Corpse is a Character Corpse like any. */
export function researchedAs(object: HeavyObject): HeavyObject {
  return object === 'blue-corpse' ? 'corpse' : object;
}

/** Whether any of these objects is of the kind named. */
export function includesKind(objects: readonly HeavyObject[], kind: ObjectKind): boolean {
  return objectsOfKind[kind].some((object) => objects.includes(object));
}
