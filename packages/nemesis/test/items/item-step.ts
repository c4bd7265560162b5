import type { Seat } from '@tabletop/engine';
import type { ScenarioTable } from '@tabletop/nemesis/testing';

/**
 * Sets off an item's action effect for a seat, as its use would once paid,
 * and resolves until something waits: the effect step of the item, taken
 * where the character stands.
 */
export function useItem(table: ScenarioTable, seat: Seat, item: string) {
  const facts = table.tables.items.get(item);
  const use = facts?.uses.find((candidate) => candidate.kind === 'action');
  if (!facts || use?.kind !== 'action') throw new Error(`${item} has no action`);
  return table.resolve({
    kind: 'effect',
    seat,
    effect: use.effect,
    room: table.player(seat).room,
    chosen: null,
    source: `the ${facts.name}`,
  });
}

/** Gives a character a quest item whose quest is done: it leaves their quests, face up into their items. */
export function questItem(state: ScenarioTable['state'], seat: Seat, item: string): void {
  const player = state.players[Number(seat)]!;
  const quest = player.quests.indexOf(item);
  if (quest < 0) throw new Error(`${item} is not a quest of seat ${seat}`);
  player.quests.splice(quest, 1);
  player.items.push(item);
}

/** The kind of answer the step on top asks, and of whom. */
export function asked(table: ScenarioTable): { seats: readonly Seat[]; answer?: string }[] {
  return table.prompts().map((prompt) => ({ seats: prompt.seats, answer: prompt.answer }));
}
