import type { ConditionOf, EffectOf } from '../content/effects.js';
import {
  checkCoordinates,
  destinationUnavailable,
  setDestination,
} from '../end-of-game/coordinates.js';
import { checkEngine } from '../end-of-game/engines.js';
import {
  boardEscapePod,
  escapePodUnavailable,
  evacSectionOf,
  freePodOf,
  lockOrUnlockPods,
  podsWithinReach,
} from '../escape-pods/escape-pods.js';
import {
  fallAsleep,
  hibernationUnavailable,
  isHibernationOpen,
} from '../hibernation/hibernation.js';
import {
  selfDestructUnavailable,
  startOrStopSelfDestruct,
} from '../self-destruct/self-destruct.js';
import { type Game, room } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { ConditionHandler, EffectHandler } from './handler.js';

/**
 * The effects of leaving the ship and steering it call the rules of the
 * Escape Pods, hibernation, the Self-Destruct, the Coordinates and the
 * engines; those rules keep their own limits (never once anyone hibernates).
 */

/** The boarding proper, after the Evac Section's Noise roll. */
export const enterEscapePod: EffectHandler<EffectOf<'enter-escape-pod'>> = {
  unavailable: (game, player) => escapePodUnavailable(game, player),
  resolve(game, player) {
    boardEscapePod(game, player);
    return 'done';
  },
};

/** Falling asleep proper, after the Hibernatorium's Noise roll. */
export const hibernate: EffectHandler<EffectOf<'hibernate'>> = {
  unavailable: (game, player) => hibernationUnavailable(game, player),
  resolve(game, player) {
    fallAsleep(game, player);
    return 'done';
  },
};

export const startOrStopSelfDestructEffect: EffectHandler<EffectOf<'start-or-stop-self-destruct'>> =
  {
    unavailable: (game) => selfDestructUnavailable(game),
    resolve(game, player) {
      startOrStopSelfDestruct(game, player);
      return 'done';
    },
  };

export const checkCoordinatesEffect: EffectHandler<EffectOf<'check-coordinates'>> = {
  resolve(game, player) {
    checkCoordinates(game, player);
    return 'done';
  },
};

/** The player names a space of the Destination track, by its place on the track. */
export const setDestinationEffect: EffectHandler<EffectOf<'set-destination'>> = {
  unavailable: (game) => destinationUnavailable(game),
  resolve: () => 'wait',
  question: {
    asks: 'choose-option',
    text: (_game, _player, _effect, step) => `${step.source}: move the Destination marker to`,
    options: (game) =>
      game.tables.destination.spaces.map((_space, index) => ({ type: 'option', option: index })),
    answer(game, player, _effect, _step, answer) {
      const space =
        answer.type === 'option' ? game.tables.destination.spaces[answer.option] : undefined;
      if (space === undefined)
        return refuse(
          'choose-space',
          `name a space of the Destination track by its place (0-${game.tables.destination.spaces.length - 1})`,
        );
      const rejection = setDestination(game, player, space);
      if (rejection) return rejection;
      game.state.stack.pop();
      return null;
    },
  },
};

function enginesChecked(game: Game, number: number, which: 'this-room' | 'all'): number[] {
  if (which === 'all') return game.state.engines.map((_engine, index) => index + 1);
  const here = room(game.state, number);
  const engine = here.explored ? game.tables.roomTiles.get(here.tile)?.engine : null;
  return engine == null ? [] : [engine];
}

/** One engine where you stand, or all three from the Engine Control Room; each seen by the checker alone. */
export const checkEngines: EffectHandler<EffectOf<'check-engines'>> = {
  unavailable: (game, player, effect, step) =>
    enginesChecked(game, player.room, effect.which).length > 0
      ? null
      : refuse('no-engine', `${step.source}: there is no engine here`),
  resolve(game, player, effect) {
    for (const engine of enginesChecked(game, player.room, effect.which))
      checkEngine(game, player, engine);
    return 'done';
  },
};

/** The player names the pod by its number. */
export const lockOrUnlockPod: EffectHandler<EffectOf<'lock-or-unlock-pod'>> = {
  unavailable: (game, player, effect, step) =>
    podsWithinReach(game, player, effect.pods).length > 0
      ? null
      : refuse('no-pod', `${step.source}: no Escape Pod within reach`),
  resolve: () => 'wait',
  question: {
    asks: 'choose-option',
    text: (_game, _player, _effect, step) => `${step.source}: which Escape Pod to lock or unlock`,
    options: (game, player, effect) =>
      podsWithinReach(game, player, effect.pods).map((pod) => ({
        type: 'option',
        option: pod.number,
      })),
    answer(game, player, effect, _step, answer) {
      if (answer.type !== 'option') return refuse('choose-pod', 'name an Escape Pod by its number');
      const rejection = lockOrUnlockPods(game, player, effect.pods, answer.option);
      if (rejection) return rejection;
      game.state.stack.pop();
      return null;
    },
  },
};

export const podSeatFree: ConditionHandler<ConditionOf<'pod-seat-free'>> = {
  unmet: 'no unlocked Escape Pod of this section has a free seat',
  holds(game, player) {
    const section = evacSectionOf(game, player.room);
    return section !== null && freePodOf(game, section) !== undefined;
  },
};

export const hibernationOpen: ConditionHandler<ConditionOf<'hibernation-open'>> = {
  unmet: 'the hibernation chambers open only on the blue spaces of the Time track',
  holds: (game) => isHibernationOpen(game),
};
