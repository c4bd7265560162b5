import { type Seat, shuffle } from '@tabletop/engine';
import { dropEverything } from '../combat/drop-everything.js';
import type { Condition, ConditionOf, Destination } from '../content/effects.js';
import { destinationName } from '../describe/destinations.js';
import { announce, characterName, type Game, seatOfPlayerNumber } from '../flow/game.js';
import type { EngineStatus, PlayerState } from '../flow/state.js';
import { objectOfKind } from '../objects/heavy-objects.js';
import { damagedEngines } from './engines.js';

/**
 * The victory check, once the game has ended and someone left the ship
 * alive, in the player aid's order:
 * 1. Engines: two or three damaged, and the ship explodes: everyone still
 *    aboard, hibernating or not, dies, and every Intruder.
 * 2. Coordinates: the card read at the Destination marker says where the
 *    ship went; anywhere but Earth, the hibernating die (an objective may
 *    name other safe destinations: Quarantine's Mars). Pods count as Earth.
 * 3. Contamination: each survivor scans every Contamination card they own;
 *    with one INFECTED (or a Larva, which skips the scan) all their cards
 *    are shuffled and four drawn: any Contamination card among them kills.
 * 4. Objectives: each survivor's Objectives are revealed and checked; a
 *    survivor who meets them all wins.
 */

export type Survival = 'escape-pod' | 'hibernation';

export interface Fate {
  seat: Seat;
  character: string | null;
  /** How the character left the ship alive; null for the dead. */
  survivedBy: Survival | null;
  /** What killed them, at the end or during the game; null for a survivor. */
  death: string | null;
  /** Their Objectives, revealed. */
  objectives: string[];
  /** The four cards drawn in the Contamination check, when it came to that. */
  drawn: string[];
  winner: boolean;
}

export interface VictoryCheck {
  /** The top Engine tokens, revealed. */
  engines: EngineStatus[];
  coordinates: string;
  destination: string;
  /** Where the ship arrived, or null when it was destroyed. */
  reached: Destination | null;
  shipDestroyed: boolean;
  fates: Fate[];
}

/** What the end of the game leaves behind, for the victory check. */
export interface TheEnd {
  game: Game;
  shipDestroyed: boolean;
  reached: Destination | null;
  /** Seats alive at each step (survivors only, once the check begins). */
  survivors: ReadonlySet<Seat>;
}

function survival(player: PlayerState): Survival | null {
  if (player.status === 'escaped') return 'escape-pod';
  if (player.status === 'hibernating') return 'hibernation';
  return null;
}

/** Where the ship is headed: the Coordinates card read at the Destination marker. */
export function shipHeadsTo(game: Game): Destination {
  return game.tables.coordinates.get(game.state.coordinates)!.destinations[game.state.destination]!;
}

type Evaluator<C> = (end: TheEnd, player: PlayerState, condition: C) => boolean;

/** Guards on where an effect may be used: they say nothing about the end, and no objective names one. */
const guard = () => false;

/**
 * Each condition kind of the vocabulary, read at the end of the game for
 * one survivor; the compiler checks that every kind has its evaluator.
 */
// The numbering lives with the game's names, which log lines use too.
export { playerNumberOfSeat, seatOfPlayerNumber } from '../flow/game.js';

const evaluators: { readonly [K in Condition['kind']]: Evaluator<ConditionOf<K>> } = {
  all: (end, player, condition) => condition.of.every((inner) => holdsAtTheEnd(end, player, inner)),
  any: (end, player, condition) => condition.of.some((inner) => holdsAtTheEnd(end, player, inner)),
  not: (end, player, condition) => !holdsAtTheEnd(end, player, condition.of),
  // A pod flies home: for those who left in one, the ship's fate does not matter.
  'ship-reaches': (end, player, condition) =>
    player.status === 'escaped'
      ? condition.destination === 'earth'
      : end.reached === condition.destination,
  'only-survivor': (end, player) => end.survivors.size === 1 && end.survivors.has(player.seat),
  'other-survivors': (end, player, condition) =>
    [...end.survivors].filter((seat) => seat !== player.seat).length >= condition.atLeast,
  // Naming yourself is false.
  'player-character-survives': (end, player, condition) => {
    const seat = seatOfPlayerNumber(condition.player);
    if (seat === player.seat || !end.game.state.players.some((other) => other.seat === seat))
      return false;
    return end.survivors.has(seat) === condition.survives;
  },
  'signal-sent': (_end, player) => player.signal,
  'ship-destroyed': (end) => end.shipDestroyed,
  'intruder-killed': (end, _player, condition) =>
    (end.game.state.killedIntruders as readonly string[]).includes(condition.intruder),
  'nest-destroyed': (end) => end.shipDestroyed || end.game.state.nestEggs === 0,
  'survived-by': (_end, player, condition) => {
    const how = survival(player);
    return how !== null && condition.ways.includes(how);
  },
  // The items in the survivor's inventory, whatever their kind.
  'holds-items': (_end, player, condition) => player.items.length >= condition.atLeast,
  'every-room-explored': (end) => end.game.state.rooms.every((room) => room.explored),
  carries: (_end, player, condition) => player.carried.includes(objectOfKind[condition.object]),
  'weaknesses-revealed': (end, _player, condition) =>
    end.game.state.weaknesses.filter((weakness) => weakness.revealed).length >= condition.atLeast,
  'weakness-revealed': (end, _player, condition) => {
    const slot = end.game.tables.weaknessSlots.indexOf(condition.slot);
    return end.game.state.weaknesses[slot]?.revealed === true;
  },
  'room-has': guard,
  'room-colour': guard,
  'room-holds-object': guard,
  'no-intruder-in-room': guard,
  'hibernation-open': guard,
  'pod-seat-free': guard,
  'has-ammo': guard,
  'holds-rule': guard,
};

function evaluatorOf<K extends Condition['kind']>(condition: {
  kind: K;
}): Evaluator<ConditionOf<K>> {
  return evaluators[condition.kind];
}

export function holdsAtTheEnd(end: TheEnd, player: PlayerState, condition: Condition): boolean {
  return evaluatorOf(condition)(end, player, condition);
}

/** Whether a survivor meets every Objective they hold. */
export function objectivesMet(end: TheEnd, player: PlayerState): boolean {
  return (
    player.objectives.length > 0 &&
    player.objectives.every((objective) => {
      const requirement = end.game.tables.objectives.get(objective)?.requirement;
      return requirement !== undefined && holdsAtTheEnd(end, player, requirement);
    })
  );
}

function dieAtTheEnd(
  game: Game,
  player: PlayerState,
  deaths: Map<Seat, string>,
  cause: string,
): void {
  // Off the board, what they hold leaves with them; the dead no longer count among a pod's occupants.
  dropEverything(game, player, null);
  for (const pod of game.state.pods) {
    const seat = pod.occupants.indexOf(player.seat);
    if (seat >= 0) pod.occupants.splice(seat, 1);
  }
  player.status = 'dead';
  player.pod = null;
  player.death = { cause, room: player.room, round: game.state.round };
  deaths.set(player.seat, cause);
}

/** Every Action card a player owns, wherever it lies. */
function allCards(player: PlayerState): string[] {
  const deck = player.actionDeck;
  return [...player.hand, ...deck.top, ...deck.drawPile, ...deck.bottom, ...deck.discardPile];
}

/** Step 3 for one survivor: returns the four cards drawn, if it came to drawing. */
function checkContamination(game: Game, player: PlayerState): string[] {
  const { tables, state } = game;
  const cards = allCards(player);
  const contamination = cards.filter((card) => tables.contamination.has(card));
  if (!player.larva) {
    for (const card of contamination) if (!player.scanned.includes(card)) player.scanned.push(card);
    if (!contamination.some((card) => state.infectedContamination.includes(card))) return [];
  }
  const shuffled = shuffle(state.random, cards);
  const drawn = shuffled.slice(0, 4);
  player.hand = drawn;
  player.actionDeck.top = [];
  player.actionDeck.bottom = [];
  player.actionDeck.drawPile = shuffled.slice(4);
  player.actionDeck.discardPile = [];
  return drawn;
}

/**
 * Runs the victory check on a game just over. `deaths` holds those the end
 * itself killed (the jump, the explosion), with the cause.
 */
export function victoryCheck(
  game: Game,
  shipDestroyedAtTheEnd: boolean,
  deaths: Map<Seat, string>,
): VictoryCheck {
  const { state } = game;
  let shipDestroyed = shipDestroyedAtTheEnd;
  const alive = () => state.players.filter((player) => survival(player) !== null);
  const drawn = new Map<Seat, string[]>();
  let reached: Destination | null = null;

  if (alive().length > 0) {
    // 1. Engines
    if (!shipDestroyed)
      announce(
        game,
        'engines-checked',
        `The engines: ${state.engines.map((engine, index) => `${index + 1} ${engine.top}`).join(', ')}`,
        { engines: state.engines.map((engine) => engine.top) },
      );
    if (!shipDestroyed && damagedEngines(game) >= 2) {
      shipDestroyed = true;
      for (const player of alive())
        if (player.status === 'hibernating')
          dieAtTheEnd(game, player, deaths, 'the engines explode');
      state.killedIntruders.push(...state.intruders.map((intruder) => intruder.kind));
      state.intruders.length = 0;
      announce(game, 'engines-explode', 'Two or more engines are damaged: the ship explodes');
    }
    // 2. Coordinates
    if (!shipDestroyed) {
      reached = shipHeadsTo(game);
      announce(game, 'ship-arrives', `The ship was headed for ${destinationName(reached)}`, {
        reached,
      });
      for (const player of alive()) {
        if (player.status !== 'hibernating') continue;
        const safe = player.objectives.some((objective) =>
          game.tables.objectives.get(objective)?.hibernationSafeAt.includes(reached!),
        );
        if (!safe)
          dieAtTheEnd(
            game,
            player,
            deaths,
            `the ship reaches ${destinationName(reached)}, not Earth`,
          );
      }
    }
    // 3. Contamination
    for (const player of alive()) {
      const owned = allCards(player).filter((card) => game.tables.contamination.has(card)).length;
      const cards = checkContamination(game, player);
      const name = characterName(game, player);
      if (cards.length === 0) {
        announce(
          game,
          'contamination-check',
          owned === 0
            ? `${name} holds no Contamination card`
            : `${name} scans ${owned} Contamination card${owned === 1 ? '' : 's'}: none is INFECTED`,
          { seat: player.seat },
        );
        continue;
      }
      drawn.set(player.seat, cards);
      const among = cards.filter((card) => game.tables.contamination.has(card)).length;
      announce(
        game,
        'contamination-check',
        `${name} ${player.larva ? 'carries a Larva' : 'has an INFECTED card'}: all cards shuffled, 4 drawn, ${among} of them Contamination`,
        { seat: player.seat, drawn: among },
      );
      if (among > 0) dieAtTheEnd(game, player, deaths, 'a Contamination card among the four drawn');
    }
  }

  // 4. Objectives
  const end: TheEnd = {
    game,
    shipDestroyed,
    reached,
    survivors: new Set(alive().map((player) => player.seat)),
  };
  const fates: Fate[] = state.players.map((player) => {
    const survivedBy = survival(player);
    return {
      seat: player.seat,
      character: player.character,
      survivedBy,
      death: survivedBy
        ? null
        : (deaths.get(player.seat) ?? player.death?.cause ?? 'died during the game'),
      objectives: [...player.objectives],
      drawn: [...(drawn.get(player.seat) ?? [])],
      winner: survivedBy !== null && objectivesMet(end, player),
    };
  });
  for (const fate of fates) {
    const player = state.players[Number(fate.seat)]!;
    const name = characterName(game, player);
    announce(
      game,
      'fate',
      fate.survivedBy
        ? `${name} survives (${fate.survivedBy}) and ${fate.winner ? 'wins' : 'does not meet their Objective'}`
        : `${name} is dead (${fate.death})`,
      { seat: fate.seat, winner: fate.winner, objectives: fate.objectives },
    );
  }
  return {
    engines: state.engines.map((engine) => engine.top),
    coordinates: state.coordinates,
    destination: state.destination,
    reached,
    shipDestroyed,
    fates,
  };
}
