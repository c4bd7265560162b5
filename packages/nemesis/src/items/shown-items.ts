import type { Tables } from '../content/tables.js';

/**
 * Whether the whole table sees an item: a Heavy Item is held in hand, a
 * weapon shows its ammo, a quest item lies face up by its board once its
 * quest is done. Any other item is a secret of whoever holds it, even while
 * it changes hands in a trade.
 */
export function shownToTable(tables: Tables, item: string): boolean {
  const facts = tables.items.get(item);
  return facts?.heavy === true || facts?.weapon != null || facts?.colour === 'quest';
}
