import type { Rejection } from '@tabletop/engine';
import { effectUnavailable } from '../effects/handler-table.js';
import { isSearchCard } from '../items/search-action.js';
import {
  announce,
  characterName,
  type Game,
  inCombat,
  isContamination,
} from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { schedule } from '../vocabulary/steps.js';
import { cardStep, combatForbids } from './action-card.js';
import { cannotPay, payableCount, payCost, payment } from './costs.js';
import type { PlayerAction, Question } from './player-action.js';

/**
 * Playing an Action card for its effect, as an action of its own: the card
 * is discarded with its cost (more Action cards, named one at a time), then
 * its effect resolves, each choice asked as a step. Its combat icon says
 * whether it is played in Combat only, out of it only, or either way. The
 * Search cards have their own action (Search); the interrupts (Interruption,
 * Nerves of Steel) are played outside the turn, at a window (interrupts.ts).
 */

/** Why this card cannot be played now; null when it can. */
export function cardUnplayable(game: Game, player: PlayerState, id: string): Rejection | null {
  const card = game.tables.actionCards.get(id);
  if (!card || !player.hand.includes(id) || isContamination(game, id))
    return refuse('card-not-in-hand', `${id} is not an Action card in your hand`);
  if (card.interrupt)
    return refuse('interrupt', `the ${card.name} card is played outside your turn`);
  if (isSearchCard(card)) return refuse('search-card', 'a Search card is played by searching');
  if (card.play === null)
    return refuse('not-built', `what the ${card.name} card does is not built yet`);
  // The card itself is discarded besides its cost.
  return (
    combatForbids(game, player, card) ??
    effectUnavailable(game, player, card.play, cardStep(player, card)) ??
    cannotPay(game, player, card.cost + 1)
  );
}

/** What every card of the hand is checked against, the same for each: read once. */
interface HandNow {
  combat: boolean;
  /** How many cards of the hand can pay. */
  payable: number;
}

function handNow(game: Game, player: PlayerState): HandNow {
  return { combat: inCombat(game.state, player), payable: payableCount(game, player) };
}

/**
 * Whether this card of the hand can be played now: the answer of
 * `cardUnplayable` without the words of a refusal, the cheap checks first.
 */
function handCardPlayable(game: Game, player: PlayerState, id: string, now: HandNow): boolean {
  const card = game.tables.actionCards.get(id);
  if (!card || card.interrupt || card.play === null || isSearchCard(card)) return false;
  if (isContamination(game, id)) return false;
  // The card itself is discarded besides its cost.
  if (now.payable < card.cost + 1) return false;
  if (card.combat === (now.combat ? 'out-of-combat' : 'in-combat')) return false;
  return effectUnavailable(game, player, card.play, cardStep(player, card)) === null;
}

/** The cards of the hand playable now, each once. */
function playableCards(game: Game, player: PlayerState): string[] {
  const now = handNow(game, player);
  return [...new Set(player.hand)].filter((card) => handCardPlayable(game, player, card, now));
}

function anyCardPlayable(game: Game, player: PlayerState): boolean {
  const now = handNow(game, player);
  return player.hand.some((card) => handCardPlayable(game, player, card, now));
}

const cardToPlay: Question = {
  asks: 'choose-card',
  text: () => 'which Action card do you play?',
  pending: (_game, _player, chosen) => chosen.played === undefined,
  options: (game, player) => playableCards(game, player).map((card) => ({ type: 'card', card })),
  check(game, player, _chosen, answer) {
    if (answer.type !== 'card') return refuse('choose-card', 'name the Action card you play');
    return cardUnplayable(game, player, answer.card);
  },
  record(chosen, answer) {
    if (answer.type === 'card') chosen.played = answer.card;
  },
};

export const playCardAction: PlayerAction<'play-card'> = {
  type: 'play-card',
  countsAsAction: true,
  unavailable(game, player) {
    return anyCardPlayable(game, player)
      ? null
      : refuse('no-playable-card', 'no Action card in your hand can be played now');
  },
  available: anyCardPlayable,
  questions: [
    cardToPlay,
    payment(
      (game, _player, chosen) =>
        chosen.played === undefined ? 0 : game.tables.actionCards.get(chosen.played)!.cost,
      (_game, _player, chosen) => chosen.played,
    ),
  ],
  cardsPaid: (_game, _player, chosen) => [chosen.played!, ...chosen.cards],
  perform(game, player, chosen) {
    const card = game.tables.actionCards.get(chosen.played!)!;
    payCost(player, [card.id, ...chosen.cards]);
    announce(game, 'play-card', `${characterName(game, player)} plays the ${card.name} card`, {
      seat: player.seat,
      card: card.id,
    });
    schedule(game.state.stack, cardStep(player, card));
  },
};
