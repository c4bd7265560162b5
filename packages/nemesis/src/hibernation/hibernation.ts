import type { Rejection } from '@tabletop/engine';
import { checkNoCharacterActive } from '../end-of-game/end-of-game.js';
import { announce, characterName, type Game, intrudersIn, playerOf } from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type FallAsleepStep, schedule } from '../vocabulary/steps.js';

/**
 * Hibernation. The chambers open once the Time marker is on a blue space.
 * Trying costs a Noise roll; an Intruder in the room afterwards means the
 * attempt failed. A character who falls asleep leaves the board for good:
 * whether they live is settled at the end of the game. Once anyone sleeps,
 * nobody may set the Destination or start the Self-Destruct.
 */
export function isHibernationOpen(game: Game): boolean {
  return game.state.time >= game.tables.time.hibernationOpensAfter;
}

export function anyoneHibernates(game: Game): boolean {
  return game.state.players.some((player) => player.status === 'hibernating');
}

/** Why the character cannot try to hibernate now, or null. */
export function hibernationUnavailable(game: Game, player: PlayerState): Rejection | null {
  if (player.status !== 'active') return refuse('not-aboard', 'your character is not on board');
  if (!isHibernationOpen(game))
    return refuse(
      'hibernation-closed',
      'the hibernation chambers open only once the Time marker reaches the blue spaces',
    );
  if (intrudersIn(game.state, player.room).length > 0)
    return refuse('in-combat', 'no one falls asleep with an Intruder in the room');
  return null;
}

/**
 * The Hibernatorium's action: rejects (changing nothing) or pushes the Noise
 * roll and then falling asleep, which fails if an Intruder came into the room.
 */
export function hibernate(game: Game, player: PlayerState): Rejection | null {
  const rejection = hibernationUnavailable(game, player);
  if (rejection) return rejection;
  schedule(
    game.state.stack,
    { kind: 'noise-roll', seat: player.seat, room: player.room },
    { kind: 'fall-asleep', seat: player.seat, room: player.room },
  );
  return null;
}

/**
 * Falling asleep proper (the `hibernate` effect, after its Noise roll): an
 * Intruder in the room means failure; otherwise the character leaves the
 * board, with whatever they carry.
 */
export function fallAsleep(game: Game, player: PlayerState): boolean {
  if (player.status !== 'active' || !isHibernationOpen(game)) return false;
  const name = characterName(game, player);
  if (intrudersIn(game.state, player.room).length > 0) {
    announce(game, 'hibernation-fails', `${name} fails to hibernate: an Intruder is here`, {
      seat: player.seat,
    });
    return false;
  }
  player.status = 'hibernating';
  player.passed = true;
  announce(game, 'hibernates', `${name} falls asleep in a hibernation chamber`, {
    seat: player.seat,
  });
  checkNoCharacterActive(game);
  return true;
}

export const fallAsleepStep: Procedure<FallAsleepStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (player.room === step.room) fallAsleep(game, player);
    return 'done';
  },
};
