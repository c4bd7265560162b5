import type { EffectOf, HeavyObject } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { researchedAs } from '../objects/object-kinds.js';
import { announce, characterName, type Game, room } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * Research (the Laboratory, Laboratory Equipment): a Character Corpse, an
 * Intruder Carcass or an Egg in the room, lying there or carried by the
 * researcher, reveals the Weakness card on that object's slot of the
 * Intruder board. The object stays. With objects of several kinds, the
 * researcher picks one; a slot already face up teaches nothing new, so its
 * object is not offered. What a revealed Weakness does is not read here.
 */
/** The index of the Weakness an object reveals, or -1 where the board has no such slot. */
export function weaknessSlot(game: Game, object: HeavyObject): number {
  return game.tables.weaknessSlots.indexOf(researchedAs(object));
}

/** Objects here (one per kind, the blue Corpse a Corpse like any) whose Weakness is still face down. */
export function researchableObjects(game: Game, player: PlayerState): HeavyObject[] {
  const present = new Set(
    [...room(game.state, player.room).objects, ...player.carried].map(researchedAs),
  );
  return (['corpse', 'carcass', 'egg'] as const).filter((object) => {
    if (!present.has(object)) return false;
    const weakness = game.state.weaknesses[weaknessSlot(game, object)];
    return weakness !== undefined && !weakness.revealed;
  });
}

export function revealWeakness(game: Game, player: PlayerState, object: HeavyObject): void {
  const weakness = game.state.weaknesses[weaknessSlot(game, object)]!;
  weakness.revealed = true;
  announce(
    game,
    'weakness-revealed',
    `${characterName(game, player)} researches the ${object} and reveals the Weakness ${weakness.card}`,
    { seat: player.seat, object, weakness: weakness.card },
  );
}

export const researchWeakness: EffectHandler<EffectOf<'research-weakness'>> = {
  unavailable: (game, player, _effect, step) =>
    researchableObjects(game, player).length > 0
      ? null
      : refuse(
          'nothing-to-research',
          `${step.source}: no Corpse, Carcass or Egg here with its Weakness still face down`,
        ),
  resolve(game, player) {
    const objects = researchableObjects(game, player);
    if (objects.length > 1) return 'wait';
    revealWeakness(game, player, objects[0]!);
    return 'done';
  },
  question: {
    asks: 'choose-object',
    text: (_game, _player, _effect, step) =>
      `${step.source}: which object do you research? Its Weakness is revealed`,
    options: (game, player) =>
      researchableObjects(game, player).map((object) => ({ type: 'object', object })),
    answer(game, player, _effect, _step, answer) {
      if (answer.type !== 'object') return refuse('choose-object', 'name the object to research');
      if (!researchableObjects(game, player).includes(answer.object))
        return refuse('wrong-object', `no ${answer.object} here with its Weakness still face down`);
      game.state.stack.pop();
      revealWeakness(game, player, answer.object);
      return null;
    },
  },
};
