import { discardCard } from '@tabletop/engine';
import { announce, characterName, type Game, whisper } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import { checkHandSlots } from './hand-slots.js';
import { itemDeckOf } from './item-decks.js';
import { shownToTable } from './shown-items.js';
import { keepTapeOnHeldItems } from './tape-heavy-items.js';

/**
 * The inventory: the item cards a character holds. What is in it is secret;
 * the others see how many items and which Heavy Items (held in hand). A
 * weapon item is also a weapon of the character, with its ammo in view of
 * all: found by Search it arrives with the pack's `searchedWeaponAmmo`,
 * crafted full when its card says so (the `startingAmmo` of its weapon facts).
 */

/** The item's name as printed. */
export function itemName(game: Game, item: string): string {
  return game.tables.items.get(item)?.name ?? item;
}

/**
 * Puts an item into a character's inventory. `how` says where it came from,
 * for the log ("found in the Storage"). A Heavy Item beyond the hand slots
 * makes the character drop something at once.
 */
export function gainItem(game: Game, player: PlayerState, item: string, how: string): void {
  const facts = game.tables.items.get(item);
  if (!facts) throw new Error(`no item ${item} in the pack`);
  player.items.push(item);
  const weapon = facts.weapon ? game.tables.weapons.get(item) : undefined;
  if (weapon) player.weapons.push({ id: item, ammo: weapon.startingAmmo });
  const who = characterName(game, player);
  // A Heavy Item is seen in hand, a weapon shows its ammo, a crafted or quest item is
  // known to all: their names are public.
  if (shownToTable(game.tables, item))
    announce(game, 'item-gained', `${who} takes the ${facts.name} (${how})`, {
      seat: player.seat,
      item,
    });
  else {
    announce(game, 'item-gained', `${who} takes an item (${how})`, { seat: player.seat });
    whisper(game, [player.seat], 'item-gained-secretly', `You take the ${facts.name} (${how})`, {
      seat: player.seat,
      item,
    });
  }
  checkHandSlots(game, player);
}

/**
 * Discards an item from a character's inventory: a Red, Yellow or Green item
 * goes face up to its deck's discard pile; a crafted (blue) one goes back to
 * the crafted supply, to be crafted again; a quest item leaves the game. A
 * weapon item leaves the character's weapons with its card, and a taped
 * item its tape (items/tape-heavy-items.ts).
 */
export function discardItem(game: Game, player: PlayerState, item: string): void {
  const index = player.items.indexOf(item);
  if (index < 0) throw new Error(`seat ${player.seat} holds no ${item}`);
  player.items.splice(index, 1);
  keepTapeOnHeldItems(game, player);
  const weapon = player.weapons.findIndex((candidate) => candidate.id === item);
  // What was fitted to the weapon goes with it, each card to its own deck's pile.
  const fitted = weapon >= 0 ? (player.weapons[weapon]!.attachments ?? []) : [];
  if (weapon >= 0) player.weapons.splice(weapon, 1);
  for (const card of [item, ...fitted]) discardItemCard(game, card);
}

/**
 * An item card leaving play: a Red, Yellow or Green card goes face up to its
 * deck's discard pile; a crafted (blue) one back to the crafted supply, to
 * be crafted again; a quest item leaves the game.
 */
export function discardItemCard(game: Game, card: string): void {
  const deck = itemDeckOf(game.tables, card);
  const colour = game.tables.items.get(card)?.colour;
  if (deck !== null) discardCard(game.state.itemDecks[deck], card);
  else if (colour === 'blue') game.state.craftedItems.push(card);
  else if (colour === 'quest') game.state.questItemsDiscarded.push(card);
}

/**
 * Drops a Heavy Item, for free. Choice (the rules are silent on items lying
 * in rooms): a dropped item is discarded to its deck's discard pile, so
 * nothing lies about the ship but the heavy objects.
 */
export function dropItem(game: Game, player: PlayerState, item: string): void {
  discardItem(game, player, item);
  announce(
    game,
    'item-dropped',
    `${characterName(game, player)} drops the ${itemName(game, item)}; it is discarded`,
    { seat: player.seat, item, room: player.room },
  );
}

/** A dead character's items go to their discard piles. */
export function discardEveryItem(game: Game, player: PlayerState): void {
  for (const item of [...player.items]) discardItem(game, player, item);
}
