import type { Effect } from '../content/effects.js';
import { refuse } from '../vocabulary/procedure.js';
import type { EffectHandler, ModifierHandler } from './handler.js';

/**
 * A bespoke rule that only lasts (a weapon's or an item's modifier) shares
 * the bespoke list with one-off effects. Named as a one-off effect, it is
 * never offered and refuses to run, since there is nothing to do once.
 */
export function lastingRule<Handler extends ModifierHandler>(
  handler: Handler,
): Handler & EffectHandler<Effect> {
  return {
    ...handler,
    unavailable: (_game, _player, effect) =>
      refuse(
        'lasting-rule',
        `${effect.kind === 'bespoke' ? effect.rule : effect.kind} is a lasting rule, not an effect to take`,
      ),
    resolve(_game, _player, effect) {
      throw new Error(
        `${effect.kind === 'bespoke' ? effect.rule : effect.kind} is a lasting rule, not an effect`,
      );
    },
  };
}
