import type { Seat } from '@tabletop/engine';
import { rollNoiseDie } from '../flow/dice.js';
import { announce, characterName, playerOf } from '../flow/game.js';
import type { Procedure } from '../flow/procedure.js';
import { schedule } from '../flow/steps.js';
import { placeNoise } from '../markers/markers.js';
import { resolveDanger } from './danger.js';

export interface NoiseRollStep {
  kind: 'noise-roll';
  seat: Seat;
  room: number;
}

/**
 * The Noise roll: a d10. A number puts a Noise marker in the room's
 * corridor with that number (or in the Technical Corridors); if that
 * corridor already holds one, an Encounter happens instead. Silence: nothing
 * (Danger for a slimed character). Danger: as the exploration token.
 */
export const noiseRoll: Procedure<NoiseRollStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (player.status !== 'active' || player.room !== step.room) return 'done';
    const face = rollNoiseDie(game);
    announce(
      game,
      'noise-roll',
      `${characterName(game, player)} rolls for noise in room ${step.room}: ${face}`,
      {
        seat: player.seat,
        room: step.room,
        face,
      },
    );
    if (face === 'silence') {
      if (player.slime) resolveDanger(game, step.room);
      return 'done';
    }
    if (face === 'danger') {
      resolveDanger(game, step.room);
      return 'done';
    }
    const exit = game.tables.exitByNumber[step.room]?.[face];
    if (exit === undefined) return 'done';
    if (!placeNoise(game, exit))
      schedule(game.state.stack, { kind: 'encounter', seat: player.seat, room: step.room });
    return 'done';
  },
};
