import {
  accept,
  clonePlain,
  type Entry,
  mustAct,
  type Outcome,
  type RandomState,
  type ReferenceSection,
  type Ruleset,
  randomInt,
  redealGenerator,
  type Seat,
  seedRandom,
} from '@tabletop/engine';
import { z } from 'zod';

/**
 * A small game for the server's tests of undo and words: two seats take
 * turns; on its turn a seat may `add` one to a public total (nothing drawn,
 * nothing hidden: it may be taken back), `roll` a die onto it (drawn: it may
 * not), `peek` at a hidden card (shown to that seat alone: it may not), or
 * `pass` the turn. The total reaching the target ends it. Each seat holds a
 * hidden card the other cannot see; the things' words say so from the view.
 * A pass once the total is 10 or more may not be taken back (the rules say so).
 * With `ready`, a seat whose turn comes must first say `ready` (its one
 * answer, which reveals nothing), after an `add` that makes the total a
 * multiple of 3 must `confirm` (likewise), and after a `peek` must
 * `shuffle` (its one answer, which draws).
 */
export interface CounterState {
  total: number;
  target: number;
  turn: 0 | 1;
  cards: [number, number];
  peeked: [boolean, boolean];
  ready: boolean;
  /** The one answer the seat to act owes first, if any. */
  owed: 'ready' | 'shuffle' | 'confirm' | null;
  random: RandomState;
}

export type CounterAction = {
  type: 'add' | 'roll' | 'peek' | 'pass' | 'ready' | 'shuffle' | 'confirm';
};

export interface CounterView {
  total: number;
  target: number;
  turn: 0 | 1;
  owed: 'ready' | 'shuffle' | 'confirm' | null;
  /** The reader's own card, once it has peeked; null otherwise. */
  card: number | null;
}

const seats: readonly Seat[] = ['0', '1'];

function indexOf(seat: Seat): 0 | 1 | null {
  return seat === '0' ? 0 : seat === '1' ? 1 : null;
}

export const counterReference: ReferenceSection[] = [
  {
    id: 'actions',
    title: 'Actions',
    entries: [
      { key: 'action:add', name: 'Add', kind: 'Action', text: 'Add one to the total.' },
      { key: 'action:roll', name: 'Roll', kind: 'Action', text: 'Roll a die onto the total.' },
    ],
  },
];

export interface CounterOptions {
  target: number;
  ready: boolean;
}

export const counter: Ruleset<CounterState, CounterAction, CounterView, CounterOptions> = {
  id: 'counter',
  version: '1',
  options: z
    .object({
      target: z.number().int().min(1).max(1000).default(100),
      ready: z.boolean().default(false),
    })
    .strict(),
  action: z
    .object({ type: z.enum(['add', 'roll', 'peek', 'pass', 'ready', 'shuffle', 'confirm']) })
    .strict(),

  setup(options, seed, generator) {
    const random = seedRandom(seed, generator);
    return {
      total: 0,
      target: options.target,
      turn: 0,
      cards: [randomInt(random, 1, 9), randomInt(random, 1, 9)],
      peeked: [false, false],
      ready: options.ready,
      owed: null,
      random,
    };
  },

  seats: () => seats,

  prompts(state) {
    if (state.total >= state.target) return [];
    return [mustAct(String(state.turn), 'count', 'Add, roll, peek or pass')];
  },

  legalActions(state, seat) {
    if (state.total >= state.target || indexOf(seat) !== state.turn) return [];
    if (state.owed !== null) return [{ type: state.owed }];
    return [{ type: 'add' }, { type: 'roll' }, { type: 'peek' }, { type: 'pass' }];
  },

  apply(state, seat, action): Outcome {
    const index = indexOf(seat);
    if (state.total >= state.target)
      return { ok: false, rejection: { code: 'game-over', message: 'over' } };
    if (index !== state.turn) {
      return {
        ok: false,
        rejection: { code: 'not-your-turn', message: `seat ${state.turn}'s turn` },
      };
    }
    if (state.owed !== null && action.type !== state.owed) {
      return { ok: false, rejection: { code: 'owed', message: `say ${state.owed} first` } };
    }
    switch (action.type) {
      case 'ready':
      case 'confirm':
      case 'shuffle':
        if (state.owed !== action.type) {
          return { ok: false, rejection: { code: 'not-owed', message: 'nothing owed' } };
        }
        state.owed = null;
        if (action.type === 'shuffle') randomInt(state.random, 1, 6);
        return accept([{ type: action.type, audience: 'all', seat }]);
      case 'add':
        state.total += 1;
        if (state.ready && state.total % 3 === 0) state.owed = 'confirm';
        return accept([{ type: 'added', audience: 'all', seat, total: state.total }]);
      case 'roll': {
        const roll = randomInt(state.random, 1, 6);
        state.total += roll;
        return accept([{ type: 'rolled', audience: 'all', seat, roll }]);
      }
      case 'peek':
        state.peeked[index] = true;
        if (state.ready) state.owed = 'shuffle';
        return accept([{ type: 'peeked', audience: [seat], seat, card: state.cards[index] }]);
      case 'pass':
        state.turn = index === 0 ? 1 : 0;
        if (state.ready) state.owed = 'ready';
        return accept([{ type: 'passed', audience: 'all', seat }]);
    }
  },

  view(state, viewer) {
    const index = indexOf(viewer);
    return {
      total: state.total,
      target: state.target,
      turn: state.turn,
      owed: state.owed,
      card: index !== null && state.peeked[index] ? state.cards[index] : null,
    };
  },

  result(state) {
    if (state.total < state.target) return null;
    return { winners: [String(state.turn)], summary: `seat ${state.turn} reaches the target` };
  },

  /** Passing once the total is 10 or more is final. */
  undoable: (before, _after, _seat, action) => !(action.type === 'pass' && before.total >= 10),

  determinize(state, viewer, random) {
    const copy = clonePlain(state);
    const index = indexOf(viewer);
    for (const other of [0, 1] as const) {
      if (other !== index || !copy.peeked[other]) copy.cards[other] = randomInt(random, 1, 9);
    }
    redealGenerator(copy.random, random);
    return copy;
  },

  describe: {
    action: (action) => `${action.type} once`,
    prompt: (_prompt, view) => `seat ${view.turn} counts (total ${view.total})`,
    event: (event) => `${String(event.seat)} ${event.type}`,
    things(view): Record<string, Entry> {
      const things: Record<string, Entry> = {
        'track:total': {
          key: 'track:total',
          name: 'the total',
          kind: 'Track',
          text: `The game ends at ${view.target}.`,
          state: `${view.total} of ${view.target}`,
        },
      };
      if (view.card !== null) {
        things['card:mine'] = {
          key: 'card:mine',
          name: 'your card',
          kind: 'Card',
          text: 'Your hidden card.',
          state: `${view.card}`,
        };
      }
      return things;
    },
    reference: () => counterReference,
  },
};
