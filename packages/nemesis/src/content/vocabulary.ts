// Where a pack uses the effect vocabulary, and which of its kinds a rules
// engine has no handler for. Both the cross-checks (references inside
// effects) and the load-time refusal of an unhandled kind walk the pack here,
// so they agree on what "used" means.
import type {
  Condition,
  Effect,
  HandlerName,
  Modifier,
  QuestTask,
  Trigger,
  Use,
} from './effects.js';
import { formatPath } from './errors.js';
import { type ContentFiles, type ContentPart, contentFiles } from './schema.js';

type Path = readonly PropertyKey[];

/** One use of a kind: the node, its handler name, and where it sits in the pack. */
export type KindUse =
  | { family: 'effect'; node: Effect; handler: HandlerName; file: string; path: Path }
  | { family: 'modifier'; node: Modifier; handler: HandlerName; file: string; path: Path }
  | { family: 'condition'; node: Condition; handler: HandlerName; file: string; path: Path }
  | { family: 'quest-task'; node: QuestTask; handler: HandlerName; file: string; path: Path };

type Visit = (use: KindUse) => void;

function file(part: ContentPart): string {
  return contentFiles[part].file;
}

function visitCondition(condition: Condition, file: string, path: Path, visit: Visit): void {
  visit({ family: 'condition', node: condition, handler: condition.kind, file, path });
  if (condition.kind === 'all' || condition.kind === 'any') {
    condition.of.forEach((inner, index) => {
      visitCondition(inner, file, [...path, 'of', index], visit);
    });
  }
  if (condition.kind === 'not') visitCondition(condition.of, file, [...path, 'of'], visit);
}

function visitModifier(modifier: Modifier, file: string, path: Path, visit: Visit): void {
  const handler: HandlerName =
    modifier.kind === 'bespoke' ? `bespoke:${modifier.rule}` : modifier.kind;
  visit({ family: 'modifier', node: modifier, handler, file, path });
}

function visitEffect(effect: Effect, file: string, path: Path, visit: Visit): void {
  const handler: HandlerName = effect.kind === 'bespoke' ? `bespoke:${effect.rule}` : effect.kind;
  visit({ family: 'effect', node: effect, handler, file, path });
  switch (effect.kind) {
    case 'choice':
      effect.options.forEach((option, index) => {
        visitEffect(option, file, [...path, 'options', index], visit);
      });
      return;
    case 'sequence':
      effect.steps.forEach((step, index) => {
        visitEffect(step, file, [...path, 'steps', index], visit);
      });
      return;
    case 'optional':
      visitEffect(effect.effect, file, [...path, 'effect'], visit);
      return;
    case 'only-if':
      visitCondition(effect.condition, file, [...path, 'condition'], visit);
      visitEffect(effect.effect, file, [...path, 'effect'], visit);
      return;
    case 'choose-room':
      visitEffect(effect.effect, file, [...path, 'effect'], visit);
      return;
    default:
      return;
  }
}

function visitUse(use: Use, file: string, path: Path, visit: Visit): void {
  switch (use.kind) {
    case 'action':
    case 'reaction':
    case 'triggered':
      visitEffect(use.effect, file, [...path, 'effect'], visit);
      return;
    case 'modifier':
      visitModifier(use.modifier, file, [...path, 'modifier'], visit);
      if (use.while !== undefined) visitCondition(use.while, file, [...path, 'while'], visit);
      return;
  }
}

/** Calls `visit` for every effect, modifier, condition and quest task in the pack, nested ones too. */
export function forEachKindUse(data: ContentFiles, visit: Visit): void {
  const items = file('items');
  data.items.items.forEach((item, index) => {
    item.uses.forEach((use, position) => {
      visitUse(use, items, ['items', index, 'uses', position], visit);
    });
    item.weapon?.rules.forEach((rule, position) => {
      visitModifier(rule, items, ['items', index, 'weapon', 'rules', position], visit);
    });
    if (item.quest !== undefined) {
      const task = item.quest.task;
      const path = ['items', index, 'quest', 'task'];
      visit({ family: 'quest-task', node: task, handler: task.kind, file: items, path });
    }
  });
  const rooms = file('rooms');
  data.rooms.rooms.forEach((room, index) => {
    if (room.action !== null) visitEffect(room.action, rooms, ['rooms', index, 'action'], visit);
    if (room.passive !== undefined)
      visitUse(room.passive, rooms, ['rooms', index, 'passive'], visit);
  });
  const objectives = file('objectives');
  data.objectives.cards.forEach((card, index) => {
    visitCondition(card.requirement, objectives, ['cards', index, 'requirement'], visit);
  });
  const wounds = file('seriousWounds');
  data.seriousWounds.cards.forEach((card, index) => {
    visitModifier(card.effect, wounds, ['cards', index, 'effect'], visit);
  });
  const weaknesses = file('weaknesses');
  data.weaknesses.cards.forEach((card, index) => {
    visitModifier(card.effect, weaknesses, ['cards', index, 'effect'], visit);
  });
  const characters = file('characters');
  data.characters.weapons.forEach((weapon, index) => {
    weapon.rules.forEach((rule, position) => {
      visitModifier(rule, characters, ['weapons', index, 'rules', position], visit);
    });
  });
  data.characters.characters.forEach((character, index) => {
    character.actionDeck.forEach((card, position) => {
      if (card.play !== undefined)
        visitEffect(
          card.play,
          characters,
          ['characters', index, 'actionDeck', position, 'play'],
          visit,
        );
    });
  });
}

/** A trigger point the pack waits for: an item's reaction, a room's passive, an interrupt card. */
export interface TriggerUse {
  trigger: Trigger;
  file: string;
  path: Path;
}

/** Every trigger point the pack names, and where. */
export function triggersNamed(data: ContentFiles): TriggerUse[] {
  const named: TriggerUse[] = [];
  const items = file('items');
  data.items.items.forEach((item, index) => {
    item.uses.forEach((use, position) => {
      if (use.kind === 'reaction' || use.kind === 'triggered')
        named.push({ trigger: use.trigger, file: items, path: ['items', index, 'uses', position] });
    });
  });
  const rooms = file('rooms');
  data.rooms.rooms.forEach((room, index) => {
    if (room.passive?.kind === 'triggered')
      named.push({ trigger: room.passive.trigger, file: rooms, path: ['rooms', index, 'passive'] });
  });
  const characters = file('characters');
  data.characters.characters.forEach((character, index) => {
    character.actionDeck.forEach((card, position) => {
      for (const trigger of card.answers ?? [])
        named.push({
          trigger,
          file: characters,
          path: ['characters', index, 'actionDeck', position, 'answers'],
        });
    });
  });
  return named;
}

/** The trigger points a pack names that no rule fires: waiting for them, a card would never act. */
export function unfiredTriggers(
  data: ContentFiles,
  fired: Iterable<Trigger>,
): { trigger: Trigger; usedAt: string[] }[] {
  const known = new Set(fired);
  const found = new Map<Trigger, string[]>();
  for (const use of triggersNamed(data)) {
    if (known.has(use.trigger)) continue;
    found.set(use.trigger, [
      ...(found.get(use.trigger) ?? []),
      `${use.file}: ${formatPath(use.path)}`,
    ]);
  }
  return [...found].map(([trigger, usedAt]) => ({ trigger, usedAt }));
}

/** Whether an effect, or any effect nested in it, is of the given kind. */
export function containsKind(effect: Effect, kind: Effect['kind']): boolean {
  let found = false;
  visitEffect(effect, '', [], (use) => {
    if (use.family === 'effect' && use.node.kind === kind) found = true;
  });
  return found;
}

export interface UnhandledKind {
  /** The handler name missing: a kind, or `bespoke:<rule>`. */
  readonly handler: string;
  readonly family: KindUse['family'];
  /** Where the pack uses it, as `file: path`, in pack order. */
  readonly usedAt: readonly string[];
}

/**
 * Every kind the pack uses that `handled` lacks, in order of first use, each
 * with the places that use it. A rules engine refuses a pack for which this
 * is not empty, naming what it cannot play.
 */
export function unhandledKinds(data: ContentFiles, handled: Iterable<string>): UnhandledKind[] {
  const known = new Set(handled);
  const missing = new Map<string, { family: KindUse['family']; usedAt: string[] }>();
  forEachKindUse(data, (use) => {
    if (known.has(use.handler)) return;
    const entry = missing.get(use.handler) ?? { family: use.family, usedAt: [] };
    entry.usedAt.push(`${use.file}: ${formatPath(use.path)}`);
    missing.set(use.handler, entry);
  });
  return [...missing].map(([handler, entry]) => ({ handler, ...entry }));
}

/** Every handler name the pack uses, sorted. */
export function usedHandlers(data: ContentFiles): string[] {
  const used = new Set<string>();
  forEachKindUse(data, (use) => {
    used.add(use.handler);
  });
  return [...used].sort();
}

/** The handler names an effect needs, nested effects and conditions included, in order of use. */
export function handlersOf(effect: Effect): HandlerName[] {
  const names = new Set<HandlerName>();
  visitEffect(effect, '', [], (use) => {
    names.add(use.handler);
  });
  return [...names];
}
