import { mustAct } from '@tabletop/engine';
import { characterName, type Game, playerOf, seatName } from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { ConsentStep } from '../vocabulary/steps.js';

/**
 * Consent: a card that takes another character along (Suppressive Fire,
 * Covering Fire) asks that character's player, at their own seat, whether
 * they go. The reply is handed to the effect waiting beneath, which reads it
 * as its next answer: option 0 to go, done to stay. A character no longer
 * in play stays.
 */

/** Hands the reply to the effect beneath (on top once this step is off the stack). */
function reply(game: Game, agrees: boolean): void {
  const waiting = game.state.stack.at(-1);
  if (waiting?.kind !== 'effect') throw new Error('a consent answers no effect');
  const answer = agrees ? ({ type: 'option', option: 0 } as const) : ({ type: 'done' } as const);
  waiting.answered = [...(waiting.answered ?? []), answer];
}

export const consent: Procedure<ConsentStep> = {
  resolve(game, step) {
    if (playerOf(game.state, step.seat)?.status === 'active') return 'wait';
    // Nobody is there to agree.
    reply(game, false);
    return 'done';
  },

  prompts(game, step) {
    const asked = playerOf(game.state, step.seat)!;
    const asker = playerOf(game.state, step.asker)!;
    return [
      mustAct(
        step.seat,
        'choose-option',
        `${characterName(game, asked)}: ${characterName(game, asker)} offers to cover you with ${step.source}: leave the room (option 0), or stay (done)?`,
      ),
    ];
  },

  legalActions(_game, step, seat) {
    if (seat !== step.seat) return [];
    return [{ type: 'option', option: 0 }, { type: 'done' }];
  },

  answer(game, step, seat, action) {
    if (seat !== step.seat) return refuse('not-your-turn', `${seatName(game, step.seat)} is asked`);
    if (action.type === 'done') {
      game.state.stack.pop();
      reply(game, false);
      return null;
    }
    if (action.type !== 'option' || action.option !== 0)
      return refuse('choose-option', 'answer option 0 to leave with them, or done to stay');
    game.state.stack.pop();
    reply(game, true);
    return null;
  },
};
