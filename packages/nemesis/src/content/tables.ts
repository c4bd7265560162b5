import {
  type Destination,
  type Effect,
  type HeavyObject,
  type InterruptTrigger,
  IntruderKind,
  type Modifier,
  type Passive,
} from './effects.js';
import type { ContentPack } from './index.js';
import { spaceLeadingTo } from './index.js';
import {
  type ActionCard,
  type AttackCard,
  BLANK_TOKEN,
  type BoardRoom,
  type Character,
  type CombatFace,
  type ContaminationCard,
  type Coordinates,
  type Corridor,
  type CraftIcon,
  type EventCard,
  type ExplorationToken,
  type IntruderKindRecord,
  type IntrudersFile,
  type IntruderToken,
  type Item,
  type ItemWeapon,
  type NoiseFace,
  type Objective,
  type Quest,
  type RoomTile,
  type Section,
  type SeriousWoundCard,
  type TracksFile,
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

/** Where a room's exit leads: a corridor (by index) or the Technical Corridors. */
export type Exit =
  | { corridor: number; numbers: readonly number[] }
  | { corridor: 'technical'; numbers: readonly number[] };

// The facts below are the pack's records (content/schema.ts) in the shape
// the rules ask for them: the fields the rules read, with a missing optional
// field made null and the ids of Intruder kinds narrowed to the kinds.

export type CorridorFacts = Pick<Corridor, 'ends' | 'numbers'>;

export type RoomTileFacts = Pick<
  RoomTile,
  | 'id'
  | 'name'
  | 'group'
  | 'itemCounter'
  | 'nest'
  | 'allowsMalfunction'
  | 'computer'
  | 'hasSearch'
  | 'colour'
  | 'action'
> & {
  /** The kind of the Room Action, or null in a passive room. */
  actionKind: Effect['kind'] | null;
  /** The Evac Section, A or B, of a room with Escape Pods. */
  section: Section | null;
  /** The engine (1-3) an Engine room holds, or null. */
  engine: number | null;
  /** The ship is flown from here. */
  cockpit: boolean;
  /** What the room does by itself (the Cabins' hand size, the Slime on entering); null for none. */
  passive: Passive | null;
};

export type IntruderTokenFacts = Pick<IntruderToken, 'id' | 'number'> & {
  kind: IntruderKind | typeof BLANK_TOKEN;
};

export type AttackCardFacts = Pick<AttackCard, 'id' | 'name' | 'blood' | 'outcome'> & {
  attackers: readonly IntruderKind[];
};

export type EventCardFacts = Pick<
  EventCard,
  'id' | 'name' | 'corridor' | 'after' | 'effect' | 'summary'
> & {
  movers: readonly IntruderKind[];
};

export type ActionCardFacts = Pick<ActionCard, 'id' | 'name' | 'cost' | 'combat' | 'interrupt'> & {
  /** For an interrupt: the trigger points whose window it may be played at; empty otherwise. */
  answers: InterruptTrigger[];
  /** What playing it does, in the effect vocabulary; null while its rule is not written as data. */
  play: Effect | null;
  summary: string | null;
};

export type ItemFacts = Pick<
  Item,
  'id' | 'name' | 'colour' | 'count' | 'heavy' | 'oneUse' | 'uses' | 'summary' | 'icons'
> & {
  weapon: ItemWeapon | null;
  /** The icons a Craft discards to make it (crafted items only), else null. */
  recipe: readonly CraftIcon[] | null;
  /** Its quest (quest items only), else null. */
  quest: Quest | null;
};

export type CharacterFacts = Pick<Character, 'id' | 'name' | 'startingWeapon'> & {
  /** The ids of the character's Action cards. */
  actionDeck: readonly string[];
};

export type ObjectiveFacts = Omit<Objective, 'summary' | 'hibernationSafeAt'> & {
  /** Where this objective's owner survives hibernation (Earth alone for most). */
  hibernationSafeAt: readonly Destination[];
};

/**
 * The facts of a content pack in the shape the rules ask for them: lookups
 * by id and the board's exits by noise number. Built once per pack.
 */
export interface Tables {
  packId: string;
  rooms: (Pick<BoardRoom, 'number' | 'slot'> & { tile: string | null })[];
  corridors: readonly CorridorFacts[];
  /** exits[room] lists each corridor and the Technical Corridor entrance of a room. */
  exits: readonly (readonly Exit[])[];
  /** exitByNumber[room][n]: the corridor index or 'technical' for noise number n. */
  exitByNumber: readonly (readonly (number | 'technical' | undefined)[])[];
  roomTiles: ReadonlyMap<string, RoomTileFacts>;
  /** Action cards a Room Action costs. */
  roomActionCost: number;
  explorationTokens: ReadonlyMap<string, Pick<ExplorationToken, 'id' | 'kind' | 'itemCounter'>>;
  intruderKinds: ReadonlyMap<
    IntruderKind,
    Pick<IntruderKindRecord, 'miniatures' | 'leavesCarcass'> & { deathCards: number }
  >;
  intruderTokens: ReadonlyMap<string, IntruderTokenFacts>;
  bag: IntrudersFile['bag'];
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
  contamination: ReadonlyMap<string, Pick<ContaminationCard, 'id' | 'infected'>>;
  seriousWounds: ReadonlyMap<string, Pick<SeriousWoundCard, 'id' | 'name' | 'kind' | 'effect'>>;
  objectives: ReadonlyMap<string, ObjectiveFacts>;
  weaknesses: readonly string[];
  /** Each Weakness card's rule, in force once the card is revealed. */
  weaknessEffects: ReadonlyMap<string, Modifier>;
  coordinates: ReadonlyMap<string, Pick<Coordinates, 'id' | 'destinations'> & { earth: string }>;
  time: TracksFile['time'];
  selfDestruct: TracksFile['selfDestruct'];
  destination: TracksFile['destination'];
  pods: {
    byPlayers: TracksFile['escapePods']['byPlayers'];
    list: TracksFile['escapePods']['pods'];
    seats: number;
  };
  supplies: TracksFile['supplies'];
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
