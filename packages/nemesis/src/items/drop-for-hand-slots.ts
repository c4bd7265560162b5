import { mustAct } from '@tabletop/engine';
import { dropObject, kindsOf } from '../objects/heavy-objects.js';
import type { Answer, NemesisAction } from '../vocabulary/actions.js';
import { characterName, playerOf, seatName } from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { DropForHandSlotsStep } from '../vocabulary/steps.js';
import { handsOverfull, heavyItemsOf } from './hand-slots.js';
import { dropItem } from './inventory.js';

/**
 * More heavy things than hand slots (a Heavy Item found, an Arm wound): the
 * character drops one, of their choice, and is asked again until their
 * hands can hold the rest. Dropping is free.
 */
export const dropForHandSlots: Procedure<DropForHandSlotsStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (player.status !== 'active' || !handsOverfull(game, player)) return 'done';
    return 'wait';
  },

  prompts(game, step) {
    const player = playerOf(game.state, step.seat)!;
    return [
      mustAct(
        step.seat,
        'choose-object',
        `${characterName(game, player)}: your hands cannot hold it all: drop a heavy item or object`,
      ),
    ];
  },

  legalActions(game, step, seat) {
    if (seat !== step.seat) return [];
    const player = playerOf(game.state, seat)!;
    const answers: Answer[] = kindsOf(player.carried).map((object) => ({
      type: 'object',
      object,
    }));
    for (const item of new Set(heavyItemsOf(game, player))) answers.push({ type: 'item', item });
    return answers;
  },

  answer(game, step, seat, action: NemesisAction) {
    if (seat !== step.seat)
      return refuse('not-your-turn', `it is ${seatName(game, step.seat)}'s choice`);
    const player = playerOf(game.state, seat)!;
    if (action.type === 'object') {
      if (!player.carried.includes(action.object))
        return refuse('not-carried', `you carry no ${action.object}`);
      dropObject(game, player, action.object);
      return null;
    }
    if (action.type === 'item') {
      if (!heavyItemsOf(game, player).includes(action.item))
        return refuse('not-carried', `you hold no Heavy Item ${action.item}`);
      dropItem(game, player, action.item);
      return null;
    }
    return refuse('hands-full', 'name a heavy object or a Heavy Item to drop');
  },
};
