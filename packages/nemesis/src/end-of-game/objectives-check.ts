import type { Seat } from '@tabletop/engine';
import type { Condition, ConditionOf, Destination } from '../content/effects.js';
import { objectLiesIn } from '../effects/conditions.js';
import { gameMode } from '../game-modes/game-modes.js';
import { includesObject } from '../objects/object-kinds.js';
import { type Game, seatOfPlayerNumber } from '../vocabulary/game.js';
import type { PlayerState, Survival } from '../vocabulary/state.js';

/**
 * The Objectives at the victory check: each condition of the vocabulary
 * read for one survivor at the end, and whether a survivor (or, in the
 * cooperative variant, the team) meets what they were dealt.
 */

/** What the end of the game leaves behind, for the victory check. */
export interface TheEnd {
  game: Game;
  shipDestroyed: boolean;
  reached: Destination | null;
  /** Seats alive at each step (survivors only, once the check begins). */
  survivors: ReadonlySet<Seat>;
}

export function survival(player: PlayerState): Survival | null {
  if (player.status === 'escaped') return 'escape-pod';
  if (player.status === 'hibernating') return 'hibernation';
  return null;
}

/** Where the ship is headed: the Coordinates card read at the Destination marker. */
export function shipHeadsTo(game: Game): Destination {
  return game.tables.coordinates.get(game.state.coordinates)!.destinations[game.state.destination]!;
}

type Evaluator<C> = (end: TheEnd, player: PlayerState, condition: C) => boolean;

/** Guards on where an effect may be used: they say nothing about the end, and no objective names one. */
const guard = () => false;

/**
 * Each condition kind of the vocabulary, read at the end of the game for
 * one survivor; the compiler checks that every kind has its evaluator.
 */

const evaluators: { readonly [K in Condition['kind']]: Evaluator<ConditionOf<K>> } = {
  all: (end, player, condition) => condition.of.every((inner) => holdsAtTheEnd(end, player, inner)),
  any: (end, player, condition) => condition.of.some((inner) => holdsAtTheEnd(end, player, inner)),
  not: (end, player, condition) => !holdsAtTheEnd(end, player, condition.of),
  // A pod flies home: for those who left in one, the ship's fate does not matter.
  'ship-reaches': (end, player, condition) =>
    player.status === 'escaped'
      ? condition.destination === 'earth'
      : end.reached === condition.destination,
  'only-survivor': (end, player) => end.survivors.size === 1 && end.survivors.has(player.seat),
  'other-survivors': (end, player, condition) =>
    [...end.survivors].filter((seat) => seat !== player.seat).length >= condition.atLeast,
  // Naming yourself is false.
  'player-character-survives': (end, player, condition) => {
    const seat = seatOfPlayerNumber(condition.player);
    if (seat === player.seat || !end.game.state.players.some((other) => other.seat === seat))
      return false;
    return end.survivors.has(seat) === condition.survives;
  },
  // In a team, a Signal is the team's: enough different characters must have sent one (teamSignalsNeeded).
  'signal-sent': (end, player) =>
    gameMode(end.game.state.options) === 'cooperative'
      ? signallers(end.game) >= teamSignalsNeeded(end.game)
      : player.signal,
  'ship-destroyed': (end) => end.shipDestroyed,
  'intruder-killed': (end, _player, condition) =>
    (end.game.state.killedIntruders as readonly string[]).includes(condition.intruder),
  'nest-destroyed': (end) => end.shipDestroyed || end.game.state.nestEggs === 0,
  'survived-by': (_end, player, condition) => {
    const how = survival(player);
    return how !== null && condition.ways.includes(how);
  },
  // The items in the survivor's inventory, whatever their kind.
  'holds-items': (_end, player, condition) => player.items.length >= condition.atLeast,
  'every-room-explored': (end) => end.game.state.rooms.every((room) => room.explored),
  carries: (_end, player, condition) => includesObject(player.carried, condition.object),
  'object-lies-in': (end, player, condition) => objectLiesIn.holds(end.game, player, condition),
  'weaknesses-revealed': (end, _player, condition) =>
    end.game.state.weaknesses.filter((weakness) => weakness.revealed).length >= condition.atLeast,
  'weakness-revealed': (end, _player, condition) => {
    const slot = end.game.tables.weaknessSlots.indexOf(condition.slot);
    return end.game.state.weaknesses[slot]?.revealed === true;
  },
  'room-has': guard,
  'room-colour': guard,
  'room-holds-object': guard,
  'no-intruder-in-room': guard,
  'hibernation-open': guard,
  'pod-seat-free': guard,
  'has-ammo': guard,
  'holds-rule': guard,
};

function evaluatorOf<K extends Condition['kind']>(condition: {
  kind: K;
}): Evaluator<ConditionOf<K>> {
  return evaluators[condition.kind];
}

export function holdsAtTheEnd(end: TheEnd, player: PlayerState, condition: Condition): boolean {
  return evaluatorOf(condition)(end, player, condition);
}

function requirementMet(end: TheEnd, player: PlayerState, objective: string): boolean {
  const requirement = end.game.tables.objectives.get(objective)?.requirement;
  return requirement !== undefined && holdsAtTheEnd(end, player, requirement);
}

/**
 * Whether a survivor meets their Objectives. The standard game asks every
 * card held (two only when the game ended before the First Encounter). The
 * solo game asks one: before the First Encounter either card counts, a
 * reading of ours where the rules are silent. The cooperative variant asks
 * the team's (`teamMeetsObjectives`), whoever the survivor is.
 */
export function objectivesMet(end: TheEnd, player: PlayerState): boolean {
  const mode = gameMode(end.game.state.options);
  if (mode === 'cooperative') return teamMeetsObjectives(end);
  if (player.objectives.length === 0) return false;
  const met = (objective: string) => requirementMet(end, player, objective);
  return mode === 'solo' ? player.objectives.some(met) : player.objectives.every(met);
}

/** Every card dealt to the team, in seat order: the dead's cards stay the team's goal. */
export function teamObjectives(game: Game): string[] {
  return game.state.players.flatMap((player) => player.objectives);
}

/** Characters (alive or dead) who sent a Signal: a Signal sent stays sent. */
function signallers(game: Game): number {
  return game.state.players.filter((player) => player.signal).length;
}

/** How many team cards need a Signal: each needs its own sender. */
export function teamSignalsNeeded(game: Game): number {
  return teamObjectives(game).filter((objective) => {
    const requirement = game.tables.objectives.get(objective)?.requirement;
    return requirement !== undefined && mentions(requirement, 'signal-sent');
  }).length;
}

function mentions(condition: Condition, kind: Condition['kind']): boolean {
  if (condition.kind === kind) return true;
  if (condition.kind === 'all' || condition.kind === 'any')
    return condition.of.some((inner) => mentions(inner, kind));
  return condition.kind === 'not' && mentions(condition.of, kind);
}

/** Whether one team card is met: by any survivor, as the cards are shared. */
export function teamObjectiveMet(end: TheEnd, objective: string): boolean {
  return [...end.survivors].some((seat) =>
    requirementMet(end, end.game.state.players[Number(seat)]!, objective),
  );
}

/** The team wins together: every card dealt met, and someone alive to tell it. */
export function teamMeetsObjectives(end: TheEnd): boolean {
  return (
    end.survivors.size > 0 &&
    teamObjectives(end.game).every((objective) => teamObjectiveMet(end, objective))
  );
}
