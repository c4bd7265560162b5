import { putInBag } from '@tabletop/engine';
import type { IntruderKind } from '../content/effects.js';
import { intruderAppearsIn } from '../escape-pods/escape-pods.js';
import { destroyDoor } from '../markers/markers.js';
import { announce, corridorName, type Game, otherEnd } from '../vocabulary/game.js';
import type { IntruderState } from '../vocabulary/state.js';
import { schedule } from '../vocabulary/steps.js';
import { breaksDoors, doorHeldByWeakness } from './weaknesses.js';

/**
 * Intruder miniatures on the board: placing them within the supply, moving
 * them through corridors (a closed door is destroyed instead; the Technical
 * Corridors swallow them and their token goes back to the bag), and the
 * First Encounter that the first miniature sets off.
 */
export function miniaturesInUse(game: Game, kind: IntruderKind): number {
  let count = 0;
  for (const intruder of game.state.intruders) if (intruder.kind === kind) count++;
  // A Larva on a character board is still one of the six Larva miniatures.
  if (kind === 'larva') for (const player of game.state.players) if (player.larva) count++;
  return count;
}

export function miniaturesLeft(game: Game, kind: IntruderKind): number {
  return (game.tables.intruderKinds.get(kind)?.miniatures ?? 0) - miniaturesInUse(game, kind);
}

/** Places a miniature if one is left in the supply; returns it, or null. */
export function placeIntruder(
  game: Game,
  kind: IntruderKind,
  number: number,
): IntruderState | null {
  const { state } = game;
  if (miniaturesLeft(game, kind) <= 0) {
    announce(game, 'no-miniature', `No ${kind} miniature is left to place in room ${number}`, {
      kind,
      room: number,
    });
    return null;
  }
  const intruder: IntruderState = { id: state.nextIntruderId++, kind, room: number, injuries: 0 };
  state.intruders.push(intruder);
  announce(
    game,
    'intruder-appears',
    `${capitalised(kind)} #${intruder.id} appears in room ${number}`,
    {
      intruder: intruder.id,
      kind,
      room: number,
    },
  );
  intruderAppearsIn(game, number);
  if (!state.firstEncounterDone) {
    state.firstEncounterDone = true;
    const waiting = state.players
      .filter((player) => player.status !== 'dead' && player.objectives.length > 1)
      .map((player) => player.seat);
    if (waiting.length > 0) schedule(state.stack, { kind: 'first-encounter', waiting });
  }
  return intruder;
}

export function removeIntruder(game: Game, intruder: IntruderState): void {
  const index = game.state.intruders.indexOf(intruder);
  if (index >= 0) game.state.intruders.splice(index, 1);
}

export function intruderById(game: Game, id: number): IntruderState | undefined {
  return game.state.intruders.find((intruder) => intruder.id === id);
}

/** Puts a token of this kind back in the bag, from those set aside, if there is one. */
export function returnTokenToBag(game: Game, kind: IntruderKind): boolean {
  const { state } = game;
  const index = state.tokensAside.findIndex(
    (token) => game.tables.intruderTokens.get(token)?.kind === kind,
  );
  if (index < 0) return false;
  const [token] = state.tokensAside.splice(index, 1);
  putInBag(state.bag, token!);
  return true;
}

/** The Intruder disappears into the ducts: injuries gone, token back in the bag, miniature off the board. */
export function enterTechnicalCorridors(game: Game, intruder: IntruderState): void {
  removeIntruder(game, intruder);
  returnTokenToBag(game, intruder.kind);
  announce(
    game,
    'intruder-vanishes',
    `${capitalised(intruder.kind)} #${intruder.id} vanishes into the Technical Corridors`,
    {
      intruder: intruder.id,
    },
  );
}

/**
 * Moves an Intruder out through a corridor or into the Technical Corridors.
 * A closed door stops it and is destroyed. Returns whether it left the room.
 */
export function moveIntruderThrough(
  game: Game,
  intruder: IntruderState,
  exit: number | 'technical',
): boolean {
  if (exit === 'technical') {
    enterTechnicalCorridors(game, intruder);
    return true;
  }
  const corridor = game.state.corridors[exit]!;
  if (corridor.door === 'closed') {
    if (breaksDoors(game, intruder.kind)) destroyDoor(game, exit);
    else {
      doorHeldByWeakness(game, intruder.kind);
      announce(
        game,
        'door-holds',
        `${capitalised(intruder.kind)} #${intruder.id} cannot break the door in ${corridorName(game, exit)}`,
        { intruder: intruder.id, corridor: exit },
      );
    }
    return false;
  }
  const from = intruder.room;
  intruder.room = otherEnd(game, exit, from);
  announce(
    game,
    'intruder-moves',
    `${capitalised(intruder.kind)} #${intruder.id} moves from room ${from} to room ${intruder.room}`,
    {
      intruder: intruder.id,
      from,
      to: intruder.room,
    },
  );
  intruderAppearsIn(game, intruder.room);
  return true;
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
