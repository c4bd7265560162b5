import { diceDuel } from '@tabletop/engine';
import { describe, expect, it } from 'vitest';
import { playBoardgameioDuel } from '../duel-boardgameio.js';

describe('the anchor plays the same duel', () => {
  it('a boardgame.io duel lasts as long as ours on average', () => {
    const games = 300;
    let theirs = 0;
    let ours = 0;
    for (let game = 0; game < games; game++) {
      theirs += playBoardgameioDuel(20, `seed-${game}`);
      const state = diceDuel.setup({ health: 20 }, `seed-${game}`);
      while (state.winner === null) {
        diceDuel.apply(state, String(state.turn), { type: 'roll' });
        ours++;
      }
    }
    // About 24 rolls each to deal 20 damage at 5/6 per roll: both near 47 moves a game.
    expect(theirs / games).toBeGreaterThan(40);
    expect(theirs / games).toBeLessThan(54);
    expect(Math.abs(theirs - ours) / games).toBeLessThan(3);
  });
});
