import type { EffectOf, Use } from '../content/effects.js';
import { reloadable } from '../effects/ship.js';
import { canPay } from '../player-phase/costs.js';
import type { Question } from '../player-phase/player-action.js';
import type { Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { Chosen } from '../vocabulary/steps.js';
import { autoloadedWeapons } from './autoloader.js';

/**
 * The Autoloader's free reload: an Energy Charge spent on the weapon the
 * Autoloader is fitted to costs no Action card. The weapon must be known
 * before the cost is paid, so using an item that can reload it asks first
 * whether this is that free reload; "done" uses the item as printed, at its
 * cost (its other option, or another weapon). Choice: a Hand wound still adds
 * its card, for the wound burdens every item action and the Autoloader waives
 * only the card's own price.
 */
type ActionUse = Extract<Use, { kind: 'action' }>;

export interface FreeReload {
  weapon: string;
  effect: EffectOf<'reload'>;
}

/** The reloads an item's use offers: the effect itself, or one option of a choice. */
function reloadsOf(use: ActionUse): EffectOf<'reload'>[] {
  const { effect } = use;
  if (effect.kind === 'reload') return [effect];
  if (effect.kind === 'choice')
    return effect.options.filter(
      (option): option is EffectOf<'reload'> => option.kind === 'reload',
    );
  return [];
}

/** The autoloaded weapons this use could reload now, each with the reload that would do it. */
export function freeReloadsOf(game: Game, player: PlayerState, use: ActionUse): FreeReload[] {
  // Asked of every item use when actions are listed: the cheap test first.
  const reloads = reloadsOf(use);
  if (reloads.length === 0) return [];
  const autoloaded = autoloadedWeapons(game.tables, player);
  if (autoloaded.length === 0) return [];
  const free: FreeReload[] = [];
  for (const effect of reloads)
    for (const weapon of reloadable(game, player, effect))
      if (autoloaded.includes(weapon) && !free.some((found) => found.weapon === weapon))
        free.push({ weapon, effect });
  return free;
}

/**
 * Asked once the item and its use are known, only when a free reload is
 * possible. "done" (the item as printed) is offered only when the hand can
 * pay the printed cost, `printedCost`: otherwise the free reload is the only
 * way the item was usable.
 */
export function freeReloadQuestion(
  useOf: (game: Game, chosen: Chosen) => ActionUse,
  printedCost: (game: Game, player: PlayerState, chosen: Chosen) => number,
): Question {
  const asPrinted = (game: Game, player: PlayerState, chosen: Chosen) =>
    canPay(game, player, printedCost(game, player, chosen));
  return {
    asks: 'choose-weapon',
    text: (game, player, chosen) => {
      const names = freeReloadsOf(game, player, useOf(game, chosen)).map(
        (reload) => `the ${game.tables.weapons.get(reload.weapon)?.name ?? reload.weapon}`,
      );
      return `the Autoloader reloads ${names.join(' or ')} for free: name it, or done to use the item as printed`;
    },
    pending: (game, player, chosen) =>
      chosen.item !== undefined &&
      chosen.free === undefined &&
      freeReloadsOf(game, player, useOf(game, chosen)).length > 0,
    options: (game, player, chosen) => [
      ...freeReloadsOf(game, player, useOf(game, chosen)).map((reload) => ({
        type: 'weapon' as const,
        weapon: reload.weapon,
      })),
      ...(asPrinted(game, player, chosen) ? [{ type: 'done' as const }] : []),
    ],
    check(game, player, chosen, answer) {
      if (answer.type === 'done')
        return asPrinted(game, player, chosen)
          ? null
          : refuse(
              'wrong-cost',
              'your hand cannot pay the item as printed: only the free reload is possible',
            );
      if (answer.type !== 'weapon')
        return refuse('choose-weapon', 'name the autoloaded weapon to reload for free, or done');
      const free = freeReloadsOf(game, player, useOf(game, chosen));
      return free.some((reload) => reload.weapon === answer.weapon)
        ? null
        : refuse('wrong-weapon', `the ${answer.weapon} has no Autoloader to reload it for free`);
    },
    record(chosen, answer) {
      if (answer.type === 'weapon') {
        chosen.weapon = answer.weapon;
        chosen.free = true;
      } else chosen.free = false;
    },
  };
}
