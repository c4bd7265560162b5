import { simultaneous } from '@tabletop/engine';
import type { NemesisAction } from '../vocabulary/actions.js';
import { announce, playerOf, seatName, whisper } from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { FirstEncounterStep } from '../vocabulary/steps.js';

/**
 * First Encounter: when the first Intruder miniature appears, every player
 * keeps one of their two Objectives and discards the other face down.
 * All choose at once; nobody sees another's choice.
 */
export const firstEncounter: Procedure<FirstEncounterStep> = {
  resolve(game, step) {
    step.waiting = step.waiting.filter((seat) => {
      const player = playerOf(game.state, seat)!;
      return player.status !== 'dead' && player.objectives.length > 1;
    });
    return step.waiting.length > 0 ? 'wait' : 'done';
  },

  prompts(_game, step) {
    return [
      simultaneous<NemesisAction>(
        step.waiting,
        'choose-objective',
        'First Encounter: keep one Objective and discard the other',
      ),
    ];
  },

  legalActions(game, step, seat) {
    if (!step.waiting.includes(seat)) return [];
    return playerOf(game.state, seat)!.objectives.map((keep) => ({
      type: 'choose-objective',
      keep,
    }));
  },

  answer(game, step, seat, action) {
    if (!step.waiting.includes(seat))
      return refuse('not-asked', `${seatName(game, seat)} has no Objective to choose now`);
    if (action.type !== 'choose-objective')
      return refuse('choose-objective', 'keep one of your Objectives first');
    const player = playerOf(game.state, seat)!;
    if (!player.objectives.includes(action.keep))
      return refuse('not-your-objective', `${action.keep} is not one of your Objectives`);
    for (const objective of player.objectives)
      if (objective !== action.keep) game.state.objectivesDiscarded.push(objective);
    player.objectives = [action.keep];
    step.waiting = step.waiting.filter((waiting) => waiting !== seat);
    whisper(game, [seat], 'objective-kept', `You keep the Objective ${action.keep}`, {
      objective: action.keep,
    });
    announce(game, 'objective-chosen', `${seatName(game, seat)} has chosen an Objective`, {
      seat,
    });
    return null;
  },
};
