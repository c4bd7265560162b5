import type { GameEvent, Outcome, Seat } from './ruleset.js';

export function accept(events: GameEvent[] = []): Outcome {
  return { ok: true, events };
}

export function reject(code: string, message: string): Outcome & { ok: false } {
  return { ok: false, rejection: { code, message } };
}

/** Refuses an action whose shape is wrong, naming its first problem: where in the action, and what. */
export function rejectMalformed(error: {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}): Outcome & { ok: false } {
  const issue = error.issues[0];
  return reject(
    'malformed-action',
    `malformed action: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'not an action'}`,
  );
}

/** The score of a game with nothing finer than winning: 1 for each winner, 0 for every other seat. */
export function winnerScores(
  seats: readonly Seat[],
  winners: readonly Seat[],
): Record<Seat, number> {
  return Object.fromEntries(seats.map((seat) => [seat, winners.includes(seat) ? 1 : 0]));
}

/** Events a seat may see, in order. */
export function eventsFor(events: readonly GameEvent[], viewer: string): GameEvent[] {
  return events.filter(
    (event) => event.audience === 'all' || (event.audience as readonly string[]).includes(viewer),
  );
}
