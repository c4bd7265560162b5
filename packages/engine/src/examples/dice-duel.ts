import { z } from 'zod';
import { clonePlain } from '../clone.js';
import { excerpt } from '../excerpt.js';
import { accept, reject, winnerScores } from '../outcome.js';
import { mustAct } from '../prompt.js';
import { type RandomState, redealGenerator, rollDie, seedRandom } from '../random.js';
import type { Outcome, Prompt, Result, Ruleset, Seat } from '../ruleset.js';

/**
 * The dice duel: two players start with some health (20 by default); on your
 * turn you roll a d6: 1-2 miss, 3-5 deal one damage, 6 deals two. The first
 * to bring the other to 0 wins. The kernel's tests and benchmark play it.
 */
export interface DuelOptions {
  health: number;
}

export interface DuelState {
  health: [number, number];
  /** Index of the seat whose turn it is. */
  turn: 0 | 1;
  winner: 0 | 1 | null;
  lastRoll: number | null;
  random: RandomState;
}

export type DuelAction = { type: 'roll' };

export type DuelView = Omit<DuelState, 'random'>;

export const duelSeats: readonly Seat[] = ['0', '1'];

export function damageOf(roll: number): number {
  if (roll <= 2) return 0;
  if (roll <= 5) return 1;
  return 2;
}

function seatIndex(seat: Seat): 0 | 1 | null {
  if (seat === '0') return 0;
  if (seat === '1') return 1;
  return null;
}

export const diceDuel: Ruleset<DuelState, DuelAction, DuelView, DuelOptions> = {
  id: 'duel',
  version: '1',
  options: z.object({ health: z.number().int().min(1).max(1000).default(20) }).strict(),
  action: z.object({ type: z.literal('roll') }).strict(),

  setup(options, seed, generator) {
    return {
      health: [options.health, options.health],
      turn: 0,
      winner: null,
      lastRoll: null,
      random: seedRandom(seed, generator),
    };
  },

  seats: () => duelSeats,

  prompts(state): Prompt<DuelAction>[] {
    if (state.winner !== null) return [];
    return [
      mustAct(String(state.turn), 'roll', 'Roll the die', [
        { label: 'Roll', action: { type: 'roll' } },
      ]),
    ];
  },

  legalActions(state, seat) {
    return state.winner === null && seatIndex(seat) === state.turn ? [{ type: 'roll' }] : [];
  },

  apply(state, seat, action): Outcome {
    if (state.winner !== null) return reject('game-over', 'the duel is over');
    const index = seatIndex(seat);
    if (index === null)
      return reject('unknown-seat', `there is no seat ${excerpt(seat)} in a duel`);
    if (index !== state.turn)
      return reject('not-your-turn', `it is seat ${state.turn}'s turn, not seat ${seat}'s`);
    if (action?.type !== 'roll')
      return reject('unknown-action', 'the only action in a duel is {"type":"roll"}');
    const roll = rollDie(state.random, 6);
    const damage = damageOf(roll);
    const opponent = index === 0 ? 1 : 0;
    state.health[opponent] = Math.max(0, state.health[opponent] - damage);
    state.lastRoll = roll;
    if (state.health[opponent] === 0) state.winner = index;
    else state.turn = opponent;
    return accept([
      {
        type: 'rolled',
        audience: 'all',
        seat,
        roll,
        damage,
        text: `seat ${seat} rolls ${roll}: ${damage === 0 ? 'a miss' : `${damage} damage`}`,
      },
    ]);
  },

  view(state) {
    return {
      health: [state.health[0], state.health[1]],
      turn: state.turn,
      winner: state.winner,
      lastRoll: state.lastRoll,
    };
  },

  describe: {
    action: () => 'roll the die',
    prompt: (prompt, view) =>
      `seat ${prompt.seats.join(', ')} to roll the die (health ${view.health[0]} / ${view.health[1]})`,
    event(event) {
      if (event.type === 'rolled') {
        const damage = Number(event.damage);
        return `seat ${String(event.seat)} rolls ${Number(event.roll)}: ${damage === 0 ? 'a miss' : `${damage} damage`}`;
      }
      if (event.type === 'undone') return `seat ${String(event.seat)} takes back their last roll`;
      return event.text ?? event.type;
    },
  },

  determinize(state, seat, random) {
    const copy = clonePlain(state);
    redealDuel(copy, seat, random);
    return copy;
  },

  result(state): Result | null {
    if (state.winner === null) return null;
    const winners = [String(state.winner)];
    return {
      winners,
      summary: `seat ${state.winner} wins the duel`,
      scores: winnerScores(duelSeats, winners),
    };
  },
};

/** The duel's only secret is the generator: re-dealing it must not show in any view. */
export function redealDuel(
  state: DuelState,
  _viewer: Seat | 'spectator',
  random: RandomState,
): void {
  redealGenerator(state.random, random);
}
