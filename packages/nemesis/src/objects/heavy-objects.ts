import type { ActionOf } from '../flow/actions.js';
import { announce, characterName, type Game, inCombat, room } from '../flow/game.js';
import { refuse } from '../flow/procedure.js';
import type { HeavyObject, PlayerState } from '../flow/state.js';
import { basicActionCost, checkCost, costOptions, payCost } from '../player-phase/costs.js';
import type { PlayerAction } from '../player-phase/player-action.js';

/**
 * Heavy objects: a Character Corpse, an Intruder Carcass or an Intruder Egg.
 * Picking one up from the room is a basic action (1 card), not in Combat. A
 * character has two hand slots; with both full, the pick-up names what to
 * drop in exchange, and that drop is free. Dropping is always free and leaves
 * the object in the room.
 *
 * Eggs lying loose (not carried) can be destroyed by Shoot or Melee. The
 * Nest's eggs sit on the Intruder board and count as lying in the Nest once
 * it is explored; when the last of them is gone the Nest is destroyed.
 */
export const handSlots = 2;

const nestAction = 'take-egg';

/** Whether this room holds the explored Nest (its eggs are the Intruder board's). */
export function isExploredNest(game: Game, number: number): boolean {
  const target = room(game.state, number);
  return target.explored && game.tables.roomTiles.get(target.tile)?.actionKind === nestAction;
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

function objectName(object: HeavyObject): string {
  return object === 'corpse' ? 'a Corpse' : object === 'carcass' ? 'a Carcass' : 'an Egg';
}

export const pickUpAction: PlayerAction<'pick-up'> = {
  type: 'pick-up',
  countsAsAction: true,
  check(game, player, action) {
    if (inCombat(game.state, player))
      return refuse('in-combat', 'you cannot pick anything up in Combat');
    // An egg of the Nest itself is taken with the Nest's room action, not picked up.
    if (!room(game.state, player.room).objects.includes(action.object)) {
      return refuse('no-such-object', `there is no ${action.object} lying in room ${player.room}`);
    }
    if (action.drop !== undefined && !player.carried.includes(action.drop)) {
      return refuse('not-carried', `you carry no ${action.drop} to drop`);
    }
    if (player.carried.length >= handSlots && action.drop === undefined) {
      return refuse('hands-full', 'both your hands are full: name an object to drop');
    }
    return checkCost(game, player, action.cards, basicActionCost);
  },
  perform(game, player, action) {
    payCost(player, action.cards);
    const where = room(game.state, player.room);
    if (action.drop !== undefined) dropObject(game, player, action.drop);
    where.objects.splice(where.objects.indexOf(action.object), 1);
    player.carried.push(action.object);
    announce(
      game,
      'pick-up',
      `${characterName(game, player)} picks up ${objectName(action.object)} in room ${player.room}`,
      {
        seat: player.seat,
        object: action.object,
        room: player.room,
      },
    );
  },
  enumerate(game, player) {
    if (inCombat(game.state, player)) return [];
    const actions: ActionOf<'pick-up'>[] = [];
    const lying = new Set(room(game.state, player.room).objects);
    if (lying.size === 0) return actions;
    const payments = costOptions(game, player, basicActionCost);
    // With a free hand nothing need be dropped; with both full, each different object carried is a choice.
    const drops: (HeavyObject | undefined)[] =
      player.carried.length >= handSlots ? [...new Set(player.carried)] : [undefined];
    for (const object of lying) {
      for (const drop of drops) {
        for (const cards of payments)
          actions.push(
            drop === undefined
              ? { type: 'pick-up', object, cards }
              : { type: 'pick-up', object, drop, cards },
          );
      }
    }
    return actions;
  },
};

function dropObject(game: Game, player: PlayerState, object: HeavyObject): void {
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

export const dropAction: PlayerAction<'drop'> = {
  type: 'drop',
  countsAsAction: false,
  check(_game, player, action) {
    if (!player.carried.includes(action.object))
      return refuse('not-carried', `you carry no ${action.object}`);
    return null;
  },
  perform(game, player, action) {
    dropObject(game, player, action.object);
  },
  enumerate(_game, player) {
    return [...new Set(player.carried)].map((object) => ({ type: 'drop', object }));
  },
};
