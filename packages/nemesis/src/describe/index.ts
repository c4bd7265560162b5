import type { Describe } from '@tabletop/engine';
import type { ContentPack } from '../content/index.js';
import type { Tables } from '../content/tables.js';
import type { NemesisView } from '../views/view.js';
import type { NemesisAction } from '../vocabulary/actions.js';
import { describeAction } from './action.js';
import { describeEvent } from './event.js';
import { createGlossary, type Glossary } from './glossary.js';
import { buildReference, referenceByKey } from './reference.js';
import { describeThings } from './things.js';

export { describeAction } from './action.js';
export { describeCondition, holdsSoFar, objectiveParts } from './condition.js';
export * from './destinations.js';
export { describeEffect, roomActionBlocked, roomActionText } from './effect.js';
export { describeEvent } from './event.js';
export * from './glossary.js';
export * from './keys.js';
export { describeModifier } from './modifier.js';
export { buildReference } from './reference.js';
export { describeThings } from './things.js';

/**
 * The words a person reads for an action, a prompt and an event, worked
 * out from the reader's own view and the pack's public names, so that the
 * terminal, the web table and the log say the same thing.
 */
export function createDescribe(
  glossary: Glossary,
  pack?: ContentPack,
): Describe<NemesisAction, NemesisView> {
  // The reference is public and the same for every reader: built once, shared by every view's words.
  const reference = pack ? buildReference(glossary, pack) : [];
  const byKey = referenceByKey(reference);
  return {
    things: (view) => describeThings(view, glossary, byKey),
    reference: () => reference,
    action: (action, view) => describeAction(action, view, glossary),
    // The rules phrase each prompt as they ask it, from what everyone asked may see.
    prompt: (prompt) => prompt.text,
    event: (event) => describeEvent(event, glossary),
  };
}

export function describeNemesis(
  tables: Tables,
  pack?: ContentPack,
): { glossary: Glossary; describe: Describe<NemesisAction, NemesisView> } {
  const glossary = createGlossary(tables, pack);
  return { glossary, describe: createDescribe(glossary, pack) };
}
