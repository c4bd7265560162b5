import type { NemesisOptions } from '../vocabulary/state.js';

/**
 * Game Modes: the standard game (2-5 players, each with a Corporate and a
 * Personal Objective), the solo game (1 player, two cards of the Solo/Co-op
 * deck, keeping one at the First Encounter) and the cooperative variant
 * (2-5 players, one Solo/Co-op card each, shared by the whole team).
 */
export type GameMode = 'standard' | 'solo' | 'cooperative';

/** The mode a table asked for: one player is always the solo game. */
export function gameMode(options: Pick<NemesisOptions, 'players' | 'mode'>): GameMode {
  if (options.mode === 'cooperative') return 'cooperative';
  return options.players === 1 ? 'solo' : 'standard';
}

/** Solo/Co-op cards dealt to each player: two to choose from alone, one each in a team. */
export function soloCoopCardsEach(mode: GameMode): number {
  return mode === 'solo' ? 2 : 1;
}
