import type { Game } from 'boardgame.io';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';

/**
 * The same dice duel as the kernel's example, written as a boardgame.io game:
 * one roll per turn, a d6: 1-2 miss, 3-5 one damage, 6 two damage.
 */
interface DuelG {
  health: [number, number];
  lastRoll: number | null;
}

export function boardgameioDuel(health: number, seed: string): Game<DuelG> {
  return {
    name: 'duel',
    seed,
    setup: () => ({ health: [health, health], lastRoll: null }),
    turn: { minMoves: 1, maxMoves: 1 },
    moves: {
      roll: ({ G, ctx, random }) => {
        const roll = random.D6();
        const opponent = ctx.currentPlayer === '0' ? 1 : 0;
        const damage = roll <= 2 ? 0 : roll <= 5 ? 1 : 2;
        G.health[opponent] = Math.max(0, G.health[opponent] - damage);
        G.lastRoll = roll;
      },
    },
    endIf: ({ G, ctx }) => {
      if (G.health[0] === 0 || G.health[1] === 0) return { winner: ctx.currentPlayer };
      return undefined;
    },
  };
}

/**
 * Plays one duel through boardgame.io's own game reducer, dispatching each
 * move as its server's master does (minus storage and transport).
 * Returns the number of moves played.
 */
export function playBoardgameioDuel(health: number, seed: string): number {
  const game = boardgameioDuel(health, seed);
  const reducer = CreateGameReducer({ game });
  // biome-ignore lint/suspicious/noExplicitAny: boardgame.io's State type is internal
  let state: any = InitializeGame({ game, numPlayers: 2 });
  let moves = 0;
  while (state.ctx.gameover === undefined) {
    const playerID = state.ctx.currentPlayer;
    state = reducer(state, { type: 'MAKE_MOVE', payload: { type: 'roll', args: [], playerID } });
    moves++;
    if (moves > 10_000) throw new Error('boardgame.io duel did not end');
  }
  return moves;
}
