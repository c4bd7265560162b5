import { mustAct } from '@tabletop/engine';
import type { Effect, Trigger } from '../content/effects.js';
import { effectUnavailable } from '../effects/handler-table.js';
import { canPay, payableCards, payCost } from '../player-phase/costs.js';
import type { Answer } from '../vocabulary/actions.js';
import { announce, characterName, type Game, playerOf, seatName } from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type EffectStep, type ReactionStep, schedule } from '../vocabulary/steps.js';
import { discardItem } from './inventory.js';
import { itemActionSurcharge } from './item-action.js';

/**
 * Reactions: an item that answers a moment of the game rather than being
 * used as an action (the Armor after an Intruder's attack, the Motion
 * Sensor after its holder's Noise roll). At the trigger point the rules
 * stop and ask the holder, one item at a time, whether to use it; the
 * holder may decline. Using it pays its cost in Action cards (named one at
 * a time, never a Contamination card), discards it if it is one-use, and
 * then its effect resolves on what the trigger left waiting.
 *
 * Asking shows everyone that the holder has the item. The base game's
 * reactions are all quest items, which lie face up by their owner's board
 * once their quest is done, so the question reveals nothing the table does
 * not already see.
 */

interface Reaction {
  cost: number;
  effect: Effect;
}

/**
 * The item's reaction to this trigger, if it has one, with what it costs this
 * player. Choice: a reaction paid in Action cards is an item action, so an
 * undressed Hand wound adds its card; a reaction that costs no card (the
 * Armor, discarded to ignore an attack) is no action and stays free.
 */
function reactionOf(
  game: Game,
  player: PlayerState,
  item: string,
  trigger: Trigger,
): Reaction | null {
  for (const use of game.tables.items.get(item)?.uses ?? [])
    if (use.kind === 'reaction' && use.trigger === trigger) {
      const surcharge = use.cost > 0 ? itemActionSurcharge(game, player) : 0;
      return { cost: use.cost + surcharge, effect: use.effect };
    }
  return null;
}

function itemName(game: Game, item: string): string {
  return game.tables.items.get(item)?.name ?? item;
}

/** The step of the reaction's effect, taken by the holder where they stand. */
function effectStep(game: Game, player: PlayerState, item: string, effect: Effect): EffectStep {
  return {
    kind: 'effect',
    seat: player.seat,
    effect,
    room: player.room,
    chosen: null,
    source: `the ${itemName(game, item)}`,
  };
}

/** Why the holder cannot use the item now, or null when they can. */
function reactionUnavailable(
  game: Game,
  player: PlayerState,
  item: string,
  trigger: Trigger,
): string | null {
  if (player.status !== 'active') return 'the holder is out of play';
  if (!player.items.includes(item)) return 'the item is no longer held';
  const reaction = reactionOf(game, player, item, trigger);
  if (!reaction) return 'the item has no such reaction';
  if (!canPay(game, player, reaction.cost)) return 'the hand cannot pay its cost';
  const step = effectStep(game, player, item, reaction.effect);
  return effectUnavailable(game, player, reaction.effect, step)?.message ?? null;
}

/**
 * What a character's items offer at a trigger point (flow/trigger-points.ts):
 * one offer per item that reacts to this trigger and could act on it now.
 * The step the trigger holds back (the attack that struck, the roll made)
 * already waits on the stack, for whether a reaction can act is read from it.
 */
export function reactionOffers(game: Game, player: PlayerState, trigger: Trigger): ReactionStep[] {
  if (player.status !== 'active') return [];
  const offers: ReactionStep[] = [];
  for (const item of new Set(player.items)) {
    if (reactionUnavailable(game, player, item, trigger) !== null) continue;
    offers.push({ kind: 'reaction', seat: player.seat, trigger, item, paying: null });
  }
  return offers;
}

/** What the holder is asked, in words. */
const triggerWords: Record<Trigger, string> = {
  'intruder-attack-on-you': "an Intruder's attack has struck you",
  'own-noise-roll': 'you have rolled for noise',
  'surprise-attack-on-you': 'a Surprise Attack has struck you',
  'enter-room': 'you have entered a room',
  'start-of-turn': 'your turn begins',
  'before-action-resolves': 'an action is about to resolve',
  'interruption-played': 'an Interruption has been played',
};

function offerText(game: Game, step: ReactionStep): string {
  const cost =
    reactionOf(game, playerOf(game.state, step.seat)!, step.item, step.trigger)?.cost ?? 0;
  const price = cost === 0 ? '' : ` (costs ${cost} Action card${cost === 1 ? '' : 's'})`;
  return `${triggerWords[step.trigger]}: use the ${itemName(game, step.item)}${price}, or decline`;
}

export const reaction: Procedure<ReactionStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (reactionUnavailable(game, player, step.item, step.trigger) !== null) return 'done';
    const { cost, effect } = reactionOf(game, player, step.item, step.trigger)!;
    if (step.paying === null || step.paying.length < cost) return 'wait';
    payCost(player, step.paying);
    const facts = game.tables.items.get(step.item);
    if (facts?.oneUse) discardItem(game, player, step.item);
    announce(
      game,
      'reaction',
      `${characterName(game, player)} uses the ${itemName(game, step.item)}${facts?.oneUse ? ', which is discarded' : ''}`,
      { seat: player.seat, item: step.item, trigger: step.trigger },
    );
    schedule(game.state.stack, effectStep(game, player, step.item, effect));
    return 'done';
  },

  prompts(game, step) {
    const player = playerOf(game.state, step.seat)!;
    const name = characterName(game, player);
    if (step.paying === null)
      return [mustAct(step.seat, 'choose-option', `${name}: ${offerText(game, step)}`)];
    const owed =
      (reactionOf(game, player, step.item, step.trigger)?.cost ?? 0) - step.paying.length;
    return [
      mustAct(
        step.seat,
        'pay',
        `${name}: discard an Action card to pay for the ${itemName(game, step.item)}${owed > 1 ? ` (${owed} still to pay)` : ''}`,
      ),
    ];
  },

  legalActions(game, step, seat) {
    if (seat !== step.seat) return [];
    if (step.paying === null) return [{ type: 'option', option: 0 }, { type: 'done' }];
    const player = playerOf(game.state, seat)!;
    return payableCards(game, player)
      .filter((card) => !step.paying!.includes(card))
      .map((card): Answer => ({ type: 'card', card }));
  },

  answer(game, step, seat, action) {
    if (seat !== step.seat)
      return refuse('not-your-turn', `it is ${seatName(game, step.seat)}'s choice`);
    const player = playerOf(game.state, seat)!;
    if (step.paying === null) {
      if (action.type === 'done') {
        game.state.stack.pop();
        announce(
          game,
          'reaction-declined',
          `${characterName(game, player)} keeps the ${itemName(game, step.item)}`,
          { seat, item: step.item },
        );
        return null;
      }
      if (action.type !== 'option' || action.option !== 0)
        return refuse(
          'choose-option',
          `answer option 0 to use the ${itemName(game, step.item)}, or done to decline`,
        );
      step.paying = [];
      return null;
    }
    if (action.type !== 'card') return refuse('pay', 'name an Action card from your hand to pay');
    if (!player.hand.includes(action.card))
      return refuse('card-not-in-hand', `${action.card} is not in your hand`);
    if (step.paying.includes(action.card)) return refuse('wrong-cost', 'that card is already paid');
    if (!payableCards(game, player).includes(action.card))
      return refuse('contamination-cannot-pay', 'Contamination cards never pay a cost');
    step.paying.push(action.card);
    return null;
  },
};
