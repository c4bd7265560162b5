import type { Seat } from '@tabletop/engine';
import type { EffectOf } from '../content/effects.js';
import type { EffectHandler } from '../effects/handler.js';
import { gameMode } from '../game-modes/game-modes.js';
import {
  announce,
  characterName,
  type Game,
  playerOf,
  seatName,
  whisper,
} from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { NemesisState, PlayerState } from '../vocabulary/state.js';

/**
 * Looking at another player's Objectives (the Comms Key: a character who
 * sent a Signal; the Ship Log: any player). The looker sees the cards that
 * player holds, and only the looker; everyone sees whose were looked at.
 * Both show every card held: the difference matters only before the First
 * Encounter, when a player holds two. The look stays true while that player
 * holds as many cards as then; once they keep one of two, it is history
 * (the looker's log keeps the names) and no longer part of what they know.
 */
type LookAtObjective = EffectOf<'look-at-objective'>;

/** The seats whose Objectives this player knows as they are now: a team's are known to all. */
export function objectivesKnown(state: NemesisState, player: PlayerState): Seat[] {
  if (gameMode(state.options) === 'cooperative')
    return state.players.filter((other) => other.seat !== player.seat).map((other) => other.seat);
  return player.objectivesSeen
    .filter((seen) => playerOf(state, seen.seat)?.objectives.length === seen.held)
    .map((seen) => seen.seat);
}

/** Other players whose Objectives this look may show, and that the looker does not know yet. */
export function objectivesToLookAt(
  game: Game,
  player: PlayerState,
  whose: LookAtObjective['whose'],
): PlayerState[] {
  const known = objectivesKnown(game.state, player);
  return game.state.players.filter(
    (other) =>
      other.seat !== player.seat &&
      other.character !== null &&
      other.status !== 'dead' &&
      other.objectives.length > 0 &&
      (whose === 'any-player' || other.signal) &&
      !known.includes(other.seat),
  );
}

export function lookAtObjectives(game: Game, player: PlayerState, other: PlayerState): void {
  player.objectivesSeen = [
    ...player.objectivesSeen.filter((seen) => seen.seat !== other.seat),
    { seat: other.seat, held: other.objectives.length },
  ];
  announce(
    game,
    'objectives-looked-at',
    `${characterName(game, player)} looks at the Objectives of ${characterName(game, other)}`,
    { seat: player.seat, of: other.seat },
  );
  const names = other.objectives.map((id) => game.tables.objectives.get(id)?.name ?? id);
  whisper(
    game,
    [player.seat],
    'objectives-seen',
    `${characterName(game, other)} holds: ${names.join(', ')}`,
    { of: other.seat, objectives: [...other.objectives] },
  );
}

export const lookAtObjective: EffectHandler<LookAtObjective> = {
  unavailable: (game, player, effect, step) =>
    objectivesToLookAt(game, player, effect.whose).length > 0
      ? null
      : refuse(
          'nobody-to-look-at',
          effect.whose === 'signal-sender'
            ? `${step.source}: no other character has sent a Signal whose Objectives you do not know`
            : `${step.source}: no other player whose Objectives you do not know`,
        ),
  resolve: () => 'wait',
  question: {
    asks: 'choose-option',
    text: (_game, _player, _effect, step) => `${step.source}: whose Objectives do you look at?`,
    options: (game, player, effect) =>
      objectivesToLookAt(game, player, effect.whose).map((other) => ({
        type: 'option',
        option: Number(other.seat),
      })),
    answer(game, player, effect, _step, answer) {
      if (answer.type !== 'option')
        return refuse('choose-player', 'name the player by their seat number');
      const other = objectivesToLookAt(game, player, effect.whose).find(
        (candidate) => Number(candidate.seat) === answer.option,
      );
      if (!other)
        return refuse(
          'wrong-player',
          `${seatName(game, String(answer.option))} is not a player whose Objectives this shows`,
        );
      game.state.stack.pop();
      lookAtObjectives(game, player, other);
      return null;
    },
  },
};
