import { type ContentPack, unfiredTriggers, unhandledKinds } from '../content/index.js';
import { firedTriggers } from '../flow/trigger-points.js';
import { handlerTable } from './handler-table.js';

/**
 * A pack naming a kind the rules have no handler for cannot be played:
 * the error names each such kind and where the pack uses it.
 */
export function refuseUnhandledKinds(
  pack: ContentPack,
  handled: Iterable<string> = Object.keys(handlerTable),
): void {
  const missing = unhandledKinds(pack, handled);
  if (missing.length === 0) return;
  const lines = missing.map(
    (kind) => `${kind.handler} (${kind.family}), used at ${kind.usedAt.join('; ')}`,
  );
  throw new Error(
    `the pack ${pack.manifest.id} uses kinds these rules cannot play: ${lines.join(' | ')}`,
  );
}

/**
 * A pack waiting for a trigger point no rule fires cannot be played as
 * written: the card would never act. The error names each such trigger and
 * where the pack names it.
 */
export function refuseUnfiredTriggers(pack: ContentPack, fired = firedTriggers): void {
  const unfired = unfiredTriggers(pack, fired);
  if (unfired.length === 0) return;
  const lines = unfired.map((entry) => `${entry.trigger}, named at ${entry.usedAt.join('; ')}`);
  throw new Error(
    `the pack ${pack.manifest.id} waits for trigger points no rule fires: ${lines.join(' | ')}`,
  );
}
