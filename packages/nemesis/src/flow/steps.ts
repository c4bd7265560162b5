import type { EscapeStep } from '../combat/escape.js';
import type { MeleeStep } from '../combat/melee.js';
import type { ShootStep } from '../combat/shoot.js';
import type { EffectStep } from '../effects/handler.js';
import type { EncounterStep } from '../encounters/encounter.js';
import type { FirstEncounterStep } from '../encounters/first-encounter.js';
import type { BoardEscapePodStep, PodTurnStep } from '../escape-pods/escape-pods.js';
import type { BagDevelopmentStep } from '../event-phase/bag-development.js';
import type { EventCardStep, IntruderMovementStep } from '../event-phase/event-card.js';
import type { EventEffectStep } from '../event-phase/event-effects.js';
import type { EventPhaseStep, IntruderAttacksStep } from '../event-phase/event-phase.js';
import type { FireDamageStep } from '../event-phase/fire-damage.js';
import type { TimeTrackStep } from '../event-phase/time-track.js';
import type { FallAsleepStep } from '../hibernation/hibernation.js';
import type { IntruderAttackStep } from '../intruders/intruder-attack.js';
import type { IntruderInjuredStep, RetreatStep } from '../intruders/intruder-injury.js';
import type { DropForHandSlotsStep } from '../items/hand-slots.js';
import type { ReactionStep } from '../items/reactions.js';
import type { SearchStep } from '../items/search.js';
import type { TradeStep } from '../items/trade.js';
import type { ConsentStep } from '../movement/consent.js';
import type { ExploreStep } from '../movement/exploration.js';
import type { MoveStep } from '../movement/movement.js';
import type { NoiseRollStep } from '../movement/noise-roll.js';
import type { ActionChoiceStep } from '../player-phase/action-choice.js';
import type { InterruptWindowStep } from '../player-phase/interrupts.js';
import type { PlayerPhaseStep, PlayerTurnStep } from '../player-phase/player-phase.js';
import type { ChooseCharacterStep } from '../setup/draft.js';

/**
 * The procedures under way, as plain data on a stack in the state. Each
 * kind's shape sits beside the procedure that resolves it (see
 * procedures.ts); a step that needs a player's choice waits on top of the
 * stack and becomes a prompt.
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
