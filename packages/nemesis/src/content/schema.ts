// Zod schemas for every file of a Nemesis content pack, and the ContentPack type.
// Schemas check the shape of one file; rules that need several records or files
// (a corridor to a missing room, an unknown intruder kind) live in checks.ts.
import { z } from 'zod';
import {
  ColouredRoom,
  CombatDieFace,
  CombatUse,
  Condition,
  Destination,
  Effect,
  HeavyObject,
  InterruptTrigger,
  IntruderKind,
  Modifier,
  Passive,
  QuestTask,
  Use,
} from './effects.js';
import { EventEffect } from './event-effects.js';

/** Lower-case words joined by hyphens: the shape of every id in a pack. */
export const Id = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
  error: 'expected a kebab-case id',
});

/** `true` when the whole record rests on a guess, or the names of its guessed fields. */
export const Unverified = z.union([z.literal(true), z.array(z.string().min(1)).min(1)], {
  error: 'expected true or a non-empty list of field names',
});

export type UnverifiedFlag = z.output<typeof Unverified>;

/**
 * A strict object that may carry `unverified` and a free-text `note`. Strict, so
 * a misspelt field is an error instead of being silently dropped. A listed
 * unverified field must be a field of the record (or one of `pseudoFields`),
 * so the flag cannot drift away from what it marks.
 */
function record<Shape extends z.ZodRawShape>(shape: Shape, pseudoFields: readonly string[] = []) {
  return z
    .strictObject({ ...shape, unverified: Unverified.optional(), note: z.string().optional() })
    .superRefine((value, context) => {
      const flag = (value as { unverified?: UnverifiedFlag }).unverified;
      if (!Array.isArray(flag)) return;
      flag.forEach((field, index) => {
        if (!(field in shape) && !pseudoFields.includes(field)) {
          context.addIssue({
            code: 'custom',
            path: ['unverified', index],
            message: `"${field}" is not a field of this record`,
          });
        }
      });
    });
}

const Count = z.int().min(0);
const Positive = z.int().min(1);
const Text = z.string().min(1);

export const NoiseNumber = z.literal([1, 2, 3, 4], { error: 'expected a noise number 1-4' });
export type NoiseNumber = z.output<typeof NoiseNumber>;

/** Room numbers are printed on the board; whether one exists is a cross-check. */
export const RoomNumber = Positive;

export const Section = z.enum(['A', 'B']);
export type Section = z.output<typeof Section>;

// ---------------------------------------------------------------- pack.json

export const PackFile = record({
  id: Id,
  name: Text,
  version: Text,
  players: z.strictObject({ min: Positive, max: Positive }),
  // Expected sizes; the loader compares them with the data to catch a lost or
  // doubled record. Each is optional so a small pack need not declare them all.
  counts: z.strictObject({
    roomTiles: z
      .strictObject({ basic: Count, additional: Count, special: Count })
      .partial()
      .optional(),
    explorationTokens: Count.optional(),
    intruderTokens: Count.optional(),
    intruderAttackCards: Count.optional(),
    eventCards: Count.optional(),
    actionCardsPerCharacter: Count.optional(),
    contaminationCards: Count.optional(),
    seriousWoundCards: Count.optional(),
    objectives: z.strictObject({ corporate: Count, personal: Count }).partial().optional(),
    weaknessCards: Count.optional(),
    coordinatesCards: Count.optional(),
    itemCards: z
      .strictObject({ red: Count, yellow: Count, green: Count, blue: Count, quest: Count })
      .partial()
      .optional(),
    questItemsPerCharacter: Count.optional(),
  }),
});
export type PackFile = z.output<typeof PackFile>;

// ---------------------------------------------------------------- board.json

export const SlotKind = z.enum(['basic', 'additional', 'special']);
export type SlotKind = z.output<typeof SlotKind>;

// `exits` is a pseudo-field: flagging it accepts a room whose noise numbers do
// not add up to exactly 1-4, so a faithful but broken transcription can load.
export const BoardRoom = record(
  {
    number: RoomNumber,
    slot: SlotKind,
    /** The room tile printed on a special slot (an id from rooms.json). */
    room: Id.optional(),
  },
  ['exits'],
);
export type BoardRoom = z.output<typeof BoardRoom>;

export const Corridor = record({
  id: Id,
  ends: z.tuple([RoomNumber, RoomNumber]),
  /** Noise numbers that lead into this corridor; the same at both ends. */
  numbers: z.array(NoiseNumber).min(1),
});
export type Corridor = z.output<typeof Corridor>;

export const TechnicalEntrance = record({
  room: RoomNumber,
  numbers: z.array(NoiseNumber).min(1),
});
export type TechnicalEntrance = z.output<typeof TechnicalEntrance>;

export const BoardFile = record({
  rooms: z.array(BoardRoom).min(1),
  corridors: z.array(Corridor),
  technicalEntrances: z.array(TechnicalEntrance),
});
export type BoardFile = z.output<typeof BoardFile>;

// ---------------------------------------------------------------- rooms.json

export const RoomColour = ColouredRoom;
export type RoomColour = z.output<typeof RoomColour>;

export const RoomTile = record({
  id: Id,
  name: Text,
  group: SlotKind,
  /** Item deck searched here (white: the searcher picks); null where nothing is searched. */
  colour: RoomColour.nullable(),
  /** A Computer icon; a Malfunction marker switches it off. */
  computer: z.boolean(),
  hasSearch: z.boolean(),
  /** The Nest and the Room with Slime never take a Malfunction marker. */
  allowsMalfunction: z.boolean(),
  /** Whether the room's exploration token sets an item counter here. */
  itemCounter: z.boolean(),
  /** The Intruder board's eggs lie here, and the Queen token calls her here. */
  nest: z.boolean(),
  /** The Room Action (it costs the pack's roomActionCost, never in Combat); null in a passive room. */
  action: Effect.nullable(),
  /** What the room does by itself, with no action taken. */
  passive: Passive.optional(),
  summary: Text,
  evacSection: Section.optional(),
  engine: Positive.optional(),
  /** The ship is flown from here (the Pilot's Piloting card works here as in a Computer room). */
  cockpit: z.boolean().optional(),
});
export type RoomTile = z.output<typeof RoomTile>;

export const RoomsFile = record({
  roomActionCost: Count,
  rooms: z.array(RoomTile).min(1),
});
export type RoomsFile = z.output<typeof RoomsFile>;

// ---------------------------------------------------------------- exploration-tokens.json

export const ExplorationKind = z.enum([
  'silence',
  'danger',
  'slime',
  'fire',
  'malfunction',
  'doors',
]);
export type ExplorationKind = z.output<typeof ExplorationKind>;

export const ExplorationToken = record({
  id: Id,
  kind: ExplorationKind,
  /** Items left to find in the room; ignored in rooms without search. */
  itemCounter: z.int().min(1).max(4),
});
export type ExplorationToken = z.output<typeof ExplorationToken>;

export const ExplorationTokensFile = record({ tokens: z.array(ExplorationToken).min(1) });
export type ExplorationTokensFile = z.output<typeof ExplorationTokensFile>;

// ---------------------------------------------------------------- intruders.json

/** The bag token that shows no intruder; it is not an intruder kind. */
export const BLANK_TOKEN = 'blank';

export const DeathCheck = z.discriminatedUnion('kind', [
  /** Dies to any injury, no card drawn (Larva). */
  z.strictObject({ kind: z.literal('first-injury') }),
  /** Draw this many attack cards; dies when their blood total <= its injuries. */
  z.strictObject({ kind: z.literal('blood'), cards: Positive }),
]);
export type DeathCheck = z.output<typeof DeathCheck>;

/** One Intruder kind as the pack describes it. */
export const IntruderKindRecord = record({
  id: IntruderKind,
  name: Text,
  /** Miniatures in the box: the most of this kind on the board at once. */
  miniatures: Count,
  deathCheck: DeathCheck,
  leavesCarcass: z.boolean(),
});
export type IntruderKindRecord = z.output<typeof IntruderKindRecord>;

export const IntruderToken = record({
  id: Id,
  /** An intruder kind id, or `blank`. */
  kind: Id,
  /** Surprise-attack threshold on the back; null only on the blank token. */
  number: Count.nullable(),
});
export type IntruderToken = z.output<typeof IntruderToken>;

const TokenCounts = z.record(Id, Count);

export const IntrudersFile = record({
  kinds: z.array(IntruderKindRecord).min(1),
  tokens: z.array(IntruderToken).min(1),
  /** Bag at setup: `fixed` tokens by kind, plus `perPlayer` tokens for each player. */
  bag: z.strictObject({ fixed: TokenCounts, perPlayer: TokenCounts }),
});
export type IntrudersFile = z.output<typeof IntrudersFile>;

// ---------------------------------------------------------------- dice.json

export const NoiseFace = z.union([NoiseNumber, z.literal('silence'), z.literal('danger')], {
  error: 'expected 1-4, "silence" or "danger"',
});
export type NoiseFace = z.output<typeof NoiseFace>;

export const CombatFace = CombatDieFace;
export type CombatFace = z.output<typeof CombatFace>;

export const DiceFile = record({
  noise: z.strictObject({ faces: z.array(NoiseFace).length(10) }),
  combat: z.strictObject({ faces: z.array(CombatFace).length(6) }),
});
export type DiceFile = z.output<typeof DiceFile>;

// ---------------------------------------------------------------- intruder-attacks.json

/** What a successful attack does, as a small vocabulary that rules code interprets. */
export const AttackOutcome = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('wound-or-die'),
    who: z.enum(['target', 'everyone-in-room']),
    serious: Count,
    /** A victim already holding this many serious wounds dies instead. */
    dieIfSeriousAtLeast: Count,
  }),
  z.strictObject({
    kind: z.literal('wounds'),
    light: Count,
    serious: Count,
    contamination: Count,
  }),
  z.strictObject({ kind: z.literal('slime'), contamination: Count }),
  z.strictObject({
    kind: z.literal('transform'),
    into: Id,
    surpriseAttackIfHandEmpty: z.boolean(),
  }),
  z.strictObject({ kind: z.literal('summon'), attacksNow: z.boolean() }),
]);
export type AttackOutcome = z.output<typeof AttackOutcome>;

/** Blood value for the death check, or `retreat` where the card shows the arrow. */
export const Blood = z.union([Count, z.literal('retreat')], {
  error: 'expected number or "retreat"',
});
export type Blood = z.output<typeof Blood>;

export const AttackCard = record({
  id: Id,
  name: Text,
  /** The card's kind, e.g. `bite`; several copies share it. */
  effect: Id,
  blood: Blood,
  /** Intruder kinds for which the attack hits; any other kind misses. */
  attackers: z.array(Id).min(1),
  outcome: AttackOutcome,
  summary: Text,
});
export type AttackCard = z.output<typeof AttackCard>;

export const IntruderAttacksFile = record({ cards: z.array(AttackCard).min(1) });
export type IntruderAttacksFile = z.output<typeof IntruderAttacksFile>;

// ---------------------------------------------------------------- events.json

export const EventCard = record({
  id: Id,
  name: Text,
  /** Intruder kinds (not in combat) that move through the corridor numbered `corridor`. */
  movers: z.array(Id),
  corridor: NoiseNumber,
  /** discard; remove-and-reshuffle: leave the game, discards back into the deck; shuffle-back: this card back into the deck. */
  after: z.enum(['discard', 'remove-and-reshuffle', 'shuffle-back']),
  effect: EventEffect,
  /** What the effect does, in a line for people. */
  summary: Text,
});
export type EventCard = z.output<typeof EventCard>;

export const EventsFile = record({ cards: z.array(EventCard).min(1) });
export type EventsFile = z.output<typeof EventsFile>;

// ---------------------------------------------------------------- tracks.json

export const Coordinates = record({
  id: Id,
  name: Text,
  /** Where each space of the Destination track leads the ship. */
  destinations: z.record(Text, Destination),
});
export type Coordinates = z.output<typeof Coordinates>;

export const TracksFile = record({
  time: z.strictObject({
    spaces: Positive,
    /** Advances of the time marker after which hibernation opens. */
    hibernationOpensAfter: Count,
    /** Advances after which the ship jumps. */
    jumpAfter: Positive,
  }),
  selfDestruct: z.strictObject({
    spaces: Positive,
    /** Advances after which it can no longer be stopped and all pods unlock. */
    yellowAfter: Count,
    explodesAfter: Positive,
  }),
  destination: record({ spaces: z.array(Text).min(1), start: Text }),
  coordinates: z.array(Coordinates).min(1),
  escapePods: z.strictObject({
    byPlayers: z
      .array(z.strictObject({ minPlayers: Positive, maxPlayers: Positive, pods: Positive }))
      .min(1),
    /** Pods in number order; a game with n pods uses the first n. */
    pods: z.array(z.strictObject({ number: Positive, section: Section })).min(1),
    seats: Positive,
    startLocked: z.boolean(),
  }),
  /** Marker supplies; one more than the supply of fire or malfunction destroys the ship. */
  supplies: z.strictObject({
    noise: Count,
    fire: Count,
    malfunction: Count,
    doors: Count,
    eggs: Count,
    carcasses: Count,
    corpses: Count,
    engineTokens: z.strictObject({ working: Count, damaged: Count }),
  }),
  intruderBoard: z.strictObject({
    eggsAtStart: Count,
    weaknessesDrawn: Count,
    /** The object that reveals the Weakness on each slot, in slot order. */
    weaknessSlots: z.array(HeavyObject).min(1),
  }),
});
export type TracksFile = z.output<typeof TracksFile>;

// ---------------------------------------------------------------- characters.json

export const Weapon = record({
  id: Id,
  name: Text,
  type: z.enum(['classic', 'energy']),
  capacity: Count,
  startingAmmo: Count,
  reloadOnlyByCard: z.boolean().optional(),
  /** How this weapon bends the Shoot rules. */
  rules: z.array(Modifier),
});
export type Weapon = z.output<typeof Weapon>;

export const ActionCard = record({
  id: Id,
  name: Text,
  /** Additional Action cards to discard besides this one. */
  cost: Count,
  /** The card's combat icon: playable in Combat only, out of it only, or either way. */
  combat: CombatUse,
  /** Playable out of turn, at a trigger point. */
  interrupt: z.boolean(),
  /** For an interrupt: the trigger points whose window it may be played at. */
  answers: z.array(InterruptTrigger).min(1).optional(),
  /** What playing the card does, in the effect vocabulary, once its rule is written as data. */
  play: Effect.optional(),
  summary: Text.optional(),
});
export type ActionCard = z.output<typeof ActionCard>;

export const Character = record({
  id: Id,
  name: Text,
  /** A weapon id from this file's `weapons`. */
  startingWeapon: Id,
  actionDeck: z.array(ActionCard).min(1),
});
export type Character = z.output<typeof Character>;

export const CharactersFile = record({
  weapons: z.array(Weapon),
  characters: z.array(Character).min(1),
});
export type CharactersFile = z.output<typeof CharactersFile>;

// ---------------------------------------------------------------- contamination.json

export const ContaminationCard = record({ id: Id, infected: z.boolean() });
export type ContaminationCard = z.output<typeof ContaminationCard>;

export const ContaminationFile = record({ cards: z.array(ContaminationCard).min(1) });
export type ContaminationFile = z.output<typeof ContaminationFile>;

// ---------------------------------------------------------------- serious-wounds.json

/** An undressed Serious Wound changes a rule while it lasts: a modifier of the effect vocabulary. */
export const SeriousWoundEffect = Modifier;
export type SeriousWoundEffect = z.output<typeof SeriousWoundEffect>;

export const SeriousWoundCard = record({
  id: Id,
  kind: Id,
  name: Text,
  effect: SeriousWoundEffect,
  summary: Text,
});
export type SeriousWoundCard = z.output<typeof SeriousWoundCard>;

export const SeriousWoundsFile = record({ cards: z.array(SeriousWoundCard).min(1) });
export type SeriousWoundsFile = z.output<typeof SeriousWoundsFile>;

// ---------------------------------------------------------------- objectives.json

export const Objective = record({
  id: Id,
  name: Text,
  /** Solo/Co-op cards replace both decks in the solo game and the cooperative variant. */
  type: z.enum(['corporate', 'personal', 'solo-co-op']),
  minPlayers: Positive,
  maxPlayers: Positive,
  /** Checked at the end for a surviving owner. */
  requirement: Condition,
  /** Destinations where this owner's hibernation survives the coordinates check (Earth unless the card says more). */
  hibernationSafeAt: z.array(Destination).min(1).optional(),
  summary: Text,
});
export type Objective = z.output<typeof Objective>;

export const ObjectivesFile = record({ cards: z.array(Objective).min(1) });
export type ObjectivesFile = z.output<typeof ObjectivesFile>;

// ---------------------------------------------------------------- weaknesses.json

/** A Weakness is a lasting rule (a modifier) that holds once its card is revealed. */
export const Weakness = record({ id: Id, name: Text, effect: Modifier, summary: Text });
export type Weakness = z.output<typeof Weakness>;

export const WeaknessesFile = record({ cards: z.array(Weakness).min(1) });
export type WeaknessesFile = z.output<typeof WeaknessesFile>;

// ---------------------------------------------------------------- items.json

/** Blue items are crafted, never searched; quest items start inactive beside their character. */
export const ItemColour = z.enum(['red', 'yellow', 'green', 'blue', 'quest']);
export type ItemColour = z.output<typeof ItemColour>;

/** The Item decks a Search draws from. */
export const itemDeckColours = ['red', 'yellow', 'green'] as const satisfies readonly ItemColour[];
export type ItemDeckColour = (typeof itemDeckColours)[number];

/** The blue icons a Craft action matches: each item shows the icons it gives. */
export const CraftIcon = z.enum(['chemical', 'cloth', 'medical', 'tool', 'battery']);
export type CraftIcon = z.output<typeof CraftIcon>;

export const ItemWeapon = z.strictObject({
  type: z.enum(['classic', 'energy']),
  capacity: Positive,
  /** Crafted full (the Flamethrower); otherwise it arrives with the pack's searchedWeaponAmmo. */
  arrivesFull: z.boolean(),
  rules: z.array(Modifier),
});
export type ItemWeapon = z.output<typeof ItemWeapon>;

export const Quest = z.strictObject({
  /** The character whose two quest items these are. */
  character: Id,
  /** Action cards the activation costs; never taken in Combat. */
  cost: Count,
  task: QuestTask,
});
export type Quest = z.output<typeof Quest>;

export const Item = record({
  id: Id,
  name: Text,
  colour: ItemColour,
  /** Copies in the deck (crafted: in the supply). */
  count: Positive,
  /** Heavy items take a hand slot. */
  heavy: z.boolean(),
  /** Discarded once used. */
  oneUse: z.boolean(),
  /** Icons this item gives to a Craft. */
  icons: z.array(CraftIcon),
  /** The two icons a Craft discards to make it (crafted items only). */
  recipe: z.tuple([CraftIcon, CraftIcon]).optional(),
  weapon: ItemWeapon.optional(),
  quest: Quest.optional(),
  uses: z.array(Use),
  summary: Text,
});
export type Item = z.output<typeof Item>;

export const ItemsFile = record({
  /** Ammo on a weapon found by searching. */
  searchedWeaponAmmo: Count,
  items: z.array(Item).min(1),
});
export type ItemsFile = z.output<typeof ItemsFile>;

// ---------------------------------------------------------------- the whole pack

/** Each part of a pack: the file it comes from and the schema that file must pass. */
export const contentFiles = {
  manifest: { file: 'pack.json', schema: PackFile },
  board: { file: 'board.json', schema: BoardFile },
  rooms: { file: 'rooms.json', schema: RoomsFile },
  explorationTokens: { file: 'exploration-tokens.json', schema: ExplorationTokensFile },
  intruders: { file: 'intruders.json', schema: IntrudersFile },
  dice: { file: 'dice.json', schema: DiceFile },
  intruderAttacks: { file: 'intruder-attacks.json', schema: IntruderAttacksFile },
  events: { file: 'events.json', schema: EventsFile },
  tracks: { file: 'tracks.json', schema: TracksFile },
  characters: { file: 'characters.json', schema: CharactersFile },
  contamination: { file: 'contamination.json', schema: ContaminationFile },
  seriousWounds: { file: 'serious-wounds.json', schema: SeriousWoundsFile },
  objectives: { file: 'objectives.json', schema: ObjectivesFile },
  weaknesses: { file: 'weaknesses.json', schema: WeaknessesFile },
  items: { file: 'items.json', schema: ItemsFile },
} as const;

export type ContentPart = keyof typeof contentFiles;

/** Every file of a pack, parsed. */
export type ContentFiles = {
  [Part in ContentPart]: z.output<(typeof contentFiles)[Part]['schema']>;
};

/** Where noise number n leads from a room: a corridor to a neighbour, or the technical corridors. */
export type Exit =
  | { readonly kind: 'corridor'; readonly corridor: string; readonly to: number }
  | { readonly kind: 'technical' };

/** `exits[room][n]`; a number is absent only in a room flagged `unverified` for its exits. */
export type ExitTable = Readonly<Record<number, Readonly<Partial<Record<NoiseNumber, Exit>>>>>;

/** Records by id, for the look-ups rules code makes most. */
export interface ContentLookup {
  readonly roomTile: Readonly<Record<string, RoomTile>>;
  readonly boardRoom: Readonly<Record<number, BoardRoom>>;
  readonly corridor: Readonly<Record<string, Corridor>>;
  readonly intruderKind: Readonly<Record<string, IntruderKindRecord>>;
  readonly character: Readonly<Record<string, Character>>;
  readonly weapon: Readonly<Record<string, Weapon>>;
  readonly item: Readonly<Record<string, Item>>;
}

/** A parsed, checked and frozen content pack. */
export type ContentPack = Readonly<ContentFiles> & {
  /** Where the pack came from (a directory, or a caller's label). */
  readonly source: string;
  readonly exits: ExitTable;
  /** Rooms joined to each room by a corridor, ascending. */
  readonly neighbours: Readonly<Record<number, readonly number[]>>;
  readonly lookup: ContentLookup;
  /** Problems accepted because the data flags them unverified. */
  readonly warnings: readonly string[];
};
