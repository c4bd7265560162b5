import type { Seat } from '@tabletop/engine';
import type { EffectOf } from '../content/effects.js';
import { reachedByComputer } from '../effects/conditions.js';
import type { EffectHandler } from '../effects/handler.js';
import type { Answer } from '../vocabulary/actions.js';
import { announce, type Game, playerOf } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { ConsentStep, EffectStep } from '../vocabulary/steps.js';
import { moveByCard } from './other-moves.js';
import { reachableRooms } from './reachable-rooms.js';

/**
 * Characters sent out of the room by a card: Order sends another character
 * to a neighbouring room the Captain picks, without asking them; Suppressive
 * Fire lets you, or one other willing character, slip out; Covering Fire
 * lets you and/or one other willing character leave together, to the same
 * room. The choices come one at a time: who goes (option 0 is you, where
 * you may go; option N+1 is the character of seat N), the other's consent
 * at their own seat, whether you go too (Covering Fire), then the room.
 */
type LeaveRoom = EffectOf<'leave-room'>;

/** Option 0: you; option N + 1: the character of seat N. */
const selfOption = 0;

/** The other characters the card reaches: in your room, and with the Intercom in every Computer room. */
function othersReached(game: Game, player: PlayerState, effect: LeaveRoom): PlayerState[] {
  return [
    ...game.state.players.filter(
      (other) => other.status === 'active' && other.room === player.room && other !== player,
    ),
    ...reachedByComputer(game, player, effect.alsoComputerRoomsWith),
  ].filter((other) => reachableRooms(game, other.room).length > 0);
}

function selfMayGo(effect: LeaveRoom): boolean {
  return effect.who !== 'other';
}

function whoOptions(game: Game, player: PlayerState, effect: LeaveRoom): number[] {
  const others = othersReached(game, player, effect).map((other) => Number(other.seat) + 1);
  const self = selfMayGo(effect) && reachableRooms(game, player.room).length > 0;
  return self ? [selfOption, ...others] : others;
}

interface Progress {
  /** The other character picked, if any. */
  other?: Seat;
  /** Their reply, once given (always yes where no consent is needed). */
  agrees?: boolean;
  /** Whether you go as well, once known. */
  selfGoes?: boolean;
  /** The next thing to ask; undefined once all is known. */
  next?: 'who' | 'consent' | 'self-too' | 'room';
  to?: number;
}

/** Reads the answers so far in the order they were asked. */
function progressOf(effect: LeaveRoom, step: EffectStep): Progress {
  const answers: Answer[] = [...(step.answered ?? [])];
  const who = answers.shift();
  if (who?.type !== 'option') return { next: 'who' };
  const progress: Progress = {};
  if (who.option === selfOption) progress.selfGoes = true;
  else {
    progress.other = String(who.option - 1);
    if (effect.consent) {
      const reply = answers.shift();
      if (reply === undefined) return { ...progress, next: 'consent' };
      progress.agrees = reply.type === 'option';
    } else progress.agrees = true;
    if (effect.who === 'self-and-other') {
      const too = answers.shift();
      if (too === undefined) return { ...progress, next: 'self-too' };
      progress.selfGoes = too.type === 'option';
    } else progress.selfGoes = false;
  }
  const room = answers.shift();
  if (room?.type !== 'room')
    return { ...progress, next: movers(progress).length > 0 ? 'room' : undefined };
  return { ...progress, to: room.room };
}

/** The room the movers leave: the other character's, when one was picked, else yours. */
function origin(game: Game, player: PlayerState, progress: Progress): number {
  return progress.other === undefined
    ? player.room
    : (playerOf(game.state, progress.other)?.room ?? player.room);
}

function movers(progress: Progress): ('self' | Seat)[] {
  const going: ('self' | Seat)[] = [];
  if (progress.selfGoes) going.push('self');
  if (progress.other !== undefined && progress.agrees) going.push(progress.other);
  return going;
}

/** The step stays on top, asking its next question with this answer kept. */
function remember(step: EffectStep, answer: Answer): void {
  step.answered = [...(step.answered ?? []), answer];
}

export const leaveRoom: EffectHandler<LeaveRoom> = {
  unavailable(game, player, effect, step) {
    if (whoOptions(game, player, effect).length > 0) return null;
    if (effect.who !== 'other' || reachableRooms(game, player.room).length === 0)
      return refuse('nowhere-to-go', `${step.source}: no open corridor leads out of your room`);
    return refuse('nobody-here', `${step.source}: no other character is in your room`);
  },
  resolve(game, player, effect, step) {
    const progress = progressOf(effect, step);
    if (progress.next !== undefined) return 'wait';
    if (progress.to === undefined) {
      announce(game, 'nobody-leaves', `${step.source}: nobody leaves`, { seat: player.seat });
      return 'done';
    }
    // The others first, then you: all arrive in the same room.
    const from = origin(game, player, progress);
    for (const going of movers(progress).reverse()) {
      const character = going === 'self' ? player : playerOf(game.state, going)!;
      if (character.status !== 'active' || character.room !== from) continue;
      moveByCard(game, character, progress.to, effect, step.source);
    }
    return 'done';
  },
  question: {
    asks: 'choose-option',
    asksFor: (effect, step) =>
      progressOf(effect, step).next === 'room' ? 'choose-room' : 'choose-option',
    text(_game, _player, effect, step) {
      const progress = progressOf(effect, step);
      if (progress.next === 'room') return `${step.source}: to which neighbouring room?`;
      if (progress.next === 'self-too') return `${step.source}: do you leave with them, or stay?`;
      return effect.who === 'other'
        ? `${step.source}: whom do you send out of the room?`
        : `${step.source}: who leaves the room, you or someone with you?`;
    },
    options(game, player, effect, step) {
      const progress = progressOf(effect, step);
      if (progress.next === 'room')
        return reachableRooms(game, origin(game, player, progress)).map((room) => ({
          type: 'room',
          room,
        }));
      if (progress.next === 'self-too') return [{ type: 'option', option: 0 }, { type: 'done' }];
      return whoOptions(game, player, effect).map((option) => ({ type: 'option', option }));
    },
    answer(game, player, effect, step, answer) {
      const progress = progressOf(effect, step);
      if (progress.next === 'room') {
        if (answer.type !== 'room') return refuse('choose-room', 'name a neighbouring room');
        if (!reachableRooms(game, origin(game, player, progress)).includes(answer.room))
          return refuse('wrong-room', `room ${answer.room} is not an open neighbour of theirs`);
        remember(step, answer);
        return null;
      }
      if (progress.next === 'self-too') {
        if (answer.type !== 'done' && !(answer.type === 'option' && answer.option === 0))
          return refuse('choose-option', 'option 0 to leave as well, done to stay');
        remember(step, answer);
        return null;
      }
      if (answer.type !== 'option' || !whoOptions(game, player, effect).includes(answer.option))
        return refuse(
          'choose-option',
          `name who leaves: ${whoOptions(game, player, effect).join(', ')} (0 is you, seat + 1 another)`,
        );
      remember(step, answer);
      if (answer.option !== selfOption && effect.consent) {
        const asking: ConsentStep = {
          kind: 'consent',
          seat: String(answer.option - 1),
          asker: player.seat,
          source: step.source,
        };
        game.state.stack.push(asking);
      }
      return null;
    },
  },
};
