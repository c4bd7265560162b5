import type { Prompt, Rejection, Seat } from '@tabletop/engine';
import { escape as escapeFromCombat } from '../combat/escape.js';
import { melee } from '../combat/melee.js';
import { shoot } from '../combat/shoot.js';
import { effect } from '../effects/effect-step.js';
import { encounter } from '../encounters/encounter.js';
import { firstEncounter } from '../encounters/first-encounter.js';
import { boardEscapePodStep, podTurn } from '../escape-pods/escape-pods.js';
import { bagDevelopment } from '../event-phase/bag-development.js';
import { eventCard, intruderMovement } from '../event-phase/event-card.js';
import { eventEffect } from '../event-phase/event-effects.js';
import { eventPhase, intruderAttacks } from '../event-phase/event-phase.js';
import { fireDamage } from '../event-phase/fire-damage.js';
import { timeTrack } from '../event-phase/time-track.js';
import { fallAsleepStep } from '../hibernation/hibernation.js';
import { intruderAttack } from '../intruders/intruder-attack.js';
import { intruderInjured, retreat } from '../intruders/intruder-injury.js';
import { dropForHandSlots } from '../items/drop-for-hand-slots.js';
import { reaction } from '../items/reactions.js';
import { searchStep } from '../items/search.js';
import { trade } from '../items/trade.js';
import { consent } from '../movement/consent.js';
import { explore } from '../movement/exploration.js';
import { move } from '../movement/movement.js';
import { noiseRoll } from '../movement/noise-roll.js';
import { actionChoice } from '../player-phase/action-choice.js';
import { interruptWindowProcedure } from '../player-phase/interrupts.js';
import { playerPhase, playerTurn } from '../player-phase/player-phase.js';
import { chooseCharacter } from '../setup/draft.js';
import type { NemesisAction } from '../vocabulary/actions.js';
import type { Game } from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { Step, StepKind, StepOf } from '../vocabulary/steps.js';

/** Each kind of step and the rule that resolves it; the compiler checks that every kind has one. */
type ProcedureTable = { [K in StepKind]: Procedure<StepOf<K>> };

const procedures: ProcedureTable = {
  'choose-character': chooseCharacter,
  'player-phase': playerPhase,
  'player-turn': playerTurn,
  'action-choice': actionChoice,
  'event-phase': eventPhase,
  'time-track': timeTrack,
  'intruder-attacks': intruderAttacks,
  'fire-damage': fireDamage,
  'event-card': eventCard,
  'event-effect': eventEffect,
  'bag-development': bagDevelopment,
  move,
  escape: escapeFromCombat,
  explore,
  'noise-roll': noiseRoll,
  encounter,
  'intruder-attack': intruderAttack,
  'first-encounter': firstEncounter,
  shoot,
  melee,
  'intruder-injured': intruderInjured,
  retreat,
  'intruder-movement': intruderMovement,
  effect,
  search: searchStep,
  consent,
  'drop-for-hand-slots': dropForHandSlots,
  trade,
  reaction,
  'interrupt-window': interruptWindowProcedure,
  'board-escape-pod': boardEscapePodStep,
  'pod-turn': podTurn,
  'fall-asleep': fallAsleepStep,
};

/**
 * The procedure of a step: the one place where a step's kind picks the
 * function that resolves it. Given a step of a known kind it returns that
 * kind's procedure; given any step, a procedure for any step, which the
 * table guarantees is the one for this step's kind.
 */
export function procedureOf<K extends StepKind>(step: { kind: K }): Procedure<StepOf<K>> {
  return procedures[step.kind];
}

/** What a waiting step asks, and of whom. */
export function promptsOf(game: Game, step: Step): Prompt<NemesisAction>[] {
  const procedure = procedureOf(step);
  return procedure.prompts ? procedure.prompts(game, step) : [];
}

/** What a seat may answer to a waiting step. */
export function legalAnswers(game: Game, step: Step, seat: Seat): NemesisAction[] {
  const procedure = procedureOf(step);
  return procedure.legalActions ? procedure.legalActions(game, step, seat) : [];
}

/**
 * A seat's answer to a waiting step: null once applied, a Rejection having
 * changed nothing, or undefined when the step takes no answers at all.
 */
export function answerStep(
  game: Game,
  step: Step,
  seat: Seat,
  action: NemesisAction,
): Rejection | null | undefined {
  return procedureOf(step).answer?.(game, step, seat, action);
}
