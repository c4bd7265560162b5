import { excerpt } from './excerpt.js';
import type { Ruleset } from './ruleset.js';

// biome-ignore lint/suspicious/noExplicitAny: a registry holds rulesets of every state and action type
type AnyRuleset = Ruleset<any, any, any, any>;

/** Rulesets by id, for whatever must find one by name: the server, the CLI, replays. */
export interface Registry<R extends AnyRuleset = AnyRuleset> {
  /** The ruleset with this id; throws an error naming the id and the known ones. */
  get(id: string): R;
  has(id: string): boolean;
  /** The known ids, sorted. */
  ids(): string[];
}

export class UnknownRulesetError extends Error {
  override name = 'UnknownRulesetError';
}

export function createRegistry<R extends AnyRuleset>(rulesets: readonly R[]): Registry<R> {
  const byId = new Map<string, R>();
  for (const ruleset of rulesets) {
    if (byId.has(ruleset.id)) throw new Error(`two rulesets have the id "${ruleset.id}"`);
    byId.set(ruleset.id, ruleset);
  }
  const ids = [...byId.keys()].sort();
  return {
    get(id) {
      const ruleset = typeof id === 'string' ? byId.get(id) : undefined;
      if (ruleset === undefined) {
        throw new UnknownRulesetError(
          `no ruleset ${excerpt(id)}; the known ones are ${ids.join(', ') || 'none'}`,
        );
      }
      return ruleset;
    },
    has: (id) => byId.has(id),
    ids: () => [...ids],
  };
}
