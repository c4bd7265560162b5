import type { Seat } from '@tabletop/engine';
import type { Effect, HeavyObject, InterruptTrigger, Trigger } from '../content/effects.js';
import type { EventEffect } from '../content/event-effects.js';
import type { CombatFace, ItemDeckColour, NoiseFace } from '../content/schema.js';
import type { Answer, PodChoice, TurnActionType } from './actions.js';

/**
 * The procedures under way, as plain data on a stack in the state. Each
 * kind's shape is declared here, below every chapter, so that the state
 * names them all without importing a rule; the procedure that resolves a
 * kind sits in its chapter (see flow/procedures.ts). A step that needs a
 * player's choice waits on top of the stack and becomes a prompt.
 */
export type Step =
  // Setup and the round loop
  | ChooseCharacterStep
  | PlayerPhaseStep
  | PlayerTurnStep
  | ActionChoiceStep
  | EventPhaseStep
  | TimeTrackStep
  | IntruderAttacksStep
  | FireDamageStep
  | EventCardStep
  | EventEffectStep
  | BagDevelopmentStep
  // Actions and what they set off
  | MoveStep
  | EscapeStep
  | ExploreStep
  | NoiseRollStep
  | EncounterStep
  | IntruderAttackStep
  | FirstEncounterStep
  | ShootStep
  | MeleeStep
  | IntruderInjuredStep
  | RetreatStep
  | IntruderMovementStep
  // Effects of rooms and items, one step per part
  | EffectStep
  // Items
  | SearchStep
  | DropForHandSlotsStep
  | TradeStep
  // An item offered to its holder at a trigger point
  | ReactionStep
  // Interrupt cards asked for at a trigger point
  | InterruptWindowStep
  // Another character asked to leave with a card's covering fire
  | ConsentStep
  // Leaving the ship alive
  | BoardEscapePodStep
  | PodTurnStep
  | FallAsleepStep;

export type StepKind = Step['kind'];
export type StepOf<K extends StepKind> = Extract<Step, { kind: K }>;

/**
 * Pushes steps so that they resolve in the order given, before whatever is
 * already on the stack. (Not named `then`: a module exporting `then` is
 * taken for a promise by dynamic import.)
 */
export function schedule(stack: Step[], ...steps: Step[]): void {
  for (let index = steps.length - 1; index >= 0; index--) stack.push(steps[index]!);
}

// ---------------------------------------------------------------- The setup and the round loop

/** Draft: a seat picks one of the characters offered (dealt when the step first resolves). */
export interface ChooseCharacterStep {
  kind: 'choose-character';
  seat: Seat;
  offer: string[];
}

export interface PlayerPhaseStep {
  kind: 'player-phase';
}

/** A player's round: the actions taken so far in it. */
export interface PlayerTurnStep {
  kind: 'player-turn';
  seat: Seat;
  actionsTaken: number;
  /** The two-action limit is lifted for this round (the Adrenaline Injection): it ends only by passing. */
  unlimited?: boolean;
}

/**
 * An action under way: its choices are asked one at a time (a room, then a
 * corridor, then each card that pays, ...), so that no single answer is the
 * product of all of them. Every choice is asked, even one with a single
 * answer, so that what a player is asked never depends on what a screen
 * folds away. Once every choice is made, the action is performed.
 */
export interface ActionChoiceStep {
  kind: 'action-choice';
  seat: Seat;
  action: TurnActionType;
  chosen: Chosen;
  /**
   * Once every choice is made, an action that counts as one opens a window
   * for the Interruptions of the others in the room: 'asked' once it has,
   * 'cancelled' when an Interruption cancelled it.
   */
  interrupted?: 'asked' | 'cancelled';
}

/**
 * What a player has chosen so far for an action under way: plain data, kept
 * in its step. Cards are named one at a time, to pay a cost or to discard.
 */
export interface Chosen {
  room?: number;
  corridor?: number | 'technical';
  target?: number | 'eggs';
  weapon?: string;
  object?: HeavyObject;
  drop?: HeavyObject;
  /** An item: from the inventory, to use or to drop; the crafted item to make; the quest to complete. */
  item?: string;
  /** Items of the inventory given up, one at a time: a Craft's components, a quest's item. */
  components?: string[];
  /** A Heavy Item dropped in exchange, when picking up with full hands. */
  dropItem?: string;
  /** Which of an item's uses, by its place on the card, when it has several. */
  use?: number;
  /** Whether the item reloads an autoloaded weapon for free (the Autoloader), once asked. */
  free?: boolean;
  cards: string[];
  /** The Action card played for its effect. */
  played?: string;
  /** The player said they are done naming cards. */
  done?: boolean;
}

export interface EventPhaseStep {
  kind: 'event-phase';
}

export interface TimeTrackStep {
  kind: 'time-track';
}

/** The Intruders still to attack this Event Phase, by id; absent until the step first resolves. */
export interface IntruderAttacksStep {
  kind: 'intruder-attacks';
  queue?: number[];
}

export interface FireDamageStep {
  kind: 'fire-damage';
}

/** The Event card under resolution once drawn (it leaves the deck until its disposition). */
export interface EventCardStep {
  kind: 'event-card';
  card?: string;
}

/** One part of an Event card's effect under way; a sequence is one step per part. */
export interface EventEffectStep {
  kind: 'event-effect';
  /** The Event card, for people. */
  card: string;
  effect: EventEffect;
  /** The card's whole effect, not one part of a sequence: its start is told to the table. */
  whole?: true;
}

/** The token drawn (held out of the bag while it resolves) and the seats still to roll for noise. */
export interface BagDevelopmentStep {
  kind: 'bag-development';
  token?: string;
  rolls?: Seat[];
}

// ---------------------------------------------------------------- Actions and what they set off

/** A move once paid: Careful Movement names where its noise goes. */
export interface MoveStep {
  kind: 'move';
  seat: Seat;
  to: number;
  careful: boolean;
  noiseCorridor: number | 'technical' | null;
}

/** Escape: a character moving out of a room with Intruders, to the room `to`. */
export interface EscapeStep {
  kind: 'escape';
  seat: Seat;
  to: number;
}

/** Entering an unexplored room, from the room left. */
export interface ExploreStep {
  kind: 'explore';
  seat: Seat;
  room: number;
  from: number;
  careful: boolean;
}

export interface NoiseRollStep {
  kind: 'noise-roll';
  seat: Seat;
  room: number;
  /** The face rolled, while the roller may still react to it (the Motion Sensor). */
  face?: NoiseFace;
  /** Rolled a second time already: a roll is re-rolled once at most. */
  rerolled?: boolean;
}

export interface EncounterStep {
  kind: 'encounter';
  seat: Seat;
  room: number;
}

export interface IntruderAttackStep {
  kind: 'intruder-attack';
  intruder: number;
  target: Seat;
  surprise: boolean;
  /**
   * Set once the attack has struck and waits while its target may react
   * (the Armor): the Intruder Attack card that hit, or null for a Larva's leap.
   */
  struck?: { card: string | null };
}

/** The seats that still have two Objectives to choose from. */
export interface FirstEncounterStep {
  kind: 'first-encounter';
  waiting: Seat[];
}

/**
 * The shot under way. The die is rolled once the step first resolves; a
 * weapon that allows a re-roll then asks the shooter (option 0: roll again,
 * done: keep it), and the Prototype Rifle asks on a rolled double whether to
 * spend one more ammo (option 0) for one more Injury. Then the shot is
 * counted with the weapon's rules (combat/weapon-rules.ts).
 */
export interface ShootStep {
  kind: 'shoot';
  seat: Seat;
  weapon: string;
  target: number | 'eggs';
  /** The face showing, once rolled. */
  rolled?: CombatFace;
  /** Re-rolls still allowed on this shot. */
  rerollsLeft?: number;
  /** Whether one more ammo was spent for one more Injury; undefined until asked. */
  overcharged?: boolean;
  /** The question waiting for the shooter. */
  asking?: ShotQuestion;
  /** Re-rolls the card that gave this shot allows (Taking Aim), on top of the weapon's own. */
  extraRerolls?: number;
  /** Full Auto: every round left goes into the shot, one more Injury per this many, hit or miss. */
  ammoPerInjury?: number;
  /** The rounds Full Auto emptied into the shot. */
  emptied?: number;
}

export type ShotQuestion = 'reroll' | 'overcharge';

export interface MeleeStep {
  kind: 'melee';
  seat: Seat;
  target: number | 'eggs';
}

/** The death check of an Intruder just injured. */
export interface IntruderInjuredStep {
  kind: 'intruder-injured';
  intruder: number;
}

export interface RetreatStep {
  kind: 'retreat';
  intruder: number;
  /** The room it is driven from: once gone from there (it fled already), it does not flee again. */
  from?: number;
}

/** Intruders of the kinds named move through the exit with this number. */
export interface IntruderMovementStep {
  kind: 'intruder-movement';
  corridor: number;
  movers: string[];
}

// ---------------------------------------------------------------- Effects of rooms and items, one step per part

/**
 * An effect under way, as a step on the stack: the pack's effect node, who
 * takes it, and where. Composite effects push one step per inner effect, so
 * a Noise roll resolves before the condition read after it.
 */
export interface EffectStep {
  kind: 'effect';
  seat: Seat;
  effect: Effect;
  /** The room the effect was set off in. */
  room: number;
  /** The room picked by an enclosing `choose-room`; null before any pick. */
  chosen: number | null;
  /** What set it off, for people ("the Armory"). */
  source: string;
  /** The Item card whose use this is, when it is an item's (the card a fitting moves onto a weapon). */
  item?: string;
  /** The answers taken so far, for an effect that asks again (each door of a room, one at a time). */
  answered?: Answer[];
}

// ---------------------------------------------------------------- Items

/**
 * A search under way: the deck to pick (when the searcher picks), then the
 * cards drawn, which the searcher alone sees, then each card kept. The rest
 * go under the deck they came from, in the order drawn.
 */
export interface SearchStep {
  kind: 'search';
  seat: Seat;
  source: string;
  /** The decks the searcher may pick from. */
  decks: ItemDeckColour[];
  /** The deck drawn from; null while the searcher has not picked it. */
  deck: ItemDeckColour | null;
  draw: number;
  keep: number;
  /** The cards drawn and not yet kept; null before the draw. Secret but to the searcher. */
  drawn: string[] | null;
  kept: number;
}

/** The step that makes a character drop what their hands cannot hold, one thing at a time. */
export interface DropForHandSlotsStep {
  kind: 'drop-for-hand-slots';
  seat: Seat;
}

export interface TradeStep {
  kind: 'trade';
  /** The trading player, whose action it is. */
  seat: Seat;
  /** The characters picked so far in this Trade, each once. */
  tradedWith: Seat[];
  /** The exchange under way, or null while the trader picks a partner. */
  exchange: Exchange | null;
}

/** Whose turn it is in an exchange: each side offers, then each accepts or refuses. */
export type TradeStage = 'trader-offers' | 'partner-offers' | 'partner-accepts' | 'trader-accepts';

export interface Exchange {
  partner: Seat;
  stage: TradeStage;
  /**
   * The items each side gives, as places in the giver's inventory, in the
   * order offered: a copy offered is one card, and a re-deal of the cards a
   * seat cannot see renames an offered card with its place.
   */
  traderGives: number[];
  partnerGives: number[];
}

// ---------------------------------------------------------------- An item offered to its holder at a trigger point

export interface ReactionStep {
  kind: 'reaction';
  seat: Seat;
  trigger: Trigger;
  item: string;
  /** Null while the holder is asked whether to use it; then the cards named so far to pay. */
  paying: string[] | null;
}

// ---------------------------------------------------------------- Interrupt cards asked for at a trigger point

export interface InterruptWindowStep {
  kind: 'interrupt-window';
  trigger: InterruptTrigger;
  /** Whose action, Interruption or attack the window answers. */
  seat: Seat;
  /** Where it happens. */
  room: number;
  /** For an action about to resolve: which action, as everyone sees it named. */
  action?: TurnActionType;
  /** The seats still to answer. */
  asking: Seat[];
}

// ---------------------------------------------------------------- Another character asked to leave with a card's covering fire

/** Consent: another character's player asked whether they go along with a card's move. */
export interface ConsentStep {
  kind: 'consent';
  /** The seat asked. */
  seat: Seat;
  /** The seat playing the card. */
  asker: Seat;
  source: string;
}

// ---------------------------------------------------------------- Leaving the ship alive

/** The boarding, once the Noise roll is resolved. */
export interface BoardEscapePodStep {
  kind: 'board-escape-pod';
  seat: Seat;
  room: number;
}

/**
 * The turn of a character waiting in a pod, at its start: launch, step out
 * (the turn then goes on as usual), or wait (the round is passed).
 */
export interface PodTurnStep {
  kind: 'pod-turn';
  seat: Seat;
  choice?: PodChoice;
}

/** Falling asleep, once the Noise roll is resolved. */
export interface FallAsleepStep {
  kind: 'fall-asleep';
  seat: Seat;
  room: number;
}
