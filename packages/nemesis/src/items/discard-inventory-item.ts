import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { announce, characterName } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import { discardItem, itemName } from './inventory.js';

/**
 * An item given up for an effect (Pyrotechnics burns one to start a fire):
 * the player names an item of their inventory, one at a time; it goes to
 * its deck's discard pile.
 */
type DiscardInventoryItem = EffectOf<'discard-inventory-item'>;

export const discardInventoryItem: EffectHandler<DiscardInventoryItem> = {
  unavailable: (_game, player, effect, step) =>
    player.items.length >= effect.count
      ? null
      : refuse('no-items', `${step.source}: you hold too few items to give up`),
  resolve: () => 'wait',
  question: {
    asks: 'choose-item',
    text: (_game, _player, _effect, step) => `${step.source}: which item do you give up?`,
    options: (_game, player) => [...new Set(player.items)].map((item) => ({ type: 'item', item })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'item') return refuse('choose-item', 'name an item of yours');
      if (!player.items.includes(answer.item))
        return refuse('no-such-item', `you hold no ${answer.item}`);
      discardItem(game, player, answer.item);
      announce(
        game,
        'discard-item',
        `${characterName(game, player)} gives up the ${itemName(game, answer.item)} (${step.source})`,
        { seat: player.seat, item: answer.item },
      );
      const given = (step.answered?.length ?? 0) + 1;
      game.state.stack.pop();
      if (given < effect.count)
        game.state.stack.push({ ...step, answered: [...(step.answered ?? []), answer] });
      return null;
    },
  },
};
