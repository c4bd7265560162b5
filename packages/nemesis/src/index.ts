export * from './bots/index.js';
export {
  baseContent,
  ContentError,
  type ContentPack,
  loadContentPack,
  parseContentPack,
} from './content/index.js';
export type { CombatFace, Tables, WeaponFacts } from './content/tables.js';
export * from './describe/index.js';
export * from './flow/actions.js';
export { nemesisInvariants } from './flow/invariants.js';
export type * from './flow/state.js';
export * from './odds/index.js';
export { createNemesis, type NemesisRuleset, nemesisVersion } from './ruleset.js';
export { type NemesisView, viewFor } from './views/view.js';
