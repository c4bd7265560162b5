import type { Rejection } from '@tabletop/engine';
import { anyoneHibernates } from '../hibernation/hibernation.js';
import { announce, characterName, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * The Self-Destruct sequence. Started, its marker goes on the first space
 * of its track and moves with the Time marker (see the time track); it may
 * be stopped (the marker comes off, and may go on again later) until it
 * reaches the yellow spaces. Nobody may start it once anyone hibernates.
 */
export function isSelfDestructLocked(game: Game): boolean {
  const { selfDestruct } = game.state;
  return selfDestruct !== null && selfDestruct >= game.tables.selfDestruct.yellowAfter;
}

/** Why the sequence cannot be started or stopped now, or null. */
export function selfDestructUnavailable(game: Game): Rejection | null {
  if (game.state.selfDestruct === null && anyoneHibernates(game))
    return refuse(
      'someone-hibernates',
      'the Self-Destruct cannot be started once anyone hibernates',
    );
  if (isSelfDestructLocked(game))
    return refuse('self-destruct-locked', 'on a yellow space the Self-Destruct cannot be aborted');
  return null;
}

/** One action both ways: starts the sequence when idle, stops it while it is not yet yellow. */
export function startOrStopSelfDestruct(game: Game, player: PlayerState): Rejection | null {
  const rejection = selfDestructUnavailable(game);
  if (rejection) return rejection;
  const name = characterName(game, player);
  if (game.state.selfDestruct === null) {
    game.state.selfDestruct = 0;
    announce(game, 'self-destruct-started', `${name} starts the Self-Destruct sequence`, {
      seat: player.seat,
    });
  } else {
    game.state.selfDestruct = null;
    announce(game, 'self-destruct-stopped', `${name} stops the Self-Destruct sequence`, {
      seat: player.seat,
    });
  }
  return null;
}
