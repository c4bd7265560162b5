import { mustAct, type Rejection, type Seat } from '@tabletop/engine';
import { basicActionCost, cannotPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction } from '../player-phase/player-action.js';
import type { Answer, NemesisAction } from '../vocabulary/actions.js';
import {
  announce,
  characterName,
  charactersIn,
  type Game,
  inCombat,
  playerOf,
  seatName,
  whisper,
} from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type Exchange, schedule, type TradeStage, type TradeStep } from '../vocabulary/steps.js';
import { checkHandSlots } from './hand-slots.js';
import { itemName } from './inventory.js';
import { shownToTable } from './shown-items.js';
import { keepTapeOnHeldItems } from './tape-heavy-items.js';
import { weaponCapacity } from './weapon-capacity.js';

/**
 * Trade, a basic action (one Action card, not in Combat): the trading
 * character trades with every other character in their room. Only the
 * trader takes an action and pays; the others answer at their own prompts.
 *
 * Our reading of "with all Characters in the same Room": one Trade lets the
 * trader deal with each of the others once, one at a time, in the order the
 * trader picks (or stop). With each partner: the trader names the items they
 * give, one at a time, then done; the partner names theirs the same way;
 * then the partner and the trader each accept or refuse the whole exchange.
 * Only when both accept do the items change inventories; a refusal changes
 * nothing. A gift (one side giving nothing) is an exchange like any other.
 *
 * What is traded: Item cards of the inventory. The starting weapon is no
 * Item card here (it takes no hand slot), and heavy objects are picked up
 * and dropped, not traded. Ammo is never traded on its own; a weapon item
 * goes with the ammo loaded in it and the cards fitted on it. A weapon that
 * loses a fitting's extra capacity (the Autoloader given away) keeps no more
 * ammo than it can hold. Heavy Items received beyond the hand slots make
 * their new holder drop one at once.
 *
 * Secrets: the two in an exchange see both offers. The others see how many
 * items each side offers, and the names of those the table sees anyway (a
 * Heavy Item, a weapon, a quest item); the rest stay secret.
 */

/** The answer to accept an exchange; `done` refuses it. */
export const acceptTrade = 0;

function traderOf(game: Game, step: TradeStep): PlayerState {
  return playerOf(game.state, step.seat)!;
}

/** The characters in the trader's room the trader may still pick: with an item on either side. */
export function tradePartners(game: Game, trader: PlayerState, tradedWith: readonly Seat[] = []) {
  return charactersIn(game.state, trader.room).filter(
    (other) =>
      other !== trader &&
      !tradedWith.includes(other.seat) &&
      (trader.items.length > 0 || other.items.length > 0),
  );
}

export const tradeAction: PlayerAction<'trade'> = {
  type: 'trade',
  countsAsAction: true,
  unavailable(game, player) {
    if (inCombat(game.state, player)) return refuse('in-combat', 'you cannot trade in Combat');
    const others = charactersIn(game.state, player.room).filter((other) => other !== player);
    if (others.length === 0)
      return refuse('nobody-to-trade-with', 'there is no other character in your room');
    if (tradePartners(game, player).length === 0)
      return refuse('nothing-to-trade', 'nobody in your room holds an item, you neither');
    return cannotPay(game, player, basicActionCost);
  },
  questions: [payment(() => basicActionCost)],
  perform(game, player, chosen) {
    payCost(player, chosen.cards);
    announce(game, 'trade', `${characterName(game, player)} trades in room ${player.room}`, {
      seat: player.seat,
      room: player.room,
    });
    schedule(game.state.stack, {
      kind: 'trade',
      seat: player.seat,
      tradedWith: [],
      exchange: null,
    });
  },
};

/** The two sides of an exchange: who gives what, the trader first. */
function sides(game: Game, step: TradeStep, exchange: Exchange) {
  const trader = traderOf(game, step);
  const partner = playerOf(game.state, exchange.partner)!;
  return [
    { giver: trader, receiver: partner, places: exchange.traderGives },
    { giver: partner, receiver: trader, places: exchange.partnerGives },
  ] as const;
}

/** The side naming its items now, if the exchange is at an offer. */
function offering(game: Game, step: TradeStep, exchange: Exchange) {
  const [traderSide, partnerSide] = sides(game, step, exchange);
  if (exchange.stage === 'trader-offers') return traderSide;
  if (exchange.stage === 'partner-offers') return partnerSide;
  return null;
}

/** The places of a giver's inventory not offered yet. */
function notOffered(giver: PlayerState, places: readonly number[]): number[] {
  return giver.items.map((_item, index) => index).filter((index) => !places.includes(index));
}

/** Who answers the exchange now. */
function asked(step: TradeStep, exchange: Exchange): Seat {
  return exchange.stage === 'trader-offers' || exchange.stage === 'trader-accepts'
    ? step.seat
    : exchange.partner;
}

const nextStage: Record<TradeStage, TradeStage | null> = {
  'trader-offers': 'partner-offers',
  'partner-offers': 'partner-accepts',
  'partner-accepts': 'trader-accepts',
  'trader-accepts': null,
};

/** Whether this exchange is still possible: both in the room, and nobody in Combat. */
function exchangePossible(game: Game, step: TradeStep, exchange: Exchange): boolean {
  const trader = traderOf(game, step);
  const partner = playerOf(game.state, exchange.partner);
  return (
    partner !== undefined &&
    partner.status === 'active' &&
    partner.room === trader.room &&
    !inCombat(game.state, trader)
  );
}

/** Moves the exchange past the stages where nobody has anything to choose. */
function skipEmptyStages(game: Game, step: TradeStep, exchange: Exchange): void {
  for (;;) {
    const side = offering(game, step, exchange);
    if (side && notOffered(side.giver, side.places).length > 0) return;
    if (!side && exchange.traderGives.length + exchange.partnerGives.length > 0) return;
    if (!side) {
      // Nothing offered on either side: nothing to accept, nothing changes hands.
      finishWithNothing(game, step, exchange);
      return;
    }
    exchange.stage = nextStage[exchange.stage]!;
  }
}

function finishWithNothing(game: Game, step: TradeStep, exchange: Exchange): void {
  const [traderSide, partnerSide] = sides(game, step, exchange);
  announce(
    game,
    'trade-empty',
    `${characterName(game, traderSide.giver)} and ${characterName(game, partnerSide.giver)} exchange nothing`,
    { seat: step.seat, partner: exchange.partner },
  );
  step.exchange = null;
}

export const trade: Procedure<TradeStep> = {
  resolve(game, step) {
    const trader = traderOf(game, step);
    if (trader.status !== 'active' || inCombat(game.state, trader)) return 'done';
    if (step.exchange && !exchangePossible(game, step, step.exchange)) step.exchange = null;
    if (step.exchange) skipEmptyStages(game, step, step.exchange);
    if (step.exchange) return 'wait';
    return tradePartners(game, trader, step.tradedWith).length > 0 ? 'wait' : 'done';
  },

  prompts(game, step) {
    const trader = traderOf(game, step);
    const exchange = step.exchange;
    if (!exchange)
      return [
        mustAct(
          step.seat,
          'choose-option',
          `${characterName(game, trader)}: trade with which character in your room? (done ends the trade)`,
        ),
      ];
    const [traderSide, partnerSide] = sides(game, step, exchange);
    const seat = asked(step, exchange);
    const who = characterName(game, playerOf(game.state, seat)!);
    const other = characterName(game, seat === step.seat ? partnerSide.giver : traderSide.giver);
    const side = offering(game, step, exchange);
    if (side)
      return [
        mustAct(
          seat,
          'choose-item',
          `${who}: name an item to give ${other}, one at a time (done when you have offered all you give)`,
        ),
      ];
    return [
      mustAct(
        seat,
        'choose-option',
        `${who}: accept the exchange with ${other}? You give ${countOf(seat === step.seat ? traderSide.places : partnerSide.places)} and receive ${countOf(seat === step.seat ? partnerSide.places : traderSide.places)}`,
      ),
    ];
  },

  legalActions(game, step, seat) {
    const exchange = step.exchange;
    if (!exchange) {
      if (seat !== step.seat) return [];
      const partners = tradePartners(game, traderOf(game, step), step.tradedWith);
      return [
        ...partners.map((partner): Answer => ({ type: 'option', option: Number(partner.seat) })),
        { type: 'done' },
      ];
    }
    if (seat !== asked(step, exchange)) return [];
    const side = offering(game, step, exchange);
    if (!side) return [{ type: 'option', option: acceptTrade }, { type: 'done' }];
    const items = new Set(
      notOffered(side.giver, side.places).map((index) => side.giver.items[index]!),
    );
    return [...[...items].map((item): Answer => ({ type: 'item', item })), { type: 'done' }];
  },

  answer(game, step, seat, action) {
    const exchange = step.exchange;
    if (!exchange) return choosePartner(game, step, seat, action);
    if (seat !== asked(step, exchange))
      return refuse(
        'not-your-turn',
        `it is ${seatName(game, asked(step, exchange))}'s answer in this trade`,
      );
    const side = offering(game, step, exchange);
    if (side) return offer(game, step, exchange, side, action);
    return acceptOrRefuse(game, step, exchange, action);
  },
};

function countOf(places: readonly number[]): string {
  return places.length === 1 ? '1 item' : `${places.length} items`;
}

function choosePartner(
  game: Game,
  step: TradeStep,
  seat: Seat,
  action: NemesisAction,
): Rejection | null {
  if (seat !== step.seat)
    return refuse('not-your-turn', `it is ${seatName(game, step.seat)}'s trade`);
  const trader = traderOf(game, step);
  if (action.type === 'done') {
    game.state.stack.pop();
    announce(game, 'trade-ended', `${characterName(game, trader)} ends the trade`, {
      seat: step.seat,
    });
    return null;
  }
  if (action.type !== 'option')
    return refuse('choose-option', 'name the character to trade with, by their seat, or done');
  const partner = tradePartners(game, trader, step.tradedWith).find(
    (candidate) => Number(candidate.seat) === action.option,
  );
  if (!partner)
    return refuse(
      'wrong-character',
      `${seatName(game, String(action.option))} is not a character you can trade with here`,
    );
  step.tradedWith.push(partner.seat);
  step.exchange = {
    partner: partner.seat,
    stage: 'trader-offers',
    traderGives: [],
    partnerGives: [],
  };
  announce(
    game,
    'trade-with',
    `${characterName(game, trader)} trades with ${characterName(game, partner)}`,
    { seat: step.seat, partner: partner.seat },
  );
  return null;
}

function offer(
  game: Game,
  step: TradeStep,
  exchange: Exchange,
  side: ReturnType<typeof sides>[number],
  action: NemesisAction,
): Rejection | null {
  if (action.type === 'done') {
    exchange.stage = nextStage[exchange.stage]!;
    return null;
  }
  if (action.type !== 'item')
    return refuse('choose-item', 'name an item of yours to give, or done');
  const place = notOffered(side.giver, side.places).find(
    (index) => side.giver.items[index] === action.item,
  );
  if (place === undefined)
    return refuse('not-held', `you hold no ${action.item} that is not offered already`);
  side.places.push(place);
  const giver = characterName(game, side.giver);
  const receiver = characterName(game, side.receiver);
  const named = `${giver} offers the ${itemName(game, action.item)} to ${receiver}`;
  if (shownToTable(game.tables, action.item)) {
    announce(game, 'trade-offer', named, { seat: side.giver.seat, item: action.item });
    return null;
  }
  announce(game, 'trade-offer', `${giver} offers an item to ${receiver}`, {
    seat: side.giver.seat,
  });
  whisper(
    game,
    [step.seat, exchange.partner],
    'trade-offer-seen',
    `(seen by ${giver} and ${receiver}: it is the ${itemName(game, action.item)})`,
    {
      seat: side.giver.seat,
      item: action.item,
    },
  );
  return null;
}

function acceptOrRefuse(
  game: Game,
  step: TradeStep,
  exchange: Exchange,
  action: NemesisAction,
): Rejection | null {
  const who = characterName(game, playerOf(game.state, asked(step, exchange))!);
  if (action.type === 'done') {
    announce(game, 'trade-refused', `${who} refuses the exchange: nothing changes hands`, {
      seat: asked(step, exchange),
    });
    step.exchange = null;
    return null;
  }
  if (action.type !== 'option' || action.option !== acceptTrade)
    return refuse(
      'choose-option',
      `accept the exchange (option ${acceptTrade}) or refuse it (done)`,
    );
  const next = nextStage[exchange.stage];
  if (next) {
    announce(game, 'trade-accepted', `${who} accepts the exchange`, {
      seat: asked(step, exchange),
    });
    exchange.stage = next;
    return null;
  }
  exchangeItems(game, step, exchange);
  return null;
}

/** Both accepted: the items change inventories, each weapon with its ammo and its fittings. */
function exchangeItems(game: Game, step: TradeStep, exchange: Exchange): void {
  const moves = sides(game, step, exchange).map((side) => ({
    ...side,
    items: side.places.map((index) => side.giver.items[index]!),
  }));
  for (const { giver, places } of moves) {
    for (const index of [...places].sort((left, right) => right - left))
      giver.items.splice(index, 1);
    // An item traded away takes its tape with it; it arrives untaped.
    keepTapeOnHeldItems(game, giver);
  }
  for (const { giver, receiver, items } of moves) {
    for (const item of items) {
      receiver.items.push(item);
      const weapon = giver.weapons.findIndex((held) => held.id === item);
      if (weapon >= 0) receiver.weapons.push(...giver.weapons.splice(weapon, 1));
    }
  }
  for (const { giver } of moves) keepAmmoWithinCapacity(game, giver);
  step.exchange = null;
  tellTheExchange(game, step, exchange, moves);
  for (const { receiver } of moves) checkHandSlots(game, receiver);
}

/** A weapon that lost a fitting's extra capacity keeps only what it holds now. */
function keepAmmoWithinCapacity(game: Game, player: PlayerState): void {
  for (const weapon of player.weapons)
    weapon.ammo = Math.min(weapon.ammo, weaponCapacity(game.tables, player, weapon));
}

/** The exchange in words: named in full to the two, as the table sees it to everyone. */
function tellTheExchange(
  game: Game,
  step: TradeStep,
  exchange: Exchange,
  moves: readonly { giver: PlayerState; items: string[] }[],
): void {
  const names = (items: readonly string[], hideSecrets: boolean) => {
    if (items.length === 0) return 'nothing';
    const shown = items.filter((item) => !hideSecrets || shownToTable(game.tables, item));
    const hidden = items.length - shown.length;
    const parts = shown.map((item) => `the ${itemName(game, item)}`);
    const other = shown.length > 0 ? ' other' : '';
    if (hidden > 0) parts.push(hidden === 1 ? `1${other} item` : `${hidden}${other} items`);
    return inWords(parts);
  };
  const line = (hideSecrets: boolean) =>
    moves
      .map(({ giver, items }) => `${characterName(game, giver)} gives ${names(items, hideSecrets)}`)
      .join('; ');
  const shown = moves.flatMap(({ items }) =>
    items.filter((item) => shownToTable(game.tables, item)),
  );
  const [trader, partner] = moves.map(({ giver }) => characterName(game, giver));
  announce(game, 'trade-done', `${trader} and ${partner} trade: ${line(true)}`, {
    seat: step.seat,
    partner: exchange.partner,
    shown,
  });
  whisper(
    game,
    [step.seat, exchange.partner],
    'trade-done-seen',
    `(seen by ${trader} and ${partner}: ${line(false)})`,
    {
      seat: step.seat,
      partner: exchange.partner,
    },
  );
}

/** "A", "A and B", "A, B and C". */
function inWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
