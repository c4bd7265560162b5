import type { Effect } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import type { Game } from '../vocabulary/game.js';
import { inCombat } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { EffectStep } from '../vocabulary/steps.js';
import {
  type CraftRule,
  componentOptions,
  craftableItems,
  craftedUnavailable,
  craftItem,
  iconAsked,
} from './craft.js';
import { itemName } from './inventory.js';

/**
 * The Mechanic's Ingenuity: a Craft, as the Craft action makes it (two
 * items whose icons give the recipe, never in Combat), where any Yellow item
 * gives the Tool icon as well. The card pays for it: no Action card more.
 * Asked in turn: the crafted item, then the item giving each icon.
 */
const ingenuity: CraftRule = { anyYellowIsTool: true };

/** The items named so far: the crafted item first, then each component. */
function named(step: EffectStep): { crafted?: string; components: string[] } {
  const items = (step.answered ?? []).flatMap((answer) =>
    answer.type === 'item' ? [answer.item] : [],
  );
  const [crafted, ...components] = items;
  return crafted === undefined ? { components } : { crafted, components };
}

function options(game: Game, player: PlayerState, step: EffectStep): string[] {
  const { crafted, components } = named(step);
  return crafted === undefined
    ? craftableItems(game, player, ingenuity)
    : componentOptions(game, player, crafted, components, ingenuity);
}

export const craftWithYellowAsTool: EffectHandler<Effect> = {
  unavailable(game, player, _effect, step) {
    if (inCombat(game.state, player))
      return refuse('in-combat', `${step.source}: crafting is never done in Combat`);
    return craftableItems(game, player, ingenuity).length > 0
      ? null
      : refuse('nothing-to-craft', `${step.source}: your items make no crafted item left`);
  },
  resolve: () => 'wait',
  question: {
    asks: 'choose-item',
    text(game, _player, _effect, step) {
      const { crafted, components } = named(step);
      if (crafted === undefined) return `${step.source}: which item do you craft?`;
      return `${step.source}: which item gives the ${iconAsked(game, crafted, components)} icon for the ${itemName(game, crafted)}?`;
    },
    options: (game, player, _effect, step) =>
      options(game, player, step).map((item) => ({ type: 'item', item })),
    answer(game, player, _effect, step, answer) {
      if (answer.type !== 'item') return refuse('choose-item', 'name an item');
      const { crafted, components } = named(step);
      if (crafted === undefined) {
        const refusal = craftedUnavailable(game, player, answer.item, ingenuity);
        if (refusal) return refusal;
      } else if (!options(game, player, step).includes(answer.item))
        return refuse(
          'wrong-icon',
          `the ${itemName(game, answer.item)} cannot give the ${iconAsked(game, crafted, components)} icon here`,
        );
      step.answered = [...(step.answered ?? []), answer];
      const now = named(step);
      if (now.crafted !== undefined && iconAsked(game, now.crafted, now.components) === undefined) {
        game.state.stack.pop();
        craftItem(game, player, now.crafted, now.components);
      }
      return null;
    },
  },
};
