import type { Effect } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import {
  announce,
  characterName,
  corridorsOf,
  type Game,
  intruderInCombat,
  otherEnd,
} from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import { schedule } from '../vocabulary/steps.js';
import { capitalised, moveIntruderThrough } from './intruders.js';

/**
 * The Decoy: the taker picks a room next to theirs, and every Intruder in
 * a room next to that one walks into it, by the normal rules of Intruder
 * movement (a closed door in its way is broken instead and it stays, as a
 * Weakness may forbid; several leaving one room through the same closed door
 * meet it once and all stay).
 * Those in Combat, the taker's own room included, each make one attack on a
 * character there before they leave, as in the Intruder Attack step.
 *
 * Choices where the rules are silent: the Decoy may go into any room next to
 * the taker's, a closed door between them or not (only grenades are said to
 * be stopped by doors). The Technical Corridors are not a neighbouring room.
 */

/** The rooms joined to this one by a corridor, each once. */
function neighbours(game: Game, number: number): number[] {
  return [
    ...new Set(corridorsOf(game, number).map((corridor) => otherEnd(game, corridor, number))),
  ];
}

/** Every Intruder in a room next to the Decoy, in the order of their ids. */
function lured(game: Game, decoy: number) {
  const rooms = new Set(neighbours(game, decoy));
  return game.state.intruders
    .filter((intruder) => rooms.has(intruder.room))
    .sort((first, second) => first.id - second.id);
}

/** They walk into the Decoy's room, each through the corridor between. */
function lure(game: Game, decoy: number): void {
  const blocked = new Set<number>();
  for (const intruder of lured(game, decoy)) {
    const corridor = corridorsOf(game, intruder.room).find(
      (candidate) => otherEnd(game, candidate, intruder.room) === decoy,
    );
    if (corridor === undefined) continue;
    if (blocked.has(corridor)) {
      announce(
        game,
        'intruder-blocked',
        `${capitalised(intruder.kind)} #${intruder.id} stays in room ${intruder.room}: the closed door in its way stops its whole group`,
        { intruder: intruder.id, corridor },
      );
      continue;
    }
    if (game.state.corridors[corridor]!.door === 'closed') blocked.add(corridor);
    moveIntruderThrough(game, intruder, corridor);
  }
}

export const decoy: EffectHandler<Effect> = {
  resolve(game, _player, _effect, step) {
    if (step.chosen === null) return 'wait';
    lure(game, step.chosen);
    return 'done';
  },
  question: {
    asks: 'choose-room',
    text: (_game, _player, _effect, step) =>
      `${step.source}: into which neighbouring room do you throw it?`,
    options: (game, player) =>
      neighbours(game, player.room).map((number) => ({ type: 'room', room: number })),
    answer(game, player, _effect, step, answer) {
      if (answer.type !== 'room') return refuse('choose-room', 'name the room for the Decoy');
      if (!neighbours(game, player.room).includes(answer.room))
        return refuse('wrong-room', `room ${answer.room} is not next to room ${player.room}`);
      game.state.stack.pop();
      announce(
        game,
        'decoy',
        `${characterName(game, player)} throws ${step.source} into room ${answer.room}`,
        { seat: player.seat, room: answer.room },
      );
      const fighting = lured(game, answer.room)
        .filter((intruder) => intruderInCombat(game.state, intruder))
        .map((intruder) => intruder.id);
      // The attacks come first, one by one, each at whoever is its target when it comes.
      schedule(
        game.state.stack,
        ...(fighting.length > 0 ? [{ kind: 'intruder-attacks' as const, queue: fighting }] : []),
        { ...step, chosen: answer.room },
      );
      return null;
    },
  },
};
