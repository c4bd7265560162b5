import { fireTrigger } from '../flow/trigger-points.js';
import { closeDoor, placeFire, placeMalfunction } from '../markers/markers.js';
import {
  announce,
  characterName,
  corridorBetween,
  type Game,
  playerOf,
  room,
  roomName,
} from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { ExploreStep } from '../vocabulary/steps.js';
import { type Step, schedule } from '../vocabulary/steps.js';
import { resolveDanger } from './danger.js';
import { isEmptyFor } from './movement.js';

/**
 * Exploration, on entering an unexplored room: 1. turn its tile face up;
 * 2. reveal and resolve its Exploration token (Silence, Danger, Slime,
 * Fire, Malfunction, Doors), then remove the token from the game; 3. if
 * nobody else and no Intruder is in the room, a Noise roll, unless the
 * token cancelled it. Careful Movement cancels Silence, Danger and the
 * Noise roll; a slimed character meets Danger where Silence lay. What the
 * room does to whoever enters (the Room with Slime) comes after the token,
 * before the Noise roll: the tile is read once it is face up.
 */
/** The solo game halves every item counter, rounding up: one searcher, half the supplies. */
function itemCounterOf(game: Game, printed: number): number {
  return game.state.players.length === 1 ? Math.ceil(printed / 2) : printed;
}

export const explore: Procedure<ExploreStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    const target = room(game.state, step.room);
    target.explored = true;
    const token = target.explorationToken
      ? game.tables.explorationTokens.get(target.explorationToken)
      : undefined;
    target.explorationToken = null;
    const tile = game.tables.roomTiles.get(target.tile);
    // The Nest and the Room with Slime have no item counter.
    target.itemCounter = token && tile?.itemCounter ? itemCounterOf(game, token.itemCounter) : null;
    announce(
      game,
      'explore',
      `${characterName(game, player)} explores ${roomName(game, step.room)}: ${token?.kind ?? 'nothing'}`,
      {
        seat: player.seat,
        room: step.room,
        tile: target.tile,
        token: token?.kind ?? null,
      },
    );
    let noiseRoll = !step.careful;
    switch (token?.kind) {
      case 'silence':
        noiseRoll = false;
        if (player.slime && !step.careful) resolveDanger(game, step.room);
        break;
      case 'danger':
        noiseRoll = false;
        if (!step.careful) resolveDanger(game, step.room);
        break;
      case 'slime':
        player.slime = true;
        break;
      case 'fire':
        placeFire(game, step.room);
        break;
      case 'malfunction':
        placeMalfunction(game, step.room);
        break;
      case 'doors': {
        // The door goes in the corridor the character came through.
        const entered = corridorBetween(game, step.from, step.room);
        if (entered !== undefined) closeDoor(game, entered);
        break;
      }
      default:
        break;
    }
    if (player.status !== 'active' || game.state.over) return 'done';
    // The room, now face up, acts on whoever entered (the Room with Slime) before the Noise roll.
    const roll: Step | undefined =
      noiseRoll && isEmptyFor(game, player, step.room)
        ? { kind: 'noise-roll', seat: player.seat, room: step.room }
        : undefined;
    const moment = { seat: player.seat, room: step.room, waiting: roll };
    if (!fireTrigger(game, 'enter-room', moment) && roll) schedule(game.state.stack, roll);
    return 'done';
  },
};
