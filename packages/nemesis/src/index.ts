export * from './actions.js';
export * from './bots/index.js';
export {
  baseContent,
  ContentError,
  type ContentPack,
  loadContentPack,
  parseContentPack,
} from './content/index.js';
export { nemesisInvariants } from './invariants.js';
export * from './odds/index.js';
export { createNemesis, type NemesisRuleset, nemesisVersion } from './ruleset.js';
export type * from './state.js';
export type { Tables } from './tables.js';
export { type NemesisView, viewFor } from './view.js';
