import { describe, expect, it } from 'vitest';
import { thingOf } from '../src/choices.ts';
import type { LogLine } from '../src/client.ts';
import { keep, nameMatcher } from '../src/log-lines.ts';
import { seatName } from '../src/people.ts';
import { stepsOf } from '../src/storage.ts';
import { createWords, indexReference, noWords } from '../src/words.ts';

const sections = [
  {
    id: 'items',
    title: 'Items',
    entries: [
      { key: 'item:energy-charge', name: 'Energy Charge', kind: 'Item', text: '...' },
      { key: 'item:energy', name: 'Energy', kind: 'Item', text: '...' },
      { key: 'weapon:revolver', name: 'the Revolver', kind: 'Weapon', text: '...' },
      { key: 'phase:draw', name: 'Draw', kind: 'Turn sequence', text: '...' },
    ],
  },
];

describe('the words the page shows', () => {
  it('names the thing each answer is about by its key', () => {
    expect(thingOf({ type: 'card', card: 'soldier-rest' })).toBe('card:soldier-rest');
    expect(thingOf({ type: 'target', target: 3 })).toBe('intruder:3');
    expect(thingOf({ type: 'corridor', corridor: 12 })).toBe('corridor:12');
    expect(thingOf({ type: 'choose-objective', keep: 'hoarder' })).toBe('objective:hoarder');
    expect(thingOf({ type: 'move' })).toBe('action:move');
    expect(thingOf({ type: 'option', option: 0 })).toBeNull();
  });

  it('links the longest name a log line holds, without a leading "the", and never a phase', () => {
    const matcher = nameMatcher(sections);
    const line = 'Scout picks up an Energy Charge and the Revolver, then Draw';
    const found = [...line.matchAll(matcher.pattern!)].map((match) => matcher.keys.get(match[0]));
    expect(found).toEqual(['item:energy-charge', 'weapon:revolver']);
  });

  it('filters the log by the events’ type and by the seats they name', () => {
    const line = (type: string, seats: string[] = []): LogLine => ({
      id: type,
      seq: 1,
      type,
      seats,
      text: type,
    });
    expect(keep(line('shoot', ['0']), 'combat', '1')).toBe(true);
    expect(keep(line('move', ['0']), 'combat', '0')).toBe(false);
    expect(keep(line('move', ['0']), 'mine', '0')).toBe(true);
    expect(keep(line('move', ['1']), 'mine', '0')).toBe(false);
    expect(keep(line('event-card'), 'events', '0')).toBe(true);
    expect(keep(line('round'), 'events', '0')).toBe(true);
  });

  it('calls seats Player N from 1, or by the ruleset’s words once they come', () => {
    expect(seatName(noWords, '0')).toBe('Player 1');
    expect(seatName(noWords, 'hero-2')).toBe('Hero 2');
    expect(seatName(noWords, 'spectator')).toBe('Spectator');
    const words = createWords([], indexReference([]), {
      'seat:1': { key: 'seat:1', name: 'Player 2 (Soldier)', kind: 'Player', text: '' },
    });
    expect(seatName(words, '1')).toBe('Player 2 (Soldier)');
  });

  it('counts the answers of the action under way: entries since it began, less the undos', () => {
    expect(stepsOf(null, 9)).toBe(0);
    const began = { answer: 'choose-action', seq: 10, undoEntries: 0, undone: 0 };
    expect(stepsOf(began, 12)).toBe(2);
    // One undo entry that took one answer back.
    expect(stepsOf({ ...began, undoEntries: 1, undone: 1 }, 13)).toBe(1);
  });
});
