import { injureIntruder } from '../intruders/intruder-injury.js';
import { fireInjuries, weaknessesOfKindApply } from '../intruders/weaknesses.js';
import { destroyEggs, uncarriedEggs } from '../objects/heavy-objects.js';
import { announce } from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { FireDamageStep } from '../vocabulary/steps.js';

/**
 * Event Phase, step 3: Fire burns the Intruders. Every Intruder standing in
 * a room with a Fire marker suffers one injury (and so checks whether it
 * dies), and in every burning room where uncarried Eggs lie, one of them is
 * destroyed. Characters are not hurt here: they take fire wounds at the end
 * of their own rounds in the Player Phase.
 *
 * Intruders burn in the order of their ids; each death check follows after
 * all the injuries are dealt, in that same order.
 */
export const fireDamage: Procedure<FireDamageStep> = {
  resolve(game) {
    const { state } = game;
    const burning = state.intruders
      .filter((intruder) => state.rooms[intruder.room - 1]?.fire === true)
      .sort((first, second) => first.id - second.id);
    if (burning.length > 0) {
      announce(game, 'fire-damage', `Fire damage: ${burning.length} Intruder(s) burn`, {
        intruders: burning.map((intruder) => intruder.id),
      });
    }
    const mark = state.stack.length;
    if (burning.length > 0)
      weaknessesOfKindApply(game, 'fire-injury', 'the fire hurts the Intruders more');
    for (const intruder of burning) injureIntruder(game, intruder, fireInjuries(game));
    // Each injury pushed its death check on top; turned round, the first burnt is checked first.
    reverseAbove(state.stack, mark);
    for (const candidate of state.rooms) {
      if (candidate.fire && uncarriedEggs(game, candidate.number) > 0)
        destroyEggs(game, candidate.number, 1);
    }
    return 'done';
  },
};

function reverseAbove<T>(stack: T[], mark: number): void {
  for (let low = mark, high = stack.length - 1; low < high; low++, high--) {
    const swap = stack[low]!;
    stack[low] = stack[high]!;
    stack[high] = swap;
  }
}
