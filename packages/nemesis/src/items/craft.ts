import type { Rejection } from '@tabletop/engine';
import type { CraftIcon } from '../content/schema.js';
import type { ItemFacts, Tables } from '../content/tables.js';
import { basicActionCost, cannotPay, canPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction, Question } from '../player-phase/player-action.js';
import { announce, characterName, type Game, inCombat } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { Chosen } from '../vocabulary/steps.js';
import { discardItem, gainItem, itemName } from './inventory.js';

/**
 * Craft Item, a Basic Action (one Action card, never in Combat): the player
 * discards two items of their inventory whose craft icons match the recipe
 * of a crafted (blue) item, and takes that item from the crafted supply. A
 * crafted weapon arrives full when its card says so (the weapon's starting
 * ammo). Only a crafted item with a copy left in the supply can be made.
 *
 * Asked in turn: the crafted item, then the item that gives each icon of its
 * recipe, then the card that pays. Each component is asked even when only
 * one item would do: the prompt is seen by all, and asking only where there
 * is a choice would tell the table what else the inventory holds.
 */

/**
 * Which icons an item gives in a Craft: those on its card, and with the
 * Mechanic's Ingenuity any Yellow item gives the Tool icon too.
 */
export interface CraftRule {
  anyYellowIsTool: boolean;
}

export const printedIcons: CraftRule = { anyYellowIsTool: false };

/** The item's recipe, or an empty one for an item that is not crafted. */
function recipeOf(tables: Tables, item: string): readonly CraftIcon[] {
  return tables.items.get(item)?.recipe ?? [];
}

function shows(tables: Tables, item: string, icon: CraftIcon, rule: CraftRule): boolean {
  const facts = tables.items.get(item);
  if (rule.anyYellowIsTool && icon === 'tool' && facts?.colour === 'yellow') return true;
  return facts?.icons.includes(icon) === true;
}

/** The inventory's cards not yet named as components, each copy once. */
function unnamedItems(player: PlayerState, components: readonly string[]): string[] {
  const left = [...player.items];
  for (const named of components) left.splice(left.indexOf(named), 1);
  return left;
}

/** Whether these cards can give the icons, a different card for each icon. */
function canGive(
  tables: Tables,
  cards: readonly string[],
  icons: readonly CraftIcon[],
  rule: CraftRule,
): boolean {
  // A different card for each icon: fewer cards than icons never do.
  if (cards.length < icons.length) return false;
  return canGiveFrom(tables, cards, icons, rule, 0, []);
}

/**
 * Whether the cards not yet `used` can give the icons from `next` on. The
 * cards given so far are marked rather than taken out of a copy: the legal
 * actions ask this for every crafted item each time they are listed, as a
 * search does at every step of every iteration.
 */
function canGiveFrom(
  tables: Tables,
  cards: readonly string[],
  icons: readonly CraftIcon[],
  rule: CraftRule,
  next: number,
  used: boolean[],
): boolean {
  if (next === icons.length) return true;
  for (let index = 0; index < cards.length; index++) {
    if (used[index] === true || !shows(tables, cards[index]!, icons[next]!, rule)) continue;
    used[index] = true;
    const given = canGiveFrom(tables, cards, icons, rule, next + 1, used);
    used[index] = false;
    if (given) return true;
  }
  return false;
}

/** The crafted items the inventory can make now, each once: a copy left and the icons to make it. */
export function craftableItems(game: Game, player: PlayerState, rule = printedIcons): string[] {
  return [...new Set(game.state.craftedItems)]
    .filter((item) => canGive(game.tables, player.items, recipeOf(game.tables, item), rule))
    .sort();
}

function iconList(icons: readonly CraftIcon[]): string {
  return icons.map((icon) => `the ${icon} icon`).join(' and ');
}

/** Why this crafted item cannot be made now; null when it can. */
export function craftedUnavailable(
  game: Game,
  player: PlayerState,
  item: string,
  rule = printedIcons,
): Rejection | null {
  const facts: ItemFacts | undefined = game.tables.items.get(item);
  if (!facts?.recipe) return refuse('not-crafted', `${facts?.name ?? item} is not a crafted item`);
  if (!game.state.craftedItems.includes(item))
    return refuse('none-left', `no ${facts.name} is left to craft: every copy is in play`);
  if (!canGive(game.tables, player.items, facts.recipe, rule))
    return refuse(
      'missing-icons',
      `the ${facts.name} takes two items showing ${iconList(facts.recipe)}, one each, and your inventory does not hold them`,
    );
  return null;
}

/** The icon the next component gives, once the crafted item is named. */
export function iconAsked(
  game: Game,
  crafted: string | undefined,
  components: readonly string[],
): CraftIcon | undefined {
  if (crafted === undefined) return undefined;
  return recipeOf(game.tables, crafted)[components.length];
}

/** The cards that may give the icon asked, each kind once, leaving what the rest of the recipe needs. */
export function componentOptions(
  game: Game,
  player: PlayerState,
  crafted: string | undefined,
  components: readonly string[],
  rule = printedIcons,
): string[] {
  const icon = iconAsked(game, crafted, components);
  if (icon === undefined) return [];
  const rest = recipeOf(game.tables, crafted!).slice(components.length + 1);
  const cards = unnamedItems(player, components);
  return [...new Set(cards)]
    .filter((card) => {
      if (!shows(game.tables, card, icon, rule)) return false;
      const others = [...cards];
      others.splice(others.indexOf(card), 1);
      return canGive(game.tables, others, rest, rule);
    })
    .sort();
}

/** The components named are discarded and the crafted item taken from the supply. */
export function craftItem(
  game: Game,
  player: PlayerState,
  crafted: string,
  components: readonly string[],
): void {
  for (const item of components) discardItem(game, player, item);
  const names = components.map((item) => `the ${itemName(game, item)}`).join(' and ');
  announce(
    game,
    'item-crafted',
    `${characterName(game, player)} crafts the ${itemName(game, crafted)} from ${names}`,
    { seat: player.seat, item: crafted, components: [...components] },
  );
  game.state.craftedItems.splice(game.state.craftedItems.indexOf(crafted), 1);
  gainItem(game, player, crafted, 'crafted');
}

function componentsOf(chosen: Chosen): string[] {
  return chosen.components ?? [];
}

const craftedToMake: Question = {
  asks: 'choose-item',
  text: () => 'which item do you craft?',
  pending: (_game, _player, chosen) => chosen.item === undefined,
  options: (game, player) =>
    craftableItems(game, player).map((item) => ({ type: 'item' as const, item })),
  check(game, player, _chosen, answer) {
    if (answer.type !== 'item') return refuse('choose-item', 'name the crafted item you make');
    return craftedUnavailable(game, player, answer.item);
  },
  record(chosen, answer) {
    if (answer.type === 'item') {
      chosen.item = answer.item;
      chosen.components = [];
    }
  },
};

const component: Question = {
  asks: 'choose-item',
  text: (game, _player, chosen) =>
    `which item gives the ${iconAsked(game, chosen.item, componentsOf(chosen))} icon for the ${itemName(game, chosen.item!)}?`,
  pending: (game, _player, chosen) =>
    iconAsked(game, chosen.item, componentsOf(chosen)) !== undefined,
  options: (game, player, chosen) =>
    componentOptions(game, player, chosen.item, componentsOf(chosen)).map((item) => ({
      type: 'item' as const,
      item,
    })),
  check(game, player, chosen, answer) {
    const icon = iconAsked(game, chosen.item, componentsOf(chosen))!;
    if (answer.type !== 'item')
      return refuse('choose-item', `name an item of your inventory showing the ${icon} icon`);
    if (!unnamedItems(player, componentsOf(chosen)).includes(answer.item))
      return refuse('no-such-item', `you hold no ${itemName(game, answer.item)} still to give`);
    if (!shows(game.tables, answer.item, icon, printedIcons))
      return refuse(
        'wrong-icon',
        `the ${itemName(game, answer.item)} does not show the ${icon} icon`,
      );
    if (!componentOptions(game, player, chosen.item, componentsOf(chosen)).includes(answer.item))
      return refuse(
        'wrong-icon',
        `with the ${itemName(game, answer.item)} given here, nothing left shows the other icon`,
      );
    return null;
  },
  record(chosen, answer) {
    if (answer.type === 'item') chosen.components = [...(chosen.components ?? []), answer.item];
  },
};

export const craftAction: PlayerAction<'craft'> = {
  type: 'craft',
  countsAsAction: true,
  unavailable(game, player) {
    if (inCombat(game.state, player))
      return refuse('in-combat', 'crafting is never done in Combat');
    if (craftableItems(game, player).length === 0)
      return refuse(
        'nothing-to-craft',
        'your items do not show the two craft icons of any crafted item left to make',
      );
    return cannotPay(game, player, basicActionCost);
  },
  available: (game, player) =>
    !inCombat(game.state, player) &&
    canPay(game, player, basicActionCost) &&
    game.state.craftedItems.some((item) =>
      canGive(game.tables, player.items, recipeOf(game.tables, item), printedIcons),
    ),
  questions: [craftedToMake, component, payment(() => basicActionCost)],
  perform(game, player, chosen) {
    payCost(player, chosen.cards);
    craftItem(game, player, chosen.item!, componentsOf(chosen));
  },
};
