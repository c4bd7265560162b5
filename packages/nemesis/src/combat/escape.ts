import { announce, characterName, intrudersIn, playerOf } from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import { type EscapeStep, type Step, schedule } from '../vocabulary/steps.js';

/**
 * Escape: moving out of a room with Intruders. Before the character leaves,
 * every Intruder in the room attacks them once (a Larva infests instead).
 * Whoever survives then moves as usual, exploring or rolling for noise; whoever
 * dies leaves the corpse in the room they were leaving, since they never left.
 */
// biome-ignore lint/suspicious/noShadowRestrictedNames: the rulebook's name, and procedures.ts imports it by this name
export const escape: Procedure<EscapeStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat);
    if (player?.status !== 'active') return 'done';
    const attackers = intrudersIn(game.state, player.room);
    announce(
      game,
      'escape',
      `${characterName(game, player)} tries to escape from room ${player.room} to room ${step.to}: ${attackers.length} Intruder${attackers.length === 1 ? '' : 's'} attack${attackers.length === 1 ? 's' : ''}`,
      { seat: player.seat, from: player.room, to: step.to },
    );
    const steps: Step[] = attackers.map((intruder) => ({
      kind: 'intruder-attack',
      intruder: intruder.id,
      target: player.seat,
      surprise: false,
    }));
    // The move step itself does nothing for a character who died on the way out.
    steps.push({
      kind: 'move',
      seat: player.seat,
      to: step.to,
      careful: false,
      noiseCorridor: null,
    });
    schedule(game.state.stack, ...steps);
    return 'done';
  },
};
