import type { NemesisView } from '@tabletop/nemesis';
import type { KeyboardEvent } from 'react';
import { sameJson } from '../choices.ts';
import type { BoardProps } from '../Table.tsx';
import type { Words } from '../words.ts';

/** The parts of the Nemesis view the table draws, as the ruleset types them. */
export type { NemesisView };
export type PlayerView = NemesisView['players'][number];
export type RoomView = NemesisView['rooms'][number];
export type IntruderView = NemesisView['intruders'][number];
export type CorridorView = NemesisView['corridors'][number];
export type YouView = NonNullable<NemesisView['you']>;
export type BoardView = NemesisView['board'];

export type NemesisProps = BoardProps & { view: NemesisView };

/** The question's fields that name each kind of thing on the table. */
export const fields = {
  room: ['to', 'room', 'from', 'destination'],
  corridor: ['corridor'],
  intruder: ['target'],
  card: ['card', 'cards', 'discard', 'keep'],
  item: ['item', 'items'],
  weapon: ['weapon'],
  object: ['object', 'drop'],
} as const;

/** Seat colours: for discs and borders only, never for text. */
export const seatColours = ['#e0a030', '#40b0e0', '#d05090', '#60c060', '#a080e0'];

export function seatColour(view: NemesisView, seat: string): string {
  const index = view.players.findIndex((player) => player.seat === seat);
  return seatColours[Math.max(0, index) % seatColours.length]!;
}

/** An id as plain words, while the ruleset's words have not arrived: "fire-control" → "Fire control". */
export function plainName(id: string | number): string {
  const text = String(id).replace(/[-_]/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A thing's name from the words, or its plain id. */
export function nameOf(words: Words, key: string, id: string | number = key): string {
  return words.entry(key)?.name ?? plainName(id);
}

/** "Player 2 (Soldier)", as the words name a seat: numbers from 1, the character's name from the words. */
export function seatName(words: Words, view: NemesisView, seat: string): string {
  const player = view.players.find((candidate) => candidate.seat === seat);
  const number = Number(seat) + 1;
  const character = player?.character
    ? nameOf(words, `character:${player.character}`, player.character)
    : null;
  return character ? `Player ${number} (${character})` : `Player ${number}`;
}

export function characterName(words: Words, player: PlayerView): string {
  return player.character
    ? nameOf(words, `character:${player.character}`, player.character)
    : `Player ${Number(player.seat) + 1}`;
}

/**
 * A letter pair for each seat's marker, unique at this table, worked out
 * from the characters' names: the name's first two letters, and where two
 * names share those, the shorter keeps them and the other takes its first
 * letter with the next letter of its name that makes the pair unique
 * (Scout "Sc", Scientist "Si").
 */
export function markers(names: readonly { seat: string; name: string }[]): Map<string, string> {
  const result = new Map<string, string>();
  const taken = new Set<string>();
  const letters = (name: string) => name.replace(/[^\p{L}\p{N}]/gu, '');
  const firstPair = (name: string) => {
    const plain = letters(name);
    return plain.charAt(0).toUpperCase() + plain.charAt(1).toLowerCase() || '?';
  };
  const order = [...names].sort(
    (a, b) => letters(a.name).length - letters(b.name).length || a.name.localeCompare(b.name),
  );
  const wanted = new Map<string, number>();
  for (const { name } of names) wanted.set(firstPair(name), (wanted.get(firstPair(name)) ?? 0) + 1);
  for (const { seat, name } of order) {
    const plain = letters(name);
    const first = firstPair(name);
    let pair = first;
    if (taken.has(first)) {
      pair = '';
      for (const letter of plain.slice(2)) {
        const candidate = first.charAt(0) + letter.toLowerCase();
        if (!taken.has(candidate) && !wanted.has(candidate)) {
          pair = candidate;
          break;
        }
      }
      if (!pair) pair = `${first.charAt(0)}${Number(seat) + 1}`;
    }
    taken.add(pair);
    result.set(seat, pair);
  }
  return result;
}

/** Each seat's marker at this table, from the characters' names as the words give them. */
export function seatMarkers(words: Words, view: NemesisView): Map<string, string> {
  return markers(
    view.players.map((player) => ({
      seat: player.seat,
      name: player.character ? characterName(words, player) : `P${Number(player.seat) + 1}`,
    })),
  );
}

/** The seats the table waits for now. */
export function acting(props: BoardProps): Set<string> {
  return new Set(props.prompts.flatMap((prompt) => prompt.seats));
}

/** Whether the question asks for this value in one of these fields. */
export function offered(props: BoardProps, names: readonly string[], value: unknown): boolean {
  const question = props.question;
  return (
    question !== null &&
    names.includes(question.field) &&
    question.values.some((candidate) => sameJson(candidate, value))
  );
}

/** Whether the question names things of this kind at all (the rest of them dims). */
export function asking(props: BoardProps, names: readonly string[]): boolean {
  return props.question !== null && names.includes(props.question.field);
}

/** Makes an SVG or HTML element act as a button: click, Enter and Space. */
export function activate(handler: () => void) {
  return {
    role: 'button',
    tabIndex: 0,
    onClick: handler,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        handler();
      }
    },
  };
}
