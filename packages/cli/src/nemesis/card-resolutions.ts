import type { GameEvent } from '@tabletop/engine';
import type { Tables } from '@tabletop/nemesis';

/**
 * Which cards of the pack had their effect resolve in simulated games, read
 * from the events of each applied action (the true state's events, so a
 * whisper counts too). What "its effect resolved" means, family by family:
 * - an Action card: it is played (the `play-card` event names it; a Search
 *   card played by searching too, and an interrupt played at a window);
 * - an item: one of its uses is taken (`use-item`, a fitting included), one
 *   of its reactions is taken (`reaction`), or, for a weapon, it is fired
 *   (`shoot` names it); an item whose only uses are lasting rules (the
 *   Autoloader, the Intercom, the Holo Computer) when its quest is completed
 *   and the rule comes into force (`quest-completed`);
 * - an Event card: its effect step starts, after the Intruders moved
 *   (`event-effect`);
 * - an Intruder Attack card: it hits (`intruder-attack` with `hit`);
 * - a Weakness: its rule changes an outcome (`weakness-applies`).
 */
export const cardFamilies = [
  'action_cards',
  'items',
  'event_cards',
  'intruder_attack_cards',
  'weaknesses',
] as const;
export type CardFamily = (typeof cardFamilies)[number];

/** By family, every card id of the pack with the times its effect resolved. */
export type CardsResolved = Record<CardFamily, Record<string, number>>;

/** What an event says resolved: the family and the card, or nothing. */
type Reading = (event: GameEvent) => [CardFamily, unknown] | null;

export class CardResolutions {
  readonly counts: CardsResolved;
  /** Event type to its reading: one lookup per event keeps simulate's speed. */
  readonly #readings: ReadonlyMap<string, Reading>;

  constructor(tables: Tables) {
    const zeroes = (ids: Iterable<string>) => Object.fromEntries([...ids].map((id) => [id, 0]));
    this.counts = {
      action_cards: zeroes(tables.actionCards.keys()),
      items: zeroes(tables.items.keys()),
      event_cards: zeroes(tables.eventCards.keys()),
      intruder_attack_cards: zeroes(tables.attackCards.keys()),
      weaknesses: zeroes(tables.weaknesses),
    };
    const lastingOnly = new Set(
      [...tables.items.values()]
        .filter((item) => item.uses.length > 0 && item.uses.every((use) => use.kind === 'modifier'))
        .map((item) => item.id),
    );
    this.#readings = new Map<string, Reading>([
      ['play-card', (event) => ['action_cards', event.card]],
      ['use-item', (event) => ['items', event.item]],
      ['reaction', (event) => ['items', event.item]],
      ['shoot', (event) => ['items', event.weapon]],
      [
        'quest-completed',
        (event) => (lastingOnly.has(event.item as string) ? ['items', event.item] : null),
      ],
      ['event-effect', (event) => ['event_cards', event.card]],
      [
        'intruder-attack',
        (event) => (event.hit === true ? ['intruder_attack_cards', event.card] : null),
      ],
      ['weakness-applies', (event) => ['weaknesses', event.weakness]],
    ]);
  }

  /** Counts what these events resolved; ids outside the family (a starting weapon's shot) are left out. */
  count(events: readonly GameEvent[]): void {
    for (const event of events) {
      const reading = this.#readings.get(event.type)?.(event);
      if (!reading) continue;
      const [family, id] = reading;
      const counts = this.counts[family];
      if (typeof id === 'string' && counts[id] !== undefined) counts[id]++;
    }
  }

  /** By family, the ids never resolved, in the pack's order. */
  neverResolved(): Record<CardFamily, string[]> {
    const never = {} as Record<CardFamily, string[]>;
    for (const family of cardFamilies)
      never[family] = Object.entries(this.counts[family])
        .filter(([, times]) => times === 0)
        .map(([id]) => id);
    return never;
  }
}
