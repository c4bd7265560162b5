import { type ContentPack, unhandledKinds } from '../content/index.js';
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
