import { mustAct } from '@tabletop/engine';
import { fireTrigger } from '../flow/trigger-points.js';
import {
  type Answer,
  answerTypes,
  type NemesisAction,
  turnActionTypes,
} from '../vocabulary/actions.js';
import { announce, characterName, type Game, playerOf, seatName } from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { ActionChoiceStep } from '../vocabulary/steps.js';
import { payCost } from './costs.js';
import type { Question } from './player-action.js';
import { playerActionOf } from './player-actions.js';

function nextQuestion(game: Game, step: ActionChoiceStep): Question | undefined {
  const player = playerOf(game.state, step.seat)!;
  return playerActionOf(step.action).questions.find((question) =>
    question.pending(game, player, step.chosen),
  );
}

const answering: ReadonlySet<string> = new Set(answerTypes);

function isAnswer(action: NemesisAction): action is Answer {
  return answering.has(action.type);
}

export const actionChoice: Procedure<ActionChoiceStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (player.status !== 'active') return 'done';
    const question = nextQuestion(game, step);
    if (question) return 'wait';
    const action = playerActionOf(step.action);
    if (step.interrupted === undefined && action.countsAsAction) {
      step.interrupted = 'asked';
      // The action waits below the window, its choices made and its cost not yet paid.
      const moment = { seat: step.seat, room: player.room, action: step.action, waiting: step };
      if (fireTrigger(game, 'before-action-resolves', moment)) return 'done';
    }
    if (step.interrupted === 'cancelled') {
      payCost(player, action.cardsPaid?.(game, player, step.chosen) ?? step.chosen.cards);
      announce(
        game,
        'action-cancelled-paid',
        `${characterName(game, player)} pays for the cancelled action all the same`,
        { seat: step.seat, action: step.action },
      );
      return 'done';
    }
    action.perform(game, player, step.chosen);
    return 'done';
  },

  prompts(game, step) {
    const player = playerOf(game.state, step.seat)!;
    const question = nextQuestion(game, step)!;
    return [
      mustAct(
        step.seat,
        question.asks,
        `${characterName(game, player)}: ${question.text(game, player, step.chosen)}`,
      ),
    ];
  },

  legalActions(game, step, seat) {
    if (seat !== step.seat) return [];
    return nextQuestion(game, step)!.options(game, playerOf(game.state, seat)!, step.chosen);
  },

  answer(game, step, seat, action) {
    if (seat !== step.seat)
      return refuse('not-your-turn', `it is ${seatName(game, step.seat)}'s turn`);
    const question = nextQuestion(game, step)!;
    if (!isAnswer(action)) {
      const started = (turnActionTypes as readonly string[]).includes(action.type);
      return refuse(
        'answer-first',
        started
          ? `your ${step.action} is under way: answer its question first (${question.asks})`
          : `answer the question first (${question.asks})`,
      );
    }
    const player: PlayerState = playerOf(game.state, seat)!;
    const rejection = question.check(game, player, step.chosen, action);
    if (rejection) return rejection;
    question.record(step.chosen, action);
    return null;
  },
};
