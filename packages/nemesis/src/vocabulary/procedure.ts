import type { Prompt, Rejection, Seat } from '@tabletop/engine';
import type { NemesisAction } from './actions.js';
import type { Game } from './game.js';
import type { Step } from './steps.js';

/**
 * How one kind of step resolves. `resolve` runs each time the step is on
 * top of the stack (already taken off it): it does what needs no choice,
 * may push follow-up steps, and returns 'wait' to go back on top and ask
 * the players (then it must not have pushed anything).
 */
export interface Procedure<S extends Step> {
  resolve(game: Game, step: S): 'done' | 'wait';
  /** For a waiting step: what it asks, and of whom. */
  prompts?(game: Game, step: S): Prompt<NemesisAction>[];
  legalActions?(game: Game, step: S, seat: Seat): NemesisAction[];
  /**
   * Takes a player's answer while the step waits on top of the stack.
   * Returns a Rejection having changed nothing, or null having applied it
   * (it may change the step, pop it, or push more steps).
   */
  answer?(game: Game, step: S, seat: Seat, action: NemesisAction): Rejection | null;
}

export function refuse(code: string, message: string): Rejection {
  return { code, message };
}

export function topStep(game: Game): Step | undefined {
  return game.state.stack[game.state.stack.length - 1];
}
