import type { SeriousWoundEffect } from '../content/index.js';
import type { Game } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * What undressed Serious Wound cards do while they stay undressed: a leg
 * wound makes escaping cost more, a body wound lowers the hand drawn up to,
 * bleeding costs a Light Wound at each pass, an arm wound leaves one hand
 * slot, a hand wound makes every Item action cost more. A dressed wound
 * still counts toward death but does nothing else.
 */
export function activeWoundEffects(game: Game, player: PlayerState): SeriousWoundEffect[] {
  const effects: SeriousWoundEffect[] = [];
  for (const wound of player.seriousWounds) {
    if (wound.dressed) continue;
    const effect = game.tables.seriousWounds.get(wound.card)?.effect;
    if (effect) effects.push(effect);
  }
  return effects;
}
