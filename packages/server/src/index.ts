export { buildServer, defaultLimits, type ServerLimits, type ServerOptions } from './app.js';
export {
  BotPool,
  type BotQuestion,
  type BotRunner,
  type BotSource,
  defaultBotThreads,
  inThreadBots,
  mostBotThreads,
  serverBotSource,
} from './bot-pool.js';
export { quote, TableError } from './errors.js';
export type { NemesisOdds } from './nemesis-odds.js';
export { serverNodeFlags } from './node-flags.js';
export { parseTrustProxy, type TrustProxy } from './proxy.js';
export {
  type AnyRuleset,
  createTableRegistry,
  serverRulesets,
  type TableBot,
  type TableRuleset,
} from './registry.js';
export { type RunningServer, type StartOptions, startServer } from './start.js';
export { stopOnSignals } from './stop-on-signals.js';
export { backupStorage, openStorage, type StorageLocation } from './storage/open.js';
export { SqliteStorage, sqliteMigrations } from './storage/sqlite.js';
export type * from './storage/storage.js';
export { StorageError } from './storage/storage.js';
export {
  type Accepted,
  type ChatLimits,
  type ChatLine,
  type CreatedMatch,
  checkChatText,
  defaultChatLimits,
  type EntryMessage,
  type FollowMessage,
  forcedKeyPrefix,
  type Invitation,
  joinLink,
  type MatchInfo,
  maxUndoSteps,
  type Reader,
  type Reference,
  type ReplayFrame,
  type RulesetSummary,
  type StateMessage,
  seatKeyPrefix,
  standInKeyPrefix,
  stateFor,
  Tables,
  undoReason,
} from './tables.js';
export {
  checkTakeover,
  isSeatEvent,
  longestTakeoverSeconds,
  seatWords,
  takeoverBody,
} from './takeover.js';
export { hashToken } from './tokens.js';
