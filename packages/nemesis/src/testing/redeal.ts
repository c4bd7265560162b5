import { type RandomState, randomInt, redealGenerator, type Seat, shuffle } from '@tabletop/engine';
import type { Tables } from '../content/tables.js';
import type { NemesisState, PlayerState } from '../flow/state.js';

/**
 * Re-deals, in place, everything `viewer` cannot see: the generator, the
 * order of every deck and of the bag, which tokens of a kind are in the bag
 * or beside it, unexplored tiles and tokens, engines, Coordinates, face-down
 * Weaknesses, the other players' hands and Objectives, and which of the
 * viewer's own unscanned Contamination cards are INFECTED. Used by the
 * no-leak property: the viewer's view must not change.
 */
export function redealNemesis(
  tables: Tables,
  state: NemesisState,
  viewer: Seat | 'spectator',
  random: RandomState,
): void {
  redealGenerator(state.random, random);
  redealRooms(tables, state, random);
  redealTokens(tables, state, random);
  for (const deck of [
    state.attackDeck,
    state.eventDeck,
    state.contaminationDeck,
    state.seriousWoundDeck,
  ])
    shuffle(random, deck.drawPile);
  for (const player of state.players) {
    shuffle(random, player.actionDeck.drawPile);
    if (player.seat !== viewer) {
      redealHand(random, state, player);
      redealObjectives(tables, state, player, random);
    }
  }
  redealContamination(tables, state, viewer, random);
  const own = state.players.find((player) => player.seat === viewer);
  // What the viewer has checked stays as it is.
  state.engines.forEach((engine, index) => {
    if (own?.checkedEngines[index] != null) return;
    if (randomInt(random, 0, 1) === 1) [engine.top, engine.bottom] = [engine.bottom, engine.top];
  });
  if (!own?.checkedCoordinates) {
    const coordinates = [...tables.coordinates.keys()];
    state.coordinates = coordinates[randomInt(random, 0, coordinates.length - 1)]!;
  }
  for (const weakness of state.weaknesses) {
    if (weakness.revealed || state.weaknessDeck.length === 0) continue;
    const index = randomInt(random, 0, state.weaknessDeck.length - 1);
    [weakness.card, state.weaknessDeck[index]] = [state.weaknessDeck[index]!, weakness.card];
  }
  shuffle(random, state.objectivesDiscarded);
}

function redealRooms(tables: Tables, state: NemesisState, random: RandomState): void {
  const hidden = state.rooms.filter((room) => !room.explored);
  for (const group of ['basic', 'additional'] as const) {
    const rooms = hidden.filter((room) => tables.roomTiles.get(room.tile)?.group === group);
    const tiles = shuffle(
      random,
      rooms.map((room) => room.tile),
    );
    rooms.forEach((room, index) => {
      room.tile = tiles[index]!;
    });
  }
  const withTokens = hidden.filter((room) => room.explorationToken !== null);
  const tokens = shuffle(
    random,
    withTokens.map((room) => room.explorationToken),
  );
  withTokens.forEach((room, index) => {
    room.explorationToken = tokens[index]!;
  });
}

/** Tokens of one kind look alike from the front: which are in the bag and which beside it is hidden. */
function redealTokens(tables: Tables, state: NemesisState, random: RandomState): void {
  const kindOf = (token: string) => tables.intruderTokens.get(token)?.kind;
  for (let index = 0; index < state.bag.tokens.length; index++) {
    const token = state.bag.tokens[index]!;
    if (state.bag.next.includes(token)) continue;
    const alike = state.tokensInReserve.filter((candidate) => kindOf(candidate) === kindOf(token));
    if (alike.length === 0 || randomInt(random, 0, 1) === 0) continue;
    const swap = alike[randomInt(random, 0, alike.length - 1)]!;
    state.tokensInReserve[state.tokensInReserve.indexOf(swap)] = token;
    state.bag.tokens[index] = swap;
  }
  state.tokensInReserve.sort();
  shuffle(random, state.bag.tokens);
}

/** Cards named so far for an action under way (to pay or to discard): the seat chose them, so they stay. */
function chosenCards(state: NemesisState, player: PlayerState): string[] {
  const top = state.stack[state.stack.length - 1];
  return top?.kind === 'action-choice' && top.seat === player.seat ? top.chosen.cards : [];
}

function redealHand(random: RandomState, state: NemesisState, player: PlayerState): void {
  const chosen = chosenCards(state, player);
  const kept = player.hand.filter((card) => chosen.includes(card));
  const pool = shuffle(random, [
    ...player.hand.filter((card) => !chosen.includes(card)),
    ...player.actionDeck.drawPile,
  ]);
  const dealt = player.hand.length - kept.length;
  player.hand = [...kept, ...pool.slice(0, dealt)];
  player.actionDeck.drawPile = pool.slice(dealt);
}

function redealObjectives(
  tables: Tables,
  state: NemesisState,
  player: PlayerState,
  random: RandomState,
): void {
  player.objectives = player.objectives.map((objective) => {
    const type = tables.objectives.get(objective)?.type;
    const candidates = state.objectiveDeck.filter(
      (other) => tables.objectives.get(other)?.type === type,
    );
    if (candidates.length === 0) return objective;
    const replacement = candidates[randomInt(random, 0, candidates.length - 1)]!;
    state.objectiveDeck[state.objectiveDeck.indexOf(replacement)] = objective;
    return replacement;
  });
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
    [...tables.contamination.keys()].filter((card) => !known.has(card)).sort(),
  );
  state.infectedContamination = [
    ...infectedKnown,
    ...unknown.slice(0, state.infectedContamination.length - infectedKnown.length),
  ].sort();
  const deck = state.contaminationDeck.drawPile;
  if (deck.length === 0) return;
  for (const player of state.players) {
    const piles = [player.hand, player.actionDeck.discardPile, player.actionDeck.drawPile];
    for (const pile of piles) {
      for (let index = 0; index < pile.length; index++) {
        const card = pile[index]!;
        if (!tables.contamination.has(card)) continue;
        if (player.seat === viewer && player.scanned.includes(card)) continue;
        const swapIndex = randomInt(random, 0, deck.length - 1);
        pile[index] = deck[swapIndex]!;
        deck[swapIndex] = card;
        // A card named for an action under way is renamed with it, as the seat named the card in hand.
        const chosen = chosenCards(state, player);
        const named = chosen.indexOf(card);
        if (named >= 0) chosen[named] = pile[index]!;
      }
    }
  }
}
