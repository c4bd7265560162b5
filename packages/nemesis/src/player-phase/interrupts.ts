import { interruptWindow, type Seat } from '@tabletop/engine';
import type { InterruptTrigger } from '../content/effects.js';
import { effectUnavailable } from '../effects/handler-table.js';
import { fireTrigger } from '../flow/trigger-points.js';
import type { Answer, TurnActionType } from '../vocabulary/actions.js';
import { announce, characterName, type Game, playerOf, seatName } from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { InterruptWindowStep } from '../vocabulary/steps.js';
import { schedule } from '../vocabulary/steps.js';
import { cardStep } from './action-card.js';
import { payCost } from './costs.js';
import { interruptCard, stillAsked } from './open-interrupt-window.js';

/**
 * Interrupts: the Action cards played outside one's turn, even after
 * passing (Interruption, Nerves of Steel). At each trigger point of the
 * closed list `InterruptTrigger` (content/effects.ts) the rules open the
 * kernel's `window` prompt: the seats asked may play a card that answers
 * that trigger, or pass; play goes on once every one of them has answered.
 *
 * Who is asked must never tell what anyone holds, so it is worked out from
 * what the whole table sees (choice, see RULES.md):
 * - a character in play (not dead, not in a pod) where the trigger happens:
 *   in the room of the action, or of the Interruption answered, other than
 *   the one who took it; for a Surprise Attack, its target alone;
 * - whose Action deck holds a card answering this trigger (the deck lists
 *   are public) that does not lie face up in their discard pile;
 * - who has not chosen to pass every window for the rest of the game.
 * Every such seat is asked whether or not the card is in its hand; a seat
 * without it can only pass, which looks the same as a seat keeping it.
 * The window closes when the last asked seat has answered, in any order.
 *
 * The trade-off: a table with several characters in one room is asked
 * often (every action of one is a window for the others), mostly to pass.
 * The public "pass every window from now on" answer is the way out, at the
 * price of giving the cards up for the rest of the game: a seat that takes
 * it tells the table it will never interrupt again, nothing about its hand.
 * A seat that would rather stay silent keeps passing each window.
 */

/**
 * The window a card played at each trigger point opens in turn: an
 * Interruption can be cancelled by another one; nothing answers Nerves of Steel.
 */
const answeredAt: Record<InterruptTrigger, InterruptTrigger | null> = {
  'before-action-resolves': 'interruption-played',
  'interruption-played': 'interruption-played',
  'surprise-attack-on-you': null,
};

/** The option that passes this window and every later one. */
export const passEveryWindow = 0;

/**
 * The cards the player named for their own action waiting below the
 * window (to pay, or the card played): still in hand, but spoken for.
 */
function namedForOwnAction(game: Game, player: PlayerState): string[] {
  const action = game.state.stack.findLast((step) => step.kind === 'action-choice');
  if (action?.kind !== 'action-choice' || action.seat !== player.seat) return [];
  return [...action.chosen.cards, ...(action.chosen.played ? [action.chosen.played] : [])];
}

/** Why the card cannot be played at this window; null when it can. */
function cardRefused(
  game: Game,
  step: InterruptWindowStep,
  player: PlayerState,
  card: string,
): ReturnType<typeof refuse> | null {
  if (!player.hand.includes(card)) return refuse('card-not-in-hand', `${card} is not in your hand`);
  if (namedForOwnAction(game, player).includes(card))
    return refuse('card-committed', 'that card is already named for your action under way');
  const facts = interruptCard(game, card);
  if (!facts || facts.play === null)
    return refuse('not-an-interrupt', 'only an interrupt card is played at this window');
  if (!facts.answers.includes(step.trigger))
    return refuse('wrong-window', `the ${facts.name} card does not answer this moment`);
  return effectUnavailable(game, player, facts.play, cardStep(player, facts));
}

function playableCards(game: Game, step: InterruptWindowStep, player: PlayerState): string[] {
  return [...new Set(player.hand)].filter((card) => cardRefused(game, step, player, card) === null);
}

/** What the window's action is about to do, as the table says it. */
const actionWords: Record<TurnActionType, string> = {
  move: 'move',
  'careful-move': 'move carefully',
  shoot: 'shoot',
  melee: 'attack hand to hand',
  'pick-up': 'pick up an object',
  drop: 'drop something',
  'room-action': 'take the Room Action',
  search: 'search',
  'use-item': 'use an item',
  'play-card': 'play an Action card',
  trade: 'trade',
  craft: 'craft an item',
  'complete-quest': 'complete a quest',
  pass: 'pass',
};

function situation(game: Game, step: InterruptWindowStep): string {
  const who = playerOf(game.state, step.seat);
  const name = who ? characterName(game, who) : seatName(game, step.seat);
  switch (step.trigger) {
    case 'before-action-resolves':
      return `${name} is about to ${step.action === undefined ? 'act' : actionWords[step.action]} in room ${step.room}`;
    case 'interruption-played':
      return `${name} has played an Interruption in room ${step.room}`;
    case 'surprise-attack-on-you':
      return `a Surprise Attack has struck ${name}`;
  }
}

function answered(step: InterruptWindowStep, seat: Seat): void {
  step.asking = step.asking.filter((asked) => asked !== seat);
}

/** The card is discarded face up, its effect waits, and the window its play opens goes above. */
function playCard(game: Game, step: InterruptWindowStep, player: PlayerState, card: string): void {
  const facts = interruptCard(game, card)!;
  payCost(player, [card]);
  // Announced as any card played, with the trigger point it answers.
  announce(game, 'play-card', `${characterName(game, player)} plays the ${facts.name} card`, {
    seat: player.seat,
    card,
    trigger: step.trigger,
  });
  const next = answeredAt[step.trigger];
  const play = cardStep(player, facts);
  const moment = { seat: player.seat, room: step.room, waiting: play };
  if (next === null || !fireTrigger(game, next, moment)) schedule(game.state.stack, play);
}

export const interruptWindowProcedure: Procedure<InterruptWindowStep> = {
  resolve(game, step) {
    // Whoever died, left or gave up the windows meanwhile is no longer waited for.
    step.asking = step.asking.filter((seat) => stillAsked(playerOf(game.state, seat)));
    return step.asking.length === 0 ? 'done' : 'wait';
  },

  prompts(game, step) {
    return [
      interruptWindow(
        step.asking,
        'interrupt',
        `${situation(game, step)}: play an interrupt card, or pass`,
      ),
    ];
  },

  legalActions(game, step, seat) {
    if (!step.asking.includes(seat)) return [];
    const player = playerOf(game.state, seat)!;
    return [
      { type: 'done' },
      { type: 'option', option: passEveryWindow },
      ...playableCards(game, step, player).map((card): Answer => ({ type: 'card', card })),
    ];
  },

  answer(game, step, seat, action) {
    if (!step.asking.includes(seat))
      return refuse('not-asked', `${seatName(game, seat)} is not asked at this window`);
    const player = playerOf(game.state, seat)!;
    if (action.type === 'done') {
      answered(step, seat);
      return null;
    }
    if (action.type === 'option' && action.option === passEveryWindow) {
      player.declinesInterrupts = true;
      answered(step, seat);
      announce(
        game,
        'interrupts-declined',
        `${characterName(game, player)} will pass every interrupt window from now on`,
        { seat },
      );
      return null;
    }
    if (action.type !== 'card')
      return refuse(
        'interrupt',
        `play an interrupt card, answer done to pass, or option ${passEveryWindow} to pass every window from now on`,
      );
    const rejection = cardRefused(game, step, player, action.card);
    if (rejection) return rejection;
    answered(step, seat);
    playCard(game, step, player, action.card);
    return null;
  },
};
