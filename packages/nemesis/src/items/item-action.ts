import type { Rejection } from '@tabletop/engine';
import { activeWoundEffects } from '../combat/wound-effects.js';
import type { Use } from '../content/effects.js';
import type { ItemFacts } from '../content/tables.js';
import { effectUnavailable } from '../effects/handler-table.js';
import { reloadWeapon } from '../effects/ship.js';
import { canPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction, Question } from '../player-phase/player-action.js';
import { announce, characterName, type Game, inCombat } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type Chosen, type EffectStep, schedule } from '../vocabulary/steps.js';
import { type FreeReload, freeReloadQuestion, freeReloadsOf } from './free-reload.js';
import { discardItem } from './inventory.js';

/**
 * Item actions: a player uses an item of their inventory as an action,
 * discarding as many Action cards as its use costs (one more per undressed
 * Hand wound; Shooting is not an item action). Its combat mark says whether
 * it is used in Combat only, out of it only, or either way. A One Use item is
 * discarded once used. Only what can happen now is offered: an effect whose
 * rule is not built, or that would change nothing, never is.
 *
 * Choice: using an item shows its card, so the item named is public from the
 * moment it is chosen; a one-use item goes to its discard pile as it is used,
 * before its effect resolves, so nothing waiting on a choice names a card the
 * inventory no longer holds.
 */
type ActionUse = Extract<Use, { kind: 'action' }>;

/** Extra Action cards every item action costs: one per undressed Hand wound. */
export function itemActionSurcharge(game: Game, player: PlayerState): number {
  let extra = 0;
  for (const effect of activeWoundEffects(game, player))
    if (effect.kind === 'item-action-cost') extra += effect.extra;
  return extra;
}

/** The cost of one of an item's uses, Hand wounds included; a free reload waives the printed cost. */
export function itemActionCost(
  game: Game,
  player: PlayerState,
  use: ActionUse,
  free = false,
): number {
  return (free ? 0 : use.cost) + itemActionSurcharge(game, player);
}

function effectStepOf(player: PlayerState, item: ItemFacts, use: ActionUse): EffectStep {
  return {
    kind: 'effect',
    seat: player.seat,
    effect: use.effect,
    room: player.room,
    chosen: null,
    source: `the ${item.name}`,
  };
}

/** Why this use of the item cannot be taken now; null when it can. */
function useUnavailable(
  game: Game,
  player: PlayerState,
  item: ItemFacts,
  use: ActionUse,
): Rejection | null {
  const combat = inCombat(game.state, player);
  if (use.combat === 'out-of-combat' && combat)
    return refuse('in-combat', `the ${item.name} is never used in Combat`);
  if (use.combat === 'in-combat' && !combat)
    return refuse('not-in-combat', `the ${item.name} is used only in Combat`);
  const unavailable = effectUnavailable(game, player, use.effect, effectStepOf(player, item, use));
  if (unavailable) return unavailable;
  const cost = itemActionCost(game, player, use, freeReloadsOf(game, player, use).length > 0);
  if (!canPay(game, player, cost))
    return refuse(
      'wrong-cost',
      `the ${item.name} costs ${cost} Action card${cost === 1 ? '' : 's'}, and your hand cannot pay it`,
    );
  return null;
}

/** Whether this use of the item can be taken now: `useUnavailable`'s answer without its words. */
function useAvailable(game: Game, player: PlayerState, item: ItemFacts, use: ActionUse): boolean {
  if (use.combat !== 'any' && (use.combat === 'in-combat') !== inCombat(game.state, player))
    return false;
  if (effectUnavailable(game, player, use.effect, effectStepOf(player, item, use)) !== null)
    return false;
  const free = freeReloadsOf(game, player, use).length > 0;
  return canPay(game, player, itemActionCost(game, player, use, free));
}

/** The places on the card of the item's action uses that can be taken now. */
function usableUses(game: Game, player: PlayerState, item: ItemFacts): number[] {
  const places: number[] = [];
  item.uses.forEach((use, place) => {
    if (use.kind === 'action' && useAvailable(game, player, item, use)) places.push(place);
  });
  return places;
}

/** Whether the item has a use that can be taken now. */
function hasUsableUse(game: Game, player: PlayerState, item: ItemFacts): boolean {
  return item.uses.some((use) => use.kind === 'action' && useAvailable(game, player, item, use));
}

/** The action uses printed on the card, by place. */
function actionUses(item: ItemFacts): number[] {
  return item.uses.flatMap((use, place) => (use.kind === 'action' ? [place] : []));
}

/** Each item of the inventory that has a use now, once. */
function usableItems(game: Game, player: PlayerState): string[] {
  return [...new Set(player.items)].filter((id) => itemUsable(game, player, id));
}

function itemUsable(game: Game, player: PlayerState, id: string): boolean {
  const item = game.tables.items.get(id);
  return item !== undefined && hasUsableUse(game, player, item);
}

function anyItemUsable(game: Game, player: PlayerState): boolean {
  return player.items.some((id) => itemUsable(game, player, id));
}

/** Why this item cannot be used now; null when it can. */
function itemUnavailable(game: Game, player: PlayerState, id: string): Rejection | null {
  const item = game.tables.items.get(id);
  if (!item || !player.items.includes(id)) return refuse('no-such-item', `you hold no ${id}`);
  const uses = actionUses(item);
  if (uses.length === 0) return refuse('no-item-action', `the ${item.name} has no action to use`);
  if (hasUsableUse(game, player, item)) return null;
  return useUnavailable(game, player, item, item.uses[uses[0]!] as ActionUse);
}

/** The use chosen: the one asked for, or the card's only action. */
function chosenUse(game: Game, chosen: Chosen): ActionUse {
  const item = game.tables.items.get(chosen.item!)!;
  return item.uses[chosen.use ?? actionUses(item)[0]!] as ActionUse;
}

const itemToUse: Question = {
  asks: 'choose-item',
  text: () => 'which item do you use?',
  pending: (_game, _player, chosen) => chosen.item === undefined,
  options: (game, player) => usableItems(game, player).map((item) => ({ type: 'item', item })),
  check(game, player, _chosen, answer) {
    if (answer.type !== 'item') return refuse('choose-item', 'name the item you use');
    return itemUnavailable(game, player, answer.item);
  },
  record(chosen, answer) {
    if (answer.type === 'item') chosen.item = answer.item;
  },
};

/** An item printed with several actions: which one, by its place on the card. */
const useToTake: Question = {
  asks: 'choose-option',
  text: (game, _player, chosen) => `which use of the ${game.tables.items.get(chosen.item!)?.name}?`,
  pending: (game, _player, chosen) =>
    chosen.item !== undefined &&
    chosen.use === undefined &&
    actionUses(game.tables.items.get(chosen.item)!).length > 1,
  options: (game, player, chosen) =>
    usableUses(game, player, game.tables.items.get(chosen.item!)!).map((option) => ({
      type: 'option',
      option,
    })),
  check(game, player, chosen, answer) {
    if (answer.type !== 'option') return refuse('choose-option', 'choose one of its uses');
    const item = game.tables.items.get(chosen.item!)!;
    const use = item.uses[answer.option];
    if (use?.kind !== 'action')
      return refuse('no-such-option', `the ${item.name} has no action at place ${answer.option}`);
    return useUnavailable(game, player, item, use);
  },
  record(chosen, answer) {
    if (answer.type === 'option') chosen.use = answer.option;
  },
};

export const useItemAction: PlayerAction<'use-item'> = {
  type: 'use-item',
  countsAsAction: true,
  unavailable(game, player) {
    if (player.items.length === 0) return refuse('no-items', 'you hold no item');
    return anyItemUsable(game, player)
      ? null
      : refuse('no-usable-item', 'none of your items can be used now');
  },
  available: anyItemUsable,
  questions: [
    itemToUse,
    useToTake,
    freeReloadQuestion(
      (game, chosen) => chosenUse(game, chosen),
      (game, player, chosen) => itemActionCost(game, player, chosenUse(game, chosen)),
    ),
    payment((game, player, chosen) =>
      chosen.item === undefined
        ? 0
        : itemActionCost(game, player, chosenUse(game, chosen), chosen.free === true),
    ),
  ],
  perform(game, player, chosen) {
    const item = game.tables.items.get(chosen.item!)!;
    const use = chosenUse(game, chosen);
    payCost(player, chosen.cards);
    announce(game, 'use-item', `${characterName(game, player)} uses the ${item.name}`, {
      seat: player.seat,
      item: item.id,
    });
    if (item.oneUse) discardItem(game, player, item.id);
    const free: FreeReload | undefined = chosen.free
      ? freeReloadsOf(game, player, use).find((reload) => reload.weapon === chosen.weapon)
      : undefined;
    if (free) reloadWeapon(game, player, free.effect, free.weapon);
    else schedule(game.state.stack, effectStepOf(player, item, use));
  },
};
