export type { CheckResult } from './checks.js';
export { checkContent } from './checks.js';
export { spaceLeadingTo } from './derive.js';
export * from './effects.js';
export type { ContentIssue } from './errors.js';
export { ContentError, describeIssue, formatPath } from './errors.js';
export {
  baseContent,
  baseContentDirectory,
  contentFileNames,
  loadContentPack,
  parseContentPack,
  readContentFiles,
} from './load.js';
export * from './schema.js';
export type { KindUse, TriggerUse, UnhandledKind } from './vocabulary.js';
export {
  containsKind,
  forEachKindUse,
  handlersOf,
  triggersNamed,
  unfiredTriggers,
  unhandledKinds,
  usedHandlers,
} from './vocabulary.js';
