import type { Rejection } from '@tabletop/engine';
import { cardShot } from '../combat/card-shot.js';
import { spendAmmo } from '../combat/spend-ammo.js';
import {
  combatReroll,
  extraInjury,
  faceCountsAs,
  fireOnFace,
  minimumInjury,
  overchargeOnDouble,
} from '../combat/weapon-rules.js';
import type {
  BespokeRule,
  Condition,
  ConditionOf,
  Effect,
  EffectOf,
  HandlerTable,
  Modifier,
  QuestTask,
} from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import { handlersOf } from '../content/vocabulary.js';
import { lookAtObjective } from '../end-of-game/look-at-objective.js';
import { repairOrBreakEngineEffect } from '../end-of-game/repair-or-break-engine.js';
import { lookAtEventDeck } from '../event-phase/look-at-event-deck.js';
import { decoy } from '../intruders/decoy.js';
import { autoloader } from '../items/autoloader.js';
import { blast } from '../items/blast.js';
import { craftWithYellowAsTool } from '../items/craft-with-yellow-as-tool.js';
import { discardActionCards } from '../items/discard-action-cards.js';
import { discardInventoryItem } from '../items/discard-inventory-item.js';
import { discardThenDraw } from '../items/discard-then-draw.js';
import { attachToWeapon } from '../items/fittings.js';
import { gainContamination } from '../items/gain-contamination.js';
import { holdsItems } from '../items/holds-items.js';
import { ignoreAttack } from '../items/ignore-attack.js';
import { injureIntruder } from '../items/injure-intruder.js';
import { activateInRoom, discardItemForQuest } from '../items/quest-tasks.js';
import { rerollDie } from '../items/reroll-die.js';
import { search } from '../items/search.js';
import { tapeHeavyItems } from '../items/tape-heavy-items.js';
import { leaveRoom } from '../movement/leave-room.js';
import { moveByEffect } from '../movement/other-moves.js';
import { reachableRooms } from '../movement/reachable-rooms.js';
import { uncarriedEggs } from '../objects/heavy-objects.js';
import { cancelInterrupted } from '../player-phase/interruption.js';
import { orbitalManeuver } from '../player-phase/orbital-maneuver.js';
import { unlimitedActions } from '../player-phase/unlimited-actions.js';
import { destroyDoorEffect } from '../rooms/destroy-door.js';
import { emergencyAirlock } from '../rooms/emergency-airlock.js';
import {
  freeRoomActionStep,
  otherComputerRooms,
  roomActionBarred,
  takeFreeRoomAction,
} from '../rooms/free-room-action.js';
import { peekRooms } from '../rooms/peek-rooms.js';
import { placeMalfunctionEffect } from '../rooms/place-malfunction.js';
import { researchWeakness } from '../rooms/research-weakness.js';
import { setDoors } from '../rooms/set-doors.js';
import type { Answer } from '../vocabulary/actions.js';
import { type Game, intrudersIn } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type EffectStep, schedule } from '../vocabulary/steps.js';
import {
  carries,
  everyRoomExplored,
  hasAmmo,
  holdsRule,
  noIntruderInRoom,
  objectLiesIn,
  roomColour,
  roomHas,
  roomHoldsObject,
  signalSent,
  weaknessesRevealed,
  weaknessRevealed,
} from './conditions.js';
import type {
  ConditionHandler,
  EffectHandler,
  Handler,
  ModifierHandler,
  QuestTaskHandler,
} from './handler.js';
import {
  dressSeriousWounds,
  gainSlime,
  healDressedSeriousWounds,
  healLightWounds,
  removeSlime,
  sufferWounds,
} from './health.js';
import { lastingRule } from './lasting-rule.js';
import {
  checkCoordinatesEffect,
  checkEngines,
  enterEscapePod,
  hibernate,
  hibernationOpen,
  lockOrUnlockPod,
  podSeatFree,
  setDestinationEffect,
  startOrStopSelfDestructEffect,
} from './leaving-the-ship.js';
import { scanContamination } from './scan.js';
import {
  drawActionCards,
  intrudersRetreat,
  noiseRoll,
  pass,
  placeFire,
  reload,
  removeFire,
  removeMalfunction,
  reshuffleActionCards,
  sendSignal,
  takeEgg,
} from './ship.js';

/**
 * The handler table: one handler for each kind of the effect vocabulary,
 * in tables the compiler checks for completeness, so a kind the pack can
 * name always has a rule here. A rule that belongs to a part of the game not
 * yet built has a handler that says so: it is never offered, and it refuses
 * to run. The composites live here, beside the dispatch they recurse into.
 */

/**
 * The composites keep a card's "or", "then", "may", "only when" and "in a
 * room of your choice" as data: each inner effect becomes its own step.
 */

/** The step of an inner effect, in the same place and with the same pick. */
export function innerStep(step: EffectStep, effect: Effect, chosen = step.chosen): EffectStep {
  return { ...step, effect, chosen };
}

/** Replaces the waiting step (on top of the stack) by the steps of its answer. */
function replaceBy(game: Game, ...steps: EffectStep[]): void {
  game.state.stack.pop();
  schedule(game.state.stack, ...steps);
}

/**
 * Null when one of the effects can be taken (looking no further), else the
 * first one's refusal; null when there are none.
 */
function firstRefusalUnlessOneAvailable(
  game: Game,
  player: PlayerState,
  effects: readonly Effect[],
  step: EffectStep,
): Rejection | null {
  let first: Rejection | null = null;
  for (const effect of effects) {
    const refusal = effectUnavailable(game, player, effect, step);
    if (refusal === null) return null;
    first ??= refusal;
  }
  return first;
}

export const choice: EffectHandler<EffectOf<'choice'>> = {
  unavailable: (game, player, effect, step) =>
    firstRefusalUnlessOneAvailable(game, player, effect.options, step),
  resolve: () => 'wait',
  question: {
    asks: 'choose-option',
    text: (_game, _player, _effect, step) => `${step.source}: choose one`,
    options(game, player, effect, step) {
      return effect.options.flatMap((option, index) =>
        effectUnavailable(game, player, option, step) === null
          ? [{ type: 'option' as const, option: index }]
          : [],
      );
    },
    answer(game, player, effect, step, answer) {
      if (answer.type !== 'option') return refuse('choose-option', 'choose one of the options');
      const option = effect.options[answer.option];
      if (!option)
        return refuse(
          'no-such-option',
          `there are ${effect.options.length} options (0-${effect.options.length - 1})`,
        );
      const refusal = effectUnavailable(game, player, option, step);
      if (refusal) return refusal;
      replaceBy(game, innerStep(step, option));
      return null;
    },
  },
};

/** Parts that are a sequence's price, not its point: they never make it worth taking alone. */
const prices: ReadonlySet<Effect['kind']> = new Set([
  'noise-roll',
  'suffer-wounds',
  'pass',
  'reshuffle-action-cards',
  'discard-action-cards',
  'spend-ammo',
  'discard-inventory-item',
]);

export const sequence: EffectHandler<EffectOf<'sequence'>> = {
  unavailable: (game, player, effect, step) =>
    firstRefusalUnlessOneAvailable(
      game,
      player,
      effect.steps.filter((inner) => !prices.has(inner.kind)),
      step,
    ),
  resolve(game, _player, effect, step) {
    schedule(game.state.stack, ...effect.steps.map((inner) => innerStep(step, inner)));
    return 'done';
  },
};

export const optional: EffectHandler<EffectOf<'optional'>> = {
  unavailable: (game, player, effect, step) => effectUnavailable(game, player, effect.effect, step),
  resolve: () => 'wait',
  question: {
    asks: 'choose-option',
    text: (_game, _player, _effect, step) => `${step.source}: you may take the next effect, or not`,
    options: () => [{ type: 'option', option: 0 }, { type: 'done' }],
    answer(game, _player, effect, step, answer) {
      if (answer.type === 'done') {
        game.state.stack.pop();
        return null;
      }
      if (answer.type !== 'option' || answer.option !== 0)
        return refuse('choose-option', 'answer option 0 to take it, or done to decline');
      replaceBy(game, innerStep(step, effect.effect));
      return null;
    },
  },
};

export const onlyIf: EffectHandler<EffectOf<'only-if'>> = {
  unavailable(game, player, effect, step) {
    if (!conditionHolds(game, player, effect.condition, step))
      return refuse('condition', `${step.source}: ${conditionUnmet(effect.condition)}`);
    return effectUnavailable(game, player, effect.effect, step);
  },
  resolve(game, _player, effect, step) {
    schedule(game.state.stack, innerStep(step, effect.effect));
    return 'done';
  },
};

/**
 * Rooms a `choose-room` may pick. From your room or a neighbour, it is a
 * throw: a closed door stops it as it stops a move. A throw needs a target:
 * an Intruder, or eggs nobody carries (the Nest's own among them).
 */
function pickableRooms(game: Game, effect: EffectOf<'choose-room'>, from: number): number[] {
  const reach =
    effect.from === 'any'
      ? game.tables.rooms.map((candidate) => candidate.number)
      : [from, ...reachableRooms(game, from)];
  if (!effect.needsTarget) return reach;
  return reach.filter(
    (number) => intrudersIn(game.state, number).length > 0 || uncarriedEggs(game, number) > 0,
  );
}

export const chooseRoom: EffectHandler<EffectOf<'choose-room'>> = {
  unavailable(game, _player, effect, step) {
    return pickableRooms(game, effect, step.room).length > 0
      ? null
      : refuse('no-room', `${step.source}: no room to pick`);
  },
  resolve: () => 'wait',
  question: {
    asks: 'choose-room',
    text: (_game, _player, _effect, step) => `${step.source}: choose a room`,
    options: (game, _player, effect, step) =>
      pickableRooms(game, effect, step.room).map((number) => ({ type: 'room', room: number })),
    answer(game, _player, effect, step, answer) {
      if (answer.type !== 'room') return refuse('choose-room', 'name a room');
      if (!pickableRooms(game, effect, step.room).includes(answer.room))
        return refuse('wrong-room', `room ${answer.room} cannot be picked here`);
      replaceBy(game, innerStep(step, effect.effect, answer.room));
      return null;
    },
  },
};

/** Why the Room Action of this room cannot be taken for free now: the room, then its own effect. */
function freeRoomActionUnavailable(
  game: Game,
  player: PlayerState,
  number: number,
  step: EffectStep,
): Rejection | null {
  const barred = roomActionBarred(game, player, number, step);
  if (barred) return barred;
  const inner = freeRoomActionStep(game, player, number, step)!;
  return effectUnavailable(game, player, inner.effect, inner);
}

/** Intranet's rooms: the other working Computer rooms whose action can be taken now. */
function remoteRooms(game: Game, player: PlayerState, step: EffectStep): number[] {
  return otherComputerRooms(game, player).filter(
    (number) => freeRoomActionUnavailable(game, player, number, step) === null,
  );
}

/** A Room Action for no card (rooms/free-room-action.ts): here, or in another Computer room. */
export const freeRoomAction: EffectHandler<EffectOf<'free-room-action'>> = {
  unavailable(game, player, effect, step) {
    if (effect.room === 'own') return freeRoomActionUnavailable(game, player, player.room, step);
    return remoteRooms(game, player, step).length > 0
      ? null
      : refuse('no-room', `${step.source}: no other room with a working Computer can act now`);
  },
  resolve(game, player, effect, step) {
    if (effect.room === 'another-computer-room') return 'wait';
    takeFreeRoomAction(game, player, player.room, step);
    return 'done';
  },
  question: {
    asks: 'choose-room',
    text: (_game, _player, _effect, step) =>
      `${step.source}: which other Computer room's action do you take?`,
    options: (game, player, _effect, step) =>
      remoteRooms(game, player, step).map((number) => ({ type: 'room', room: number })),
    answer(game, player, _effect, step, answer) {
      if (answer.type !== 'room') return refuse('choose-room', 'name a room with a Computer');
      if (!remoteRooms(game, player, step).includes(answer.room))
        return refuse(
          'wrong-room',
          `room ${answer.room} is not another working Computer room whose action can be taken`,
        );
      game.state.stack.pop();
      takeFreeRoomAction(game, player, answer.room, step);
      return null;
    },
  },
};

// ---------------------------------------------------------------- not built yet

// These are read by the victory check (end-of-game/victory-check.ts); an effect during play cannot ask them.
const victory = 'not built during play (the victory check reads it at the end)';

function conditionNotBuilt(reason: string): ConditionHandler<Condition> {
  return {
    notBuilt: reason,
    unmet: reason,
    holds: () => false,
  };
}

// ---------------------------------------------------------------- the tables

type TableEffectKind = Exclude<Effect['kind'], 'bespoke'>;

const effectHandlers: { readonly [K in TableEffectKind]: EffectHandler<EffectOf<K>> } = {
  choice,
  sequence,
  optional,
  'only-if': onlyIf,
  'choose-room': chooseRoom,
  reload,
  'attach-to-weapon': attachToWeapon,
  search,
  'draw-action-cards': drawActionCards,
  'discard-action-cards': discardActionCards,
  'discard-then-draw': discardThenDraw,
  'unlimited-actions': unlimitedActions,
  pass,
  'reshuffle-action-cards': reshuffleActionCards,
  'dress-serious-wounds': dressSeriousWounds,
  'heal-dressed-serious-wounds': healDressedSeriousWounds,
  'heal-light-wounds': healLightWounds,
  'suffer-wounds': sufferWounds,
  'remove-slime': removeSlime,
  'gain-slime': gainSlime,
  'scan-contamination': scanContamination,
  'gain-contamination': gainContamination,
  'peek-rooms': peekRooms,
  'check-coordinates': checkCoordinatesEffect,
  'check-engines': checkEngines,
  'look-at-objective': lookAtObjective,
  'research-weakness': researchWeakness,
  'send-signal': sendSignal,
  'set-destination': setDestinationEffect,
  'start-or-stop-self-destruct': startOrStopSelfDestructEffect,
  'remove-malfunction': removeMalfunction,
  'repair-or-break-engine': repairOrBreakEngineEffect,
  'set-doors': setDoors,
  'lock-or-unlock-pod': lockOrUnlockPod,
  'remove-fire': removeFire,
  'place-fire': placeFire,
  move: moveByEffect,
  'enter-escape-pod': enterEscapePod,
  hibernate,
  'noise-roll': noiseRoll,
  'take-egg': takeEgg,
  'intruders-retreat': intrudersRetreat,
  'injure-intruder': injureIntruder,
  blast,
  'ignore-attack': ignoreAttack,
  'cancel-interrupted': cancelInterrupted,
  'reroll-die': rerollDie,
  'leave-room': leaveRoom,
  'place-malfunction': placeMalfunctionEffect,
  'destroy-door': destroyDoorEffect,
  'free-room-action': freeRoomAction,
  'look-at-event-deck': lookAtEventDeck,
  shoot: cardShot,
  'spend-ammo': spendAmmo,
  'discard-inventory-item': discardInventoryItem,
};

const bespokeHandlers: { readonly [Rule in BespokeRule]: EffectHandler<Effect> } = {
  decoy,
  'emergency-airlock': emergencyAirlock,
  'orbital-maneuver': orbitalManeuver,
  'tape-heavy-items': tapeHeavyItems,
  intercom: lastingRule({
    readBy: 'the reach of Order and Motivation (movement/leave-room.ts, effects/ship.ts)',
  }),
  'holo-computer': lastingRule({
    readBy: 'the condition holds-rule of Intranet and Risk Assessment (effects/conditions.ts)',
  }),
  autoloader,
  'overcharge-on-double': overchargeOnDouble,
  'craft-with-yellow-as-tool': craftWithYellowAsTool,
};

const conditionHandlers: { readonly [K in Condition['kind']]: ConditionHandler<ConditionOf<K>> } = {
  all: {
    unmet: 'not every requirement holds',
    holds: (game, player, condition, step) =>
      condition.of.every((inner) => conditionHolds(game, player, inner, step)),
  },
  any: {
    unmet: 'no requirement holds',
    holds: (game, player, condition, step) =>
      condition.of.some((inner) => conditionHolds(game, player, inner, step)),
  },
  not: {
    unmet: 'what this must not have is there',
    holds: (game, player, condition, step) => !conditionHolds(game, player, condition.of, step),
  },
  'has-ammo': hasAmmo,
  'holds-rule': holdsRule,
  'ship-reaches': conditionNotBuilt(victory),
  'only-survivor': conditionNotBuilt(victory),
  'other-survivors': conditionNotBuilt(victory),
  'player-character-survives': conditionNotBuilt(victory),
  'signal-sent': signalSent,
  'ship-destroyed': conditionNotBuilt(victory),
  'intruder-killed': conditionNotBuilt(victory),
  'nest-destroyed': conditionNotBuilt(victory),
  'survived-by': conditionNotBuilt(victory),
  'holds-items': holdsItems,
  'every-room-explored': everyRoomExplored,
  carries,
  'object-lies-in': objectLiesIn,
  'weaknesses-revealed': weaknessesRevealed,
  'weakness-revealed': weaknessRevealed,
  'room-has': roomHas,
  'room-colour': roomColour,
  'room-holds-object': roomHoldsObject,
  'no-intruder-in-room': noIntruderInRoom,
  'hibernation-open': hibernationOpen,
  'pod-seat-free': podSeatFree,
};

/** Modifiers are read where they matter; these say where, or that nothing reads them yet. */
const modifierHandlers: { readonly [K in Exclude<Modifier['kind'], 'bespoke'>]: ModifierHandler } =
  {
    'escape-cost': { readBy: 'the Escape cost (combat/wounds.ts)' },
    'item-action-cost': { readBy: 'the cost of Item actions (items/item-action.ts)' },
    'hand-size': {
      readBy: 'the draw of the Player Phase (combat/wounds.ts; the Cabins: rooms/passives.ts)',
    },
    'light-wound-on-pass': { readBy: 'passing (combat/wounds.ts)' },
    'hand-slots': { readBy: 'the hand slots of heavy things (items/hand-slots.ts)' },
    'face-counts-as': faceCountsAs,
    'extra-injury': extraInjury,
    'minimum-injury': minimumInjury,
    'combat-reroll': combatReroll,
    'fire-on-face': fireOnFace,
    'fire-injury': { readBy: 'Fire damage to Intruders (intruders/weaknesses.ts)' },
    'surprise-attack-number': { readBy: 'the Surprise Attack check of an Encounter' },
    'doors-broken-by': { readBy: 'Intruders meeting a closed door (intruders/intruders.ts)' },
    'retreat-effect-injures': { readBy: 'Intruders driven off by an effect (effects/ship.ts)' },
    'attack-wounds-lighter': { readBy: 'Intruder attacks (intruders/intruder-attack.ts)' },
    'kill-threshold': { readBy: 'the death check of an injured Intruder' },
  };

const questTaskHandlers: {
  readonly [K in QuestTask['kind']]: QuestTaskHandler<Extract<QuestTask, { kind: K }>>;
} = {
  'activate-in-room': activateInRoom,
  'discard-item': discardItemForQuest,
};

/**
 * Every handler name of the vocabulary with its handler: the compiler
 * refuses this table when a kind is missing, and `unhandledKinds` reads its
 * names to refuse a pack naming a kind the rules lack.
 */
export const handlerTable: HandlerTable<Handler> = {
  ...effectHandlers,
  ...modifierHandlers,
  ...conditionHandlers,
  ...questTaskHandlers,
  'bespoke:decoy': bespokeHandlers.decoy,
  'bespoke:emergency-airlock': bespokeHandlers['emergency-airlock'],
  'bespoke:orbital-maneuver': bespokeHandlers['orbital-maneuver'],
  'bespoke:tape-heavy-items': bespokeHandlers['tape-heavy-items'],
  'bespoke:intercom': bespokeHandlers.intercom,
  'bespoke:holo-computer': bespokeHandlers['holo-computer'],
  'bespoke:autoloader': bespokeHandlers.autoloader,
  'bespoke:overcharge-on-double': bespokeHandlers['overcharge-on-double'],
  'bespoke:craft-with-yellow-as-tool': bespokeHandlers['craft-with-yellow-as-tool'],
};

// ---------------------------------------------------------------- dispatch

/** The handler of an effect's kind; a `bespoke` effect goes by its rule. */
function effectHandlerOf<K extends TableEffectKind>(effect: {
  kind: K;
}): EffectHandler<EffectOf<K>> {
  return effectHandlers[effect.kind];
}

function conditionHandlerOf<K extends Condition['kind']>(condition: {
  kind: K;
}): ConditionHandler<ConditionOf<K>> {
  return conditionHandlers[condition.kind];
}

/** What `notBuiltIn` found for each effect of the pack, which never changes during a game. */
const notBuiltFound = new WeakMap<Effect, string | null>();

/** The first part of an effect, nested ones included, whose rule is not built; null when all are. */
export function notBuiltIn(effect: Effect): string | null {
  const known = notBuiltFound.get(effect);
  if (known !== undefined) return known;
  let found: string | null = null;
  for (const name of handlersOf(effect)) {
    const reason = handlerTable[name].notBuilt;
    if (reason !== undefined) {
      found = `${name}: ${reason}`;
      break;
    }
  }
  notBuiltFound.set(effect, found);
  return found;
}

/** Why an effect cannot be taken now; null when it can. Never offered otherwise. */
export function effectUnavailable(
  game: Game,
  player: PlayerState,
  effect: Effect,
  step: EffectStep,
): Rejection | null {
  // A choice is judged option by option: the options that are built stay on offer.
  const missing = effect.kind === 'choice' ? null : notBuiltIn(effect);
  if (missing !== null) return refuse('not-built', `${step.source}: ${missing}`);
  if (effect.kind === 'bespoke')
    return bespokeHandlers[effect.rule].unavailable?.(game, player, effect, step) ?? null;
  return effectHandlerOf(effect).unavailable?.(game, player, effect, step) ?? null;
}

export function conditionHolds(
  game: Game,
  player: PlayerState,
  condition: Condition,
  step?: EffectStep,
): boolean {
  return conditionHandlerOf(condition).holds(game, player, condition, step);
}

export function conditionUnmet(condition: Condition): string {
  return conditionHandlerOf(condition).unmet;
}

export function resolveEffect(game: Game, player: PlayerState, step: EffectStep): 'done' | 'wait' {
  const effect = step.effect;
  if (effect.kind === 'bespoke')
    return bespokeHandlers[effect.rule].resolve(game, player, effect, step);
  return effectHandlerOf(effect).resolve(game, player, effect, step);
}

function questTaskHandlerOf<K extends QuestTask['kind']>(task: {
  kind: K;
}): QuestTaskHandler<Extract<QuestTask, { kind: K }>> {
  return questTaskHandlers[task.kind];
}

/** Why a quest's task cannot be done by this player now, naming what it needs; null when it can. */
export function questTaskUnavailable(
  game: Game,
  player: PlayerState,
  task: QuestTask,
): Rejection | null {
  return questTaskHandlerOf(task).unavailable(game, player, task);
}

/** The items of the inventory a quest's task may take (one is named and discarded); empty when none. */
export function questTaskItems(game: Game, player: PlayerState, task: QuestTask): string[] {
  return questTaskHandlerOf(task).itemsTaken(game, player, task);
}

/** What a quest's task asks, for people. */
export function questTaskWords(tables: Tables, task: QuestTask): string {
  return questTaskHandlerOf(task).words(tables, task);
}

/** What a waiting effect asks: its kind of answer, its words, and the answers it takes now. */
export function effectAsks(
  game: Game,
  player: PlayerState,
  step: EffectStep,
): { asks: string; text: string; options: Answer[] } {
  const effect = step.effect;
  const question =
    effect.kind === 'bespoke'
      ? bespokeHandlers[effect.rule].question
      : effectHandlerOf(effect).question;
  if (!question) throw new Error(`${effect.kind} waits without a question`);
  return {
    asks: question.asksFor?.(effect, step) ?? question.asks,
    text: question.text(game, player, effect, step),
    options: question.options(game, player, effect, step),
  };
}

/** Takes the answer to a waiting effect's question. */
export function answerEffect(
  game: Game,
  player: PlayerState,
  step: EffectStep,
  answer: Answer,
): Rejection | null {
  const effect = step.effect;
  if (effect.kind === 'bespoke') {
    const question = bespokeHandlers[effect.rule].question;
    return question
      ? question.answer(game, player, effect, step, answer)
      : refuse('nothing-asked', 'nothing is asked');
  }
  const question = effectHandlerOf(effect).question;
  return question
    ? question.answer(game, player, effect, step, answer)
    : refuse('nothing-asked', 'nothing is asked');
}
