import type { Entry, ReferenceSection } from '@tabletop/engine';
import { createContext, useContext } from 'react';

export type { Entry, ReferenceSection };

/**
 * Every word the table shows about a thing, by its key ("item:revolver",
 * "room:5"): the ruleset's words from the reader's own view (`things`, sent
 * with each state) over the rules reference of the content loaded (the same
 * for everyone). The page writes none of these words itself.
 */
export interface Words {
  entry(key: string): Entry | null;
  /** The reference's sections, for the rules reference page. */
  sections: readonly ReferenceSection[];
}

export function indexReference(sections: readonly ReferenceSection[]): Map<string, Entry> {
  const index = new Map<string, Entry>();
  for (const section of sections) for (const entry of section.entries) index.set(entry.key, entry);
  return index;
}

/**
 * The reader's words over the reference's: a field the view's entry leaves
 * out (a card's cost, say) is the reference's.
 */
export function createWords(
  sections: readonly ReferenceSection[],
  reference: ReadonlyMap<string, Entry>,
  things: Readonly<Record<string, Entry>> | undefined,
): Words {
  return {
    sections,
    entry(key) {
      const own = things?.[key];
      const general = reference.get(key);
      if (own && general) return { ...general, ...own };
      return own ?? general ?? null;
    },
  };
}

export const noWords: Words = { sections: [], entry: () => null };

export const WordsContext = createContext<Words>(noWords);

export function useWords(): Words {
  return useContext(WordsContext);
}

/** A thing's name as the ruleset words it, or the fallback while no words have arrived. */
export function nameOf(words: Words, key: string, fallback: string): string {
  return words.entry(key)?.name ?? fallback;
}

/** The games by their rulesets' ids, as a player reads them. */
export const gameNames: Readonly<Record<string, string>> = {
  nemesis: 'Nemesis',
  outgunned: 'Outgunned (a fight)',
};

/** A ruleset's name as a player reads it ("Nemesis"); one without a name, by its id. */
export function gameName(ruleset: string): string {
  return gameNames[ruleset] ?? ruleset;
}
