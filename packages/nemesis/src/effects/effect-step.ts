import { mustAct } from '@tabletop/engine';
import { type Answer, answerTypes, type NemesisAction } from '../vocabulary/actions.js';
import { announce, characterName, playerOf, seatName } from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { EffectStep } from '../vocabulary/steps.js';
import { answerEffect, effectAsks, effectUnavailable, resolveEffect } from './handler-table.js';

const answering: ReadonlySet<string> = new Set(answerTypes);

function isAnswer(action: NemesisAction): action is Answer {
  return answering.has(action.type);
}

/**
 * An effect under way. A part that cannot happen when its turn comes (an
 * Intruder arrived, nothing left to heal) is skipped and the rest resolve;
 * a part that needs a choice waits for its taker's answer.
 */
export const effect: Procedure<EffectStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (player.status !== 'active') return 'done';
    const skipped = effectUnavailable(game, player, step.effect, step);
    if (skipped) {
      announce(game, 'effect-skipped', skipped.message, { seat: player.seat });
      return 'done';
    }
    return resolveEffect(game, player, step);
  },

  prompts(game, step) {
    const player = playerOf(game.state, step.seat)!;
    const { asks, text } = effectAsks(game, player, step);
    return [mustAct(step.seat, asks, `${characterName(game, player)}: ${text}`)];
  },

  legalActions(game, step, seat) {
    if (seat !== step.seat) return [];
    return effectAsks(game, playerOf(game.state, seat)!, step).options;
  },

  answer(game, step, seat, action) {
    if (seat !== step.seat)
      return refuse('not-your-turn', `it is ${seatName(game, step.seat)}'s choice`);
    const player = playerOf(game.state, seat)!;
    if (!isAnswer(action))
      return refuse(
        'answer-first',
        `answer the question first (${effectAsks(game, player, step).asks})`,
      );
    return answerEffect(game, player, step, action);
  },
};
