import { sameJson, samePlainData } from './clone.js';
import { seedRandom } from './random.js';
import type { GameEvent, Rejection, Ruleset, Seat } from './ruleset.js';

/** An accepted action, as a match record holds it. */
export interface ActionEntry<Action = unknown> {
  seat: Seat;
  action: Action;
}

/** A seat taking back its own last action. */
export interface UndoEntry {
  seat: Seat;
  undo: true;
}

/**
 * One entry of an append-only match log: an action, or an undo of the
 * latest action still standing. Undos are entries of their own, so a log
 * never has to be rewritten.
 */
export type LogEntry<Action = unknown> = ActionEntry<Action> | UndoEntry;

export function isUndo(entry: LogEntry<unknown>): entry is UndoEntry {
  return (entry as UndoEntry).undo === true;
}

/**
 * The actions that still stand once every undo of a log has taken back the
 * action before it. Throws when an undo has nothing to take back or takes
 * back another seat's action: such a log was never written by a match.
 */
export function effectiveActions<Action>(
  entries: readonly LogEntry<Action>[],
): ActionEntry<Action>[] {
  const standing: ActionEntry<Action>[] = [];
  entries.forEach((entry, index) => {
    if (!isUndo(entry)) {
      standing.push({ seat: entry.seat, action: entry.action });
      return;
    }
    const last = standing.at(-1);
    if (last === undefined) throw new Error(`entry ${index}: an undo with no action to take back`);
    if (last.seat !== entry.seat) {
      throw new Error(
        `entry ${index}: seat ${entry.seat} cannot take back seat ${last.seat}'s action`,
      );
    }
    standing.pop();
  });
  return standing;
}

// Asked after every accepted action: the common answers are made once.
const randomDrawn: Rejection = Object.freeze({
  code: 'random-drawn',
  message: 'it drew from the dice or the decks',
});
const shownToSome: Rejection = Object.freeze({
  code: 'secret-revealed',
  message: 'it showed something to some seats only',
});

/**
 * Why an accepted action could not be taken back later, or null when it
 * could, as far as it can be told cheaply: nothing was drawn from the
 * generator (`state.random`), every event went to the whole table, and the
 * ruleset does not object. `revealedBy` then checks, when an undo is asked
 * for, that the action showed nobody a secret.
 */
export function undoPolicy<State, Action>(
  ruleset: Ruleset<State, Action, unknown, unknown>,
  before: State,
  after: State,
  seat: Seat,
  action: Action,
  events: readonly GameEvent[],
): Rejection | null {
  if (!sameGenerator(generatorOf(before), generatorOf(after))) return randomDrawn;
  for (const event of events) if (event.audience !== 'all') return shownToSome;
  if (ruleset.undoable && !ruleset.undoable(before, after, seat, action)) {
    return { code: 'not-undoable', message: `the ${ruleset.id} rules do not allow taking it back` };
  }
  return null;
}

/** How many worlds a seat cannot tell from the true one are tried per seat before an undo. */
export const revealWorlds = 4;

/**
 * Whether an action that drew nothing and told everyone the same still
 * showed someone what they could not see (a face-down tile turned over by a
 * move, say): the action is played again in worlds re-dealt for each seat
 * (determinize); where that seat then sees something else than it does now,
 * or the action could not be played at all, what it showed came from a secret.
 *
 * Each viewer's worlds come from a generator of its own, so the first
 * `worlds` of them are the same however many are asked for: a check with
 * fewer worlds is the start of a check with more, and a refusal it finds
 * stands (a re-deal the viewer cannot tell from the truth showed it
 * something else, which proves the secret), while a pass only says that
 * those worlds found nothing.
 */
export function revealedBy<State, Action>(
  ruleset: Ruleset<State, Action, unknown, unknown>,
  before: State,
  after: State,
  seat: Seat,
  action: Action,
  worlds = revealWorlds,
): Rejection | null {
  for (const viewer of [...ruleset.seats(before), 'spectator' as const]) {
    const random = seedRandom(`undo: what an action showed ${viewer}`);
    const seen = ruleset.view(after, viewer);
    const who = viewer === 'spectator' ? 'the spectators' : `seat ${viewer}`;
    for (let world = 0; world < worlds; world++) {
      const other = ruleset.determinize(before, viewer, random);
      const outcome = ruleset.apply(other, seat, action);
      // Compared as the JSON the viewer would be sent, without writing it: this runs for
      // nearly every action a person takes, and the views are the largest part of it.
      if (!outcome.ok || !sameJson(ruleset.view(other, viewer), seen)) {
        return { code: 'secret-revealed', message: `it showed ${who} something hidden before` };
      }
    }
  }
  return null;
}

/** Whether a generator is where it was: the fast one's four words compared directly, being the hot path. */
function sameGenerator(before: unknown, after: unknown): boolean {
  if (Array.isArray(before) && Array.isArray(after)) {
    return (
      before.length === after.length &&
      before[0] === after[0] &&
      before[1] === after[1] &&
      before[2] === after[2] &&
      before[3] === after[3]
    );
  }
  return samePlainData(before, after);
}

/** Rulesets keep their generator at `state.random`; a state without one never draws. */
function generatorOf(state: unknown): unknown {
  return typeof state === 'object' && state !== null
    ? (state as { random?: unknown }).random
    : undefined;
}
