import { type RandomState, randomInt, redealGenerator, type Seat, shuffle } from '@tabletop/engine';
import { itemDeckColours } from '../content/schema.js';
import type { Tables } from '../content/tables.js';
import { objectivesKnown } from '../end-of-game/look-at-objective.js';
import { eventCardsKnown } from '../event-phase/look-at-event-deck.js';
import { gameMode } from '../game-modes/game-modes.js';
import { isSearchCard } from '../items/search-action.js';
import { shownToTable } from '../items/shown-items.js';
import type { NemesisState, PlayerState } from '../vocabulary/state.js';
import type { ActionChoiceStep } from '../vocabulary/steps.js';

/**
 * Re-deals, in place, everything `viewer` cannot see: the generator, the
 * order of every deck and of the bag, which tokens of a kind are in the bag
 * or beside it, unexplored tiles and tokens (but those the viewer looked
 * at), engines, Coordinates, face-down Weaknesses, the other players' hands
 * and Objectives (but those the viewer looked at), and which of the
 * viewer's own unscanned Contamination cards are INFECTED. Used by the
 * no-leak property: the viewer's view must not change. Every hidden pile is
 * put in a fixed order before it is shuffled, so the result depends only on
 * what the viewer sees and on `random`.
 */
export function redealNemesis(
  tables: Tables,
  state: NemesisState,
  viewer: Seat | 'spectator',
  random: RandomState,
): void {
  redealGenerator(state.random, random);
  redealRooms(tables, state, viewer, random);
  redealTokens(tables, state, random);
  shuffle(random, sortIds(state.attackDeck.drawPile));
  shuffle(random, sortIds(state.eventDeck.drawPile));
  // The Contamination and Item draw piles are gathered and put in order again below, with the
  // cards dealt with them: their order here is lost, only the draws of their shuffle count.
  drawAsShuffling(random, state.contaminationDeck.drawPile.length);
  shuffle(random, sortIds(state.seriousWoundDeck.drawPile));
  for (const colour of itemDeckColours)
    drawAsShuffling(random, state.itemDecks[colour].drawPile.length);
  redealEventDeck(state, viewer, random);
  redealInventories(tables, state, viewer, random);
  const putInOrder = unseenContaminationAlike(tables, state, viewer);
  for (const player of state.players) {
    shuffle(random, putInOrder(player.actionDeck.drawPile));
    if (player.seat !== viewer) redealHand(tables, random, state, player, putInOrder);
  }
  redealObjectives(tables, state, viewer, random);
  redealContamination(tables, state, viewer, random);
  const own = state.players.find((player) => player.seat === viewer);
  // What the viewer has checked stays as it is.
  state.engines.forEach((engine, index) => {
    if (own?.checkedEngines[index] != null) return;
    const [first, second] =
      engine.top <= engine.bottom ? [engine.top, engine.bottom] : [engine.bottom, engine.top];
    const flip = randomInt(random, 0, 1);
    engine.top = flip === 0 ? first : second;
    engine.bottom = flip === 0 ? second : first;
  });
  if (!own?.checkedCoordinates) {
    const coordinates = coordinatesOf(tables);
    state.coordinates = coordinates[randomInt(random, 0, coordinates.length - 1)]!;
  }
  const faceDown = state.weaknesses.filter((weakness) => !weakness.revealed);
  const weaknesses = shuffle(
    random,
    sortIds([...faceDown.map((weakness) => weakness.card), ...state.weaknessDeck]),
  );
  faceDown.forEach((weakness, index) => {
    weakness.card = weaknesses[index]!;
  });
  state.weaknessDeck = weaknesses.slice(faceDown.length);
  shuffle(random, sortIds(state.objectivesDiscarded));
}

/**
 * Advances the generator as shuffling a pile of `length` cards would, for a
 * pile whose order is dealt anew afterwards anyway: the draws keep every
 * later one where it was, without putting the pile in order first.
 */
function drawAsShuffling(random: RandomState, length: number): void {
  for (let index = length - 1; index > 0; index--) randomInt(random, 0, index);
}

/**
 * The Event cards laid on top of or under the deck by a look the viewer did
 * not take are as unknown as the draw pile: they are dealt anew with it.
 */
function redealEventDeck(
  state: NemesisState,
  viewer: Seat | 'spectator',
  random: RandomState,
): void {
  const deck = state.eventDeck;
  const known = new Set(viewer === 'spectator' ? [] : eventCardsKnown(state, viewer));
  const places: { list: string[]; index: number }[] = [];
  for (const list of [deck.top, deck.bottom])
    list.forEach((card, index) => {
      if (!known.has(card)) places.push({ list, index });
    });
  if (places.length === 0) return;
  for (let index = 0; index < deck.drawPile.length; index++)
    places.push({ list: deck.drawPile, index });
  const cards = shuffle(random, sortIds(places.map(({ list, index }) => list[index]!)));
  for (const place of places) place.list[place.index] = cards.pop()!;
}

/**
 * The order a pile is put in before it is shuffled. Contamination cards the
 * viewer has not scanned are renamed by the re-deal, so they count as alike
 * here: otherwise their ids would decide where the cards the viewer knows
 * (their own scanned Contamination) land in a shuffled pile.
 */
function unseenContaminationAlike(
  tables: Tables,
  state: NemesisState,
  viewer: Seat | 'spectator',
): (cards: string[]) => string[] {
  const known = new Set(state.players.find((player) => player.seat === viewer)?.scanned ?? []);
  const key = (card: string) =>
    tables.contamination.has(card) && !known.has(card) ? 'contamination' : card;
  // Each card's place in the order is read once, not at every comparison; alike cards keep
  // their order among themselves, as a stable sort (here by insertion) leaves them.
  return (cards) => {
    const keys = cards.map(key);
    for (let next = 1; next < cards.length; next++) {
      const card = cards[next]!;
      const cardKey = keys[next]!;
      let place = next;
      while (place > 0 && keys[place - 1]! > cardKey) {
        keys[place] = keys[place - 1]!;
        cards[place] = cards[place - 1]!;
        place--;
      }
      keys[place] = cardKey;
      cards[place] = card;
    }
    return cards;
  };
}

/**
 * Face-down tiles and their tokens, but for what the viewer looked at: a
 * room they peeked keeps its tile (and its token, if they saw it). A room
 * another player peeked is dealt again like any other: that player's
 * knowledge is read from the room, so it follows the new tile.
 */
function redealRooms(
  tables: Tables,
  state: NemesisState,
  viewer: Seat | 'spectator',
  random: RandomState,
): void {
  const peeked = state.players.find((player) => player.seat === viewer)?.peeked ?? [];
  const tileSeen = (number: number) => peeked.some((peek) => peek.room === number);
  const tokenSeen = (number: number) => peeked.some((peek) => peek.room === number && peek.token);
  const hidden = state.rooms.filter((room) => !room.explored);
  for (const group of ['basic', 'additional'] as const) {
    const rooms = hidden.filter(
      (room) => tables.roomTiles.get(room.tile)?.group === group && !tileSeen(room.number),
    );
    const tiles = shuffle(random, sortIds(rooms.map((room) => room.tile)));
    rooms.forEach((room, index) => {
      room.tile = tiles[index]!;
    });
  }
  const withTokens = hidden.filter(
    (room) => room.explorationToken !== null && !tokenSeen(room.number),
  );
  const tokens = shuffle(random, sortIds(withTokens.map((room) => room.explorationToken!)));
  withTokens.forEach((room, index) => {
    room.explorationToken = tokens[index]!;
  });
}

/** Tokens of one kind look alike from the front: which are in the bag and which beside it is hidden. */
function redealTokens(tables: Tables, state: NemesisState, random: RandomState): void {
  const kindOf = (token: string) => tables.intruderTokens.get(token)?.kind;
  const hidden = state.bag.tokens.filter((token) => !state.bag.next.includes(token));
  const pool = shuffle(random, sortIds([...hidden, ...state.tokensInReserve]));
  const poolKinds = pool.map(kindOf);
  const bag = state.bag.tokens.filter((token) => state.bag.next.includes(token));
  // Each hidden token in the bag is replaced by one of its kind: as many of each kind as before.
  for (const kind of hidden.map(kindOf).sort()) {
    const index = poolKinds.indexOf(kind);
    poolKinds.splice(index, 1);
    bag.push(pool.splice(index, 1)[0]!);
  }
  state.bag.tokens = shuffle(random, sortIds(bag));
  state.tokensInReserve = sortIds(pool);
}

/**
 * The item cards the viewer cannot see, dealt again with the cards left in
 * the Item deck of their colour: the other players' items but those in view
 * (Heavy ones in hand, crafted and quest items, weapons) and those named in
 * an action under way (the one being used, the ones given up for a Craft);
 * the cards another player drew in a search under way; and the cards put
 * under a deck by another player. An item offered in a Trade is seen by the
 * two in the exchange: it stays for them, and is dealt again for the others
 * with its place in the inventory, so the offer follows the new card. A
 * hidden inventory card is known to be none of those in view, so it is dealt
 * only such a card; the deck's own places take any card.
 */
function redealInventories(
  tables: Tables,
  state: NemesisState,
  viewer: Seat | 'spectator',
  random: RandomState,
): void {
  const { colourOf, seen } = itemFacts(tables);
  const inventories = new Map<string, Places>();
  const decks = new Map<string, Places>();
  for (const player of state.players) {
    if (player.seat === viewer) continue;
    const shown = itemsNamed(state, player);
    const offered = offeredTo(state, viewer, player.seat);
    const items = player.items;
    for (let index = 0; index < items.length; index++) {
      const item = items[index]!;
      if (seen.has(item) || offered.includes(index)) continue;
      const named = shown.indexOf(item);
      if (named >= 0) {
        shown.splice(named, 1);
        continue;
      }
      hide(inventories, colourOf.get(item) ?? 'unknown', items, index);
    }
  }
  for (const step of state.stack) {
    if (step.kind !== 'search' || step.seat === viewer || step.deck === null) continue;
    const drawn = step.drawn ?? [];
    for (let index = 0; index < drawn.length; index++) hide(decks, step.deck, drawn, index);
  }
  for (const colour of itemDeckColours) {
    const { bottom, drawPile } = state.itemDecks[colour];
    const putUnder = state.itemsPutUnder[colour];
    const places = placesOf(decks, colour);
    for (let index = 0; index < bottom.length; index++)
      if (putUnder[index] !== viewer) {
        places.lists.push(bottom);
        places.indices.push(index);
      }
    for (let index = 0; index < drawPile.length; index++) {
      places.lists.push(drawPile);
      places.indices.push(index);
    }
  }
  for (const colour of itemDeckColours) {
    const held = inventories.get(colour) ?? noPlaces;
    const rest = decks.get(colour) ?? noPlaces;
    const fitting: string[] = [];
    const unfit: string[] = [];
    for (let place = 0; place < held.lists.length; place++)
      fitting.push(held.lists[place]![held.indices[place]!]!);
    for (let place = 0; place < rest.lists.length; place++) {
      const card = rest.lists[place]![rest.indices[place]!]!;
      if (seen.has(card)) unfit.push(card);
      else fitting.push(card);
    }
    const inOrder = sortIds(fitting);
    const fit = shuffle(random, [...inOrder]);
    for (let place = 0; place < held.lists.length; place++) {
      const card = fit.pop()!;
      held.lists[place]![held.indices[place]!] = card;
      inOrder.splice(inOrder.indexOf(card), 1);
    }
    // The cards left are those in order but the ones just dealt: merged, not sorted again.
    const left = shuffle(random, mergeInOrder(inOrder, sortIds(unfit)));
    for (let place = 0; place < rest.lists.length; place++)
      rest.lists[place]![rest.indices[place]!] = left.pop()!;
  }
}

/** Two lists of cards, each in order, as one list in order. */
function mergeInOrder(first: readonly string[], second: readonly string[]): string[] {
  const merged: string[] = [];
  let one = 0;
  let two = 0;
  while (one < first.length && two < second.length)
    merged.push(first[one]! <= second[two]! ? first[one++]! : second[two++]!);
  while (one < first.length) merged.push(first[one++]!);
  while (two < second.length) merged.push(second[two++]!);
  return merged;
}

/** Places in lists of cards: the list and the index of each, side by side. */
interface Places {
  lists: string[][];
  indices: number[];
}

const noPlaces: Places = { lists: [], indices: [] };

function placesOf(within: Map<string, Places>, colour: string): Places {
  let places = within.get(colour);
  if (places === undefined) {
    places = { lists: [], indices: [] };
    within.set(colour, places);
  }
  return places;
}

function hide(within: Map<string, Places>, colour: string, list: string[], index: number): void {
  const places = placesOf(within, colour);
  places.lists.push(list);
  places.indices.push(index);
}

/**
 * Each item's deck colour, and the items the whole table sees wherever they
 * are (`shownToTable`), worked out once per pack: the re-deal runs for every
 * iteration of a search.
 */
const itemFactsOf = new WeakMap<Tables, { colourOf: Map<string, string>; seen: Set<string> }>();

function itemFacts(tables: Tables): { colourOf: Map<string, string>; seen: Set<string> } {
  let facts = itemFactsOf.get(tables);
  if (facts === undefined) {
    const colourOf = new Map<string, string>();
    const seen = new Set<string>();
    for (const [item, card] of tables.items) {
      colourOf.set(item, card.colour);
      if (shownToTable(tables, item)) seen.add(item);
    }
    facts = { colourOf, seen };
    itemFactsOf.set(tables, facts);
  }
  return facts;
}

/** The places in `giver`'s inventory offered in an exchange the viewer takes part in. */
function offeredTo(state: NemesisState, viewer: Seat | 'spectator', giver: Seat): number[] {
  const trade = state.stack.findLast((step) => step.kind === 'trade');
  const exchange = trade?.exchange;
  if (!trade || !exchange || (viewer !== trade.seat && viewer !== exchange.partner)) return [];
  if (giver === trade.seat) return exchange.traderGives;
  return giver === exchange.partner ? exchange.partnerGives : [];
}

/**
 * The inventory cards named in a player's action under way, which stay as
 * they are: the item being used (its card is shown), and the items named to
 * be given up for a Craft or a quest (they are about to be discarded face up,
 * and the action names them by id).
 */
function itemsNamed(state: NemesisState, player: PlayerState): string[] {
  const action = actionUnderWay(state, player);
  if (!action) return [];
  if (action.action === 'use-item')
    return action.chosen.item === undefined ? [] : [action.chosen.item];
  return [...(action.chosen.components ?? [])];
}

/**
 * The player's action under way: on top of the stack while its choices are
 * asked, or below an interrupt window once they are all made.
 */
function actionUnderWay(state: NemesisState, player: PlayerState): ActionChoiceStep | undefined {
  const step = state.stack.findLast((candidate) => candidate.kind === 'action-choice');
  return step?.kind === 'action-choice' && step.seat === player.seat ? step : undefined;
}

/** Cards named so far for an action under way (to pay or to discard), or to pay for a reaction. */
function chosenCards(state: NemesisState, player: PlayerState): string[] {
  const top = state.stack[state.stack.length - 1];
  if (top?.kind === 'reaction' && top.seat === player.seat && top.paying !== null)
    return top.paying;
  return actionUnderWay(state, player)?.chosen.cards ?? [];
}

/**
 * Another player's hand, dealt again from its hand and draw pile. The cards
 * that player has named for an action under way are hidden too (only their
 * number shows), so they become the first cards of the new hand.
 */
function redealHand(
  tables: Tables,
  random: RandomState,
  state: NemesisState,
  player: PlayerState,
  putInOrder: (cards: string[]) => string[],
): void {
  // An Action card being played is shown as it is played: it stays in the hand.
  const played = cardBeingPlayed(tables, state, player);
  const hidden = [...player.hand];
  if (played !== undefined) hidden.splice(hidden.indexOf(played), 1);
  const pool = shuffle(random, putInOrder([...hidden, ...player.actionDeck.drawPile]));
  const dealt = pool.slice(0, hidden.length);
  player.hand = played === undefined ? dealt : [played, ...dealt];
  player.actionDeck.drawPile = pool.slice(hidden.length);
  const chosen = chosenCards(state, player);
  chosen.splice(0, chosen.length, ...dealt.slice(0, chosen.length));
}

/**
 * The Action card a player has named to play, while its cost is being named
 * or an interrupt window waits above it. A Search action plays the first
 * Search card of the hand: the table knows one is there, so it stays.
 */
function cardBeingPlayed(
  tables: Tables,
  state: NemesisState,
  player: PlayerState,
): string | undefined {
  const action = actionUnderWay(state, player);
  if (action?.action === 'search')
    return player.hand.find((card) => {
      const facts = tables.actionCards.get(card);
      return facts !== undefined && isSearchCard(facts);
    });
  return action?.chosen.played;
}

/**
 * The other players' Objectives and the Objective deck, dealt again keeping
 * each card's type; those of a player whose Objectives the viewer looked at
 * (and still knows) stay as they are.
 */
function redealObjectives(
  tables: Tables,
  state: NemesisState,
  viewer: Seat | 'spectator',
  random: RandomState,
): void {
  const own = state.players.find((player) => player.seat === viewer);
  // A team's Objectives lie face up: nothing of theirs to deal again.
  if (gameMode(state.options) === 'cooperative') return;
  const known = own ? objectivesKnown(state, own) : [];
  const others = state.players.filter(
    (player) => player.seat !== viewer && !known.includes(player.seat),
  );
  const pool = shuffle(
    random,
    sortIds([...others.flatMap((player) => player.objectives), ...state.objectiveDeck]),
  );
  const typeOf = (objective: string) => tables.objectives.get(objective)?.type;
  const poolTypes = pool.map(typeOf);
  for (const player of others) {
    player.objectives = player.objectives.map((objective) => {
      const index = poolTypes.indexOf(typeOf(objective));
      poolTypes.splice(index, 1);
      return pool.splice(index, 1)[0]!;
    });
  }
  state.objectiveDeck = pool;
}

/** The pack's Coordinates cards, in the pack's order, listed once per pack. */
const coordinatesOfPack = new WeakMap<Tables, readonly string[]>();

function coordinatesOf(tables: Tables): readonly string[] {
  let coordinates = coordinatesOfPack.get(tables);
  if (coordinates === undefined) {
    coordinates = [...tables.coordinates.keys()];
    coordinatesOfPack.set(tables, coordinates);
  }
  return coordinates;
}

/** Every Contamination card of the pack, in order, listed once per pack. */
const contaminationInOrderOf = new WeakMap<Tables, readonly string[]>();

function contaminationInOrder(tables: Tables): readonly string[] {
  let cards = contaminationInOrderOf.get(tables);
  if (cards === undefined) {
    cards = [...tables.contamination.keys()].sort();
    contaminationInOrderOf.set(tables, cards);
  }
  return cards;
}

/**
 * Unscanned Contamination cards: their INFECTED side is hidden even from the
 * owner. Both which cards are infected and which cards a player holds are
 * re-dealt; only the viewer's own scanned cards keep what the viewer knows.
 */
function redealContamination(
  tables: Tables,
  state: NemesisState,
  viewer: Seat | 'spectator',
  random: RandomState,
): void {
  const known = new Set(state.players.find((player) => player.seat === viewer)?.scanned ?? []);
  const infectedKnown = state.infectedContamination.filter((card) => known.has(card));
  const unknown = shuffle(
    random,
    contaminationInOrder(tables).filter((card) => !known.has(card)),
  );
  state.infectedContamination = sortIds([
    ...infectedKnown,
    ...unknown.slice(0, state.infectedContamination.length - infectedKnown.length),
  ]);
  const places: { pile: string[]; index: number; chosen: string[] }[] = [];
  for (const player of state.players) {
    const piles = [player.hand, player.actionDeck.discardPile, player.actionDeck.drawPile];
    const chosen = chosenCards(state, player);
    for (const pile of piles) {
      for (let index = 0; index < pile.length; index++) {
        const card = pile[index]!;
        if (!tables.contamination.has(card)) continue;
        if (player.seat === viewer && player.scanned.includes(card)) continue;
        places.push({ pile, index, chosen });
      }
    }
  }
  const deck = state.contaminationDeck;
  const cards = shuffle(
    random,
    sortIds([...places.map(({ pile, index }) => pile[index]!), ...deck.drawPile]),
  );
  // A card named for an action under way is renamed with it, as the seat named the card in hand;
  // where each was named is found before any renaming, as a new name may be another place's old one.
  const named = places.map(({ pile, index, chosen }) => chosen.indexOf(pile[index]!));
  places.forEach(({ pile, index, chosen }, place) => {
    pile[index] = cards[place]!;
    const at = named[place]!;
    if (at >= 0) chosen[at] = pile[index]!;
  });
  deck.drawPile = cards.slice(places.length);
}

/**
 * Puts a list of ids in order in place, as `sort()` does (by UTF-16 code
 * units), by insertion: the re-deal runs on every iteration of a search,
 * and the native sort allocates a working copy of each list it sorts.
 * Long lists, which the re-deal does not sort, go to the native sort.
 */
function sortIds(ids: string[]): string[] {
  if (ids.length > 64) return ids.sort();
  for (let next = 1; next < ids.length; next++) {
    const id = ids[next]!;
    let place = next;
    while (place > 0 && ids[place - 1]! > id) {
      ids[place] = ids[place - 1]!;
      place--;
    }
    ids[place] = id;
  }
  return ids;
}
