import type { GameEvent } from '@tabletop/engine';
import type { Glossary } from './glossary.js';

/**
 * A log line for an event; an event without text shows its type. Ids the
 * rules put in a line read as the screen names them: a corridor by the
 * rooms it joins ("corridor 8-9", as on the ship), an Objective or a
 * Weakness by its name.
 * The event reached the reader through their view, so it holds nothing
 * they may not see.
 */
export function describeEvent(event: GameEvent, glossary: Glossary): string {
  let text = event.text ?? event.type.replace(/-/g, ' ');
  const { corridor, objective, weakness } = event;
  if (typeof corridor === 'number') {
    const ends = glossary.tables.corridors[corridor]?.ends;
    if (ends)
      text = text.replace(
        // Only an index, never the rooms already written ("corridor 8-9").
        new RegExp(`\\bcorridor ${corridor}(?![-\\d])`),
        `corridor ${ends[0]}-${ends[1]}`,
      );
  }
  if (typeof objective === 'string') text = text.replace(objective, glossary.objective(objective));
  if (typeof weakness === 'string') text = text.replace(weakness, glossary.weakness(weakness));
  return text;
}
