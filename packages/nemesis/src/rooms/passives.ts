import { conditionHolds } from '../effects/handler-table.js';
import type { Game } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import { workingPassive } from './room-triggers.js';

/**
 * What a room does by itself (rooms/room-triggers.ts reads the pack's
 * `passive` field). Cards drawn beyond the usual hand at the start of the
 * Player Phase: the
 * Cabins print "up to 6 instead of 5", one card more, and one more it stays
 * when a wound has lowered the hand.
 */
export function roomHandSizeBonus(game: Game, player: PlayerState, normal: number): number {
  const found = workingPassive(game, player.room);
  if (found?.passive.kind !== 'modifier') return 0;
  const { modifier } = found.passive;
  if (modifier.kind !== 'hand-size') return 0;
  if (found.passive.while && !conditionHolds(game, player, found.passive.while)) return 0;
  return Math.max(0, modifier.size - normal);
}
