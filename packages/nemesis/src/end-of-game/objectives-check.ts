import type { Seat } from '@tabletop/engine';
import type { Condition, Destination } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import { type ConditionFacts, mentions, readCondition } from '../effects/condition-reading.js';
import { gameMode } from '../game-modes/game-modes.js';
import type { Game } from '../vocabulary/game.js';
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
  /** The cooperative variant's cards, read once for the check (`teamCards`); null otherwise. */
  team: TeamCards | null;
}

/** The team's cards and the Signals they ask for: what every card of the check reads. */
export interface TeamCards {
  /** Every card dealt to the team, in seat order: the dead's cards stay the team's goal. */
  objectives: readonly string[];
  /** Characters (alive or dead) who sent a Signal: a Signal sent stays sent. */
  signallers: number;
  /** How many team cards need a Signal: each needs its own sender. */
  signalsNeeded: number;
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

/** What the end leaves behind, as the facts a condition is read against for one player. */
function factsAtTheEnd(end: TheEnd, player: PlayerState): ConditionFacts {
  const { game } = end;
  return {
    tables: game.tables,
    owner: player.seat,
    seats: game.state.players.map((other) => other.seat),
    survives: (seat) => end.survivors.has(seat),
    survival: survival(player),
    shipDestroyed: end.shipDestroyed,
    shipHeadsFor: end.reached,
    // In a team, a Signal is the team's: enough different characters must have sent one.
    signalSent: end.team ? end.team.signallers >= end.team.signalsNeeded : player.signal,
    intrudersKilled: game.state.killedIntruders,
    nestEggs: game.state.nestEggs,
    items: player.items.length,
    carried: player.carried,
    rooms: game.state.rooms,
    weaknessesRevealed: game.state.weaknesses.map((weakness) => weakness.revealed),
    // Guards say where an effect may be used: nothing about the end, and no Objective names one.
    guard: () => false,
  };
}

/** Whether a condition holds for one survivor at the end of the game. */
export function holdsAtTheEnd(end: TheEnd, player: PlayerState, condition: Condition): boolean {
  return readCondition(factsAtTheEnd(end, player), condition) === true;
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
  if (end.team) return teamMeetsObjectives(end, end.team);
  const mode = gameMode(end.game.state.options);
  if (player.objectives.length === 0) return false;
  const met = (objective: string) => requirementMet(end, player, objective);
  return mode === 'solo' ? player.objectives.some(met) : player.objectives.every(met);
}

/** The team's cards as the game stands, for one check; null outside the cooperative variant. */
export function teamCards(game: Game): TeamCards | null {
  if (gameMode(game.state.options) !== 'cooperative') return null;
  const objectives = game.state.players.flatMap((player) => player.objectives);
  return {
    objectives,
    signallers: game.state.players.filter((player) => player.signal).length,
    signalsNeeded: signalsNeeded(game.tables, objectives),
  };
}

/** How many of a team's cards need a Signal: each needs its own sender. */
export function signalsNeeded(tables: Tables, objectives: readonly string[]): number {
  return objectives.filter((objective) => {
    const requirement = tables.objectives.get(objective)?.requirement;
    return requirement !== undefined && mentions(requirement, 'signal-sent');
  }).length;
}

/** Whether one team card is met: by any survivor, as the cards are shared. */
export function teamObjectiveMet(end: TheEnd, objective: string): boolean {
  return [...end.survivors].some((seat) =>
    requirementMet(end, end.game.state.players[Number(seat)]!, objective),
  );
}

/** The team wins together: every card dealt met, and someone alive to tell it. */
export function teamMeetsObjectives(end: TheEnd, team: TeamCards): boolean {
  return (
    end.survivors.size > 0 && team.objectives.every((objective) => teamObjectiveMet(end, objective))
  );
}
