import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { closeDoor, openDoor } from '../markers/markers.js';
import { corridorsOf, type Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { EffectStep } from '../vocabulary/steps.js';

/**
 * Setting doors: the Command Center and the Security Key reach every
 * corridor of a room of your choice; an Energy Charge, Tools and the Plasma
 * Torch one door of a corridor touching your room. The player names a
 * corridor, one at a time, and its door changes: an open one closes (a Door
 * token from the supply, or from the board when the supply is out), a
 * closed one opens. A destroyed door is gone: only the Plasma Torch closes
 * it again. With `each`, every door may be set once and `done` ends it.
 *
 * A door has one other state it can be set to, so the corridor alone says
 * what happens: no separate open/closed question.
 */
type SetDoors = EffectOf<'set-doors'>;

function roomOf(effect: SetDoors, step: EffectStep): number | null {
  return effect.room === 'own' ? step.room : step.chosen;
}

/** Corridors already set by this effect (each door once). */
function setAlready(step: EffectStep): number[] {
  return (step.answered ?? []).flatMap((answer) =>
    answer.type === 'corridor' && answer.corridor !== 'technical' ? [answer.corridor] : [],
  );
}

/** Corridors of the room whose door this effect can still change. */
export function settableDoors(game: Game, effect: SetDoors, step: EffectStep): number[] {
  const number = roomOf(effect, step);
  if (number === null) return [];
  const done = setAlready(step);
  return corridorsOf(game, number).filter((corridor) => {
    if (done.includes(corridor)) return false;
    const door = game.state.corridors[corridor]!.door;
    return door !== 'destroyed' || effect.closesDestroyed;
  });
}

export const setDoors: EffectHandler<SetDoors> = {
  unavailable: (game, _player, effect, step) =>
    settableDoors(game, effect, step).length > 0
      ? null
      : refuse('no-door', `${step.source}: no door there can be set`),
  resolve: () => 'wait',
  question: {
    asks: 'choose-corridor',
    text: (_game, _player, effect, step) =>
      effect.doors === 'each'
        ? `${step.source}: which door of room ${roomOf(effect, step)} do you open or close? (done when finished)`
        : `${step.source}: which door next to your room do you open or close?`,
    options(game, _player, effect, step) {
      const corridors = settableDoors(game, effect, step).map((corridor) => ({
        type: 'corridor' as const,
        corridor,
      }));
      // Setting every door includes leaving some as they are; a single door is the point of the card.
      return effect.doors === 'each' && setAlready(step).length > 0
        ? [...corridors, { type: 'done' as const }]
        : corridors;
    },
    answer(game, _player, effect, step, answer) {
      if (answer.type === 'done' && effect.doors === 'each' && setAlready(step).length > 0) {
        game.state.stack.pop();
        return null;
      }
      if (answer.type !== 'corridor')
        return refuse('choose-corridor', 'name the corridor whose door you open or close');
      const settable = settableDoors(game, effect, step);
      if (answer.corridor === 'technical' || !settable.includes(answer.corridor))
        return refuse(
          'wrong-corridor',
          `corridor ${answer.corridor} is not one whose door you can set here (${settable.join(', ')})`,
        );
      const corridor = answer.corridor;
      if (game.state.corridors[corridor]!.door === 'closed') openDoor(game, corridor);
      else closeDoor(game, corridor, { evenDestroyed: effect.closesDestroyed });
      game.state.stack.pop();
      if (effect.doors === 'each') {
        const next: EffectStep = { ...step, answered: [...(step.answered ?? []), answer] };
        if (settableDoors(game, effect, next).length > 0) game.state.stack.push(next);
      }
      return null;
    },
  },
};
