import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { targetRoom } from '../effects/ship.js';
import { injureIntruder as injure } from '../intruders/intruder-injury.js';
import { intruderById } from '../intruders/intruders.js';
import { type Game, intrudersIn } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { IntruderState } from '../vocabulary/state.js';
import { schedule } from '../vocabulary/steps.js';

type InjureIntruder = EffectOf<'injure-intruder'>;

/**
 * One Intruder of the taker's choice is hurt (the Taser): its injuries and
 * its death check, as any other; then, if it lives, it Retreats (an Event
 * card drawn for its corridor number). An Intruder that already fled on a
 * Retreat card of its death check does not flee a second time.
 */
function strike(game: Game, effect: InjureIntruder, intruder: IntruderState): void {
  // The Retreat is scheduled first so that it follows the death check the injury sets off.
  if (effect.thenRetreats)
    schedule(game.state.stack, { kind: 'retreat', intruder: intruder.id, from: intruder.room });
  injure(game, intruder, effect.injuries);
}

export const injureIntruder: EffectHandler<InjureIntruder> = {
  unavailable: (game, player, effect, step) =>
    intrudersIn(game.state, targetRoom(player, effect.room, step)).length > 0
      ? null
      : refuse('no-intruder', `${step.source}: no Intruder is there to strike`),
  resolve(game, player, effect, step) {
    const intruders = intrudersIn(game.state, targetRoom(player, effect.room, step));
    if (intruders.length > 1) return 'wait';
    strike(game, effect, intruders[0]!);
    return 'done';
  },
  question: {
    asks: 'choose-target',
    text: (_game, _player, effect, step) =>
      `${step.source}: which Intruder takes ${effect.injuries === 1 ? 'the injury' : `the ${effect.injuries} injuries`}?`,
    options: (game, player, effect, step) =>
      intrudersIn(game.state, targetRoom(player, effect.room, step)).map((intruder) => ({
        type: 'target',
        target: intruder.id,
      })),
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'target') return refuse('choose-target', 'name the Intruder to strike');
      const number = targetRoom(player, effect.room, step);
      const intruder = answer.target === 'eggs' ? undefined : intruderById(game, answer.target);
      if (!intruder || intruder.room !== number)
        return refuse('no-such-target', `name an Intruder in room ${number}`);
      game.state.stack.pop();
      strike(game, effect, intruder);
      return null;
    },
  },
};
