import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { type Game, room, whisper } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { repairOrBreakEngine } from './engines.js';

/**
 * Repair or break an engine (Tools, Duct Tape, the repair cards), in the
 * Engine room itself, Malfunction or not: the player looks at both of its
 * tokens, then stacks them as they like. They name the token to put on top
 * (option 0: Working, option 1: Damaged), which may be the order already
 * there; the others learn only that the tokens were handled (engines.ts).
 */
export const engineTokenOrder = ['repair', 'break'] as const;

/** The engine of the room the player stands in, or null outside the Engine rooms. */
export function engineHere(game: Game, player: PlayerState): number | null {
  const here = room(game.state, player.room);
  return here.explored ? (game.tables.roomTiles.get(here.tile)?.engine ?? null) : null;
}

export const repairOrBreakEngineEffect: EffectHandler<EffectOf<'repair-or-break-engine'>> = {
  unavailable: (game, player, _effect, step) =>
    engineHere(game, player) === null
      ? refuse('no-engine', `${step.source}: there is no engine in your room`)
      : null,
  resolve(game, player) {
    const engine = engineHere(game, player)!;
    const tokens = game.state.engines[engine - 1]!;
    // Seeing the top token is seeing both: an engine holds one token of each.
    player.checkedEngines[engine - 1] = tokens.top;
    whisper(
      game,
      [player.seat],
      'engine-seen',
      `Engine ${engine}: ${tokens.top} on top, ${tokens.bottom} beneath`,
      { engine, status: tokens.top },
    );
    return 'wait';
  },
  question: {
    asks: 'choose-option',
    text: (game, player, _effect, step) =>
      `${step.source}: which token of Engine ${engineHere(game, player)} goes on top, Working or Damaged?`,
    options: () => engineTokenOrder.map((_how, option) => ({ type: 'option', option })),
    answer(game, player, _effect, _step, answer) {
      const how = answer.type === 'option' ? engineTokenOrder[answer.option] : undefined;
      if (how === undefined)
        return refuse('choose-token', 'answer option 0 to put Working on top, 1 for Damaged');
      const engine = engineHere(game, player);
      if (engine === null) return refuse('no-engine', 'there is no engine in your room');
      const rejection = repairOrBreakEngine(game, player, engine, how);
      if (rejection) return rejection;
      game.state.stack.pop();
      return null;
    },
  },
};
