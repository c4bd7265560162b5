import type { Rejection } from '@tabletop/engine';
import type { Quest } from '../content/schema.js';
import { questTaskItems, questTaskUnavailable } from '../effects/handler-table.js';
import { canPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction, Question } from '../player-phase/player-action.js';
import { announce, characterName, type Game, inCombat } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { Chosen } from '../vocabulary/steps.js';
import { discardItem, gainItem, itemName } from './inventory.js';

/**
 * Completing a quest: each character starts with two quest items lying on
 * their quest side, which are not items yet. Completing one is a Basic
 * Action costing what its card says (one Action card in the base game),
 * never in Combat; the quest's task, read from the card, says what it takes
 * (being in a named room, or discarding an item of a named kind). Then the
 * card turns face up into the inventory: it is an item from then on, in
 * view of all.
 *
 * Asked in turn: the quest, then (for a quest that takes an item) which item
 * of the inventory is given, then the cards that pay. The item is asked even
 * when only one would do: whether the question comes is read from the quest
 * card, which everyone sees, never from the secret inventory.
 */

function questOf(game: Game, item: string): Quest | null {
  return game.tables.items.get(item)?.quest ?? null;
}

/** Why this quest cannot be completed now; null when it can. */
function questUnavailable(game: Game, player: PlayerState, item: string): Rejection | null {
  const quest = questOf(game, item);
  if (!quest || !player.quests.includes(item))
    return refuse('no-such-quest', `${itemName(game, item)} is not a quest of yours still to do`);
  const task = questTaskUnavailable(game, player, quest.task);
  if (task) return refuse(task.code, `the ${itemName(game, item)}: ${task.message}`);
  if (!canPay(game, player, quest.cost))
    return refuse(
      'wrong-cost',
      `the quest of the ${itemName(game, item)} costs ${quest.cost} Action card${quest.cost === 1 ? '' : 's'}, and your hand cannot pay it`,
    );
  return null;
}

/** Whether this quest can be completed now: `questUnavailable`'s answer without its words. */
function questPossible(game: Game, player: PlayerState, item: string): boolean {
  const quest = questOf(game, item);
  if (!quest || !player.quests.includes(item) || !canPay(game, player, quest.cost)) return false;
  return questTaskUnavailable(game, player, quest.task) === null;
}

/** The player's quests that can be completed now. */
function questsPossible(game: Game, player: PlayerState): string[] {
  return player.quests.filter((item) => questPossible(game, player, item));
}

/** Whether the chosen quest takes an item, read from its card. */
function takesItem(game: Game, chosen: Chosen): boolean {
  if (chosen.item === undefined) return false;
  return questOf(game, chosen.item)?.task.kind === 'discard-item';
}

const questToComplete: Question = {
  asks: 'choose-item',
  text: () => 'which quest do you complete?',
  pending: (_game, _player, chosen) => chosen.item === undefined,
  options: (game, player) =>
    questsPossible(game, player).map((item) => ({ type: 'item' as const, item })),
  check(game, player, _chosen, answer) {
    if (answer.type !== 'item') return refuse('choose-item', 'name the quest you complete');
    return questUnavailable(game, player, answer.item);
  },
  record(chosen, answer) {
    if (answer.type === 'item') {
      chosen.item = answer.item;
      chosen.components = [];
    }
  },
};

const itemGiven: Question = {
  asks: 'choose-item',
  text: (game, _player, chosen) =>
    `which item do you discard for the quest of the ${itemName(game, chosen.item!)}?`,
  pending: (game, _player, chosen) =>
    takesItem(game, chosen) && (chosen.components?.length ?? 0) === 0,
  options: (game, player, chosen) =>
    questTaskItems(game, player, questOf(game, chosen.item!)!.task).map((item) => ({
      type: 'item' as const,
      item,
    })),
  check(game, player, chosen, answer) {
    const task = questOf(game, chosen.item!)!.task;
    if (answer.type !== 'item')
      return refuse('choose-item', 'name the item of your inventory you discard');
    if (!questTaskItems(game, player, task).includes(answer.item))
      return refuse(
        'wrong-item',
        `the quest of the ${itemName(game, chosen.item!)} does not take a ${itemName(game, answer.item)} of yours`,
      );
    return null;
  },
  record(chosen, answer) {
    if (answer.type === 'item') chosen.components = [answer.item];
  },
};

export const completeQuestAction: PlayerAction<'complete-quest'> = {
  type: 'complete-quest',
  countsAsAction: true,
  unavailable(game, player) {
    if (player.quests.length === 0) return refuse('no-quest', 'you have no quest left to do');
    if (inCombat(game.state, player))
      return refuse('in-combat', 'a quest is never completed in Combat');
    if (player.quests.some((item) => questPossible(game, player, item))) return null;
    const reasons = player.quests.map(
      (item) => questUnavailable(game, player, item)?.message ?? itemName(game, item),
    );
    return refuse('quest-not-possible', `no quest can be completed now (${reasons.join('; ')})`);
  },
  available: (game, player) =>
    !inCombat(game.state, player) &&
    player.quests.some((item) => questPossible(game, player, item)),
  questions: [
    questToComplete,
    itemGiven,
    payment((game, _player, chosen) =>
      chosen.item === undefined ? 0 : (questOf(game, chosen.item)?.cost ?? 0),
    ),
  ],
  perform(game, player, chosen) {
    const item = chosen.item!;
    payCost(player, chosen.cards);
    const given = chosen.components ?? [];
    for (const component of given) discardItem(game, player, component);
    const giving = given.map((component) => `, discarding the ${itemName(game, component)}`);
    announce(
      game,
      'quest-completed',
      `${characterName(game, player)} completes the quest of the ${itemName(game, item)}${giving.join('')}: it turns face up`,
      { seat: player.seat, item, components: [...given] },
    );
    player.quests.splice(player.quests.indexOf(item), 1);
    gainItem(game, player, item, 'its quest done');
  },
};
