import type { QuestTask } from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import type { QuestTaskHandler } from '../effects/handler.js';
import type { Game } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * What completes a quest, as the quest card prints it: being in a named
 * room, or giving up an item of one of the named kinds. The quest action
 * (items/quests.ts) reads these through the handler table.
 *
 * Choice (the rules are silent): a quest done in a room needs only the
 * character there; a Malfunction or a Fire marker does not stop it, as it is
 * no Room Action.
 */
type TaskOf<Kind extends QuestTask['kind']> = Extract<QuestTask, { kind: Kind }>;

function tileName(tables: Tables, tile: string): string {
  return tables.roomTiles.get(tile)?.name ?? tile;
}

/** "Tools or Duct Tape"; items that share a name (the two Energy Charges) are named once. */
function itemNames(tables: Tables, items: readonly string[]): string {
  const names = [...new Set(items.map((item) => tables.items.get(item)?.name ?? item))];
  return names.length <= 1
    ? (names[0] ?? 'nothing')
    : `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** The room the character stands in, by its tile, once explored (it always is, with someone in it). */
function tileHere(game: Game, player: PlayerState): string | null {
  const here = game.state.rooms[player.room - 1];
  return here?.explored ? here.tile : null;
}

export const activateInRoom: QuestTaskHandler<TaskOf<'activate-in-room'>> = {
  unavailable(game, player, task) {
    return tileHere(game, player) === task.room
      ? null
      : refuse('wrong-room', `this quest is done in the ${tileName(game.tables, task.room)}`);
  },
  itemsTaken: () => [],
  words: (tables, task) => `be in the ${tileName(tables, task.room)}`,
};

export const discardItemForQuest: QuestTaskHandler<TaskOf<'discard-item'>> = {
  unavailable(game, player, task) {
    return this.itemsTaken(game, player, task).length > 0
      ? null
      : refuse(
          'missing-item',
          `this quest takes ${itemNames(game.tables, task.items)}, and you hold none`,
        );
  },
  itemsTaken: (_game, player, task) =>
    task.items.filter((item) => player.items.includes(item)).sort(),
  words: (tables, task) => `discard ${itemNames(tables, task.items)}`,
};
