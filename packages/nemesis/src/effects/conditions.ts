import type { BespokeRule, ConditionOf } from '../content/effects.js';
import { hasActiveItem } from '../items/active-items.js';
import { includesObject } from '../objects/object-kinds.js';
import { type Game, hasTechnicalEntrance, intrudersIn, room } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { ConditionHandler } from './handler.js';

/**
 * Conditions read the board as it is now, from the taker's room. Guards on
 * a room read its properties, never its id.
 */

function tileOf(game: Game, number: number) {
  const state = room(game.state, number);
  return state.explored ? game.tables.roomTiles.get(state.tile) : undefined;
}

/** A Malfunction marker switches the Computer off, as if the room had none. */
export function hasWorkingComputer(game: Game, number: number): boolean {
  return tileOf(game, number)?.computer === true && !room(game.state, number).malfunction;
}

export const roomHas: ConditionHandler<ConditionOf<'room-has'>> = {
  unmet: 'your room lacks what this needs',
  holds(game, player, condition) {
    const tile = tileOf(game, player.room);
    switch (condition.property) {
      case 'computer':
        return hasWorkingComputer(game, player.room);
      case 'evac-section':
        return tile?.section != null;
      case 'technical-entrance':
        return hasTechnicalEntrance(game, player.room);
      case 'engine':
        return tile?.engine != null;
      case 'cockpit':
        return tile?.cockpit === true;
    }
  },
};

export const roomColour: ConditionHandler<ConditionOf<'room-colour'>> = {
  unmet: 'your room is not of that colour',
  holds: (game, player, condition) => tileOf(game, player.room)?.colour === condition.colour,
};

/** Present means lying in the room or carried by the taker. */
export const roomHoldsObject: ConditionHandler<ConditionOf<'room-holds-object'>> = {
  unmet: 'no such object is here',
  holds(game, player, condition) {
    const present = [...room(game.state, player.room).objects, ...player.carried];
    return condition.objects.some((object) => includesObject(present, object));
  },
};

export const noIntruderInRoom: ConditionHandler<ConditionOf<'no-intruder-in-room'>> = {
  unmet: 'an Intruder is in the room',
  holds: (game, player) => intrudersIn(game.state, player.room).length === 0,
};

export const carries: ConditionHandler<ConditionOf<'carries'>> = {
  unmet: 'you do not carry that object',
  holds: (_game, player: PlayerState, condition) =>
    includesObject(player.carried, condition.object),
};

/** Lying on the floor of an explored room of that tile: carried does not count. */
export const objectLiesIn: ConditionHandler<ConditionOf<'object-lies-in'>> = {
  unmet: 'that object does not lie in that room',
  holds: (game, _player, condition) =>
    game.state.rooms.some(
      (candidate) =>
        candidate.explored &&
        candidate.tile === condition.room &&
        includesObject(candidate.objects, condition.object),
    ),
};

export const signalSent: ConditionHandler<ConditionOf<'signal-sent'>> = {
  unmet: 'you have not sent a Signal',
  holds: (_game, player) => player.signal,
};

export const everyRoomExplored: ConditionHandler<ConditionOf<'every-room-explored'>> = {
  unmet: 'some room is still unexplored',
  holds: (game) => game.state.rooms.every((candidate) => candidate.explored),
};

export const weaknessesRevealed: ConditionHandler<ConditionOf<'weaknesses-revealed'>> = {
  unmet: 'too few Weaknesses are revealed',
  holds: (game, _player, condition) =>
    game.state.weaknesses.filter((weakness) => weakness.revealed).length >= condition.atLeast,
};

/** One slot of the Intruder board, named by the object whose research reveals it. */
export const weaknessRevealed: ConditionHandler<ConditionOf<'weakness-revealed'>> = {
  unmet: 'that Weakness is still face down',
  holds: (game, _player, condition) =>
    game.state.weaknesses[game.tables.weaknessSlots.indexOf(condition.slot)]?.revealed === true,
};

/** Whether an active item of the player's holds this lasting rule. */
export function holdsActiveRule(game: Game, player: PlayerState, rule: BespokeRule): boolean {
  return [...game.tables.heldItems.values()].some(
    (item) =>
      hasActiveItem(player, item.id) &&
      item.modifiers.some((modifier) => modifier.kind === 'bespoke' && modifier.rule === rule),
  );
}

/** An active item of yours holds this lasting rule. */
export const holdsRule: ConditionHandler<ConditionOf<'holds-rule'>> = {
  unmet: 'you hold no active item with that rule',
  holds: (game, player, condition) => holdsActiveRule(game, player, condition.rule),
};

/**
 * The characters an effect reaches beyond your room: with an active item of
 * the rule named (the Intercom), those in every other room with a working Computer.
 */
export function reachedByComputer(
  game: Game,
  player: PlayerState,
  rule: BespokeRule | undefined,
): PlayerState[] {
  if (rule === undefined || !holdsActiveRule(game, player, rule)) return [];
  return game.state.players.filter(
    (other) =>
      other.status === 'active' &&
      other.room !== player.room &&
      hasWorkingComputer(game, other.room),
  );
}

/** A weapon of yours holds a round to spend. */
export const hasAmmo: ConditionHandler<ConditionOf<'has-ammo'>> = {
  unmet: 'none of your weapons has ammo left',
  holds: (_game, player) => player.weapons.some((weapon) => weapon.ammo > 0),
};
