import type { Seat } from '@tabletop/engine';

/**
 * The procedures under way, as plain data on a stack in the state. Each kind
 * is resolved by one function in the file of the rule it implements (see
 * procedures.ts); a step that needs a player's choice waits on top of the
 * stack and becomes a prompt.
 */
export type Step =
  // Setup and the round loop
  | { kind: 'choose-character'; seat: Seat; offer: string[] }
  | { kind: 'player-phase' }
  | { kind: 'player-turn'; seat: Seat; actionsTaken: number }
  | { kind: 'event-phase' }
  | { kind: 'time-track' }
  /** The Intruders still to attack this Event Phase, by id; absent until the step first resolves. */
  | { kind: 'intruder-attacks'; queue?: number[] }
  | { kind: 'fire-damage' }
  /** The Event card under resolution once drawn (it leaves the deck until its disposition). */
  | { kind: 'event-card'; card?: string }
  /** The token drawn (held out of the bag while it resolves) and the seats still to roll for noise. */
  | { kind: 'bag-development'; token?: string; rolls?: Seat[] }
  // Actions and what they set off
  | {
      kind: 'move';
      seat: Seat;
      to: number;
      careful: boolean;
      noiseCorridor: number | 'technical' | null;
    }
  | { kind: 'escape'; seat: Seat; to: number }
  | { kind: 'explore'; seat: Seat; room: number; from: number; careful: boolean }
  | { kind: 'noise-roll'; seat: Seat; room: number }
  | { kind: 'encounter'; seat: Seat; room: number }
  | { kind: 'intruder-attack'; intruder: number; target: Seat; surprise: boolean }
  | { kind: 'first-encounter'; waiting: Seat[] }
  | { kind: 'shoot'; seat: Seat; weapon: string; target: number | 'eggs' }
  | { kind: 'melee'; seat: Seat; target: number | 'eggs' }
  | { kind: 'intruder-injured'; intruder: number }
  | { kind: 'retreat'; intruder: number }
  | { kind: 'intruder-movement'; corridor: number; movers: string[] };

export type StepKind = Step['kind'];
export type StepOf<K extends StepKind> = Extract<Step, { kind: K }>;

/**
 * Pushes steps so that they resolve in the order given, before whatever is
 * already on the stack. (Not named `then`: a module exporting `then` is
 * taken for a promise by dynamic import.)
 */
export function schedule(stack: Step[], ...steps: Step[]): void {
  for (let index = steps.length - 1; index >= 0; index--) stack.push(steps[index]!);
}
