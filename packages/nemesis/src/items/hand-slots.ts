import { activeWoundEffects } from '../combat/wound-effects.js';
import type { Game } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import { schedule } from '../vocabulary/steps.js';

/**
 * Hand slots: a character has two, and each Heavy Item and each heavy object
 * (a corpse, a carcass, an egg) takes one. An undressed Arm wound leaves only
 * one. Two Heavy Items taped together with Duct Tape share one slot.
 * Whoever holds more heavy things than their slots must drop one at once
 * (a free choice of which): after finding a Heavy Item, or after an Arm wound.
 */
export const handSlots = 2;

/** The hand slots a character has now: two, fewer while an Arm wound is undressed. */
export function handSlotsOf(game: Game, player: PlayerState): number {
  let slots = handSlots;
  for (const effect of activeWoundEffects(game, player))
    if (effect.kind === 'hand-slots') slots = Math.min(slots, effect.slots);
  return slots;
}

/** The Heavy Items in a character's inventory, each copy once. */
export function heavyItemsOf(game: Game, player: PlayerState): string[] {
  return player.items.filter((item) => game.tables.items.get(item)?.heavy === true);
}

/**
 * The hand slots in use: each heavy object and each Heavy Item takes one,
 * but two Heavy Items taped together (Duct Tape) take one between them.
 */
export function heavyThingsHeld(game: Game, player: PlayerState): number {
  return player.carried.length + heavyItemsOf(game, player).length - (player.taped?.length ?? 0);
}

/** Whether a character holds more heavy things than their hands can. */
export function handsOverfull(game: Game, player: PlayerState): boolean {
  return heavyThingsHeld(game, player) > handSlotsOf(game, player);
}

/** Asks an overfull character to drop something, unless they are already being asked. */
export function checkHandSlots(game: Game, player: PlayerState): void {
  if (player.status !== 'active' || !handsOverfull(game, player)) return;
  const asked = game.state.stack.some(
    (step) => step.kind === 'drop-for-hand-slots' && step.seat === player.seat,
  );
  if (!asked) schedule(game.state.stack, { kind: 'drop-for-hand-slots', seat: player.seat });
}
