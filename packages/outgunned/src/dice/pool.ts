/**
 * The dice pool: Attribute plus Skill, one die more for each bonus and one
 * fewer for each penalty, never fewer than 2 nor more than 9.
 */

export const smallestPool = 2;
export const largestPool = 9;

export function clampPool(dice: number): number {
  return Math.min(largestPool, Math.max(smallestPool, Math.trunc(dice)));
}

export interface PoolParts {
  attribute: number;
  skill: number;
  /** Each bonus is one die (cover, weapon, Full Auto, Adrenaline...). */
  bonuses?: number;
  /** Each penalty is one die fewer (cover, weapon, Conditions...). */
  penalties?: number;
}

export function poolSize(parts: PoolParts): number {
  return clampPool(parts.attribute + parts.skill + (parts.bonuses ?? 0) - (parts.penalties ?? 0));
}
