import type { Bag, Deck, RandomState, Seat } from '@tabletop/engine';
import type { Destination, HeavyObject, IntruderKind } from '../content/effects.js';
import type { CombatFace, ItemDeckColour, NoiseFace } from '../content/schema.js';
import type { Step } from './steps.js';

export type DoorState = 'open' | 'closed' | 'destroyed';

export interface RoomState {
  /** Room number on the board, 1-21. */
  number: number;
  /** The room tile in this slot (special rooms are printed on the board). */
  tile: string;
  explored: boolean;
  /** The exploration token lying on the unexplored tile; gone once resolved. */
  explorationToken: string | null;
  /** Items left to search; null where the room has no counter. */
  itemCounter: number | null;
  fire: boolean;
  malfunction: boolean;
  /** Heavy objects lying in the room (not carried). */
  objects: HeavyObject[];
}

export interface CorridorState {
  /** Index in the board's corridor list. */
  index: number;
  noise: boolean;
  door: DoorState;
}

export interface IntruderState {
  /** Unique for the whole game, never reused. */
  id: number;
  kind: IntruderKind;
  room: number;
  injuries: number;
}

export type CharacterStatus = 'active' | 'dead' | 'hibernating' | 'in-pod' | 'escaped';

export interface WeaponState {
  /** The weapon's id: a starting weapon's, or the Item card's for a weapon found or crafted. */
  id: string;
  ammo: number;
  /** Item cards fitted onto it for good (the Extended Magazine), in the order fitted; public. */
  attachments?: string[];
}

/** Two Heavy Items taped together (the same item twice when two copies are). */
export type TapedPair = [string, string];

export interface SeriousWound {
  card: string;
  dressed: boolean;
}

export interface PlayerState {
  seat: Seat;
  /** Null until chosen in the draft. */
  character: string | null;
  status: CharacterStatus;
  /** Room number; for a dead character, where the corpse lies. */
  room: number;
  /** Action and Contamination card ids. */
  hand: string[];
  actionDeck: Deck<string>;
  /** Contamination cards this player has scanned (their infection is known to them). */
  scanned: string[];
  lightWounds: number;
  seriousWounds: SeriousWound[];
  slime: boolean;
  /** A Larva on the character board. */
  larva: boolean;
  signal: boolean;
  weapons: WeaponState[];
  /** Hand slots holding heavy objects (at most two). */
  carried: HeavyObject[];
  /** Item cards in the inventory (secret but for how many and which are Heavy, crafted or quest items). */
  items: string[];
  /**
   * Heavy Items of the inventory taped together with Duct Tape, two by two:
   * each pair takes one hand slot. Public, as Heavy Items are seen in hand.
   */
  taped?: TapedPair[];
  /**
   * This character's quest items still on their quest side, beside the
   * board and in view of all: not items yet. A quest done turns its card
   * face up into the inventory.
   */
  quests: string[];
  /** Secret; two until the first encounter, then one. */
  objectives: string[];
  /** Passed in the current Player Phase. */
  passed: boolean;
  /**
   * This player has chosen, in view of all, to pass every interrupt window
   * for the rest of the game (player-phase/interrupts.ts): they are asked no more.
   */
  declinesInterrupts?: true;
  /** Pod number while in a pod. */
  pod: number | null;
  /** Whether this player has looked at the Coordinates card (a secret of theirs). */
  checkedCoordinates: boolean;
  /** By engine (1-3 at index 0-2): the top token this player last saw, or null if never checked. */
  checkedEngines: (EngineStatus | null)[];
  /**
   * Unexplored rooms this player has looked at (Monitoring Room, Recon Drone,
   * Nemesis Plans); with `token`, its Exploration token too. Which rooms is
   * seen by all; what lies there (the room's tile and token) is theirs alone.
   */
  peeked: { room: number; token: boolean }[];
  /**
   * Players whose Objectives this player has looked at, with how many they
   * held then: the look stays true while they still hold that many.
   */
  objectivesSeen: { seat: Seat; held: number }[];
  /** Once dead: what killed the character, where and in which round; in view of all. */
  death?: Death;
  /**
   * The cooperative variant: a dead character's inventory, laid face up
   * beside its board, which the AutoDoc gives back with the character.
   */
  setAside?: { items: string[]; weapons: WeaponState[]; taped?: TapedPair[] };
}

/** How a character died, as the table saw it. */
export interface Death {
  cause: string;
  room: number;
  round: number;
  /** Died leaving no Corpse token (the Emergency Airlock, or every token on the board). */
  noCorpse?: true;
}

export interface PodState {
  number: number;
  section: 'A' | 'B';
  locked: boolean;
  occupants: Seat[];
  launched: boolean;
}

export type EngineStatus = 'working' | 'damaged';

export interface EngineState {
  /** The top token is the engine's true state. */
  top: EngineStatus;
  bottom: EngineStatus;
}

export type EndReason = 'jump' | 'destruction' | 'no-character-active';

export interface GameOver {
  reason: EndReason;
  /** A line for people. */
  summary: string;
  /** Everyone's fate and what decided it, revealed to all. */
  victory: VictoryCheck;
}

/** The victory check, revealed to all once the game is over (end-of-game/victory-check.ts). */
export interface VictoryCheck {
  /** The top Engine tokens, revealed. */
  engines: EngineStatus[];
  coordinates: string;
  destination: string;
  /** Where the ship arrived, or null when it was destroyed. */
  reached: Destination | null;
  shipDestroyed: boolean;
  fates: Fate[];
  /** The cooperative variant's shared verdict: each card dealt and whether it was met; null otherwise. */
  team: TeamVerdict | null;
}

/** How a character left the ship alive. */
export type Survival = 'escape-pod' | 'hibernation';

/** One player's fate at the victory check. */
export interface Fate {
  seat: Seat;
  character: string | null;
  /** How the character left the ship alive; null for the dead. */
  survivedBy: Survival | null;
  /** What killed them, at the end or during the game; null for a survivor. */
  death: string | null;
  /** Their Objectives, revealed. */
  objectives: string[];
  /** The four cards drawn in the Contamination check, when it came to that. */
  drawn: string[];
  winner: boolean;
}

export interface TeamVerdict {
  objectives: { objective: string; met: boolean }[];
  /** Different characters who sent a Signal, and how many the cards ask for. */
  signals: { sent: number; needed: number };
  /** Every card met and someone alive: the whole team wins, the dead too. */
  won: boolean;
}

export interface NemesisOptions {
  players: number;
  /** Character per seat; empty for the draft. */
  characters: string[];
  /** The first player, or null for a random one. */
  firstPlayer: number | null;
  /**
   * The cooperative variant (2-5 players), or the standard game; one player
   * plays the solo game either way. Absent in matches made before the
   * variant existed: the standard game.
   */
  mode?: 'standard' | 'cooperative';
}

/**
 * The whole game as plain data. Ids point into the content pack; nothing
 * here is a class, so a state can be cloned, saved and replayed.
 */
export interface NemesisState {
  options: NemesisOptions;
  random: RandomState;
  /** Rounds (turns) begun, from 1. */
  round: number;
  phase: 'draft' | 'player' | 'event' | 'over';
  /** Seat index holding the First Player token. */
  firstPlayer: number;
  players: PlayerState[];
  /** Index = room number - 1. */
  rooms: RoomState[];
  corridors: CorridorState[];
  technicalCorridorNoise: boolean;
  intruders: IntruderState[];
  nextIntruderId: number;
  /** Intruder tokens (ids) by where they are. */
  bag: Bag<string>;
  /** Drawn in an Encounter and put aside. */
  tokensAside: string[];
  /** Beside the board, waiting to be added to the bag. */
  tokensInReserve: string[];
  /** Removed from the game (a Larva or Creeper developed). */
  tokensOut: string[];
  attackDeck: Deck<string>;
  eventDeck: Deck<string>;
  eventsRemoved: string[];
  contaminationDeck: Deck<string>;
  /** Contamination cards removed from the game (by Surgery and the like). */
  contaminationRemoved: string[];
  /**
   * Which Contamination cards are INFECTED in this game. The pack says how
   * many; which ones is dealt at random at setup, so that a card's id (named
   * in a player's own legal actions) says nothing. Secret from everyone.
   */
  infectedContamination: string[];
  seriousWoundDeck: Deck<string>;
  /** The searched Item decks, one per colour; their order is secret. */
  itemDecks: Record<ItemDeckColour, Deck<string>>;
  /**
   * By Item deck, who put each card at its bottom (after a Search), in the
   * order of the deck's bottom pile: that player alone knows the card.
   */
  itemsPutUnder: Record<ItemDeckColour, Seat[]>;
  /**
   * Event cards looked at (Risk Assessment) and who saw each: while such a
   * card lies on top of or under the Event deck, that seat alone knows it.
   */
  eventCardsSeen: { card: string; seat: Seat }[];
  /**
   * The crafted (blue) Item cards not in play, in view of all: a Craft takes
   * one from here, and a crafted item used or discarded comes back.
   */
  craftedItems: string[];
  /** Quest items used up or discarded: once face up, a quest item leaves the game when it goes. */
  questItemsDiscarded: string[];
  /** Eggs on the Intruder board (they belong to the Nest). */
  nestEggs: number;
  /** Eggs destroyed or out of play. */
  eggsDestroyed: number;
  weaknesses: { card: string; revealed: boolean }[];
  weaknessDeck: string[];
  objectiveDeck: string[];
  objectivesDiscarded: string[];
  coordinates: string;
  destination: string;
  time: number;
  /** Advances of the Self-Destruct marker, or null when it is not on the track. */
  selfDestruct: number | null;
  engines: EngineState[];
  pods: PodState[];
  /** Set by the first Intruder miniature placed. */
  firstEncounterDone: boolean;
  /** Set by the first character death. */
  firstDeathDone: boolean;
  /** The coming Event Phase skips its Intruder Attack step (the Orbital Maneuvering System). */
  skipIntruderAttacks: boolean;
  /** The kind of every Intruder killed, in order (the ship's destruction kills those aboard). */
  killedIntruders: IntruderKind[];
  /** The room sealed by the Emergency Airlock procedure (its token), until the Player Phase ends. */
  airlock: number | null;
  /**
   * Die results fixed in advance, used before the generator: empty in play,
   * filled by scenario tests that replay a situation roll by roll.
   */
  stackedRolls: { noise: NoiseFace[]; combat: CombatFace[] };
  /** Procedures under way; the last is resolved first. */
  stack: Step[];
  over: GameOver | null;
}
