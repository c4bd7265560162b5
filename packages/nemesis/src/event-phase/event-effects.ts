import { drawCard } from '@tabletop/engine';
import { killCharacter } from '../combat/death.js';
import type { EventEffect, EventEffectOf } from '../content/event-effects.js';
import { infect } from '../effects/scan.js';
import { addTokenToBag } from '../encounters/encounter.js';
import { launchPod, podsAboard } from '../escape-pods/escape-pods.js';
import { giveContamination } from '../intruders/intruder-attack.js';
import {
  capitalised,
  moveIntruderThrough,
  placeIntruder,
  removeIntruder,
  returnTokenToBag,
} from '../intruders/intruders.js';
import { placeFire, placeMalfunction, placeNoise, placeNoiseAround } from '../markers/markers.js';
import {
  announce,
  characterName,
  corridorsOf,
  type Game,
  hasTechnicalEntrance,
  intruderInCombat,
  otherEnd,
  room,
  turnOrder,
} from '../vocabulary/game.js';
import type { Procedure } from '../vocabulary/procedure.js';
import type { PlayerState } from '../vocabulary/state.js';
import { type EventEffectStep, schedule } from '../vocabulary/steps.js';
import { selectedRooms } from './room-selectors.js';

/**
 * Event Phase, step 4, after the Intruders moved: the card's own effect.
 * Nobody takes it and nobody is asked; each kind of the Event family has one
 * rule in the table below, which the compiler checks is complete.
 */
export const eventEffect: Procedure<EventEffectStep> = {
  resolve(game, step) {
    // Told once the Intruders have moved, so the log shows the effect apart from the movement.
    if (step.whole)
      announce(
        game,
        'event-effect',
        `${game.tables.eventCards.get(step.card)?.name ?? step.card} takes effect`,
        { card: step.card },
      );
    eventRule(step.effect)(game, step.effect, step.card);
    return 'done';
  },
};

type EventRule<E> = (game: Game, effect: E, card: string) => void;

const eventRules: { readonly [K in EventEffect['kind']]: EventRule<EventEffectOf<K>> } = {
  sequence(game, effect, card) {
    schedule(
      game.state.stack,
      ...effect.steps.map((part) => ({ kind: 'event-effect' as const, card, effect: part })),
    );
  },
  'malfunction-in-rooms'(game, effect) {
    for (const number of selectedRooms(game, effect.rooms)) placeMalfunction(game, number);
  },
  'malfunction-in-lowest-room': malfunctionInLowestRoom,
  'fire-spreads': fireSpreads,
  'fire-in-room-or-neighbours'(game, effect) {
    for (const number of selectedRooms(game, effect.rooms)) {
      if (!room(game.state, number).fire) placeFire(game, number);
      else for (const neighbour of reachableNeighbours(game, number)) placeFire(game, neighbour);
    }
  },
  'item-counters-emptied'(game, effect) {
    for (const number of selectedRooms(game, effect.rooms)) {
      const target = room(game.state, number);
      if (target.itemCounter === null || target.itemCounter === 0) continue;
      target.itemCounter = 0;
      announce(game, 'items-lost', `Nothing is left to search in room ${number}`, {
        room: number,
      });
    }
  },
  'intruders-heal'(game, effect) {
    for (const intruder of game.state.intruders) {
      if (intruder.injuries === 0) continue;
      const healed = Math.min(effect.injuries, intruder.injuries);
      intruder.injuries -= healed;
      announce(
        game,
        'intruder-heals',
        `${capitalised(intruder.kind)} #${intruder.id} heals ${healed} injur${healed === 1 ? 'y' : 'ies'}`,
        { intruder: intruder.id, healed },
      );
    }
  },
  'noise-around-rooms'(game, effect) {
    for (const number of selectedRooms(game, effect.rooms)) placeNoiseAround(game, number);
  },
  'closed-doors-open'(game) {
    const opened = game.state.corridors.filter((corridor) => corridor.door === 'closed');
    for (const corridor of opened) corridor.door = 'open';
    if (opened.length > 0)
      announce(game, 'doors-open', `Every closed door opens (${opened.length})`, {
        corridors: opened.map((corridor) => corridor.index),
      });
  },
  hunt,
  eclosion,
  'self-destruct-if-malfunction'(game, effect) {
    if (game.state.selfDestruct !== null) return;
    const broken = selectedRooms(game, effect.rooms).some(
      (number) => room(game.state, number).malfunction,
    );
    if (!broken) return;
    game.state.selfDestruct = 0;
    announce(game, 'self-destruct-started', 'A Malfunction sets off the Self-Destruct sequence');
  },
  'intruders-hide': intrudersHide,
  'lowest-pod-ejected'(game) {
    const pod = podsAboard(game).sort((first, second) => first.number - second.number)[0];
    if (!pod) return;
    announce(game, 'pod-ejected', `Escape Pod ${pod.number} is ejected`, { pod: pod.number });
    launchPod(game, pod);
  },
  hatching,
  'encounter-for-guardians'(game, effect) {
    const guarded = new Set(selectedRooms(game, effect.rooms));
    const guardians = turnOrder(game.state).filter(
      (player) =>
        player.status === 'active' &&
        (guarded.has(player.room) || player.carried.includes(effect.carrying)),
    );
    schedule(
      game.state.stack,
      ...guardians.map((player) => ({
        kind: 'encounter' as const,
        seat: player.seat,
        room: player.room,
      })),
    );
  },
  'technical-corridors-noise'(game) {
    if (placeNoise(game, 'technical')) {
      announce(game, 'noise', 'Noise in the Technical Corridors');
      return;
    }
    const rolling = turnOrder(game.state).filter(
      (player) => player.status === 'active' && hasTechnicalEntrance(game, player.room),
    );
    schedule(
      game.state.stack,
      ...rolling.map((player) => ({
        kind: 'noise-roll' as const,
        seat: player.seat,
        room: player.room,
      })),
    );
  },
};

function eventRule<K extends EventEffect['kind']>(effect: {
  kind: K;
}): EventRule<EventEffectOf<K>> {
  return eventRules[effect.kind];
}

/** Neighbours Fire can reach: through a corridor whose door is not closed (never the Technical Corridors). */
function reachableNeighbours(game: Game, number: number): number[] {
  return corridorsOf(game, number)
    .filter((corridor) => game.state.corridors[corridor]!.door !== 'closed')
    .map((corridor) => otherEnd(game, corridor, number));
}

/** Every burning room sets its neighbours alight at once: a room just set alight does not spread again. */
function fireSpreads(game: Game): void {
  const burning = game.state.rooms.filter((candidate) => candidate.fire);
  const reached = new Set<number>();
  for (const source of burning)
    for (const neighbour of reachableNeighbours(game, source.number)) reached.add(neighbour);
  for (const number of [...reached].sort((first, second) => first - second)) {
    if (game.state.over !== null) return;
    placeFire(game, number);
  }
}

/** The lowest-numbered explored room that can still take a Malfunction marker. */
function malfunctionInLowestRoom(game: Game): void {
  const target = game.state.rooms.find(
    (candidate) =>
      candidate.explored &&
      !candidate.malfunction &&
      game.tables.roomTiles.get(candidate.tile)?.allowsMalfunction !== false,
  );
  if (target) placeMalfunction(game, target.number);
}

/**
 * Hunt: each Adult not in Combat walks into a neighbouring room where a
 * character stands (the lowest-numbered such room when there are several),
 * by the usual movement rules: a closed door stops it and breaks.
 */
function hunt(game: Game, effect: EventEffectOf<'hunt'>): void {
  const hunters = game.state.intruders.filter(
    (intruder) =>
      effect.intruders.includes(intruder.kind) && !intruderInCombat(game.state, intruder),
  );
  for (const intruder of hunters) {
    const exits = corridorsOf(game, intruder.room)
      .map((corridor) => ({ corridor, to: otherEnd(game, corridor, intruder.room) }))
      .filter(({ to }) =>
        game.state.players.some((player) => player.status === 'active' && player.room === to),
      )
      .sort((first, second) => first.to - second.to);
    const prey = exits[0];
    if (prey) moveIntruderThrough(game, intruder, prey.corridor);
  }
}

/**
 * Eclosion: every Larva on a character board bursts out, killing its host and
 * leaving a Creeper; then each character still active draws cards from their
 * deck, scans the Contamination among them (a Larva if any is INFECTED), and
 * discards what was drawn.
 */
function eclosion(game: Game, effect: EventEffectOf<'eclosion'>, card: string): void {
  for (const host of game.state.players.filter(
    (player) => player.status === 'active' && player.larva,
  )) {
    const where = host.room;
    host.larva = false;
    killCharacter(game, host, 'a Larva bursting out');
    placeIntruder(game, 'creeper', where);
  }
  for (const player of turnOrder(game.state)) {
    if (player.status !== 'active') continue;
    const drawn = drawForScan(game, player, effect.draw);
    const contamination = drawn.filter((id) => game.tables.contamination.has(id));
    const infected = contamination.filter((id) => game.state.infectedContamination.includes(id));
    for (const id of contamination) if (!player.scanned.includes(id)) player.scanned.push(id);
    player.actionDeck.discardPile.push(...drawn);
    announce(
      game,
      'eclosion-scan',
      `${characterName(game, player)} draws ${drawn.length} card(s) and scans ${contamination.length} Contamination card(s)`,
      { seat: player.seat, drawn: drawn.length, scanned: contamination.length },
    );
    if (infected.length > 0) infect(game, player, card);
  }
}

function drawForScan(game: Game, player: PlayerState, count: number): string[] {
  const drawn: string[] = [];
  for (let index = 0; index < count; index++) {
    const card = drawCard(player.actionDeck, game.state.random, { reshuffleWhenEmpty: true });
    if (card === undefined) break;
    drawn.push(card);
  }
  return drawn;
}

/** Lurking: every Intruder with no character beside it slips away; its token goes back to the bag. */
function intrudersHide(game: Game): void {
  const hiding = game.state.intruders.filter((intruder) => !intruderInCombat(game.state, intruder));
  for (const intruder of hiding) {
    removeIntruder(game, intruder);
    returnTokenToBag(game, intruder.kind);
    announce(
      game,
      'intruder-hides',
      `${capitalised(intruder.kind)} #${intruder.id} leaves room ${intruder.room} and hides`,
      { intruder: intruder.id },
    );
  }
}

/**
 * Hatching: an Egg leaves the Intruder board. Each character in the Nest
 * with an empty hand gets a Larva and a Contamination card; if nobody did,
 * a Larva token joins the bag. With no Egg left on the board nothing hatches.
 */
function hatching(game: Game, _effect: EventEffectOf<'hatching'>, card: string): void {
  const { state } = game;
  if (state.nestEggs <= 0) return;
  state.nestEggs--;
  state.eggsDestroyed++;
  announce(game, 'egg-hatches', 'An Egg hatches on the Intruder board');
  const nest = selectedRooms(game, { kind: 'nest' });
  const victims = turnOrder(state).filter(
    (player) =>
      player.status === 'active' && nest.includes(player.room) && player.hand.length === 0,
  );
  for (const player of victims) {
    infect(game, player, card);
    if (player.status === 'active') giveContamination(game, player, 1);
  }
  if (victims.length === 0) addTokenToBag(game, 'larva');
}
