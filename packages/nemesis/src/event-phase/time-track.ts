import { destroyShip, jump } from '../end-of-game/end-of-game.js';
import { announce, type Game } from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { TimeTrackStep } from '../vocabulary/steps.js';

/**
 * Event Phase, step 1: the Time marker moves one space, and so does the
 * Self-Destruct marker while the sequence runs. When Time enters the blue
 * spaces the hibernation chambers open; when it reaches the last space the
 * ship jumps. When Self-Destruct enters the yellow spaces it can no longer be
 * stopped and every Escape Pod unlocks; at the skull the ship blows up.
 *
 * Where the rules leave room:
 * - Both markers reaching their end together: the explosion wins (the ship
 *   is destroyed, hibernating characters die too).
 * - The jump with the Self-Destruct running: the Generator's note says the
 *   ship still counts as destroyed, so the jump destroys it.
 * - Each advance onto a yellow space unlocks every pod again (pods relocked
 *   at the Hatch Control System unlock anew); the announcement names the
 *   entry into the yellow zone once.
 */
export const timeTrack: Procedure<TimeTrackStep> = {
  resolve(game) {
    const { state, tables } = game;
    if (state.over) return 'done';
    state.time++;
    if (state.selfDestruct !== null) state.selfDestruct++;
    announce(game, 'time', timeText(game), { time: state.time, selfDestruct: state.selfDestruct });

    if (state.selfDestruct !== null && state.selfDestruct >= tables.selfDestruct.explodesAfter) {
      destroyShip(game, 'The self-destruct sequence runs out: the ship explodes');
      return 'done';
    }
    if (state.time >= tables.time.jumpAfter) {
      if (state.selfDestruct !== null)
        destroyShip(
          game,
          'The ship jumps with the self-destruct running: it is destroyed all the same',
        );
      else jump(game);
      return 'done';
    }
    if (state.time === tables.time.hibernationOpensAfter) {
      announce(
        game,
        'hibernation-open',
        'The Time marker enters the blue spaces: the hibernation chambers open',
      );
    }
    if (state.selfDestruct !== null && state.selfDestruct >= tables.selfDestruct.yellowAfter)
      unlockPodsForSelfDestruct(game);
    return 'done';
  },
};

function timeText(game: Game): string {
  const { state, tables } = game;
  const time = `Time ${state.time} of ${tables.time.jumpAfter}`;
  return state.selfDestruct === null
    ? time
    : `${time}; Self-Destruct ${state.selfDestruct} of ${tables.selfDestruct.explodesAfter}`;
}

/** A yellow space: the sequence can no longer be stopped and every pod still aboard unlocks. */
function unlockPodsForSelfDestruct(game: Game): void {
  const { state, tables } = game;
  const relocked = state.pods.filter((pod) => !pod.launched && pod.locked);
  for (const pod of relocked) pod.locked = false;
  if (state.selfDestruct === tables.selfDestruct.yellowAfter) {
    announce(
      game,
      'self-destruct-yellow',
      'The Self-Destruct marker enters the yellow spaces: it can no longer be stopped, and every Escape Pod unlocks',
      {
        pods: relocked.map((pod) => pod.number),
      },
    );
  } else if (relocked.length > 0) {
    announce(
      game,
      'pods-unlocked',
      `The self-destruct unlocks Escape Pod ${relocked.map((pod) => pod.number).join(', ')} again`,
      {
        pods: relocked.map((pod) => pod.number),
      },
    );
  }
}
