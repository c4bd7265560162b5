import type { HeavyObject } from '../content/effects.js';
import { checkHandSlots, handSlotsOf, heavyItemsOf, heavyThingsHeld } from '../items/hand-slots.js';
import { dropItem } from '../items/inventory.js';
import { basicActionCost, cannotPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction, Question } from '../player-phase/player-action.js';
import type { Answer } from '../vocabulary/actions.js';
import { announce, characterName, type Game, inCombat, room } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';

/**
 * Heavy objects: a Character Corpse, an Intruder Carcass or an Intruder Egg.
 * Picking one up from the room is a basic action (1 card), not in Combat. A
 * character has two hand slots (one with an Arm wound), shared with Heavy
 * Items; with them full, the player is asked what to drop in exchange, and
 * that drop is free. Dropping is always free: an object stays in the room,
 * a Heavy Item is discarded (items/inventory.ts).
 *
 * Eggs lying loose (not carried) can be destroyed by Shoot or Melee. The
 * Nest's eggs sit on the Intruder board and count as lying in the Nest once
 * it is explored; when the last of them is gone the Nest is destroyed.
 */
/** Whether this room holds the explored Nest (its eggs are the Intruder board's). */
export function isExploredNest(game: Game, number: number): boolean {
  const target = room(game.state, number);
  return target.explored && game.tables.roomTiles.get(target.tile)?.nest === true;
}

/** Eggs in the room that nobody carries: loose tokens, plus the Nest's own eggs in the explored Nest. */
export function uncarriedEggs(game: Game, number: number): number {
  let count = 0;
  for (const object of room(game.state, number).objects) if (object === 'egg') count++;
  if (isExploredNest(game, number)) count += game.state.nestEggs;
  return count;
}

/**
 * Destroys up to `count` uncarried eggs in a room; returns how many. The
 * Nest's own eggs go first: eggs dropped there were carried in on purpose,
 * most likely to be studied. Used by Shoot, Melee and Fire.
 */
export function destroyEggs(game: Game, number: number, count: number): number {
  const { state } = game;
  const target = room(game.state, number);
  let destroyed = 0;
  while (destroyed < count) {
    if (isExploredNest(game, number) && state.nestEggs > 0) {
      state.nestEggs--;
      if (state.nestEggs === 0) {
        announce(
          game,
          'nest-destroyed',
          `The last egg of the Nest is gone: the Nest is destroyed`,
          { room: number },
        );
      }
    } else {
      const index = target.objects.indexOf('egg');
      if (index < 0) break;
      target.objects.splice(index, 1);
    }
    destroyed++;
    state.eggsDestroyed++;
  }
  if (destroyed > 0) {
    announce(
      game,
      'eggs-destroyed',
      `${destroyed} egg${destroyed === 1 ? ' is' : 's are'} destroyed in room ${number}`,
      {
        room: number,
        count: destroyed,
      },
    );
  }
  return destroyed;
}

const objectNames: Readonly<Record<HeavyObject, string>> = {
  corpse: 'a Corpse',
  'blue-corpse': 'the blue Corpse',
  carcass: 'a Carcass',
  egg: 'an Egg',
};

function objectName(object: HeavyObject): string {
  return objectNames[object];
}

/** Each kind of object once, in the order first met. */
export function kindsOf(objects: readonly HeavyObject[]): HeavyObject[] {
  return [...new Set(objects)];
}

const objectToPickUp: Question = {
  asks: 'choose-object',
  text: () => 'which object do you pick up?',
  pending: (_game, _player, chosen) => chosen.object === undefined,
  options: (game, player) =>
    kindsOf(room(game.state, player.room).objects).map((object) => ({ type: 'object', object })),
  check(game, player, _chosen, answer) {
    if (answer.type !== 'object') return refuse('choose-object', 'name the object to pick up');
    // An egg of the Nest itself is taken with the Nest's room action, not picked up.
    if (!room(game.state, player.room).objects.includes(answer.object))
      return refuse('no-such-object', `there is no ${answer.object} lying in room ${player.room}`);
    return null;
  },
  record(chosen, answer) {
    if (answer.type === 'object') chosen.object = answer.object;
  },
};

/** Every heavy thing a character could drop: each kind of object once, each Heavy Item once. */
function droppable(game: Game, player: PlayerState): Answer[] {
  const answers: Answer[] = kindsOf(player.carried).map((object) => ({ type: 'object', object }));
  for (const item of new Set(heavyItemsOf(game, player))) answers.push({ type: 'item', item });
  return answers;
}

/** Why `answer` names nothing heavy the character holds, or null when it does. */
function notHeld(game: Game, player: PlayerState, answer: Answer, asked: string) {
  if (answer.type === 'object')
    return player.carried.includes(answer.object)
      ? null
      : refuse('not-carried', `you carry no ${answer.object} to drop`);
  if (answer.type === 'item')
    return heavyItemsOf(game, player).includes(answer.item)
      ? null
      : refuse('not-carried', `you hold no Heavy Item ${answer.item}`);
  return refuse('choose-object', asked);
}

/** With the hands full, the object or Heavy Item dropped in exchange, for free. */
const objectToDrop: Question = {
  asks: 'choose-object',
  text: () => 'your hands are full: what do you drop in exchange?',
  pending: (game, player, chosen) =>
    chosen.drop === undefined &&
    chosen.dropItem === undefined &&
    heavyThingsHeld(game, player) >= handSlotsOf(game, player),
  options: droppable,
  check: (game, player, _chosen, answer) =>
    notHeld(game, player, answer, 'name an object or a Heavy Item to drop'),
  record(chosen, answer) {
    if (answer.type === 'object') chosen.drop = answer.object;
    if (answer.type === 'item') chosen.dropItem = answer.item;
  },
};

export const pickUpAction: PlayerAction<'pick-up'> = {
  type: 'pick-up',
  countsAsAction: true,
  unavailable(game, player) {
    if (inCombat(game.state, player))
      return refuse('in-combat', 'you cannot pick anything up in Combat');
    if (room(game.state, player.room).objects.length === 0)
      return refuse('no-such-object', `nothing lies in room ${player.room} to pick up`);
    return cannotPay(game, player, basicActionCost);
  },
  questions: [objectToPickUp, objectToDrop, payment(() => basicActionCost)],
  perform(game, player, chosen) {
    payCost(player, chosen.cards);
    const object = chosen.object!;
    const where = room(game.state, player.room);
    if (chosen.drop !== undefined) dropObject(game, player, chosen.drop);
    if (chosen.dropItem !== undefined) dropItem(game, player, chosen.dropItem);
    where.objects.splice(where.objects.indexOf(object), 1);
    player.carried.push(object);
    announce(
      game,
      'pick-up',
      `${characterName(game, player)} picks up ${objectName(object)} in room ${player.room}`,
      {
        seat: player.seat,
        object,
        room: player.room,
      },
    );
    // Half of a taped pair dropped in exchange frees no slot (the other item takes it): ask again.
    checkHandSlots(game, player);
  },
};

export function dropObject(game: Game, player: PlayerState, object: HeavyObject): void {
  player.carried.splice(player.carried.indexOf(object), 1);
  room(game.state, player.room).objects.push(object);
  announce(
    game,
    'drop',
    `${characterName(game, player)} drops ${objectName(object)} in room ${player.room}`,
    {
      seat: player.seat,
      object,
      room: player.room,
    },
  );
}

const objectCarried: Question = {
  asks: 'choose-object',
  text: () => 'what do you drop?',
  pending: (_game, _player, chosen) => chosen.object === undefined && chosen.item === undefined,
  options: droppable,
  check: (game, player, _chosen, answer) =>
    notHeld(game, player, answer, 'name the object or Heavy Item to drop'),
  record(chosen, answer) {
    if (answer.type === 'object') chosen.object = answer.object;
    if (answer.type === 'item') chosen.item = answer.item;
  },
};

/** Drop: a heavy object stays in the room; a Heavy Item is discarded. Free, and allowed in Combat. */
export const dropAction: PlayerAction<'drop'> = {
  type: 'drop',
  countsAsAction: false,
  unavailable: (game, player) =>
    heavyThingsHeld(game, player) === 0 ? refuse('not-carried', 'you carry nothing to drop') : null,
  questions: [objectCarried],
  perform(game, player, chosen) {
    if (chosen.item !== undefined) dropItem(game, player, chosen.item);
    else dropObject(game, player, chosen.object!);
  },
};
