import { excerpt, excerptLength } from './excerpt.js';
import type { GameEvent, Outcome, Seat } from './ruleset.js';

export function accept(events: GameEvent[] = []): Outcome {
  return { ok: true, events };
}

export function reject(code: string, message: string): Outcome & { ok: false } {
  return { ok: false, rejection: { code, message } };
}

/** What a schema (zod) found wrong. */
export interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/**
 * The first few problems a schema found, each as where and what. Paths are
 * keys that were sent, so long ones are cut. Messages may quote input: pass
 * the result through `capEchoes` with what was sent.
 */
export function describeIssues(error: SchemaIssues, most = 3): string {
  const described = error.issues.slice(0, most).map((issue) => {
    const path = issue.path.map((key) => {
      const text = String(key);
      return text.length > excerptLength ? excerpt(text) : text;
    });
    return `${path.length > 0 ? path.join('.') : '(root)'}: ${issue.message}`;
  });
  const more = error.issues.length - described.length;
  if (described.length === 0) return 'not valid';
  return `${described.join('; ')}${more > 0 ? `; and ${more} more` : ''}`;
}

/** Refuses an action whose shape is wrong, naming its first problem: where in the action, and what. */
export function rejectMalformed(error: SchemaIssues): Outcome & { ok: false } {
  return reject(
    'malformed-action',
    `malformed action: ${error.issues.length === 0 ? 'not an action' : describeIssues(error, 1)}`,
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
  return events.filter((event) => event.audience === 'all' || event.audience.includes(viewer));
}
