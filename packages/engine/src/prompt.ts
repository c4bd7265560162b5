import type { Choice, Prompt, Seat } from './ruleset.js';

/** `choices` is left out, not undefined, when there are none to list. */
function prompt<A>(
  mode: Prompt['mode'],
  seats: readonly Seat[],
  answer: string,
  text: string,
  choices: Choice<A>[] | undefined,
): Prompt<A> {
  return choices ? { mode, seats, answer, text, choices } : { mode, seats, answer, text };
}

export function mustAct<A>(
  seat: Seat,
  answer: string,
  text: string,
  choices?: Choice<A>[],
): Prompt<A> {
  return prompt('single', [seat], answer, text, choices);
}

export function simultaneous<A>(
  seats: readonly Seat[],
  answer: string,
  text: string,
  choices?: Choice<A>[],
): Prompt<A> {
  return prompt('simultaneous', seats, answer, text, choices);
}

export function interruptWindow<A>(
  seats: readonly Seat[],
  answer: string,
  text: string,
  choices?: Choice<A>[],
): Prompt<A> {
  return prompt('window', seats, answer, text, choices);
}
