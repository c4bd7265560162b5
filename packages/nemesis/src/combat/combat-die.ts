import type { IntruderKind } from '../content/effects.js';
import type { CombatFace } from '../content/schema.js';

/** What a Combat die face can wound, from the smallest Intruder up. */
const faceReaches: Record<'creeper' | 'adult', readonly IntruderKind[]> = {
  creeper: ['larva', 'creeper'],
  adult: ['larva', 'creeper', 'adult'],
};

/**
 * Injuries a Combat die face deals to a target. An egg counts as the
 * smallest target (the rules say any hit breaks one), so the Creeper and
 * Adult faces break eggs too. Two crosshairs deal 2 injuries when shooting
 * but only 1 in melee.
 */
export function injuriesFromFace(
  face: CombatFace,
  target: IntruderKind | 'egg',
  attack: 'shoot' | 'melee',
): number {
  switch (face) {
    case 'blank':
      return 0;
    case 'creeper':
    case 'adult':
      return target === 'egg' || faceReaches[face].includes(target) ? 1 : 0;
    case 'single':
      return 1;
    case 'double':
      return attack === 'shoot' ? 2 : 1;
  }
}
