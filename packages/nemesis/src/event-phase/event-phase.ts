import { attackTarget } from '../intruders/intruder-attack.js';
import { intruderById } from '../intruders/intruders.js';
import { announce, intruderInCombat } from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import {
  type EventPhaseStep,
  type IntruderAttacksStep,
  type Step,
  schedule,
} from '../vocabulary/steps.js';

/**
 * II. Event Phase, once every player has passed. In order: the Time track
 * (and Self-Destruct) moves on; every Intruder in Combat attacks; Fire burns
 * the Intruders and the Eggs; an Event card moves Intruders (then its
 * effect); the Intruder bag develops. Then the next round's Player Phase.
 * The Orbital Maneuvering System, used in the Player Phase, takes the
 * Intruder attacks out of this one.
 */
export const eventPhase: Procedure<EventPhaseStep> = {
  resolve(game) {
    const { state } = game;
    state.phase = 'event';
    announce(game, 'event-phase', `Round ${state.round}: Event Phase`, { round: state.round });
    const attacks: Step[] = state.skipIntruderAttacks ? [] : [{ kind: 'intruder-attacks' }];
    if (state.skipIntruderAttacks)
      announce(
        game,
        'no-intruder-attacks',
        'The ship veers away: no Intruder attacks this Event Phase',
      );
    state.skipIntruderAttacks = false;
    schedule(
      state.stack,
      { kind: 'time-track' },
      ...attacks,
      { kind: 'fire-damage' },
      { kind: 'event-card' },
      { kind: 'bag-development' },
      { kind: 'player-phase' },
    );
    return 'done';
  },
};

/**
 * Event Phase, step 2: every Intruder in Combat attacks a character in its
 * room, one after the other in the order of their ids. Who attacks is fixed
 * when the step begins: an Intruder that appears during these attacks (a
 * Summoning) does not attack this time. The target is chosen when each
 * attack comes up, after the earlier ones have resolved: the character with
 * the fewest cards in hand, ties to the First Player and on in turn order.
 * An Intruder that died, left, or no longer faces anyone skips its attack.
 */
export const intruderAttacks: Procedure<IntruderAttacksStep> = {
  resolve(game, step) {
    const { state } = game;
    const queue =
      step.queue ??
      state.intruders
        .filter((intruder) => intruderInCombat(state, intruder))
        .map((intruder) => intruder.id)
        .sort((first, second) => first - second);
    for (let index = 0; index < queue.length; index++) {
      const intruder = intruderById(game, queue[index]!);
      if (!intruder) continue;
      const target = attackTarget(game, intruder.room);
      if (!target) continue;
      schedule(
        state.stack,
        { kind: 'intruder-attack', intruder: intruder.id, target: target.seat, surprise: false },
        { kind: 'intruder-attacks', queue: queue.slice(index + 1) },
      );
      return 'done';
    }
    return 'done';
  },
};
