import { mustAct, type Rejection } from '@tabletop/engine';
import { checkNoCharacterActive } from '../end-of-game/end-of-game.js';
import { podChoices } from '../vocabulary/actions.js';
import {
  announce,
  characterName,
  type Game,
  intrudersIn,
  playerOf,
  seatName,
} from '../vocabulary/game.js';
import { type Procedure, refuse } from '../vocabulary/procedure.js';
import type { PlayerState, PodState } from '../vocabulary/state.js';
import { type BoardEscapePodStep, type PodTurnStep, schedule } from '../vocabulary/steps.js';

/**
 * Escape Pods. Each holds two characters. They start locked; the first
 * death and the Self-Destruct's yellow spaces unlock them all, and the
 * Hatch Control System and the Evacuation Key lock or unlock one at a time.
 * A character enters from the working Evac Section of the pod's section,
 * never with an Intruder there, after a Noise roll that brings none. Aboard,
 * the character sits out each round unless, at the start of a later turn,
 * their player launches the pod (it leaves the game with everyone in it) or
 * steps back out into the section. An Intruder appearing in the section
 * sends everyone waiting in its pods back into the room.
 */

/** The section an Evac Section room serves, or null for any other room. */
export function evacSectionOf(game: Game, number: number): PodState['section'] | null {
  const room = game.state.rooms[number - 1];
  if (!room?.explored) return null;
  return game.tables.roomTiles.get(room.tile)?.section ?? null;
}

/** The room of the board holding the Evac Section of this section, explored or not. */
function evacRoomOf(game: Game, section: PodState['section']): number | undefined {
  return game.state.rooms.find((room) => game.tables.roomTiles.get(room.tile)?.section === section)
    ?.number;
}

/** The pods still aboard. */
export function podsAboard(game: Game): PodState[] {
  return game.state.pods.filter((pod) => !pod.launched);
}

function hasFreeSeat(game: Game, pod: PodState): boolean {
  return pod.occupants.length < game.tables.pods.seats;
}

/** The first unlocked pod of a section with a free seat, if any. */
export function freePodOf(game: Game, section: PodState['section']): PodState | undefined {
  return podsAboard(game).find(
    (pod) => pod.section === section && !pod.locked && hasFreeSeat(game, pod),
  );
}

/** Why the character cannot try to enter an Escape Pod now, or null. */
export function escapePodUnavailable(game: Game, player: PlayerState): Rejection | null {
  if (player.status !== 'active') return refuse('not-aboard', 'your character is not on board');
  const section = evacSectionOf(game, player.room);
  if (section === null)
    return refuse('not-in-evac-section', 'Escape Pods are entered from an Evac Section');
  if (intrudersIn(game.state, player.room).length > 0)
    return refuse('intruder-in-section', 'no one enters a pod with an Intruder in the section');
  if (!freePodOf(game, section))
    return refuse('no-pod-seat', `no unlocked Escape Pod of section ${section} has a free seat`);
  return null;
}

/**
 * The Evac Section's action: rejects (changing nothing) or pushes the Noise
 * roll and then the boarding, which fails if an Intruder came into the room.
 */
export function enterEscapePod(game: Game, player: PlayerState): Rejection | null {
  const rejection = escapePodUnavailable(game, player);
  if (rejection) return rejection;
  schedule(
    game.state.stack,
    { kind: 'noise-roll', seat: player.seat, room: player.room },
    { kind: 'board-escape-pod', seat: player.seat, room: player.room },
  );
  return null;
}

/**
 * The boarding proper (the `enter-escape-pod` effect, after its Noise roll):
 * if an Intruder is in the room, the attempt fails; otherwise the character
 * takes a free seat of an unlocked pod of the section and sits out the rest
 * of the round.
 */
export function boardEscapePod(game: Game, player: PlayerState): boolean {
  const name = characterName(game, player);
  const section = evacSectionOf(game, player.room);
  if (player.status !== 'active' || section === null) return false;
  if (intrudersIn(game.state, player.room).length > 0) {
    announce(game, 'pod-boarding-fails', `${name} fails to reach a pod: an Intruder is here`, {
      seat: player.seat,
    });
    return false;
  }
  const pod = freePodOf(game, section);
  if (!pod) {
    announce(game, 'pod-boarding-fails', `${name} finds no free seat in an unlocked pod`, {
      seat: player.seat,
    });
    return false;
  }
  pod.occupants.push(player.seat);
  player.pod = pod.number;
  player.status = 'in-pod';
  player.passed = true;
  announce(game, 'pod-boarded', `${name} boards Escape Pod ${pod.number}`, {
    seat: player.seat,
    pod: pod.number,
  });
  return true;
}

export const boardEscapePodStep: Procedure<BoardEscapePodStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (player.room === step.room) boardEscapePod(game, player);
    return 'done';
  },
};

/** The pods a character may lock or unlock: those of the section they stand in, or all. */
export function podsWithinReach(
  game: Game,
  player: PlayerState,
  reach: 'this-section' | 'any',
): PodState[] {
  if (reach === 'any') return podsAboard(game);
  const section = evacSectionOf(game, player.room);
  return podsAboard(game).filter((pod) => pod.section === section);
}

/**
 * Flips one Escape Pod token to its other side (Hatch Control reaches any
 * pod, the Evacuation Key those of the section where it is used). Rejects,
 * changing nothing, a pod out of reach or gone.
 */
export function lockOrUnlockPods(
  game: Game,
  player: PlayerState,
  reach: 'this-section' | 'any',
  number: number,
): Rejection | null {
  const pod = podsWithinReach(game, player, reach).find((candidate) => candidate.number === number);
  if (!pod) return refuse('pod-out-of-reach', `Escape Pod ${number} is not within reach`);
  pod.locked = !pod.locked;
  announce(
    game,
    pod.locked ? 'pod-locked' : 'pod-unlocked',
    `${characterName(game, player)} ${pod.locked ? 'locks' : 'unlocks'} Escape Pod ${pod.number}`,
    { seat: player.seat, pod: pod.number },
  );
  return null;
}

/** Every pod still aboard unlocks (the first death, the Self-Destruct's yellow spaces); returns those that were locked. */
export function unlockAllPods(game: Game): PodState[] {
  const locked = podsAboard(game).filter((pod) => pod.locked);
  for (const pod of locked) pod.locked = false;
  return locked;
}

/**
 * An Intruder appeared in a room: if it is an Evac Section, everyone
 * waiting in its pods is put back into the room.
 */
export function intruderAppearsIn(game: Game, number: number): void {
  const section = evacSectionOf(game, number);
  if (section === null) return;
  for (const pod of podsAboard(game)) {
    if (pod.section !== section || pod.occupants.length === 0) continue;
    for (const seat of pod.occupants) {
      const player = playerOf(game.state, seat)!;
      player.status = 'active';
      player.pod = null;
      player.room = number;
      announce(
        game,
        'pod-left',
        `An Intruder in the Evac Section: ${characterName(game, player)} is put back out of Escape Pod ${pod.number}`,
        { seat, pod: pod.number },
      );
    }
    pod.occupants.length = 0;
  }
}

/** The pod leaves the ship with everyone in it: they have escaped. */
export function launchPod(game: Game, pod: PodState): void {
  pod.launched = true;
  for (const seat of pod.occupants) {
    const player = playerOf(game.state, seat)!;
    player.status = 'escaped';
  }
  announce(game, 'pod-launched', `Escape Pod ${pod.number} launches`, {
    pod: pod.number,
    seats: [...pod.occupants],
  });
  checkNoCharacterActive(game);
}

/** Steps out of the pod into its Evac Section; the turn goes on as usual. */
export function leavePod(game: Game, player: PlayerState): void {
  const pod = game.state.pods.find((candidate) => candidate.number === player.pod)!;
  pod.occupants.splice(pod.occupants.indexOf(player.seat), 1);
  player.status = 'active';
  player.pod = null;
  player.room = evacRoomOf(game, pod.section) ?? player.room;
  announce(
    game,
    'pod-left',
    `${characterName(game, player)} steps out of Escape Pod ${pod.number}`,
    { seat: player.seat, pod: pod.number },
  );
}

export const podTurn: Procedure<PodTurnStep> = {
  resolve(game, step) {
    const player = playerOf(game.state, step.seat)!;
    if (player.status !== 'in-pod') return 'done';
    if (step.choice === undefined) return 'wait';
    if (step.choice === 'launch') {
      launchPod(game, game.state.pods.find((pod) => pod.number === player.pod)!);
    } else if (step.choice === 'leave') {
      leavePod(game, player);
    } else {
      player.passed = true;
      announce(game, 'pod-wait', `${characterName(game, player)} waits in the pod`, {
        seat: player.seat,
      });
    }
    // The turn goes on, or on to the next player for one who waited or left the ship.
    schedule(game.state.stack, { kind: 'player-turn', seat: player.seat, actionsTaken: 0 });
    return 'done';
  },

  prompts(game, step) {
    const player = playerOf(game.state, step.seat)!;
    return [
      mustAct(
        step.seat,
        'escape-pod',
        `${characterName(game, player)}: in Escape Pod ${player.pod}: launch it, step out, or wait`,
      ),
    ];
  },

  legalActions(_game, step, seat) {
    if (seat !== step.seat) return [];
    return podChoices.map((choice) => ({ type: 'escape-pod', choice }) as const);
  },

  answer(game, step, seat, action) {
    if (seat !== step.seat)
      return refuse('not-your-turn', `it is ${seatName(game, step.seat)}'s turn`);
    if (action.type !== 'escape-pod')
      return refuse('in-pod', 'you are in an Escape Pod: launch it, step out, or wait');
    step.choice = action.choice;
    return null;
  },
};
