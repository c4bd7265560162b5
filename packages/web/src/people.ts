import type { Words } from './words.ts';

/**
 * A seat as players name it: the ruleset's words for `seat:<seat>`
 * ("Player 2 (Soldier)"); before they arrive, a numbered seat reads
 * "Player N" counting from 1, and a named seat by its name.
 */
export function seatName(words: Words, seat: string): string {
  if (seat === 'spectator') return 'Spectator';
  const named = words.entry(`seat:${seat}`)?.name;
  if (named) return named;
  if (/^[0-9]+$/.test(seat)) return `Player ${Number(seat) + 1}`;
  return seat.replace(/-/g, ' ').replace(/^./, (first) => first.toUpperCase());
}
