import type { LogLine } from './client.ts';
import type { ReferenceSection } from './words.ts';

/** Links the names a line holds to their rules reference entries. */
export interface NameMatcher {
  pattern: RegExp | null;
  keys: ReadonlyMap<string, string>;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The names of the reference's entries (a card, an item, a room...), longest
 * first so that "Energy Charge" wins over "Energy"; a leading "the" is left
 * out, as a log line says "takes the Revolver".
 */
export function nameMatcher(sections: readonly ReferenceSection[]): NameMatcher {
  const keys = new Map<string, string>();
  for (const section of sections) {
    for (const entry of section.entries) {
      if (entry.key.startsWith('phase:')) continue;
      const name = entry.name.replace(/^the /i, '').trim();
      if (name.length < 4 || keys.has(name)) continue;
      keys.set(name, entry.key);
    }
  }
  if (keys.size === 0) return { pattern: null, keys };
  const names = [...keys.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  return { pattern: new RegExp(`\\b(${names.join('|')})\\b`, 'g'), keys };
}

export type LogFilter = 'all' | 'mine' | 'combat' | 'events';

/** Events of fights and wounds, and those of the game's own turn (rounds, time, the Event deck), by type. */
const combatType = /shoot|melee|attack|injur|wound|death|dies|escape|appears|damage|hit|fight|grit/;
const eventsType = /^event|^round$|^time$|^bag-|^egg-|self-destruct|hibernation|game-over|^turn/;

export function keep(line: LogLine, filter: LogFilter, seat: string): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'mine':
      return line.seats.includes(seat);
    case 'combat':
      return combatType.test(line.type);
    case 'events':
      return eventsType.test(line.type);
  }
}
