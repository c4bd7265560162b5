import type { Choice, Prompt, Seat } from './ruleset.js';

export function mustAct<A>(
  seat: Seat,
  answer: string,
  text: string,
  choices?: Choice<A>[],
): Prompt<A> {
  return choices
    ? { mode: 'single', seats: [seat], answer, text, choices }
    : { mode: 'single', seats: [seat], answer, text };
}

export function simultaneous<A>(
  seats: readonly Seat[],
  answer: string,
  text: string,
  choices?: Choice<A>[],
): Prompt<A> {
  return choices
    ? { mode: 'simultaneous', seats, answer, text, choices }
    : { mode: 'simultaneous', seats, answer, text };
}

export function interruptWindow<A>(
  seats: readonly Seat[],
  answer: string,
  text: string,
  choices?: Choice<A>[],
): Prompt<A> {
  return choices
    ? { mode: 'window', seats, answer, text, choices }
    : { mode: 'window', seats, answer, text };
}

/** The seats that some prompt is waiting on now. */
export function seatsToAct(prompts: readonly Prompt[]): Seat[] {
  const seats = new Set<Seat>();
  for (const prompt of prompts) for (const seat of prompt.seats) seats.add(seat);
  return [...seats];
}
