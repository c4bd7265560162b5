import type { NoiseFace } from '../content/schema.js';
import { fireTrigger } from '../flow/trigger-points.js';
import { announceNoise, placeNoise } from '../markers/markers.js';
import { rollNoiseDie } from '../vocabulary/dice.js';
import { announce, characterName, corridorName, type Game, playerOf } from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type NoiseRollStep, schedule } from '../vocabulary/steps.js';
import { resolveDanger } from './danger.js';

/**
 * The Noise roll: a d10. A number puts a Noise marker in the room's
 * corridor with that number (or in the Technical Corridors); if that
 * corridor already holds one, an Encounter happens instead. Silence: nothing
 * (Danger for a slimed character). Danger: as the exploration token.
 *
 * Once rolled, the roller may react to their own roll before it takes
 * effect (the Motion Sensor rolls it again), once per roll.
 */
export const noiseRoll: Procedure<NoiseRollStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (player.status !== 'active' || player.room !== step.room) return 'done';
    if (step.face !== undefined) {
      resolveNoise(game, player, step.room, step.face);
      return 'done';
    }
    const face = rollNoiseDie(game);
    announce(
      game,
      'noise-roll',
      `${characterName(game, player)} ${step.rerolled ? 'rolls again' : 'rolls'} for noise in room ${step.room}: ${face}`,
      {
        seat: player.seat,
        room: step.room,
        face,
      },
    );
    const waiting: NoiseRollStep = { ...step, face };
    const moment = { seat: player.seat, room: step.room, waiting };
    if (step.rerolled || !fireTrigger(game, 'own-noise-roll', moment))
      resolveNoise(game, player, step.room, face);
    return 'done';
  },
};

/** What the face does: noise in the corridor of its number, or Silence, or Danger. */
function resolveNoise(game: Game, player: PlayerState, room: number, face: NoiseFace): void {
  if (face === 'silence') {
    if (player.slime) resolveDanger(game, room);
    return;
  }
  if (face === 'danger') {
    resolveDanger(game, room);
    return;
  }
  const exit = game.tables.exitByNumber[room]?.[face];
  if (exit === undefined) return;
  if (placeNoise(game, exit)) {
    announceNoise(game, exit, room);
    return;
  }
  const where = corridorName(game, exit);
  const details = exit === 'technical' ? { room } : { room, corridor: exit };
  announce(game, 'noise-encounter', `Noise was already in ${where}: an Encounter`, details);
  schedule(game.state.stack, { kind: 'encounter', seat: player.seat, room });
}
