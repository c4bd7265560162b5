import type { Rejection } from '@tabletop/engine';

/** A reason to refuse an action; handlers check everything before they change anything. */
export type Refusal = Rejection;

export function refusal(code: string, message: string): Refusal {
  return { code, message };
}
