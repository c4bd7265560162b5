import type { Action, Prompt, TableState } from './client.ts';

export type { Action };

/** The legal actions of a state, as objects whose fields the chooser compares. */
export function actionsOf(state: { actions: readonly unknown[] }): Action[] {
  return state.actions as Action[];
}

/**
 * The thing an action names, as the words' keys name it (see the rulesets'
 * keys): the answer's field gives the kind, its value the id; an action
 * with no field is a kind of action (`action:move`).
 */
const fieldKinds: Readonly<Record<string, string>> = {
  card: 'card',
  item: 'item',
  room: 'room',
  corridor: 'corridor',
  target: 'intruder',
  weapon: 'weapon',
  character: 'character',
  keep: 'objective',
  object: 'token',
};

export function thingOf(action: Action): string | null {
  const fields = Object.keys(action).filter((field) => field !== 'type');
  if (fields.length === 0) return typeof action.type === 'string' ? `action:${action.type}` : null;
  for (const field of fields) {
    const kind = fieldKinds[field];
    const value = action[field];
    if (kind && (typeof value === 'string' || typeof value === 'number')) return `${kind}:${value}`;
  }
  return null;
}

/**
 * Legal actions are chosen a field at a time: first the kind, then each
 * field on which the remaining actions differ (a room, an Intruder, a card
 * to pay with). The page knows no game: it reads the actions' own fields.
 */
export type Picks = Record<string, unknown>;

export function pretty(value: unknown): string {
  if (typeof value === 'string') return value.replace(/-/g, ' ');
  if (Array.isArray(value)) return value.length === 0 ? 'nothing' : value.map(pretty).join(', ');
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>)
      .map(([key, inner]) => `${key} ${pretty(inner)}`)
      .join(', ');
  }
  return String(value);
}

export function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The words for one legal action: the prompt's label, the ruleset's words, or its fields. */
export function actionLabel(state: TableState, index: number): string {
  const action = actionsOf(state)[index]!;
  const words = state.words?.actions[index];
  if (words) return words;
  for (const prompt of state.prompts) {
    const choice = prompt.choices?.find((c) => sameJson(c.action, action));
    if (choice) return choice.label;
  }
  const { type, ...fields } = action;
  const rest = Object.entries(fields)
    .map(([key, value]) => `${key} ${pretty(value)}`)
    .join('; ');
  return rest ? `${pretty(type)}: ${rest}` : pretty(type);
}

/** A pick under this prefix closes an array field: no more elements than those picked. */
const closed = 'closed:';

function matches(action: Action, picks: Picks): boolean {
  return Object.entries(picks).every(([field, picked]) => {
    if (field.startsWith(closed)) {
      const name = field.slice(closed.length);
      const value = action[name];
      const chosen = Array.isArray(picks[name]) ? (picks[name] as unknown[]) : [];
      return Array.isArray(value) && value.length === chosen.length;
    }
    const value = action[field];
    if (Array.isArray(value) && Array.isArray(picked)) {
      return picked.every((element) => value.some((v) => sameJson(v, element)));
    }
    return sameJson(value, picked);
  });
}

export function candidates(actions: Action[], picks: Picks): number[] {
  const indexes: number[] = [];
  actions.forEach((action, index) => {
    if (matches(action, picks)) indexes.push(index);
  });
  return indexes;
}

export interface Question {
  field: string;
  /** Distinct values (for an array field, its elements not yet picked). */
  values: unknown[];
  array: boolean;
}

/** The next field the remaining actions differ on, or null when one action is left. */
export function nextQuestion(actions: Action[], indexes: number[], picks: Picks): Question | null {
  if (indexes.length <= 1) return null;
  const fields: string[] = ['type'];
  for (const index of indexes) {
    for (const field of Object.keys(actions[index]!))
      if (!fields.includes(field)) fields.push(field);
  }
  for (const field of fields) {
    if (picks[`${closed}${field}`]) continue;
    const seen = new Map<string, unknown>();
    let array = false;
    for (const index of indexes) {
      const value = actions[index]![field];
      if (Array.isArray(value)) {
        array = true;
        for (const element of value) {
          const already =
            Array.isArray(picks[field]) &&
            (picks[field] as unknown[]).some((p) => sameJson(p, element));
          if (!already) seen.set(JSON.stringify(element), element);
        }
      } else {
        seen.set(JSON.stringify(value ?? null), value);
      }
    }
    const distinctWhole = new Set(
      indexes.map((index) => JSON.stringify(actions[index]![field] ?? null)),
    );
    if (distinctWhole.size > 1 && seen.size > 0)
      return { field, values: [...seen.values()], array };
  }
  return null;
}

/** Whether some remaining action holds exactly the elements picked so far in this array field. */
export function canClose(
  actions: Action[],
  indexes: number[],
  picks: Picks,
  question: Question,
): boolean {
  if (!question.array) return false;
  const chosen = Array.isArray(picks[question.field]) ? (picks[question.field] as unknown[]) : [];
  return indexes.some((index) => {
    const value = actions[index]![question.field];
    return Array.isArray(value) && value.length === chosen.length;
  });
}

export function close(picks: Picks, question: Question): Picks {
  return {
    ...picks,
    [`${closed}${question.field}`]: true,
    [question.field]: picks[question.field] ?? [],
  };
}

export function pick(picks: Picks, question: Question, value: unknown): Picks {
  if (question.array) {
    const before = Array.isArray(picks[question.field]) ? (picks[question.field] as unknown[]) : [];
    return { ...picks, [question.field]: [...before, value] };
  }
  return { ...picks, [question.field]: value };
}

/** The words for one prompt: the ruleset's, else the prompt's own text. */
export function promptWords(
  state: { prompts: readonly Prompt[]; words?: { prompts: string[] } },
  index: number,
): string {
  const prompt = state.prompts[index]!;
  return state.words?.prompts[index] ?? prompt.text ?? pretty(prompt.answer ?? prompt.mode);
}
