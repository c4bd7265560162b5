import type { Tables } from '../content/tables.js';

/**
 * Whether everyone sees this item in an inventory: a Heavy one is held in
 * hand, a quest item lies face up once its quest is done, and a crafted
 * one is known to all.
 *
 * Choice (the rules are silent): a crafted (blue) item is public. Its two
 * components go face up to their discard piles, each pair of craft icons
 * makes one crafted item only, and the crafted supply lies in view, so the
 * table knows which item was made; keeping it hidden would hide nothing.
 */
export function itemShown(tables: Tables, item: string): boolean {
  const facts = tables.items.get(item);
  return facts?.heavy === true || facts?.colour === 'quest' || facts?.colour === 'blue';
}
