import { clonePlain, type Deck, type GameEvent, type Outcome, type Seat } from '@tabletop/engine';
import type { Destination, HeavyObject, IntruderKind } from '../content/effects.js';
import type { CombatFace, ItemDeckColour, NoiseFace } from '../content/schema.js';
import type { Tables } from '../content/tables.js';
import { resolveSteps } from '../flow/resolve.js';
import { createNemesis, type NemesisRuleset } from '../ruleset.js';
import type { NemesisAction, TurnActionType } from '../vocabulary/actions.js';
import type { Game } from '../vocabulary/game.js';
import type {
  DoorState,
  EngineStatus,
  IntruderState,
  NemesisState,
  PlayerState,
  RoomState,
  WeaponState,
} from '../vocabulary/state.js';
import type { Chosen, Step } from '../vocabulary/steps.js';

/**
 * The scenario builder: sets up a situation directly (this character here
 * with these cards, that Intruder there, this card on top of that deck,
 * these dice next) instead of hoping random play reaches it.
 */
export interface CharacterSpec {
  room?: number;
  /** A number of cards to keep from the dealt hand, or the exact card ids. */
  hand?: number | readonly string[];
  lightWounds?: number;
  /** A number of Serious Wounds (the first cards of the deck), or the exact cards. */
  seriousWounds?: number | string[];
  slime?: boolean;
  larva?: boolean;
  signal?: boolean;
  weapons?: WeaponState[];
  carried?: HeavyObject[];
  /** Items taken out of their Item deck into the inventory. */
  items?: string[];
  /** Heavy Items of `items` taped together two by two (Duct Tape). */
  taped?: [string, string][];
  status?: PlayerState['status'];
  passed?: boolean;
}

export interface RoomSpec {
  explored?: boolean;
  tile?: string;
  explorationToken?: string | null;
  fire?: boolean;
  malfunction?: boolean;
  objects?: HeavyObject[];
  itemCounter?: number | null;
}

export interface ScenarioOptions {
  players?: number;
  seed?: string;
  characters?: string[];
  firstPlayer?: number;
  /**
   * Whether the interrupt windows are asked. Off by default: every seat
   * starts having chosen to pass them all, so a test of another rule is not
   * asked about Interruptions between its steps. The interrupt tests turn it on.
   */
  interrupts?: boolean;
  /** The standard game by default; the cooperative variant with 2-5 players. */
  mode?: 'standard' | 'cooperative';
  /**
   * Whether the blue Corpse lies in the Hibernatorium, as set-up leaves it.
   * Off by default: a test of another rule starts in that room with nothing
   * on the floor. The tests of what the Corpse is for turn it on.
   */
  blueCorpse?: boolean;
}

export const defaultCharacters = ['captain', 'soldier', 'scout', 'pilot', 'mechanic'];

type Change = (game: Game) => void;

function removeFrom<T>(list: T[], item: T): boolean {
  const index = list.indexOf(item);
  if (index < 0) return false;
  list.splice(index, 1);
  return true;
}

/** Takes a card out of wherever it is among a deck's piles. */
function pullFromDeck(deck: Deck<string>, card: string): boolean {
  return (
    removeFrom(deck.drawPile, card) ||
    removeFrom(deck.top, card) ||
    removeFrom(deck.bottom, card) ||
    removeFrom(deck.discardPile, card)
  );
}

function stackDeck(deck: Deck<string>, cards: readonly string[], name: string): void {
  for (const card of cards) {
    if (!pullFromDeck(deck, card)) throw new Error(`scenario: ${card} is not in the ${name}`);
  }
  deck.top.unshift(...cards);
}

function corridorIndex(game: Game, corridor: number | [number, number]): number {
  if (typeof corridor === 'number') return corridor;
  const index = game.tables.corridors.findIndex(
    (candidate) =>
      (candidate.ends[0] === corridor[0] && candidate.ends[1] === corridor[1]) ||
      (candidate.ends[0] === corridor[1] && candidate.ends[1] === corridor[0]),
  );
  if (index < 0)
    throw new Error(`scenario: no corridor between rooms ${corridor[0]} and ${corridor[1]}`);
  return index;
}

function findPlayer(state: NemesisState, seat: Seat): PlayerState {
  const player = state.players.find((candidate) => candidate.seat === seat);
  if (!player) throw new Error(`scenario: no seat ${seat}`);
  return player;
}

function setHand(game: Game, player: PlayerState, hand: number | readonly string[]): void {
  if (typeof hand === 'number') {
    while (player.hand.length > hand) player.actionDeck.drawPile.push(player.hand.pop()!);
    return;
  }
  for (const card of player.hand) player.actionDeck.drawPile.push(card);
  player.hand = [];
  for (const card of hand) {
    if (game.tables.contamination.has(card)) {
      if (!pullFromDeck(game.state.contaminationDeck, card))
        throw new Error(`scenario: ${card} is not in the Contamination deck`);
    } else if (!pullFromDeck(player.actionDeck, card)) {
      throw new Error(`scenario: ${card} is not in seat ${player.seat}'s Action deck`);
    }
    player.hand.push(card);
  }
}

/**
 * Puts an item card in an inventory: a Red, Yellow or Green one is taken out
 * of its deck; a crafted (blue) one comes from the crafted supply; a quest
 * item is the character's own, its quest done (it leaves their quests).
 */
function takeItem(game: Game, player: PlayerState, item: string): void {
  const colour = game.tables.items.get(item)?.colour;
  if (colour === 'red' || colour === 'yellow' || colour === 'green') {
    if (!pullFromDeck(game.state.itemDecks[colour], item))
      throw new Error(`scenario: no ${item} left in the ${colour} Item deck`);
  } else if (colour === 'blue') {
    if (!removeFrom(game.state.craftedItems, item))
      throw new Error(`scenario: no ${item} left in the crafted supply`);
  } else if (colour === 'quest') {
    if (!removeFrom(player.quests, item))
      throw new Error(`scenario: ${item} is not a quest of seat ${player.seat}'s character`);
  } else {
    throw new Error(`scenario: ${item} is no item of the pack`);
  }
  player.items.push(item);
}

/** Puts an inventory's card back where it came from: its deck, the crafted supply, or its quest side. */
function returnItem(game: Game, player: PlayerState, item: string): void {
  const colour = game.tables.items.get(item)?.colour;
  if (colour === 'red' || colour === 'yellow' || colour === 'green')
    game.state.itemDecks[colour].drawPile.push(item);
  else if (colour === 'blue') game.state.craftedItems.push(item);
  else if (colour === 'quest') player.quests.push(item);
}

/**
 * A weapon item is both a card in the inventory and a weapon: naming it
 * among the weapons puts its card in the inventory, and naming it among the
 * items arms the character with it, with the ammo it arrives with.
 */
function matchWeaponsAndItems(game: Game, player: PlayerState): void {
  for (const weapon of player.weapons) {
    const isItem = game.tables.weapons.get(weapon.id)?.item === true;
    if (isItem && !player.items.includes(weapon.id)) takeItem(game, player, weapon.id);
  }
  for (const item of player.items) {
    const weapon = game.tables.items.get(item)?.weapon ? game.tables.weapons.get(item) : undefined;
    if (weapon && !player.weapons.some((held) => held.id === item))
      player.weapons.push({ id: item, ammo: weapon.startingAmmo });
  }
}

function applyCharacter(game: Game, player: PlayerState, spec: CharacterSpec): void {
  if (spec.room !== undefined) player.room = spec.room;
  if (spec.hand !== undefined) setHand(game, player, spec.hand);
  if (spec.lightWounds !== undefined) player.lightWounds = spec.lightWounds;
  if (spec.seriousWounds !== undefined) {
    for (const wound of player.seriousWounds)
      if (wound.card !== 'untracked') game.state.seriousWoundDeck.drawPile.push(wound.card);
    player.seriousWounds = [];
    if (typeof spec.seriousWounds === 'number') {
      for (let count = 0; count < spec.seriousWounds; count++) {
        const card = game.state.seriousWoundDeck.drawPile.shift();
        player.seriousWounds.push({ card: card ?? 'untracked', dressed: false });
      }
    } else {
      for (const card of spec.seriousWounds) {
        if (!pullFromDeck(game.state.seriousWoundDeck, card))
          throw new Error(`scenario: ${card} is not in the Serious Wound deck`);
        player.seriousWounds.push({ card, dressed: false });
      }
    }
  }
  if (spec.slime !== undefined) player.slime = spec.slime;
  if (spec.larva !== undefined) player.larva = spec.larva;
  if (spec.signal !== undefined) player.signal = spec.signal;
  if (spec.weapons !== undefined) player.weapons = spec.weapons.map((weapon) => ({ ...weapon }));
  if (spec.carried !== undefined) player.carried = [...spec.carried];
  if (spec.items !== undefined) {
    for (const item of player.items) returnItem(game, player, item);
    player.items = [];
    for (const item of spec.items) takeItem(game, player, item);
  }
  if (spec.weapons !== undefined || spec.items !== undefined) matchWeaponsAndItems(game, player);
  if (spec.taped !== undefined)
    player.taped = spec.taped.map(([one, other]): [string, string] => [one, other]);
  else if (spec.items !== undefined) delete player.taped;
  if (spec.status !== undefined) player.status = spec.status;
  if (spec.passed !== undefined) player.passed = spec.passed;
}

function applyRoom(game: Game, number: number, spec: RoomSpec): void {
  const target = game.state.rooms[number - 1];
  if (!target) throw new Error(`scenario: no room ${number}`);
  if (spec.tile !== undefined && spec.tile !== target.tile) {
    const holder = game.state.rooms.find((room) => room.tile === spec.tile);
    if (holder) holder.tile = target.tile;
    target.tile = spec.tile;
  }
  if (spec.explorationToken !== undefined) {
    const holder = game.state.rooms.find(
      (room) => room.explorationToken === spec.explorationToken && room !== target,
    );
    if (holder) holder.explorationToken = target.explorationToken;
    target.explorationToken = spec.explorationToken;
  }
  if (spec.explored !== undefined) {
    target.explored = spec.explored;
    if (spec.explored && spec.explorationToken === undefined) target.explorationToken = null;
  }
  const assign = <K extends keyof RoomState>(key: K, value: RoomState[K] | undefined) => {
    if (value !== undefined) target[key] = value;
  };
  assign('fire', spec.fire);
  assign('malfunction', spec.malfunction);
  assign('itemCounter', spec.itemCounter);
  if (spec.objects !== undefined) target.objects = [...spec.objects];
}

export class ScenarioBuilder {
  readonly #options: Required<Omit<ScenarioOptions, 'characters'>> & { characters: string[] };
  readonly #changes: Change[] = [];

  constructor(options: ScenarioOptions = {}) {
    const players = options.players ?? 2;
    this.#options = {
      players,
      seed: options.seed ?? 'scenario',
      characters: options.characters ?? defaultCharacters.slice(0, players),
      firstPlayer: options.firstPlayer ?? 0,
      interrupts: options.interrupts ?? false,
      mode: options.mode ?? 'standard',
      blueCorpse: options.blueCorpse ?? false,
    };
  }

  #change(change: Change): this {
    this.#changes.push(change);
    return this;
  }

  character(seat: Seat, spec: CharacterSpec): this {
    return this.#change((game) => applyCharacter(game, findPlayer(game.state, seat), spec));
  }

  room(number: number, spec: RoomSpec): this {
    return this.#change((game) => applyRoom(game, number, spec));
  }

  /** Explores rooms as if visited: tile face up, token gone. */
  explored(...numbers: number[]): this {
    return this.#change((game) => {
      for (const number of numbers) applyRoom(game, number, { explored: true });
    });
  }

  intruder(kind: IntruderKind, room: number, spec: { injuries?: number } = {}): this {
    return this.#change((game) => {
      const intruder: IntruderState = {
        id: game.state.nextIntruderId++,
        kind,
        room,
        injuries: spec.injuries ?? 0,
      };
      game.state.intruders.push(intruder);
    });
  }

  noise(...corridors: (number | [number, number] | 'technical')[]): this {
    return this.#change((game) => {
      for (const corridor of corridors) {
        if (corridor === 'technical') game.state.technicalCorridorNoise = true;
        else game.state.corridors[corridorIndex(game, corridor)]!.noise = true;
      }
    });
  }

  door(corridor: number | [number, number], door: DoorState): this {
    return this.#change((game) => {
      game.state.corridors[corridorIndex(game, corridor)]!.door = door;
    });
  }

  stackAttackCards(cards: string[]): this {
    return this.#change((game) => stackDeck(game.state.attackDeck, cards, 'Intruder Attack deck'));
  }

  stackEventCards(cards: string[]): this {
    return this.#change((game) => stackDeck(game.state.eventDeck, cards, 'Event deck'));
  }

  stackContamination(cards: string[]): this {
    return this.#change((game) =>
      stackDeck(game.state.contaminationDeck, cards, 'Contamination deck'),
    );
  }

  stackSeriousWounds(cards: string[]): this {
    return this.#change((game) =>
      stackDeck(game.state.seriousWoundDeck, cards, 'Serious Wound deck'),
    );
  }

  /** The next tokens drawn from the bag, in order (moved into the bag if they were elsewhere). */
  stackBag(tokens: string[]): this {
    return this.#change((game) => {
      const { state } = game;
      for (const token of tokens) {
        if (!state.bag.tokens.includes(token)) {
          const found =
            removeFrom(state.tokensInReserve, token) ||
            removeFrom(state.tokensAside, token) ||
            removeFrom(state.tokensOut, token);
          if (!found) throw new Error(`scenario: no intruder token ${token}`);
          state.bag.tokens.push(token);
        }
      }
      state.bag.next.push(...tokens);
    });
  }

  /** The next item cards drawn from an Item deck, in order (taken out of wherever they are in it). */
  stackItems(colour: ItemDeckColour, items: string[]): this {
    return this.#change((game) =>
      stackDeck(game.state.itemDecks[colour], items, `${colour} Item deck`),
    );
  }

  stackNoise(faces: NoiseFace[]): this {
    return this.#change((game) => game.state.stackedRolls.noise.push(...faces));
  }

  stackCombat(faces: CombatFace[]): this {
    return this.#change((game) => game.state.stackedRolls.combat.push(...faces));
  }

  /** As after the First Encounter: each player has kept their first Objective. */
  firstEncounterDone(): this {
    return this.#change((game) => {
      game.state.firstEncounterDone = true;
      for (const player of game.state.players) {
        game.state.objectivesDiscarded.push(...player.objectives.slice(1));
        player.objectives = player.objectives.slice(0, 1);
      }
    });
  }

  time(advances: number): this {
    return this.#change((game) => {
      game.state.time = advances;
    });
  }

  selfDestruct(advances: number | null): this {
    return this.#change((game) => {
      game.state.selfDestruct = advances;
    });
  }

  /** The top token of each engine, from engine 1. */
  engines(...tops: EngineStatus[]): this {
    return this.#change((game) => {
      tops.forEach((top, index) => {
        game.state.engines[index] = { top, bottom: top === 'working' ? 'damaged' : 'working' };
      });
    });
  }

  /** Sets the Destination marker on the space where the Coordinates card leads to `destination`. */
  headedFor(destination: Destination): this {
    return this.#change((game) => {
      const card = game.tables.coordinates.get(game.state.coordinates)!;
      const space = Object.keys(card.destinations).find(
        (candidate) => card.destinations[candidate] === destination,
      );
      if (space === undefined) throw new Error(`scenario: no space leads to ${destination}`);
      game.state.destination = space;
    });
  }

  nestEggs(count: number): this {
    return this.#change((game) => {
      game.state.nestEggs = count;
    });
  }

  /** Any other change, made directly on the state. */
  with(change: (state: NemesisState, tables: Tables) => void): this {
    return this.#change((game) => change(game.state, game.tables));
  }

  /** Makes it this seat's turn, with this many actions already taken this round. */
  turn(seat: Seat, actionsTaken = 0): this {
    return this.#change((game) => {
      const stack = game.state.stack;
      const index = stack.findLastIndex((step) => step.kind === 'player-turn');
      const step: Step = { kind: 'player-turn', seat, actionsTaken };
      if (index >= 0) stack[index] = step;
      else stack.push(step);
    });
  }

  build(ruleset: NemesisRuleset = createNemesis()): ScenarioTable {
    const options = this.#options;
    const state = ruleset.setup(
      {
        players: options.players,
        characters: options.characters,
        firstPlayer: options.firstPlayer,
        mode: options.mode,
      },
      options.seed,
    );
    const game: Game = { state, tables: ruleset.tables, events: [] };
    if (!options.blueCorpse)
      for (const room of state.rooms)
        room.objects = room.objects.filter((object) => object !== 'blue-corpse');
    if (!options.interrupts) for (const player of state.players) player.declinesInterrupts = true;
    for (const change of this.#changes) change(game);
    return new ScenarioTable(ruleset, state);
  }
}

/**
 * A whole turn action with every choice named at once, the way a test
 * tells it: `{ type: 'move', to: 6, cards: [card] }`. `take` asks the rules
 * one choice at a time and answers from it.
 */
export interface TurnPlan {
  type: TurnActionType;
  to?: number;
  noise?: number | 'technical';
  weapon?: string;
  target?: number | 'eggs';
  object?: HeavyObject;
  drop?: HeavyObject;
  /** The item used or dropped; the crafted item made; the quest completed. */
  item?: string;
  /** The items given up, in order: a Craft's components, a quest's item. */
  components?: string[];
  /** A Heavy Item dropped in exchange when picking up with full hands. */
  dropItem?: string;
  /** Which of the item's uses, by its place on the card. */
  use?: number;
  /** The cards that pay, in order. */
  cards?: string[];
  /** The cards discarded on passing; none when absent. */
  discard?: string[];
}

function planned<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`scenario: the plan does not say ${what}`);
  return value;
}

/** The answer the plan gives to the question asked (`asks`, the prompt's answer kind). */
function answerFor(plan: TurnPlan, chosen: Chosen, asks: string): NemesisAction {
  switch (asks) {
    case 'choose-room':
      return { type: 'room', room: planned(plan.to, 'which room') };
    case 'choose-corridor':
      return { type: 'corridor', corridor: planned(plan.noise, 'where the noise goes') };
    case 'choose-weapon':
      return { type: 'weapon', weapon: planned(plan.weapon, 'which weapon') };
    case 'choose-target':
      return { type: 'target', target: planned(plan.target, 'which target') };
    case 'choose-object':
      if (plan.type === 'drop' && plan.item !== undefined) return { type: 'item', item: plan.item };
      if (chosen.object !== undefined && plan.type !== 'drop' && plan.dropItem !== undefined)
        return { type: 'item', item: plan.dropItem };
      return chosen.object === undefined || plan.type === 'drop'
        ? { type: 'object', object: planned(plan.object, 'which object') }
        : { type: 'object', object: planned(plan.drop, 'which object to drop') };
    case 'choose-item':
      if ((plan.type === 'craft' || plan.type === 'complete-quest') && chosen.item !== undefined)
        return {
          type: 'item',
          item: planned(plan.components?.[chosen.components?.length ?? 0], 'the items given up'),
        };
      return { type: 'item', item: planned(plan.item, 'which item') };
    case 'choose-option':
      return { type: 'option', option: planned(plan.use, 'which use of the item') };
    case 'pay':
      return {
        type: 'card',
        card: planned(plan.cards?.[chosen.cards.length], 'enough cards to pay'),
      };
    case 'discard': {
      const next = plan.discard?.[chosen.cards.length];
      return next === undefined ? { type: 'done' } : { type: 'card', card: next };
    }
    default:
      throw new Error(`scenario: no plan for the question "${asks}"`);
  }
}

export function scenario(options: ScenarioOptions = {}): ScenarioBuilder {
  return new ScenarioBuilder(options);
}

/** A built situation: apply actions, resolve steps, and look at the result. */
export class ScenarioTable {
  readonly ruleset: NemesisRuleset;
  readonly state: NemesisState;
  readonly events: GameEvent[] = [];

  constructor(ruleset: NemesisRuleset, state: NemesisState) {
    this.ruleset = ruleset;
    this.state = state;
  }

  get tables(): Tables {
    return this.ruleset.tables;
  }

  /** Applies an action; throws with the rejection if it is refused. */
  act(seat: Seat, action: NemesisAction): GameEvent[] {
    const outcome = this.tryAct(seat, action);
    if (!outcome.ok)
      throw new Error(`refused: ${outcome.rejection.code}: ${outcome.rejection.message}`);
    return outcome.events;
  }

  /**
   * Plays a whole turn action: names it, then answers each of its choices
   * from `plan` as it is asked. Throws with the rejection if any answer is
   * refused.
   */
  take(seat: Seat, plan: TurnPlan): GameEvent[] {
    const outcome = this.tryTake(seat, plan);
    if (!outcome.ok)
      throw new Error(`refused: ${outcome.rejection.code}: ${outcome.rejection.message}`);
    return outcome.events;
  }

  /**
   * As `take`, but returns the first refusal instead of throwing; a refused
   * plan leaves the table as it was, the answers before the refusal undone.
   */
  tryTake(seat: Seat, plan: TurnPlan): Outcome {
    const before = clonePlain(this.state);
    const logged = this.events.length;
    const events: GameEvent[] = [];
    let outcome = this.tryAct(seat, { type: plan.type });
    for (;;) {
      if (!outcome.ok) {
        Object.assign(this.state, before);
        this.events.length = logged;
        return outcome;
      }
      events.push(...outcome.events);
      const top = this.state.stack[this.state.stack.length - 1];
      if (this.state.over || top?.kind !== 'action-choice' || top.seat !== seat)
        return { ok: true, events };
      outcome = this.tryAct(seat, answerFor(plan, top.chosen, this.prompts()[0]!.answer));
    }
  }

  /**
   * The answers a seat may give at the first question `plan` leaves open,
   * worked out on a copy of the table: `{ type: 'move' }` gives the rooms
   * it may move to. Empty when the action itself is refused.
   */
  answers(seat: Seat, plan: TurnPlan): NemesisAction[] {
    const copy = new ScenarioTable(this.ruleset, clonePlain(this.state));
    let outcome = copy.tryAct(seat, { type: plan.type });
    while (outcome.ok) {
      const top = copy.state.stack[copy.state.stack.length - 1];
      if (copy.state.over || top?.kind !== 'action-choice' || top.seat !== seat) return [];
      let answer: NemesisAction;
      try {
        answer = answerFor(plan, top.chosen, copy.prompts()[0]!.answer);
      } catch {
        return copy.legal(seat);
      }
      if (answer.type === 'done') return copy.legal(seat);
      outcome = copy.tryAct(seat, answer);
    }
    return [];
  }

  tryAct(seat: Seat, action: unknown): Outcome {
    const outcome = this.ruleset.apply(this.state, seat, action as NemesisAction);
    if (outcome.ok) this.events.push(...outcome.events);
    return outcome;
  }

  /** Pushes a step and resolves the stack until something waits. */
  resolve(step: Step): GameEvent[] {
    const game: Game = { state: this.state, tables: this.tables, events: [] };
    this.state.stack.push(step);
    resolveSteps(game);
    this.events.push(...game.events);
    return game.events;
  }

  /**
   * Calls a rule function on the table (`enterEscapePod(game, player)`, ...),
   * then resolves whatever it pushed until something waits; returns what
   * the rule returned.
   */
  perform<T>(rule: (game: Game) => T): T {
    const game: Game = { state: this.state, tables: this.tables, events: [] };
    const returned = rule(game);
    resolveSteps(game);
    this.events.push(...game.events);
    return returned;
  }

  log(): string[] {
    return this.events.map((event) => event.text ?? event.type);
  }

  eventsOf(type: string): GameEvent[] {
    return this.events.filter((event) => event.type === type);
  }

  legal(seat: Seat): NemesisAction[] {
    return this.ruleset.legalActions(this.state, seat);
  }

  prompts() {
    return this.ruleset.prompts(this.state);
  }

  player(seat: Seat): PlayerState {
    return findPlayer(this.state, seat);
  }

  room(number: number): RoomState {
    return this.state.rooms[number - 1]!;
  }

  /** The index of the corridor between two rooms, or -1 where they do not meet. */
  corridor(from: number, to: number): number {
    return this.tables.corridors.findIndex(
      (candidate) => candidate.ends.includes(from) && candidate.ends.includes(to),
    );
  }

  /** The table as rules code takes it; what the code announces joins the table's events. */
  game(): Game {
    return { state: this.state, tables: this.tables, events: this.events };
  }

  intruders(room?: number): IntruderState[] {
    return room === undefined
      ? this.state.intruders
      : this.state.intruders.filter((intruder) => intruder.room === room);
  }

  view(viewer: Seat | 'spectator') {
    return this.ruleset.view(this.state, viewer);
  }
}
