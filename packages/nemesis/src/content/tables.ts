import {
  type Destination,
  type Effect,
  type HeavyObject,
  type InterruptTrigger,
  IntruderKind,
  type Modifier,
  type Passive,
  type Use,
} from './effects.js';
import type { EventEffect } from './event-effects.js';
import type { AttackOutcome, ContentPack, SeriousWoundEffect } from './index.js';
import { spaceLeadingTo } from './index.js';
import {
  BLANK_TOKEN,
  type CraftIcon,
  type ItemColour,
  type ItemWeapon,
  type Objective,
  type Quest,
} from './schema.js';
import {
  buildFittings,
  buildHeldItems,
  buildWeapons,
  type FittingFacts,
  type HeldItemFacts,
  type WeaponFacts,
} from './weapon-tables.js';

export type { FittingFacts, HeldItemFacts, WeaponFacts } from './weapon-tables.js';

/**
 * The facts of a content pack in the shape the rules ask for them: lookups
 * by id and the board's exits by noise number. Built once per pack.
 */
export type NoiseFace = 1 | 2 | 3 | 4 | 'silence' | 'danger';
export type CombatFace = 'blank' | 'creeper' | 'adult' | 'single' | 'double';
export type ExplorationKind = 'silence' | 'danger' | 'slime' | 'fire' | 'malfunction' | 'doors';

/** Where a room's exit leads: a corridor (by index) or the Technical Corridors. */
export type Exit =
  | { corridor: number; numbers: readonly number[] }
  | { corridor: 'technical'; numbers: readonly number[] };

export interface CorridorFacts {
  ends: readonly [number, number];
  numbers: readonly number[];
}

export interface RoomTileFacts {
  id: string;
  name: string;
  group: 'basic' | 'additional' | 'special';
  actionKind: string | null;
  section: 'A' | 'B' | null;
  itemCounter: boolean;
  nest: boolean;
  /** The engine (1-3) an Engine room holds, or null. */
  engine: number | null;
  /** The Nest and the Room with Slime never take a Malfunction marker. */
  allowsMalfunction: boolean;
  computer: boolean;
  /** The ship is flown from here. */
  cockpit: boolean;
  /** Whether a Search may be made here (no Search in the Nest, the Cockpit, ...). */
  hasSearch: boolean;
  /** The Item deck searched here; white lets the searcher pick; null where nothing is searched. */
  colour: 'red' | 'yellow' | 'green' | 'white' | null;
  /** The Room Action, as the pack's effect; null in a passive room. */
  action: Effect | null;
  /** What the room does by itself (the Cabins' hand size, the Slime on entering); null for none. */
  passive: Passive | null;
}

export interface IntruderTokenFacts {
  id: string;
  kind: IntruderKind | 'blank';
  /** Null for the Blank token. */
  number: number | null;
}

export type AttackOutcomeFacts = AttackOutcome;

export interface AttackCardFacts {
  id: string;
  name: string;
  /** A blood value, or a Retreat arrow. */
  blood: number | 'retreat';
  attackers: readonly IntruderKind[];
  outcome: AttackOutcomeFacts;
}

export interface EventCardFacts {
  id: string;
  name: string;
  movers: readonly IntruderKind[];
  corridor: number;
  after: 'discard' | 'remove-and-reshuffle' | 'shuffle-back';
  effect: EventEffect;
  /** The effect in a line for people. */
  summary: string;
}

export interface ActionCardFacts {
  id: string;
  name: string;
  cost: number;
  /** Playable in Combat only, out of it only, or either way. */
  combat: 'in-combat' | 'out-of-combat' | 'any';
  interrupt: boolean;
  /** For an interrupt: the trigger points whose window it may be played at; empty otherwise. */
  answers: InterruptTrigger[];
  /** What playing it does, in the effect vocabulary; null while its rule is not written as data. */
  play: Effect | null;
  /** What it does, in a few words for people. */
  summary: string | null;
}

export interface ItemFacts {
  id: string;
  name: string;
  colour: ItemColour;
  count: number;
  heavy: boolean;
  /** Discarded once its action is used. */
  oneUse: boolean;
  uses: readonly Use[];
  weapon: ItemWeapon | null;
  summary: string;
  /** The craft icons it gives to a Craft. */
  icons: readonly CraftIcon[];
  /** The icons a Craft discards to make it (crafted items only), else null. */
  recipe: readonly CraftIcon[] | null;
  /** Its quest (quest items only), else null. */
  quest: Quest | null;
}

export interface CharacterFacts {
  id: string;
  name: string;
  startingWeapon: string;
  actionDeck: readonly string[];
}

export interface ObjectiveFacts extends Omit<Objective, 'summary' | 'hibernationSafeAt'> {
  /** Where this objective's owner survives hibernation (Earth alone for most). */
  hibernationSafeAt: readonly Destination[];
}

export interface ItemFacts {
  id: string;
  name: string;
  colour: ItemColour;
  count: number;
  heavy: boolean;
  /** Discarded once used. */
  oneUse: boolean;
  /** When and how it is used: actions, reactions at trigger points, lasting modifiers. */
  uses: readonly Use[];
}

export interface Tables {
  packId: string;
  rooms: { number: number; slot: 'basic' | 'additional' | 'special'; tile: string | null }[];
  corridors: readonly CorridorFacts[];
  /** exits[room] lists each corridor and the Technical Corridor entrance of a room. */
  exits: readonly (readonly Exit[])[];
  /** exitByNumber[room][n]: the corridor index or 'technical' for noise number n. */
  exitByNumber: readonly (readonly (number | 'technical' | undefined)[])[];
  roomTiles: ReadonlyMap<string, RoomTileFacts>;
  /** Action cards a Room Action costs. */
  roomActionCost: number;
  explorationTokens: ReadonlyMap<
    string,
    { id: string; kind: ExplorationKind; itemCounter: number }
  >;
  intruderKinds: ReadonlyMap<
    IntruderKind,
    { miniatures: number; deathCards: number; leavesCarcass: boolean }
  >;
  intruderTokens: ReadonlyMap<string, IntruderTokenFacts>;
  bag: { fixed: Readonly<Record<string, number>>; perPlayer: Readonly<Record<string, number>> };
  noiseFaces: readonly NoiseFace[];
  combatFaces: readonly CombatFace[];
  attackCards: ReadonlyMap<string, AttackCardFacts>;
  eventCards: ReadonlyMap<string, EventCardFacts>;
  actionCards: ReadonlyMap<string, ActionCardFacts>;
  /** Starting weapons and item weapons alike, by id. */
  weapons: ReadonlyMap<string, WeaponFacts>;
  /** Items fitted onto a weapon for good, by item id. */
  fittings: ReadonlyMap<string, FittingFacts>;
  /** Items whose rules hold while they are held and active, by item id. */
  heldItems: ReadonlyMap<string, HeldItemFacts>;
  /** Every item card of the pack; `count` copies of each. */
  items: ReadonlyMap<string, ItemFacts>;
  /** Ammo on a weapon found by searching. */
  searchedWeaponAmmo: number;
  characters: ReadonlyMap<string, CharacterFacts>;
  /** `infected` only counts how many are; which ones is dealt anew each game (state.infectedContamination). */
  contamination: ReadonlyMap<string, { id: string; infected: boolean }>;
  seriousWounds: ReadonlyMap<
    string,
    { id: string; name: string; kind: string; effect: SeriousWoundEffect }
  >;
  objectives: ReadonlyMap<string, ObjectiveFacts>;
  weaknesses: readonly string[];
  /** Each Weakness card's rule, in force once the card is revealed. */
  weaknessEffects: ReadonlyMap<string, Modifier>;
  coordinates: ReadonlyMap<
    string,
    { id: string; earth: string; destinations: Readonly<Record<string, Destination>> }
  >;
  time: { spaces: number; hibernationOpensAfter: number; jumpAfter: number };
  selfDestruct: { yellowAfter: number; explodesAfter: number };
  destination: { spaces: readonly string[]; start: string };
  pods: {
    byPlayers: readonly { minPlayers: number; maxPlayers: number; pods: number }[];
    list: readonly { number: number; section: 'A' | 'B' }[];
    seats: number;
  };
  supplies: {
    noise: number;
    fire: number;
    malfunction: number;
    doors: number;
    eggs: number;
    carcasses: number;
    corpses: number;
  };
  eggsAtStart: number;
  weaknessesDrawn: number;
  /** The object each Weakness slot of the Intruder board is labelled with, in slot order. */
  weaknessSlots: readonly HeavyObject[];
}

function mapBy<Entry extends { id: string }, Value>(
  entries: readonly Entry[],
  value: (entry: Entry) => Value,
): Map<string, Value> {
  return new Map(entries.map((entry) => [entry.id, value(entry)]));
}

/**
 * The Intruder kind a card or token names. The pack names kinds by id, which
 * the load checks against its own list (content/checks.ts); the list holds
 * only kinds the rules know, so every id named is one.
 */
function intruderKindOf(id: string): IntruderKind | undefined {
  const parsed = IntruderKind.safeParse(id);
  return parsed.success ? parsed.data : undefined;
}

function intruderKindsOf(ids: readonly string[]): IntruderKind[] {
  return ids.flatMap((id) => intruderKindOf(id) ?? []);
}

/** Builds the rules' lookups from a checked content pack. */
export function buildTables(pack: ContentPack): Tables {
  const roomNumbers = pack.board.rooms.map((room) => room.number);
  const size = Math.max(...roomNumbers) + 1;
  const corridorIndex = new Map(
    pack.board.corridors.map((corridor, index) => [corridor.id, index]),
  );
  const exits: Exit[][] = Array.from({ length: size }, () => []);
  const exitByNumber: (number | 'technical' | undefined)[][] = Array.from(
    { length: size },
    () => [],
  );
  pack.board.corridors.forEach((corridor, index) => {
    for (const end of corridor.ends) {
      exits[end]!.push({ corridor: index, numbers: corridor.numbers });
    }
  });
  for (const entrance of pack.board.technicalEntrances)
    exits[entrance.room]!.push({ corridor: 'technical', numbers: entrance.numbers });
  for (const [room, table] of Object.entries(pack.exits)) {
    for (const [number, exit] of Object.entries(table)) {
      if (!exit) continue;
      exitByNumber[Number(room)]![Number(number)] =
        exit.kind === 'technical' ? 'technical' : corridorIndex.get(exit.corridor)!;
    }
  }
  const actionCards = new Map<string, ActionCardFacts>();
  for (const character of pack.characters.characters) {
    for (const card of character.actionDeck) {
      actionCards.set(card.id, {
        id: card.id,
        name: card.name,
        cost: card.cost,
        combat: card.combat,
        interrupt: card.interrupt,
        answers: card.answers ?? [],
        play: card.play ?? null,
        summary: card.summary ?? null,
      });
    }
  }
  return {
    packId: pack.manifest.id,
    rooms: pack.board.rooms.map((room) => ({
      number: room.number,
      slot: room.slot,
      tile: room.room ?? null,
    })),
    corridors: pack.board.corridors.map((corridor) => ({
      ends: corridor.ends,
      numbers: corridor.numbers,
    })),
    exits,
    exitByNumber,
    roomTiles: mapBy(pack.rooms.rooms, (tile) => ({
      id: tile.id,
      name: tile.name,
      group: tile.group,
      actionKind: tile.action?.kind ?? null,
      section: tile.evacSection ?? null,
      itemCounter: tile.itemCounter,
      nest: tile.nest,
      engine: tile.engine ?? null,
      allowsMalfunction: tile.allowsMalfunction,
      computer: tile.computer,
      cockpit: tile.cockpit === true,
      hasSearch: tile.hasSearch,
      colour: tile.colour,
      action: tile.action,
      passive: tile.passive ?? null,
    })),
    roomActionCost: pack.rooms.roomActionCost,
    explorationTokens: mapBy(pack.explorationTokens.tokens, (token) => ({
      id: token.id,
      kind: token.kind,
      itemCounter: token.itemCounter,
    })),
    intruderKinds: new Map(
      pack.intruders.kinds.map((kind) => [
        kind.id,
        {
          miniatures: kind.miniatures,
          deathCards: kind.deathCheck.kind === 'blood' ? kind.deathCheck.cards : 0,
          leavesCarcass: kind.leavesCarcass,
        },
      ]),
    ),
    intruderTokens: mapBy(pack.intruders.tokens, (token) => ({
      id: token.id,
      kind: intruderKindOf(token.kind) ?? BLANK_TOKEN,
      number: token.number,
    })),
    bag: pack.intruders.bag,
    noiseFaces: pack.dice.noise.faces,
    combatFaces: pack.dice.combat.faces,
    attackCards: mapBy(pack.intruderAttacks.cards, (card) => ({
      id: card.id,
      name: card.name,
      blood: card.blood,
      attackers: intruderKindsOf(card.attackers),
      outcome: card.outcome,
    })),
    eventCards: mapBy(pack.events.cards, (card) => ({
      id: card.id,
      name: card.name,
      movers: intruderKindsOf(card.movers),
      corridor: card.corridor,
      after: card.after,
      effect: card.effect,
      summary: card.summary,
    })),
    actionCards,
    weapons: buildWeapons(pack),
    fittings: buildFittings(pack),
    heldItems: buildHeldItems(pack),
    items: mapBy(pack.items.items, (item) => ({
      id: item.id,
      name: item.name,
      colour: item.colour,
      count: item.count,
      heavy: item.heavy,
      oneUse: item.oneUse,
      uses: item.uses,
      weapon: item.weapon ?? null,
      summary: item.summary,
      icons: item.icons,
      recipe: item.recipe ?? null,
      quest: item.quest ?? null,
    })),
    searchedWeaponAmmo: pack.items.searchedWeaponAmmo,
    characters: mapBy(pack.characters.characters, (character) => ({
      id: character.id,
      name: character.name,
      startingWeapon: character.startingWeapon,
      actionDeck: character.actionDeck.map((card) => card.id),
    })),
    contamination: mapBy(pack.contamination.cards, (card) => ({
      id: card.id,
      infected: card.infected,
    })),
    seriousWounds: mapBy(pack.seriousWounds.cards, (card) => ({
      id: card.id,
      name: card.name,
      kind: card.kind,
      effect: card.effect,
    })),
    objectives: mapBy(pack.objectives.cards, (card) => ({
      id: card.id,
      name: card.name,
      type: card.type,
      minPlayers: card.minPlayers,
      maxPlayers: card.maxPlayers,
      requirement: card.requirement,
      hibernationSafeAt: card.hibernationSafeAt ?? ['earth'],
    })),
    weaknesses: pack.weaknesses.cards.map((card) => card.id),
    weaknessEffects: new Map(pack.weaknesses.cards.map((card) => [card.id, card.effect])),
    coordinates: mapBy(pack.tracks.coordinates, (card) => ({
      id: card.id,
      earth: spaceLeadingTo(card, 'earth')!,
      destinations: card.destinations,
    })),
    time: pack.tracks.time,
    selfDestruct: pack.tracks.selfDestruct,
    destination: pack.tracks.destination,
    pods: {
      byPlayers: pack.tracks.escapePods.byPlayers,
      list: pack.tracks.escapePods.pods,
      seats: pack.tracks.escapePods.seats,
    },
    supplies: pack.tracks.supplies,
    eggsAtStart: pack.tracks.intruderBoard.eggsAtStart,
    weaknessesDrawn: pack.tracks.intruderBoard.weaknessesDrawn,
    weaknessSlots: pack.tracks.intruderBoard.weaknessSlots,
  };
}
