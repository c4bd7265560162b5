import type { Tables } from '../content/tables.js';

/**
 * Whether the whole table sees an item: a Heavy Item is held in hand, a
 * weapon shows its ammo, a quest item lies face up by its board once its
 * quest is done, and a crafted (blue) item is known to all. Any other item
 * is a secret of whoever holds it, even while it changes hands in a trade.
 *
 * Choice (the rules are silent): a crafted item is public. Its two
 * components go face up to their discard piles, each pair of craft icons
 * makes one crafted item only, and the crafted supply lies in view, so the
 * table knows which item was made; keeping it hidden would hide nothing.
 */
export function shownToTable(tables: Tables, item: string): boolean {
  const facts = tables.items.get(item);
  return (
    facts?.heavy === true ||
    facts?.weapon != null ||
    facts?.colour === 'quest' ||
    facts?.colour === 'blue'
  );
}
