import type { Rejection } from '@tabletop/engine';
import { announce, characterName, type Game, whisper } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { EngineState, EngineStatus, PlayerState } from '../vocabulary/state.js';

/**
 * The three engines, each a stack of a Working and a Damaged token: the top
 * one is the engine's true state, secret until the victory check. Checking
 * an engine shows its top token to that player alone. Tools and Duct Tape
 * let a player look at both tokens and restack them; the others learn only
 * that the tokens were handled.
 */
function engineOf(game: Game, engine: number): EngineState | undefined {
  return Number.isInteger(engine) ? game.state.engines[engine - 1] : undefined;
}

function noSuchEngine(game: Game, engine: number): Rejection {
  return refuse(
    'no-such-engine',
    `the engines are numbered 1 to ${game.state.engines.length}, not ${engine}`,
  );
}

export function checkEngine(game: Game, player: PlayerState, engine: number): Rejection | null {
  const state = engineOf(game, engine);
  if (!state) return noSuchEngine(game, engine);
  player.checkedEngines[engine - 1] = state.top;
  announce(game, 'engine-checked', `${characterName(game, player)} checks engine ${engine}`, {
    seat: player.seat,
    engine,
  });
  whisper(game, [player.seat], 'engine-seen', `Engine ${engine} is ${state.top}`, {
    engine,
    status: state.top,
  });
  return null;
}

/** Puts the chosen token on top: `repair` the Working one, `break` the Damaged one. */
export function repairOrBreakEngine(
  game: Game,
  player: PlayerState,
  engine: number,
  how: 'repair' | 'break',
): Rejection | null {
  const state = engineOf(game, engine);
  if (!state) return noSuchEngine(game, engine);
  const wanted: EngineStatus = how === 'repair' ? 'working' : 'damaged';
  if (state.top !== wanted && state.bottom === wanted)
    [state.top, state.bottom] = [state.bottom, state.top];
  // What the others saw of this engine may no longer hold: only the handler knows it now.
  for (const other of game.state.players) other.checkedEngines[engine - 1] = null;
  player.checkedEngines[engine - 1] = state.top;
  announce(
    game,
    'engine-handled',
    `${characterName(game, player)} restacks the tokens of engine ${engine}`,
    { seat: player.seat, engine },
  );
  whisper(game, [player.seat], 'engine-seen', `Engine ${engine} is now ${state.top}`, {
    engine,
    status: state.top,
  });
  return null;
}

export function damagedEngines(game: Game): number {
  return game.state.engines.filter((engine) => engine.top === 'damaged').length;
}
