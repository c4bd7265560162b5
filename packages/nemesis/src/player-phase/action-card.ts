import type { Rejection } from '@tabletop/engine';
import type { ActionCardFacts } from '../content/tables.js';
import { type Game, inCombat } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { EffectStep } from '../vocabulary/steps.js';

/**
 * What every Action card shares, however it is played (its own action,
 * Search, or at an interrupt window): the step its effect resolves as, and
 * its combat icon.
 */

/** The step an Action card's effect resolves as, taken by its player where they stand. */
export function cardStep(player: PlayerState, card: ActionCardFacts): EffectStep {
  return {
    kind: 'effect',
    seat: player.seat,
    effect: card.play!,
    room: player.room,
    chosen: null,
    source: `the ${card.name} card`,
  };
}

/** Why the card's combat icon forbids it now, or null. */
export function combatForbids(
  game: Game,
  player: PlayerState,
  card: ActionCardFacts,
): Rejection | null {
  const combat = inCombat(game.state, player);
  if (card.combat === 'out-of-combat' && combat)
    return refuse('in-combat', `the ${card.name} card is never played in Combat`);
  if (card.combat === 'in-combat' && !combat)
    return refuse('not-in-combat', `the ${card.name} card is played only in Combat`);
  return null;
}
