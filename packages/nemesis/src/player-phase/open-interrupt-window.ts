import type { Seat } from '@tabletop/engine';
import type { InterruptTrigger } from '../content/effects.js';
import type { ActionCardFacts } from '../content/tables.js';
import type { TurnActionType } from '../vocabulary/actions.js';
import { charactersIn, type Game, playerOf } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { InterruptWindowStep } from '../vocabulary/steps.js';

/**
 * Opening an interrupt window: the seats it asks, worked out from what the
 * whole table sees, never from a hand (the choice and its trade-off are
 * told with the window, player-phase/interrupts.ts).
 */

/** The facts of an interrupt card; undefined for any other card. */
export function interruptCard(game: Game, card: string): ActionCardFacts | undefined {
  const facts = game.tables.actionCards.get(card);
  return facts?.interrupt ? facts : undefined;
}

/**
 * Whether, from what everyone sees, the player could hold a card answering
 * this trigger: their character's deck has one that is not in their
 * discard pile (face up). Never reads the hand.
 */
function couldHoldAnswer(game: Game, player: PlayerState, trigger: InterruptTrigger): boolean {
  if (player.character === null) return false;
  const deck = game.tables.characters.get(player.character)?.actionDeck ?? [];
  return deck.some(
    (card) =>
      interruptCard(game, card)?.answers.includes(trigger) === true &&
      !player.actionDeck.discardPile.includes(card),
  );
}

/** Whether the player is still asked at windows: in play, and not passing every window. */
export function stillAsked(player: PlayerState | undefined): player is PlayerState {
  return player !== undefined && player.status === 'active' && player.declinesInterrupts !== true;
}

/** The characters the trigger concerns, before the public test of what they could hold. */
function concerned(game: Game, trigger: InterruptTrigger, seat: Seat, room: number): PlayerState[] {
  if (trigger === 'surprise-attack-on-you') {
    const target = playerOf(game.state, seat);
    return target ? [target] : [];
  }
  return charactersIn(game.state, room).filter((player) => player.seat !== seat);
}

/**
 * The window to open at this trigger point, or null when no seat is to be
 * asked (play then goes straight on). Opened through `fireTrigger`
 * (flow/trigger-points.ts), right above what it answers: the action, the
 * Interruption's effect, the struck attack.
 */
export function interruptWindowAt(
  game: Game,
  trigger: InterruptTrigger,
  seat: Seat,
  room: number,
  action?: TurnActionType,
): InterruptWindowStep | null {
  const asking = concerned(game, trigger, seat, room)
    .filter((player) => stillAsked(player) && couldHoldAnswer(game, player, trigger))
    .map((player) => player.seat);
  if (asking.length === 0) return null;
  const window: InterruptWindowStep = { kind: 'interrupt-window', trigger, seat, room, asking };
  if (action !== undefined) window.action = action;
  return window;
}
