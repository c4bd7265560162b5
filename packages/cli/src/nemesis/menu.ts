import {
  type ActionOf,
  actionWords,
  cardNames,
  type Glossary,
  type NemesisAction,
  type NemesisView,
  plural,
} from '@tabletop/nemesis';

/**
 * Numbered menus built from a seat's legal actions. The list of legal actions
 * can run to dozens (every move times every way to pay), so a menu first
 * offers what to do, then, only where several answers remain, where the
 * noise goes and which cards pay. A level with a single answer is folded
 * into the label above it instead of being asked.
 */
export interface Menu {
  question: string;
  options: MenuOption[];
}

export interface MenuOption {
  label: string;
  next: MenuNext;
}

export type MenuNext =
  | { kind: 'action'; action: NemesisAction }
  | { kind: 'menu'; menu: Menu }
  /** Pass, discarding the cards the player lists by number. */
  | { kind: 'pick-cards'; cards: { id: string; label: string }[]; passes: ActionOf<'pass'>[] };

/** One way the remaining actions of a group differ, asked as its own question. */
interface Dimension {
  question: string;
  key(action: NemesisAction): string;
  /** The option's label when this level is asked. */
  label(action: NemesisAction): string;
  /** Appended to the label above when only one answer remains. */
  folded(action: NemesisAction): string;
  /** Appended to the label above when this level will be asked. */
  pending(action: NemesisAction): string;
}

interface Group {
  order: number;
  label: string;
  actions: NemesisAction[];
  dimensions: Dimension[];
}

const typeOrder: Record<string, number> = {
  'choose-character': 0,
  'choose-objective': 1,
  shoot: 2,
  melee: 3,
  move: 4,
  'careful-move': 5,
  'pick-up': 6,
  drop: 7,
  pass: 8,
};

function cardsOf(action: NemesisAction): readonly string[] {
  return 'cards' in action ? action.cards : [];
}

function paymentDimension(view: NemesisView, glossary: Glossary): Dimension {
  const names = (action: NemesisAction) => cardNames(cardsOf(action), view, glossary);
  return {
    question: 'Which card(s) do you discard to pay?',
    // Cards with the same name do the same thing, so they count as one way to pay.
    key: names,
    label: (action) => `Discard ${names(action)}`,
    folded: (action) => (cardsOf(action).length > 0 ? ` — discard ${names(action)}` : ' (free)'),
    pending: (action) =>
      ` — costs ${plural(cardsOf(action).length, 'card')} (you choose which next)`,
  };
}

function noiseDimension(view: NemesisView, glossary: Glossary): Dimension {
  const spot = (action: NemesisAction) => actionWords(action, view, glossary).noise ?? '';
  return {
    question: 'Where does the Noise marker go?',
    key: spot,
    label: (action) => `Noise in ${spot(action)}`,
    folded: (action) => `, noise in ${spot(action)}`,
    pending: () => ', then choose where the noise goes',
  };
}

/** Actions that differ only in how they are paid (and where Careful Movement's noise goes) share a line. */
function groupOf(
  action: NemesisAction,
  view: NemesisView,
  glossary: Glossary,
): { key: string; label: string; dimensions: Dimension[] } {
  const words = actionWords(action, view, glossary);
  const dimensions: Dimension[] = [];
  if (words.noise !== undefined) dimensions.push(noiseDimension(view, glossary));
  if (words.payment !== undefined) dimensions.push(paymentDimension(view, glossary));
  const {
    cards: _paid,
    noise: _noise,
    ...chosen
  } = action as NemesisAction & {
    cards?: unknown;
    noise?: unknown;
  };
  return { key: JSON.stringify(chosen), label: words.what, dimensions };
}

/** One option for a group of actions that differ only along `dimensions`. */
function refine(label: string, actions: NemesisAction[], dimensions: Dimension[]): MenuOption {
  const [dimension, ...rest] = dimensions;
  const first = actions[0]!;
  if (!dimension) return { label, next: { kind: 'action', action: first } };
  const groups = new Map<string, NemesisAction[]>();
  for (const action of actions) {
    const key = dimension.key(action);
    const group = groups.get(key);
    if (group) group.push(action);
    else groups.set(key, [action]);
  }
  if (groups.size === 1) return refine(label + dimension.folded(first), actions, rest);
  return {
    label: label + dimension.pending(first),
    next: {
      kind: 'menu',
      menu: {
        question: dimension.question,
        options: [...groups.values()].map((group) =>
          refine(dimension.label(group[0]!), group, rest),
        ),
      },
    },
  };
}

/**
 * Pass: keep everything, throw away the Contamination, empty the hand, or
 * name the cards; each of these only when it differs from the others.
 */
function passOption(passes: ActionOf<'pass'>[], view: NemesisView, glossary: Glossary): MenuOption {
  // Every subset of the hand is legal, so the largest discard is the whole hand, in order.
  const hand = passes.reduce<readonly string[]>(
    (largest, pass) => (pass.discard.length > largest.length ? pass.discard : largest),
    [],
  );
  const find = (cards: readonly string[]) =>
    passes.find(
      (pass) =>
        pass.discard.length === cards.length && cards.every((card) => pass.discard.includes(card)),
    );
  const nothing = find([]);
  if (hand.length === 0 && nothing)
    return { label: 'Pass (your hand is empty)', next: { kind: 'action', action: nothing } };
  const options: MenuOption[] = [];
  const offered = new Set<string>();
  const offer = (label: string, cards: readonly string[]) => {
    const action = find(cards);
    const key = [...cards].sort().join(',');
    if (!action || offered.has(key)) return;
    offered.add(key);
    options.push({ label, next: { kind: 'action', action } });
  };
  offer('Pass and discard nothing', []);
  const contamination = hand.filter((card) => glossary.tables.contamination.has(card));
  if (contamination.length > 0)
    offer(
      `Pass and discard your Contamination (${plural(contamination.length, 'card')})`,
      contamination,
    );
  offer(`Pass and discard your whole hand (${plural(hand.length, 'card')})`, hand);
  if (hand.length > 1) {
    options.push({
      label: 'Pass and choose which cards to discard',
      next: {
        kind: 'pick-cards',
        cards: hand.map((id) => ({ id, label: glossary.card(id, view.you) })),
        passes,
      },
    });
  }
  return {
    label: 'Pass (you may discard cards)',
    next: { kind: 'menu', menu: { question: 'Pass: which cards do you discard?', options } },
  };
}

/** The first menu for a seat's legal actions. */
export function buildMenu(
  question: string,
  actions: readonly NemesisAction[],
  view: NemesisView,
  glossary: Glossary,
): Menu {
  const groups = new Map<string, Group>();
  const passes: ActionOf<'pass'>[] = [];
  for (const action of actions) {
    if (action.type === 'pass') {
      passes.push(action);
      continue;
    }
    const { key, label, dimensions } = groupOf(action, view, glossary);
    const group = groups.get(key);
    if (group) group.actions.push(action);
    else
      groups.set(key, {
        order: typeOrder[action.type] ?? 99,
        label,
        actions: [action],
        dimensions,
      });
  }
  const options = [...groups.values()]
    .sort((first, second) => first.order - second.order)
    .map((group) => refine(group.label, group.actions, group.dimensions));
  if (passes.length > 0) options.push(passOption(passes, view, glossary));
  return { question, options };
}

/**
 * Reads "1 3" (or "1,3") as card numbers 1-based; returns the cards or a
 * message saying what was wrong.
 */
export function parseCardNumbers(
  text: string,
  count: number,
): { numbers: number[] } | { error: string } {
  const words = text
    .split(/[\s,]+/)
    .map((word) => word.trim())
    .filter((word) => word.length > 0);
  const numbers: number[] = [];
  for (const word of words) {
    if (!/^\d+$/.test(word))
      return { error: `"${word}" is not a card number; use numbers from 1 to ${count}` };
    const number = Number(word);
    if (number < 1 || number > count)
      return { error: `there is no card ${number}; use numbers from 1 to ${count}` };
    if (numbers.includes(number)) return { error: `card ${number} is named twice` };
    numbers.push(number);
  }
  return { numbers };
}
