import { cardsLeft, type Deck, type Prompt, type Seat } from '@tabletop/engine';
import type { Effect, HeavyObject, InterruptTrigger, Trigger } from '../content/effects.js';
import type { CombatFace, ItemDeckColour } from '../content/schema.js';
import type { Tables } from '../content/tables.js';
import { objectivesKnown } from '../end-of-game/look-at-objective.js';
import { eventCardsKnown } from '../event-phase/look-at-event-deck.js';
import { promptsOf } from '../flow/procedures.js';
import { type GameMode, gameMode } from '../game-modes/game-modes.js';
import { shownToTable } from '../items/shown-items.js';
import { weaponCapacity } from '../items/weapon-capacity.js';
import type { Answer, NemesisAction, TurnActionType } from '../vocabulary/actions.js';
import type {
  Death,
  EngineStatus,
  GameOver,
  IntruderState,
  NemesisState,
  PlayerState,
  PodState,
  WeaponState,
} from '../vocabulary/state.js';
import type { Chosen, ShotQuestion, TradeStage } from '../vocabulary/steps.js';

/**
 * What one seat may see. Hidden from everyone: the order of every deck and of
 * the bag, unexplored tiles and their tokens, the engines, the Coordinates
 * card, face-down Weaknesses, the numbers of tokens still in the bag or beside
 * the board, the generator. Hidden from the other players: a hand, the
 * Objectives. Hidden even from the owner until scanned: whether a
 * Contamination card is INFECTED. Learnt by one seat alone: the Coordinates,
 * engines, face-down rooms and other players' Objectives it looked at.
 */
export const hiddenContamination = 'contamination';

export interface RoomView {
  number: number;
  explored: boolean;
  /** The tile, once explored (special rooms always). */
  tile: string | null;
  itemCounter: number | null;
  fire: boolean;
  malfunction: boolean;
  objects: HeavyObject[];
}

/** A weapon as the table sees it: its ammo, its fittings, and what it holds now. */
export type WeaponView = WeaponState & { capacity: number };

export interface PlayerView {
  seat: Seat;
  character: string | null;
  status: PlayerState['status'];
  room: number;
  handSize: number;
  deckSize: number;
  /** Face up; Contamination cards show only as such. */
  discardPile: string[];
  /** Said in view of all: this player passes every interrupt window from now on. */
  declinesInterrupts: boolean;
  lightWounds: number;
  seriousWounds: { card: string | null; dressed: boolean }[];
  slime: boolean;
  larva: boolean;
  signal: boolean;
  weapons: WeaponView[];
  carried: HeavyObject[];
  /** How many items the player carries, as the table shows it. */
  items: number;
  /** The Heavy items among them, which are seen in hand. */
  heavyItems: string[];
  /** Heavy Items taped together two by two (Duct Tape), each pair in one hand slot: seen in hand too. */
  taped: [string, string][];
  /** The item this player is using in the action under way: a card used is shown. */
  using: string | null;
  /** The quest items among them, which lie face up by the board once their quest is done. */
  questItems: string[];
  /** The crafted (blue) items among them, which the table knows (items/shown-items.ts). */
  craftedItems: string[];
  /** The quest items still on their quest side beside the board: quests not done yet. */
  quests: string[];
  objectives: number;
  passed: boolean;
  pod: number | null;
  /** The unexplored rooms this player has looked at (with the token, or not): a lifted tile is seen by all. */
  peeked: { room: number; token: boolean }[];
  /** The players whose Objectives this player has looked at and still knows. */
  objectivesKnown: Seat[];
  /** What killed the character, where and when; null while alive. */
  death: Death | null;
}

export interface ItemDeckView {
  drawPile: number;
  discardPile: string[];
  under: (string | null)[];
}

/** The viewer's search under way: the decks they may pick, the one picked, the cards drawn. */
export interface SearchView {
  source: string;
  decks: ItemDeckColour[];
  deck: ItemDeckColour | null;
  drawn: string[];
}

/**
 * A Trade under way. The items each side gives are named to the two in the
 * exchange; the others see how many, and only the names of the items the
 * table sees anyway (Heavy Items, weapons, quest items), the rest as null.
 */
export interface TradeView {
  trader: Seat;
  /** The characters picked so far, the one in the exchange last. */
  tradedWith: Seat[];
  exchange: {
    partner: Seat;
    stage: TradeStage;
    traderGives: (string | null)[];
    partnerGives: (string | null)[];
  } | null;
}

/**
 * The board's public constants that a table draws, read from the pack's
 * tables: the same for every seat and all game long.
 *
 * - `exits`: for each room by number, its exits: the Noise die numbers
 *   printed there and where the exit leads, a corridor's index (as in
 *   `corridors`) or 'technical' for a Technical Corridor entrance.
 * - `time`: the Time track. `time` in the view counts the marker's
 *   advances from 0; the ship jumps after `jumpAfter` advances (the track's
 *   length), and the hibernation chambers open, the blue zone of the track,
 *   once `time` reaches `hibernationOpensAfter`.
 * - `selfDestruct`: the self-destruct track. `selfDestruct` in the view
 *   counts its advances; the ship explodes after `explodesAfter` (its
 *   length), and from `yellowAfter` on (the yellow zone) it can no longer be
 *   stopped and every escape pod is unlocked.
 */
export interface BoardView {
  exits: { room: number; exits: { numbers: number[]; corridor: number | 'technical' }[] }[];
  time: { jumpAfter: number; hibernationOpensAfter: number };
  selfDestruct: { explodesAfter: number; yellowAfter: number };
}

/** The board's constants from the pack's tables (see `BoardView`). */
export function boardView(tables: Tables): BoardView {
  return {
    exits: tables.rooms.map((room) => ({
      room: room.number,
      exits: (tables.exits[room.number] ?? []).map((exit) => ({
        numbers: [...exit.numbers],
        corridor: exit.corridor,
      })),
    })),
    time: {
      jumpAfter: tables.time.jumpAfter,
      hibernationOpensAfter: tables.time.hibernationOpensAfter,
    },
    selfDestruct: {
      explodesAfter: tables.selfDestruct.explodesAfter,
      yellowAfter: tables.selfDestruct.yellowAfter,
    },
  };
}

export interface NemesisView {
  viewer: Seat | 'spectator';
  /** The board's public constants the table draws (see `BoardView`). */
  board: BoardView;
  round: number;
  phase: NemesisState['phase'];
  firstPlayer: number;
  time: number;
  hibernationOpen: boolean;
  selfDestruct: number | null;
  destination: string;
  rooms: RoomView[];
  corridors: { index: number; ends: readonly [number, number]; noise: boolean; door: string }[];
  technicalCorridorNoise: boolean;
  intruders: IntruderState[];
  bagSize: number;
  /** Tokens drawn in Encounters, face up. */
  tokensAside: string[];
  /** Kinds of the tokens beside the board, and of those out of the game. */
  reserve: Record<string, number>;
  tokensOut: string[];
  attackDeck: { drawPile: number; discardPile: string[] };
  eventDeck: { drawPile: number; discardPile: string[]; removed: string[] };
  contaminationDeck: number;
  seriousWoundDeck: number;
  /**
   * By colour: cards left to draw, the face-up discard pile, and the cards
   * put under the deck by a Search (among those left), bottom last: each named
   * to the player who put it there, null to everyone else.
   */
  itemDecks: Record<ItemDeckColour, ItemDeckView>;
  /** The crafted (blue) items left to craft, in view beside the board. */
  craftedItems: string[];
  nestEggs: number;
  eggsDestroyed: number;
  weaknesses: (string | null)[];
  pods: PodState[];
  /** The room under the Emergency Airlock token, or null. */
  airlock: number | null;
  firstEncounterDone: boolean;
  firstDeathDone: boolean;
  /** The coming Event Phase skips its Intruder attacks (the Orbital Maneuvering System). */
  skipIntruderAttacks: boolean;
  /** The standard game, the solo game, or the cooperative variant. */
  mode: GameMode;
  /** The cooperative variant's shared Objectives, shown to the whole table; null in other modes. */
  teamObjectives: string[] | null;
  players: PlayerView[];
  /** The Trade under way, if any. */
  trade: TradeView | null;
  /** The viewer's own secrets. */
  /** The viewer's own secrets; `infected` lists the scanned cards found INFECTED. */
  you: {
    seat: Seat;
    hand: string[];
    objectives: string[];
    /** The viewer's inventory. */
    items: string[];
    scanned: string[];
    infected: string[];
    /** The viewer's action under way and what they have chosen for it so far. */
    choosing: { action: TurnActionType; chosen: Chosen } | null;
    /** The viewer's effect waiting for a choice (an option, a room): what set it off, and the pack's effect. */
    effect: { source: string; effect: Effect; answered: Answer[] } | null;
    /** The viewer's search under way; the cards drawn are theirs alone to see. */
    search: SearchView | null;
    /** The viewer's item offered at a trigger point, and the cards named so far to pay for it once taken. */
    reaction: { item: string; trigger: Trigger; paying: string[] | null } | null;
    /** The viewer's shot waiting on a choice (roll again, spend one more ammo): the weapon and the face showing. */
    shot: { weapon: string; rolled: CombatFace; asking: ShotQuestion } | null;
    /** The Coordinates card, once the viewer has checked it. */
    coordinates: string | null;
    /** By engine: the top token the viewer last saw there, or null. */
    engines: (EngineStatus | null)[];
    /** The unexplored rooms the viewer has looked at: the tile, and the Exploration token if seen. */
    peeked: { room: number; tile: string; token: string | null }[];
    /** The Event cards the viewer looked at that still lie on top of or under the deck. */
    eventsSeen: string[];
    /** The Objectives of other players, as the viewer saw them (while they still hold those). */
    objectivesSeen: { seat: Seat; objectives: string[] }[];
  } | null;
  prompts: Prompt<NemesisAction>[];
  /**
   * The interrupt window open now, as the whole table sees it: the trigger
   * point, whose action, Interruption or attack it answers, where, and the
   * seats still to answer.
   */
  interruptWindow: {
    trigger: InterruptTrigger;
    seat: Seat;
    room: number;
    action: TurnActionType | null;
    asking: Seat[];
  } | null;
  /** The procedures under way, innermost last, by name. */
  resolving: string[];
  over: GameOver | null;
}

function maskCard(
  tables: Tables,
  owner: PlayerState,
  viewer: Seat | 'spectator',
  card: string,
): string {
  if (!tables.contamination.has(card)) return card;
  return viewer === owner.seat && owner.scanned.includes(card) ? card : hiddenContamination;
}

/** The item named in a player's Item action under way, once chosen. */
function itemInUse(state: NemesisState, player: PlayerState): string | null {
  const top = state.over ? undefined : state.stack[state.stack.length - 1];
  if (top?.kind !== 'action-choice' || top.seat !== player.seat || top.action !== 'use-item')
    return null;
  return top.chosen.item ?? null;
}

function playerView(
  tables: Tables,
  state: NemesisState,
  player: PlayerState,
  viewer: Seat | 'spectator',
): PlayerView {
  return {
    seat: player.seat,
    character: player.character,
    status: player.status,
    room: player.room,
    handSize: player.hand.length,
    deckSize: cardsLeft(player.actionDeck),
    discardPile: player.actionDeck.discardPile.map((card) =>
      maskCard(tables, player, viewer, card),
    ),
    declinesInterrupts: player.declinesInterrupts === true,
    lightWounds: player.lightWounds,
    seriousWounds: player.seriousWounds.map((wound) => ({
      card: wound.dressed ? null : wound.card,
      dressed: wound.dressed,
    })),
    slime: player.slime,
    larva: player.larva,
    signal: player.signal,
    weapons: player.weapons.map((weapon) => ({
      ...weapon,
      ...(weapon.attachments ? { attachments: [...weapon.attachments] } : {}),
      capacity: weaponCapacity(tables, player, weapon),
    })),
    carried: [...player.carried],
    items: player.items.length,
    heavyItems: player.items.filter((item) => tables.items.get(item)?.heavy).sort(),
    taped: (player.taped ?? []).map(([one, other]) => [one, other]),
    using: itemInUse(state, player),
    questItems: player.items.filter((item) => tables.items.get(item)?.colour === 'quest').sort(),
    craftedItems: player.items.filter((item) => tables.items.get(item)?.colour === 'blue').sort(),
    quests: [...player.quests],
    objectives: player.objectives.length,
    passed: player.passed,
    pod: player.pod,
    peeked: peekedUnexplored(state, player).map((peek) => ({ ...peek })),
    objectivesKnown: objectivesKnown(state, player),
    death: player.death ? { ...player.death } : null,
  };
}

function itemDeckView(
  deck: Deck<string>,
  putUnderBy: readonly Seat[],
  viewer: Seat | 'spectator',
): ItemDeckView {
  return {
    drawPile: cardsLeft(deck),
    discardPile: [...deck.discardPile],
    under: deck.bottom.map((card, index) => (putUnderBy[index] === viewer ? card : null)),
  };
}

/** The viewer's own search waiting on top of the stack. */
function searchOf(state: NemesisState, own: PlayerState): SearchView | null {
  const top = state.over ? undefined : state.stack[state.stack.length - 1];
  if (top?.kind !== 'search' || top.seat !== own.seat) return null;
  return {
    source: top.source,
    decks: [...top.decks],
    deck: top.deck,
    drawn: [...(top.drawn ?? [])],
  };
}

/** Looks at rooms since explored tell nothing more than the board: only the face-down ones count. */
function peekedUnexplored(
  state: NemesisState,
  player: PlayerState,
): { room: number; token: boolean }[] {
  return player.peeked.filter((peek) => state.rooms[peek.room - 1]?.explored === false);
}

/** What the viewer saw of the face-down rooms they looked at. */
function peekedView(
  state: NemesisState,
  own: PlayerState,
): { room: number; tile: string; token: string | null }[] {
  return peekedUnexplored(state, own).map((peek) => {
    const room = state.rooms[peek.room - 1]!;
    return { room: peek.room, tile: room.tile, token: peek.token ? room.explorationToken : null };
  });
}

function countKinds(tables: Tables, tokens: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const token of tokens) {
    const kind = tables.intruderTokens.get(token)?.kind ?? 'unknown';
    counts[kind] = (counts[kind] ?? 0) + 1;
  }
  return counts;
}

/** The viewer's own action under way; its cards show as the hand shows them. */
function choosingOf(
  tables: Tables,
  state: NemesisState,
  own: PlayerState,
  viewer: Seat | 'spectator',
): { action: TurnActionType; chosen: Chosen } | null {
  const top = state.over ? undefined : state.stack[state.stack.length - 1];
  if (top?.kind !== 'action-choice' || top.seat !== own.seat) return null;
  const chosen = {
    ...top.chosen,
    cards: top.chosen.cards.map((card) => maskCard(tables, own, viewer, card)),
  };
  return { action: top.action, chosen };
}

/** The viewer's own effect waiting on top of the stack: public pack data, asked of them alone. */
function effectOf(
  state: NemesisState,
  own: PlayerState,
): { source: string; effect: Effect; answered: Answer[] } | null {
  const top = state.over ? undefined : state.stack[state.stack.length - 1];
  if (top?.kind !== 'effect' || top.seat !== own.seat) return null;
  return { source: top.source, effect: top.effect, answered: [...(top.answered ?? [])] };
}

/** The viewer's own item offered on top of the stack (its item is face up: a quest item). */
function reactionOf(
  state: NemesisState,
  own: PlayerState,
): { item: string; trigger: Trigger; paying: string[] | null } | null {
  const top = state.over ? undefined : state.stack[state.stack.length - 1];
  if (top?.kind !== 'reaction' || top.seat !== own.seat) return null;
  return {
    item: top.item,
    trigger: top.trigger,
    paying: top.paying === null ? null : [...top.paying],
  };
}

/** The viewer's own shot waiting on top of the stack; the roll is public, the question theirs. */
function shotOf(
  state: NemesisState,
  own: PlayerState,
): { weapon: string; rolled: CombatFace; asking: ShotQuestion } | null {
  const top = state.over ? undefined : state.stack[state.stack.length - 1];
  if (top?.kind !== 'shoot' || top.seat !== own.seat) return null;
  if (top.rolled === undefined || top.asking === undefined) return null;
  return { weapon: top.weapon, rolled: top.rolled, asking: top.asking };
}

/** The Trade under way, as the viewer may see it. */
function tradeOf(
  tables: Tables,
  state: NemesisState,
  viewer: Seat | 'spectator',
): TradeView | null {
  const step = state.over
    ? undefined
    : state.stack.findLast((candidate) => candidate.kind === 'trade');
  if (!step) return null;
  const { exchange } = step;
  if (!exchange) return { trader: step.seat, tradedWith: [...step.tradedWith], exchange: null };
  const inTheExchange = viewer === step.seat || viewer === exchange.partner;
  const offered = (giver: Seat, places: readonly number[]) =>
    places.map((index) => {
      const item = state.players[Number(giver)]?.items[index] ?? null;
      return item !== null && (inTheExchange || shownToTable(tables, item)) ? item : null;
    });
  return {
    trader: step.seat,
    tradedWith: [...step.tradedWith],
    exchange: {
      partner: exchange.partner,
      stage: exchange.stage,
      traderGives: offered(step.seat, exchange.traderGives),
      partnerGives: offered(exchange.partner, exchange.partnerGives),
    },
  };
}

export function viewFor(
  tables: Tables,
  state: NemesisState,
  viewer: Seat | 'spectator',
): NemesisView {
  const own =
    viewer === 'spectator' ? undefined : state.players.find((player) => player.seat === viewer);
  const game = { state, tables, events: [] };
  const top = state.over ? undefined : state.stack[state.stack.length - 1];
  return {
    viewer,
    board: boardView(tables),
    round: state.round,
    phase: state.phase,
    firstPlayer: state.firstPlayer,
    time: state.time,
    hibernationOpen: state.time >= tables.time.hibernationOpensAfter,
    selfDestruct: state.selfDestruct,
    destination: state.destination,
    rooms: state.rooms.map((room) => ({
      number: room.number,
      explored: room.explored,
      tile: room.explored ? room.tile : null,
      itemCounter: room.itemCounter,
      fire: room.fire,
      malfunction: room.malfunction,
      objects: [...room.objects],
    })),
    corridors: state.corridors.map((corridor) => ({
      index: corridor.index,
      ends: tables.corridors[corridor.index]!.ends,
      noise: corridor.noise,
      door: corridor.door,
    })),
    technicalCorridorNoise: state.technicalCorridorNoise,
    intruders: state.intruders.map((intruder) => ({ ...intruder })),
    bagSize: state.bag.tokens.length,
    tokensAside: [...state.tokensAside],
    reserve: countKinds(tables, state.tokensInReserve),
    tokensOut: [...state.tokensOut],
    attackDeck: {
      drawPile: cardsLeft(state.attackDeck),
      discardPile: [...state.attackDeck.discardPile],
    },
    eventDeck: {
      drawPile: cardsLeft(state.eventDeck),
      discardPile: [...state.eventDeck.discardPile],
      removed: [...state.eventsRemoved],
    },
    contaminationDeck: cardsLeft(state.contaminationDeck),
    seriousWoundDeck: cardsLeft(state.seriousWoundDeck),
    itemDecks: {
      red: itemDeckView(state.itemDecks.red, state.itemsPutUnder.red, viewer),
      yellow: itemDeckView(state.itemDecks.yellow, state.itemsPutUnder.yellow, viewer),
      green: itemDeckView(state.itemDecks.green, state.itemsPutUnder.green, viewer),
    },
    craftedItems: [...state.craftedItems].sort(),
    nestEggs: state.nestEggs,
    eggsDestroyed: state.eggsDestroyed,
    weaknesses: state.weaknesses.map((weakness) => (weakness.revealed ? weakness.card : null)),
    pods: state.pods.map((pod) => ({ ...pod, occupants: [...pod.occupants] })),
    firstEncounterDone: state.firstEncounterDone,
    firstDeathDone: state.firstDeathDone,
    skipIntruderAttacks: state.skipIntruderAttacks,
    mode: gameMode(state.options),
    teamObjectives:
      gameMode(state.options) === 'cooperative'
        ? state.players.flatMap((player) => player.objectives)
        : null,
    airlock: state.airlock,
    players: state.players.map((player) => playerView(tables, state, player, viewer)),
    trade: tradeOf(tables, state, viewer),
    you: own
      ? {
          seat: own.seat,
          hand: own.hand.map((card) => maskCard(tables, own, viewer, card)),
          objectives: [...own.objectives],
          items: [...own.items],
          scanned: [...own.scanned],
          infected: own.scanned.filter((card) => state.infectedContamination.includes(card)),
          choosing: choosingOf(tables, state, own, viewer),
          effect: effectOf(state, own),
          search: searchOf(state, own),
          reaction: reactionOf(state, own),
          shot: shotOf(state, own),
          coordinates: own.checkedCoordinates ? state.coordinates : null,
          engines: [...own.checkedEngines],
          peeked: peekedView(state, own),
          eventsSeen: eventCardsKnown(state, own.seat),
          objectivesSeen: objectivesKnown(state, own).map((seat) => ({
            seat,
            objectives: [...(state.players[Number(seat)]?.objectives ?? [])],
          })),
        }
      : null,
    prompts: top ? promptsOf(game, top) : [],
    interruptWindow:
      top?.kind === 'interrupt-window'
        ? {
            trigger: top.trigger,
            seat: top.seat,
            room: top.room,
            action: top.action ?? null,
            asking: [...top.asking],
          }
        : null,
    resolving: state.stack.map((step) => step.kind),
    over: state.over,
  };
}
