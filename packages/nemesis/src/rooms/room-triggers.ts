import type { Passive, Trigger } from '../content/effects.js';
import type { RoomTileFacts } from '../content/tables.js';
import { type Game, room } from '../vocabulary/game.js';
import type { PlayerState } from '../vocabulary/state.js';
import type { EffectStep } from '../vocabulary/steps.js';

/**
 * What a room does by itself, read from the pack's `passive` field, never
 * from the room's id: the Cabins let a character draw one more card, the
 * Room with Slime slimes whoever enters. A Malfunction marker switches a
 * room's passive off, as it does its action (the Cabins say so; the Room
 * with Slime never takes one). A face-down room does nothing yet.
 */
export function workingPassive(
  game: Game,
  number: number,
): { tile: RoomTileFacts; passive: Passive } | null {
  const here = room(game.state, number);
  if (!here.explored || here.malfunction) return null;
  const tile = game.tables.roomTiles.get(here.tile);
  return tile?.passive ? { tile, passive: tile.passive } : null;
}

/**
 * The effects a room sets off by itself at a trigger point (entering it),
 * as steps for the character, to be resolved next: what the room answers
 * when the point is fired (flow/trigger-points.ts).
 */
export function roomTriggers(
  game: Game,
  player: PlayerState,
  number: number,
  trigger: Trigger,
): EffectStep[] {
  const found = workingPassive(game, number);
  if (found?.passive.kind !== 'triggered' || found.passive.trigger !== trigger) return [];
  return [
    {
      kind: 'effect',
      seat: player.seat,
      effect: found.passive.effect,
      room: number,
      chosen: null,
      source: `the ${found.tile.name}`,
    },
  ];
}
