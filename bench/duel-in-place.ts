import { type DuelAction, diceDuel } from '@tabletop/engine';

const roll: DuelAction = { type: 'roll' };

/**
 * One kernel dice duel applied in place, with no Match and no copies: the
 * anchor both kernel and Nemesis benchmarks measure against. Returns the rolls.
 */
export function playDuelInPlace(health: number, seed: string): number {
  const state = diceDuel.setup({ health }, seed);
  let moves = 0;
  while (state.winner === null) {
    const outcome = diceDuel.apply(state, state.turn === 0 ? '0' : '1', roll);
    if (!outcome.ok) throw new Error(outcome.rejection.message);
    moves++;
  }
  return moves;
}
