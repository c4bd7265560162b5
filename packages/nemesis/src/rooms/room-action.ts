import type { Rejection } from '@tabletop/engine';
import type { RoomTileFacts } from '../content/tables.js';
import { effectUnavailable } from '../effects/handler-table.js';
import { cannotPay, canPay, payCost, payment } from '../player-phase/costs.js';
import type { PlayerAction } from '../player-phase/player-action.js';
import { announce, characterName, type Game, inCombat, room } from '../vocabulary/game.js';
import { refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type EffectStep, schedule } from '../vocabulary/steps.js';

/**
 * Room Action: the action printed on the room the character stands in, for
 * two Action cards (the pack's roomActionCost), never in Combat. A
 * Malfunction marker switches it off (and the room's Computer); Fire does
 * not. What it does is the pack's effect, resolved part by part.
 */
function tileHere(game: Game, player: PlayerState): RoomTileFacts | undefined {
  const here = room(game.state, player.room);
  return here.explored ? game.tables.roomTiles.get(here.tile) : undefined;
}

/** The step that carries out the room's action, before anything is paid. */
function actionStep(player: PlayerState, tile: RoomTileFacts): EffectStep | null {
  if (tile.action === null) return null;
  return {
    kind: 'effect',
    seat: player.seat,
    effect: tile.action,
    room: player.room,
    chosen: null,
    source: `the ${tile.name}`,
  };
}

export function roomActionUnavailable(game: Game, player: PlayerState): Rejection | null {
  const tile = tileHere(game, player);
  const step = tile && actionStep(player, tile);
  if (!tile || !step) return refuse('no-room-action', 'this room has no Room Action');
  if (inCombat(game.state, player))
    return refuse('in-combat', 'a Room Action is never taken in Combat');
  if (room(game.state, player.room).malfunction)
    return refuse('malfunction', `a Malfunction marker switches off the ${tile.name}'s action`);
  return (
    effectUnavailable(game, player, step.effect, step) ??
    cannotPay(game, player, game.tables.roomActionCost)
  );
}

/** Whether the Room Action can be taken now: `roomActionUnavailable`'s answer without its words. */
function roomActionAvailable(game: Game, player: PlayerState): boolean {
  const tile = tileHere(game, player);
  const step = tile && actionStep(player, tile);
  if (!step || room(game.state, player.room).malfunction || inCombat(game.state, player))
    return false;
  if (!canPay(game, player, game.tables.roomActionCost)) return false;
  return effectUnavailable(game, player, step.effect, step) === null;
}

export const roomAction: PlayerAction<'room-action'> = {
  type: 'room-action',
  countsAsAction: true,
  unavailable: roomActionUnavailable,
  available: roomActionAvailable,
  questions: [payment((game) => game.tables.roomActionCost)],
  perform(game, player, chosen) {
    const tile = tileHere(game, player)!;
    payCost(player, chosen.cards);
    announce(
      game,
      'room-action',
      `${characterName(game, player)} takes the Room Action of the ${tile.name}`,
      { seat: player.seat, room: player.room, tile: tile.id },
    );
    schedule(game.state.stack, actionStep(player, tile)!);
  },
};
