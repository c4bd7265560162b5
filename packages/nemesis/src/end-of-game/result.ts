import { type Result, winnerScores } from '@tabletop/engine';
import { type Game, seatName } from '../vocabulary/game.js';
import { survivors } from './end-of-game.js';

/**
 * The result of a game that is over: the winners (survivors who met their
 * Objectives), a score of 1 per winner, and everyone's fate with their
 * Objectives revealed.
 */
export function gameResult(game: Game): Result | null {
  const over = game.state.over;
  if (!over) return null;
  const alive = survivors(game);
  const { fates } = over.victory;
  const winners = fates.filter((fate) => fate.winner).map((fate) => fate.seat);
  const survival =
    alive.length === 0
      ? 'Nobody survives.'
      : `Alive: ${alive.map((survivor) => `${seatName(game, survivor.seat)}, ${survivor.where}`).join('; ')}.`;
  const team = over.victory.team;
  const won = team
    ? team.won
      ? 'The team wins together.'
      : `The team loses together (${team.objectives.filter((objective) => objective.met).length} of ${team.objectives.length} Objectives met).`
    : winners.length === 0
      ? 'Nobody wins.'
      : `Winners: ${winners.map((seat) => seatName(game, seat)).join(', ')}.`;
  return {
    winners,
    scores: winnerScores(
      fates.map((fate) => fate.seat),
      winners,
    ),
    summary: `${over.summary}. ${survival} ${won}`,
    details: {
      reason: over.reason,
      survivors: alive,
      victoryCheck: over.victory,
    },
  };
}
