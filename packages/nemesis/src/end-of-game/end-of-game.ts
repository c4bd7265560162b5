import { discardCard, putInBag, type Seat } from '@tabletop/engine';
import { dropEverything } from '../combat/drop-everything.js';
import { announce, type Game } from '../vocabulary/game.js';
import type { EndReason, PlayerState } from '../vocabulary/state.js';
import { victoryCheck } from './victory-check.js';

/**
 * End of the game. Three ways: the jump (the Time marker reaches its last
 * space), the destruction of the ship (the Self-Destruct marker reaches the
 * skull, or a ninth Fire or Malfunction marker), or no character left
 * active on board. Then the victory check decides who lives and who wins.
 */

function finish(game: Game, reason: EndReason, summary: string, deaths: Map<Seat, string>): void {
  game.state.phase = 'over';
  abandonStack(game);
  announce(game, 'game-over', summary, { reason });
  const victory = victoryCheck(game, reason === 'destruction', deaths);
  game.state.over = { reason, summary, victory };
}

/**
 * Drops every step still under way once the game is over. A token or card a
 * step was holding (drawn, not yet put back) returns to where it belongs
 * first, so every component stays accounted for.
 */
export function abandonStack(game: Game): void {
  const { state } = game;
  for (const step of state.stack) {
    if (step.kind === 'bag-development' && step.token !== undefined) {
      putInBag(state.bag, step.token);
    } else if (step.kind === 'event-card' && step.card !== undefined) {
      discardCard(state.eventDeck, step.card);
    } else if (step.kind === 'search' && step.deck !== null) {
      for (const item of step.drawn ?? []) discardCard(state.itemDecks[step.deck], item);
      step.drawn = [];
    }
  }
  state.stack.length = 0;
}

function dieAboard(
  game: Game,
  player: PlayerState,
  deaths: Map<Seat, string>,
  cause: string,
): void {
  // Hibernating characters and those in pods are off the board: what they carry goes with them.
  const floor = player.status === 'active' ? game.state.rooms[player.room - 1]!.objects : null;
  dropEverything(game, player, floor);
  player.status = 'dead';
  player.pod = null;
  player.death = { cause, room: player.room, round: game.state.round };
  deaths.set(player.seat, cause);
}

/** The ship jumps: everyone aboard and not hibernating dies (Intruders do not). */
export function jump(game: Game, summary = 'The ship jumps into hyperspace'): void {
  if (game.state.over) return;
  const deaths = new Map<Seat, string>();
  for (const player of game.state.players) {
    if (player.status === 'active' || player.status === 'in-pod')
      dieAboard(game, player, deaths, 'the jump into hyperspace');
  }
  for (const pod of game.state.pods) if (!pod.launched) pod.occupants.length = 0;
  finish(game, 'jump', `${summary}; everyone awake aboard dies`, deaths);
}

/** The ship is destroyed: everyone aboard, awake or hibernating, dies, and every Intruder. */
export function destroyShip(game: Game, summary: string): void {
  if (game.state.over) return;
  const deaths = new Map<Seat, string>();
  for (const player of game.state.players) {
    if (player.status === 'active' || player.status === 'in-pod' || player.status === 'hibernating')
      dieAboard(game, player, deaths, "the ship's destruction");
  }
  for (const pod of game.state.pods) if (!pod.launched) pod.occupants.length = 0;
  game.state.killedIntruders.push(...game.state.intruders.map((intruder) => intruder.kind));
  const aboard = game.state.intruders.map((intruder) => intruder.id);
  game.state.intruders.length = 0;
  if (aboard.length > 0)
    announce(game, 'intruders-destroyed', 'Every Intruder aboard dies with the ship', {
      intruders: aboard,
    });
  finish(game, 'destruction', summary, deaths);
}

/**
 * The last active character died, hibernated or left in a pod: both markers
 * move to their last space and resolve (the Self-Destruct first, if active).
 */
export function checkNoCharacterActive(game: Game): void {
  if (game.state.over) return;
  if (game.state.players.some((player) => player.status === 'active' || player.status === 'in-pod'))
    return;
  game.state.time = game.tables.time.jumpAfter;
  if (game.state.selfDestruct !== null)
    game.state.selfDestruct = game.tables.selfDestruct.explodesAfter;
  announce(
    game,
    'time',
    game.state.selfDestruct === null
      ? 'No character is left active: the Time marker moves to its last space'
      : 'No character is left active: the Time and Self-Destruct markers move to their last spaces',
    { time: game.state.time, selfDestruct: game.state.selfDestruct },
  );
  if (game.state.selfDestruct !== null) {
    destroyShip(
      game,
      'No character is left active; the self-destruct runs out and the ship explodes',
    );
    return;
  }
  jump(game, 'No character is left active; the ship jumps');
  const over = game.state.over as { reason: EndReason } | null;
  if (over) over.reason = 'no-character-active';
}

export interface Survivor {
  seat: string;
  character: string | null;
  where: 'hibernating' | 'escaped';
}

export function survivors(game: Game): Survivor[] {
  return game.state.players
    .filter((player) => player.status === 'hibernating' || player.status === 'escaped')
    .map((player) => ({
      seat: player.seat,
      character: player.character,
      where: player.status as Survivor['where'],
    }));
}
