import type { NoiseFace } from '../content/schema.js';
import type { Tables } from '../content/tables.js';
import { clampProbability, Distribution } from './distribution.js';

/**
 * Exact odds of a Noise roll in a room: each face of the Noise die leads to
 * an exit of the room (or to nothing, where the room has no exit with that
 * number); an exit that already holds a Noise marker brings an Encounter,
 * any other gets the marker. Silence does nothing unless the character is
 * slimed, when it counts as Danger.
 */
export type NoiseOutcome = 'encounter' | 'noise-marker' | 'danger' | 'silence' | 'no-exit';

export interface NoiseQuestion {
  room: number;
  /** Noise numbers of the room's exits that already hold a marker. */
  marked: readonly number[];
  slime: boolean;
}

export interface NoiseOdds {
  room: number;
  outcomes: { outcome: NoiseOutcome; p: number }[];
  p_encounter: number;
}

function outcomeOf(
  tables: Tables,
  question: NoiseQuestion,
  markedExits: Set<number | 'technical'>,
  face: NoiseFace,
): NoiseOutcome {
  if (face === 'silence') return question.slime ? 'danger' : 'silence';
  if (face === 'danger') return 'danger';
  const exit = tables.exitByNumber[question.room]?.[face];
  if (exit === undefined) return 'no-exit';
  return markedExits.has(exit) ? 'encounter' : 'noise-marker';
}

export function noiseRollOdds(tables: Tables, question: NoiseQuestion): NoiseOdds {
  const exits = tables.exitByNumber[question.room];
  if (!exits || !tables.rooms.some((room) => room.number === question.room))
    throw new RangeError(`there is no room ${question.room}`);
  const markedExits = new Set<number | 'technical'>();
  for (const number of question.marked) {
    const exit = exits[number];
    if (exit === undefined)
      throw new RangeError(`room ${question.room} has no exit numbered ${number}`);
    markedExits.add(exit);
  }
  const outcomes = new Distribution<NoiseOutcome>((outcome) => outcome);
  const faces = tables.noiseFaces;
  for (const face of faces)
    outcomes.add(outcomeOf(tables, question, markedExits, face), 1 / faces.length);
  return {
    room: question.room,
    outcomes: outcomes
      .entries()
      .map(({ value, p }) => ({ outcome: value, p: clampProbability(p) })),
    p_encounter: outcomes.chance((outcome) => outcome === 'encounter'),
  };
}
