import type { Seat } from '@tabletop/engine';
import type { Tables } from '../content/tables.js';
import type { NemesisAction } from '../vocabulary/actions.js';
import type { NemesisState, PlayerState } from '../vocabulary/state.js';
import { hiddenContamination } from './view.js';

/**
 * A seat's answers as its view names them. A Contamination card reads
 * "contamination" until its owner scans it (whether it is INFECTED is hidden
 * even from them), so the answers naming such cards are one answer, and no
 * answer names a card the seat's view does not show. A bot choosing from a
 * re-dealt copy of the game then names only what it could name in the true
 * one.
 */
export function answersAsSeen(
  tables: Tables,
  state: NemesisState,
  seat: Seat,
  answers: NemesisAction[],
): NemesisAction[] {
  const player = state.players.find((candidate) => candidate.seat === seat);
  if (!player || !answers.some((answer) => unseenCard(tables, player, answer))) return answers;
  const seen: NemesisAction[] = [];
  let named = false;
  for (const answer of answers) {
    if (!unseenCard(tables, player, answer)) seen.push(answer);
    else if (!named) {
      seen.push({ type: 'card', card: hiddenContamination });
      named = true;
    }
  }
  return seen;
}

/**
 * The answer a seat means by "contamination": the first of its unscanned
 * Contamination cards the rules offer it now. The owner cannot tell them
 * apart, so any would do; the first keeps a match replayable.
 */
export function answerMeant(
  tables: Tables,
  state: NemesisState,
  seat: Seat,
  action: NemesisAction,
  answers: () => NemesisAction[],
): NemesisAction {
  if (action.type !== 'card' || action.card !== hiddenContamination) return action;
  const player = state.players.find((candidate) => candidate.seat === seat);
  if (!player) return action;
  return answers().find((answer) => unseenCard(tables, player, answer)) ?? action;
}

function unseenCard(tables: Tables, player: PlayerState, answer: NemesisAction): boolean {
  return (
    answer.type === 'card' &&
    tables.contamination.has(answer.card) &&
    !player.scanned.includes(answer.card)
  );
}
