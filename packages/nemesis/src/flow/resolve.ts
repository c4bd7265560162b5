import { abandonStack } from '../end-of-game/end-of-game.js';
import type { Game } from '../vocabulary/game.js';
import type { Step } from '../vocabulary/steps.js';
import { procedureOf } from './procedures.js';

/**
 * Resolves the step stack until a step waits for a player or the game ends.
 * Each step is taken off the stack and resolved; one that waits goes back on top.
 */
const settleLimit = 100_000;

export function resolveSteps(game: Game): void {
  const { stack } = game.state;
  for (let count = 0; stack.length > 0 && game.state.over === null; count++) {
    if (count > settleLimit)
      throw new Error(
        `the step stack did not settle: ${stack.map((step) => step.kind).join(' > ')}`,
      );
    const step = stack.pop()!;
    const resolution = procedureOf(step).resolve(game, step);
    if (resolution === 'wait') {
      stack.push(step);
      return;
    }
  }
  // A step may push follow-ups after something it called has ended the game; they never resolve.
  if (game.state.over !== null && stack.length > 0) abandonStack(game);
}

/** The step waiting for an answer, if any. */
export function waitingStep(game: Game): Step | undefined {
  return game.state.over === null ? game.state.stack[game.state.stack.length - 1] : undefined;
}
