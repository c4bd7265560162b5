import type { Seat } from '@tabletop/engine';
import type {
  Condition,
  ConditionOf,
  Destination,
  HeavyObject,
  IntruderKind,
} from '../content/effects.js';
import type { Tables } from '../content/tables.js';
import { includesObject } from '../objects/object-kinds.js';
import { seatOfPlayerNumber } from '../vocabulary/game.js';
import type { Survival } from '../vocabulary/state.js';

/**
 * Reading a condition of the vocabulary for one player, its owner, against
 * facts that the state and a seat's view can both supply: the victory check
 * builds them from the state at the end (end-of-game/objectives-check.ts),
 * the words and the bots from what one seat sees (views/condition-facts.ts),
 * so a bot never reads a secret. A fact these cannot tell yet is null, and
 * so is what it decides: "all", "any" and "not" read null as unknown.
 */
export interface ConditionFacts {
  tables: Tables;
  owner: Seat;
  /** The seats at the table. */
  seats: readonly Seat[];
  /** Whether a seat's character survives (at the end), or is alive so far. */
  survives(seat: Seat): boolean;
  /** How the owner left the ship alive; null if they did not; undefined while not known. */
  survival: Survival | null | undefined;
  shipDestroyed: boolean | null;
  /** Where the ship arrived, or is headed as far as known; null where not known. */
  shipHeadsFor: Destination | null;
  signalSent: boolean;
  /** The kind of every Intruder killed; null where not known. */
  intrudersKilled: readonly IntruderKind[] | null;
  nestEggs: number;
  /** The owner's items, and the heavy objects in their hands. */
  items: number;
  carried: readonly HeavyObject[];
  /** Index = room number - 1; the tile is null while unexplored where it is not known. */
  rooms: readonly { explored: boolean; tile: string | null; objects: readonly HeavyObject[] }[];
  /** By slot of the Intruder board, whether its Weakness is face up. */
  weaknessesRevealed: readonly boolean[];
  /** A guard: where an effect may be used, from the owner's room and weapons. */
  guard(condition: Guard): boolean | null;
}

/** The conditions that guard where an effect may be used; no Objective names one. */
export type Guard = ConditionOf<
  | 'room-has'
  | 'room-colour'
  | 'room-holds-object'
  | 'no-intruder-in-room'
  | 'hibernation-open'
  | 'pod-seat-free'
  | 'has-ammo'
  | 'holds-rule'
>;

/** Kleene's three values: a branch not known leaves the whole unknown, unless another settles it. */
function every(values: (boolean | null)[]): boolean | null {
  if (values.includes(false)) return false;
  return values.includes(null) ? null : true;
}

function some(values: (boolean | null)[]): boolean | null {
  if (values.includes(true)) return true;
  return values.includes(null) ? null : false;
}

/** Whether a condition holds for the facts' owner: true, false, or null where the facts cannot tell. */
export function readCondition(facts: ConditionFacts, condition: Condition): boolean | null {
  switch (condition.kind) {
    case 'all':
      return every(condition.of.map((inner) => readCondition(facts, inner)));
    case 'any':
      return some(condition.of.map((inner) => readCondition(facts, inner)));
    case 'not': {
      const inner = readCondition(facts, condition.of);
      return inner === null ? null : !inner;
    }
    case 'ship-reaches':
      // A pod flies home: for those who left in one, the ship's fate does not matter.
      if (facts.survival === 'escape-pod') return condition.destination === 'earth';
      if (facts.shipDestroyed === true) return false;
      return facts.shipHeadsFor === null ? null : facts.shipHeadsFor === condition.destination;
    case 'only-survivor':
      return (
        facts.survives(facts.owner) &&
        facts.seats.every((seat) => seat === facts.owner || !facts.survives(seat))
      );
    case 'other-survivors':
      return (
        facts.seats.filter((seat) => seat !== facts.owner && facts.survives(seat)).length >=
        condition.atLeast
      );
    case 'player-character-survives': {
      // Naming yourself is false.
      const seat = seatOfPlayerNumber(condition.player);
      if (seat === facts.owner || !facts.seats.includes(seat)) return false;
      return facts.survives(seat) === condition.survives;
    }
    case 'signal-sent':
      return facts.signalSent;
    case 'ship-destroyed':
      return facts.shipDestroyed;
    case 'intruder-killed':
      return facts.intrudersKilled === null
        ? null
        : facts.intrudersKilled.some((kind) => kind === condition.intruder);
    case 'nest-destroyed':
      return some([facts.nestEggs === 0, facts.shipDestroyed]);
    case 'survived-by':
      if (facts.survival === undefined) return null;
      return facts.survival !== null && condition.ways.includes(facts.survival);
    // The items in the owner's inventory, whatever their kind.
    case 'holds-items':
      return facts.items >= condition.atLeast;
    // Every room on the board, without exception: nemesis-cards.md names none, and no room of the
    // base game is ever destroyed or taken off the board. A room shut behind closed doors still
    // counts (a door can be opened or broken); the special rooms are explored from the start.
    case 'every-room-explored':
      return facts.rooms.every((room) => room.explored);
    case 'carries':
      return includesObject(facts.carried, condition.object);
    // Lying on the floor of an explored room of that tile: carried does not count.
    case 'object-lies-in':
      return facts.rooms.some(
        (room) =>
          room.explored &&
          room.tile === condition.room &&
          includesObject(room.objects, condition.object),
      );
    case 'weaknesses-revealed':
      return facts.weaknessesRevealed.filter(Boolean).length >= condition.atLeast;
    case 'weakness-revealed':
      return facts.weaknessesRevealed[facts.tables.weaknessSlots.indexOf(condition.slot)] === true;
    default:
      return facts.guard(condition);
  }
}

/** Whether a condition names this kind anywhere within it. */
export function mentions(condition: Condition, kind: Condition['kind']): boolean {
  return holdsWithin(condition, (part) => part.kind === kind);
}

/** Whether some part of a condition (itself, or any it joins or negates) passes a test. */
export function holdsWithin(condition: Condition, test: (part: Condition) => boolean): boolean {
  if (test(condition)) return true;
  if (condition.kind === 'all' || condition.kind === 'any')
    return condition.of.some((inner) => holdsWithin(inner, test));
  return condition.kind === 'not' && holdsWithin(condition.of, test);
}
