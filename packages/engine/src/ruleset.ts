import type { z } from 'zod';
import type { GeneratorKind, RandomState } from './random.js';

/** A place at the table. Rulesets name their own seats ("0", "1", "director", ...). */
export type Seat = string;

/** Who may see an event: everyone at the table, or only the listed seats. */
export type Audience = 'all' | readonly Seat[];

/** Something that happened, for logs, animations and replays. */
export interface GameEvent {
  type: string;
  audience: Audience;
  /** Human-readable line for a log. */
  text?: string;
  [detail: string]: unknown;
}

/** Why an action was refused. The state is exactly as it was before. */
export interface Rejection {
  code: string;
  message: string;
}

export type Outcome = { ok: true; events: GameEvent[] } | { ok: false; rejection: Rejection };

/** One choice a prompt offers, when the choices are few enough to list. */
export interface Choice<Action = unknown> {
  label: string;
  action: Action;
}

/**
 * What the game waits for.
 * - `single`: this one seat must act.
 * - `simultaneous`: every listed seat must answer; the answers are secret until all are in.
 * - `window`: the listed seats may act or pass (interrupts); play goes on when all have passed.
 */
export interface Prompt<Action = unknown> {
  mode: 'single' | 'simultaneous' | 'window';
  seats: readonly Seat[];
  /** The kind of answer wanted, e.g. "choose-action", "roll", "choose-room". */
  answer: string;
  /** What the prompt is about, for people. */
  text: string;
  /** The legal answers, listed when they are few. */
  choices?: readonly Choice<Action>[];
}

export interface Result {
  winners: readonly Seat[];
  summary: string;
  /** A score per seat (1 for a winner and 0 otherwise where a game has no finer score). */
  scores?: Readonly<Record<Seat, number>>;
  details?: unknown;
}

/**
 * The words a person reads, worked out from the reader's own view: the
 * terminal, the web table and the log say the same thing, and nothing in
 * them can come from what the reader may not see.
 */
export interface Describe<Action, View> {
  action(action: Action, view: View): string;
  prompt(prompt: Prompt<Action>, view: View): string;
  event(event: GameEvent, view: View): string;
  /**
   * Words about each thing the reader's view shows that stands in a state of
   * its own here (a room and who is in it, an Intruder and its injuries, a
   * weapon and its ammo, an Objective and which of its conditions hold), by
   * key. Worked out from the view alone, so they hold nothing the reader may
   * not see. A key missing here is looked up in the reference.
   */
  things?(view: View): Record<string, Entry>;
  /**
   * The rules reference of the content loaded: every card, item, room,
   * goal, token and track, and the turn's sequence. Public facts only: the
   * same for every reader, so it may be served to anyone.
   */
  reference?(): ReferenceSection[];
}

/**
 * The words about one thing, as a hover card or the rules reference shows
 * them. Keys name a kind and an id ("item:revolver", "room:5"); a ruleset
 * documents its own keys beside its `describe`.
 */
export interface Entry {
  key: string;
  /** As a player names it: "the Revolver", "Player 2 (Soldier)". */
  name: string;
  /** What sort of thing it is: "Action card", "Item", "Objective", "Room". */
  kind: string;
  /** What playing or using it costs, in words ("1 card"); absent when nothing. */
  cost?: string;
  /** Short marks: "Combat", "Heavy", "one use". */
  tags?: string[];
  /** What it does, in the ruleset's words. */
  text: string;
  /** How it stands here, from the reader's view: "2/4 ammo, with a Scope". */
  state?: string;
  /** A goal's conditions, each with whether it holds as far as the reader can tell (null: not yet known). */
  parts?: { text: string; holds: boolean | null }[];
  /** Keys of other entries it names, for links. */
  see?: string[];
}

/** One chapter of a rules reference: the turn's sequence, the Action cards, the items... */
export interface ReferenceSection {
  id: string;
  title: string;
  entries: Entry[];
}

/**
 * A game's rules as plain functions over plain-data state.
 * `apply` works in place; `Match` wraps it with cloning and a record.
 */
export interface Ruleset<State, Action, View, Options> {
  id: string;
  version: string;
  /** Validated setup options; `parse({})` must give the defaults. */
  options: z.ZodType<Options>;
  /** The wire shape of an action. */
  action: z.ZodType<Action>;
  /**
   * The state before anyone acts. Its generator is `seedRandom(seed, generator)`:
   * the kind only changes how numbers are drawn, never the rules.
   */
  setup(options: Options, seed: string, generator?: GeneratorKind): State;
  seats(state: State): readonly Seat[];
  prompts(state: State): Prompt<Action>[];
  /** Every legal action of a seat now; bounded, for bots and UIs. */
  legalActions(state: State, seat: Seat): Action[];
  /** Changes `state` in place and returns events, or rejects and leaves it untouched. Never throws on bad input. */
  apply(state: State, seat: Seat, action: Action): Outcome;
  /**
   * `apply` for an action taken from `legalActions(state, seat)` as it was
   * listed: it may skip checking the action's wire shape, which a listed
   * action always has. Searches that play thousands of actions use it; the
   * outcome must be the one `apply` gives.
   */
  applyLegal?(state: State, seat: Seat, action: Action): Outcome;
  /** The only way anything leaves the engine. */
  view(state: State, viewer: Seat | 'spectator'): View;
  result(state: State): Result | null;
  /**
   * A copy of `state` with everything `seat` cannot see re-dealt from
   * `random` (hands of others, deck orders, the generator...). Pure: the
   * input is left as it was. It depends only on what `seat` sees: two states
   * with the same view give byte-identical copies for the same random.
   */
  determinize(state: State, seat: Seat | 'spectator', random: RandomState): State;
  /**
   * May this action be taken back? Asked only when the kernel's own undo
   * policy allows it (nothing drawn from `state.random`, every event public):
   * a ruleset says no when the action revealed something all the same.
   */
  undoable?(before: State, after: State, seat: Seat, action: Action): boolean;
  /** Words for people; see Describe. */
  describe?: Describe<Action, View>;
}
