import type { Seat } from '@tabletop/engine';
import { type InterruptTrigger, Trigger } from '../content/effects.js';
import { autoDocRevival } from '../game-modes/revival.js';
import { reactionOffers } from '../items/reactions.js';
import { interruptWindowAt } from '../player-phase/open-interrupt-window.js';
import { roomTriggers } from '../rooms/room-triggers.js';
import type { TurnActionType } from '../vocabulary/actions.js';
import { type Game, playerOf } from '../vocabulary/game.js';
import { type Step, schedule } from '../vocabulary/steps.js';

/**
 * The trigger points: the moments the rules stop at for whatever waits for
 * them. Every rule reaching one calls `fireTrigger`, which asks what answers
 * there (the closed list `triggerPoints` below): the items of the character
 * concerned, the room they are in, the seats an interrupt window asks, a rule
 * of the game mode. A card waiting at a point already on the list needs no
 * new code where the point is reached.
 */

/** The trigger points only the rules stop at: no card of a pack can wait for them. */
export type RulePoint = 'start-of-round';
export type TriggerPoint = Trigger | RulePoint;

/** A trigger point no rule fires yet: a pack waiting for it is refused at load. */
type UnfiredPoint = 'start-of-turn';
export type FiredPoint = Exclude<TriggerPoint, UnfiredPoint>;

/** Where and when a point is reached. */
interface Moment {
  /**
   * The step the point holds back (the roll made, the attack that struck,
   * the action about to resolve): it goes on below whatever answers, and
   * whether an answer can act may be read from it.
   */
  waiting?: Step;
}

/** A moment of a character's: whose roll, attack, action or Interruption, and where. */
export interface CharacterMoment extends Moment {
  seat: Seat;
  room: number;
  /** For an action about to resolve: which action, as everyone sees it named. */
  action?: TurnActionType;
}

export type MomentAt<P extends TriggerPoint> = P extends RulePoint ? Moment : CharacterMoment;

/**
 * Who listens at a trigger point, and answers it with the steps it opens
 * there, in the order they are asked (none when nobody is to be asked, or
 * when a rule acts at once).
 */
type Listener<P extends TriggerPoint> = (game: Game, point: P, moment: MomentAt<P>) => Step[];

/** The items of the character concerned offer their reactions (the Armor, the Motion Sensor). */
const itemReactions: Listener<Trigger> = (game, point, { seat }) => {
  const player = playerOf(game.state, seat);
  return player ? reactionOffers(game, player, point) : [];
};

/** The room the character is in acts by itself (the Room with Slime). */
const roomPassives: Listener<Trigger> = (game, point, { seat, room }) => {
  const player = playerOf(game.state, seat);
  return player ? roomTriggers(game, player, room, point) : [];
};

/** The seats that could hold an interrupt card answering the point are asked (Interruption, Nerves of Steel). */
const interruptWindow: Listener<InterruptTrigger> = (game, point, { seat, room, action }) => {
  const window = interruptWindowAt(game, point, seat, room, action);
  return window ? [window] : [];
};

/** The Emergency Room's AutoDoc brings its dead back (the cooperative variant). */
const theAutoDoc: Listener<RulePoint> = (game) => {
  autoDocRevival(game);
  return [];
};

/**
 * The closed list of the trigger points the rules fire, each with what
 * answers there and, above it, the rule that reaches it. The compiler holds
 * it to every point of the vocabulary but those no rule fires yet.
 */
const triggerPoints: { readonly [P in FiredPoint]: readonly Listener<P>[] } = {
  // player-phase/player-phase.ts: a round begins, before anyone draws.
  'start-of-round': [theAutoDoc],
  // movement/noise-roll.ts: a character's own Noise roll, before it resolves.
  'own-noise-roll': [itemReactions],
  // intruders/intruder-attack.ts: an Intruder's attack has struck.
  'intruder-attack-on-you': [itemReactions],
  // intruders/intruder-attack.ts: a Surprise Attack has struck (an Intruder attack too).
  'surprise-attack-on-you': [interruptWindow],
  // movement/movement.ts, movement/exploration.ts: a character enters a room.
  'enter-room': [roomPassives],
  // player-phase/action-choice.ts: another player's action is about to resolve.
  'before-action-resolves': [interruptWindow],
  // player-phase/interrupts.ts: an Interruption was just played.
  'interruption-played': [interruptWindow],
};

/** Every point the rules fire, those only the rules stop at included. */
export const firedPoints = Object.keys(triggerPoints) as FiredPoint[];

/**
 * The points a pack may wait for: those of its vocabulary the rules fire.
 * Read from the list `fireTrigger` dispatches on, so the two cannot differ.
 */
export const firedTriggers: readonly Trigger[] = Trigger.options.filter(
  (point) => point in triggerPoints,
);

/**
 * A rule reaches a trigger point: what answers there is asked. The steps
 * opened go on the stack above the step the moment holds back, in the order
 * the points are named (a Surprise Attack is an Intruder attack too: its
 * interrupt window is asked before the items react). Returns false, having
 * scheduled nothing, when nothing was opened: the rule then goes straight on.
 */
export function fireTrigger<P extends FiredPoint>(
  game: Game,
  points: P | readonly P[],
  moment: MomentAt<P>,
): boolean {
  const { stack } = game.state;
  const { waiting } = moment;
  if (waiting) stack.push(waiting);
  const opened: Step[] = [];
  for (const point of typeof points === 'string' ? [points] : points)
    for (const listener of triggerPoints[point]) opened.push(...listener(game, point, moment));
  if (opened.length > 0) {
    schedule(stack, ...opened);
    return true;
  }
  if (waiting) stack.pop();
  return false;
}
