export * from './bots/index.js';
export type { HeavyObject, IntruderKind } from './content/effects.js';
export {
  baseContent,
  ContentError,
  type ContentPack,
  loadContentPack,
  parseContentPack,
} from './content/index.js';
export type { CombatFace } from './content/schema.js';
export type { Tables, WeaponFacts } from './content/tables.js';
export * from './describe/index.js';
export {
  type ObjectiveAsk,
  type ObjectiveFate,
  type ObjectiveTally,
  objectiveAskKinds,
  objectiveAsks,
  tallyObjectives,
} from './end-of-game/objective-tally.js';
export { nemesisInvariants } from './flow/invariants.js';
export * from './odds/index.js';
export { createNemesis, type NemesisRuleset, nemesisVersion } from './ruleset.js';
export { type NemesisView, viewFor } from './views/view.js';
export * from './vocabulary/actions.js';
export type * from './vocabulary/state.js';
