export { type AttackDeckState, attackDeckWith, everyDraw } from './attack-deck.js';
export {
  type CombatOdds,
  type CombatQuestion,
  combatOdds,
  type DeathCheckOutcome,
  deathCheckOdds,
  type WeaponRulesMode,
} from './combat.js';
export { type BagQuestion, type EncounterOdds, encounterOdds, setupBag } from './encounter.js';
export { type EscapeOdds, type EscapeQuestion, escapeOdds } from './escape.js';
export {
  type NoiseOdds,
  type NoiseOutcome,
  type NoiseQuestion,
  noiseRollOdds,
} from './noise-roll.js';
