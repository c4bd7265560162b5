import {
  createBag,
  createDeck,
  type GeneratorKind,
  type RandomState,
  randomInt,
  seedRandom,
  shuffle,
} from '@tabletop/engine';
import type { ItemDeckColour } from '../content/schema.js';
import type { ObjectiveFacts as Objective, Tables } from '../content/tables.js';
import { gameMode, soloCoopCardsEach } from '../game-modes/game-modes.js';
import type {
  CorridorState,
  EngineState,
  NemesisOptions,
  NemesisState,
  PlayerState,
  PodState,
  RoomState,
} from '../vocabulary/state.js';
import type { Step } from '../vocabulary/steps.js';

/**
 * Setup: room tiles face down in their slots, each with an Exploration
 * token (all eleven "1" tiles, five random "2" tiles); the Intruder bag by
 * player count, the other tokens beside the board; five Eggs and three
 * face-down Weaknesses on the Intruder board; engines as random stacks of a
 * Working and a Damaged token; a secret Coordinates card; the Destination on
 * its start; Escape Pods by player count, all locked; characters in the
 * Hibernatorium, each with a shuffled Action deck, a starting weapon and two
 * secret Objectives (one Corporate, one Personal).
 */
export const hibernatorium = 11;

function sortedIds(map: ReadonlyMap<string, unknown>): string[] {
  return [...map.keys()].sort();
}

/** The blue Corpse: a crewman found dead in the Hibernatorium, lying there from the start. */
const foundDead = 'blue-corpse';

function dealRooms(tables: Tables, random: RandomState): RoomState[] {
  const tilesOf = (group: 'basic' | 'additional') =>
    shuffle(
      random,
      [...tables.roomTiles.values()].filter((tile) => tile.group === group).map((tile) => tile.id),
    );
  const tiles = { basic: tilesOf('basic'), additional: tilesOf('additional') };
  const tokens = shuffle(random, sortedIds(tables.explorationTokens));
  return tables.rooms.map((slot) => {
    if (slot.slot === 'special') {
      return {
        number: slot.number,
        tile: slot.tile!,
        explored: true,
        explorationToken: null,
        itemCounter: null,
        fire: false,
        malfunction: false,
        objects: slot.number === hibernatorium ? [foundDead] : [],
      };
    }
    const tile = tiles[slot.slot].pop();
    const token = tokens.pop();
    if (!tile || !token)
      throw new Error(`the content pack has too few tiles or tokens for room ${slot.number}`);
    return {
      number: slot.number,
      tile,
      explored: false,
      explorationToken: token,
      itemCounter: null,
      fire: false,
      malfunction: false,
      objects: [],
    };
  });
}

function fillBag(
  tables: Tables,
  players: number,
  random: RandomState,
): { bag: string[]; reserve: string[] } {
  const byKind = new Map<string, string[]>();
  for (const token of sortedIds(tables.intruderTokens)) {
    const kind = tables.intruderTokens.get(token)!.kind;
    byKind.set(kind, [...(byKind.get(kind) ?? []), token]);
  }
  // Which token of a kind goes in the bag matters (their numbers differ), so they are drawn at random.
  for (const tokens of byKind.values()) shuffle(random, tokens);
  const bag: string[] = [];
  const wanted = new Map<string, number>();
  for (const [kind, count] of Object.entries(tables.bag.fixed))
    wanted.set(kind, (wanted.get(kind) ?? 0) + count);
  for (const [kind, count] of Object.entries(tables.bag.perPlayer))
    wanted.set(kind, (wanted.get(kind) ?? 0) + count * players);
  for (const [kind, count] of wanted) bag.push(...(byKind.get(kind) ?? []).splice(0, count));
  return { bag, reserve: [...byKind.values()].flat().sort() };
}

function shuffledObjectives(
  tables: Tables,
  random: RandomState,
  fits: (objective: Objective) => boolean,
): string[] {
  return shuffle(
    random,
    sortedIds(tables.objectives).filter((id) => fits(tables.objectives.get(id)!)),
  );
}

/**
 * The standard game deals each player a Corporate and a Personal card whose
 * player count fits the table; the solo game and the cooperative variant
 * deal from the Solo/Co-op deck instead (two for the one player, one each
 * for a team).
 */
function dealObjectives(
  tables: Tables,
  options: NemesisOptions,
  random: RandomState,
): { hands: string[][]; rest: string[] } {
  const { players } = options;
  const mode = gameMode(options);
  const fitsTable = (objective: Objective) =>
    objective.minPlayers <= players && players <= objective.maxPlayers;
  let hands: (string | undefined)[][];
  if (mode === 'standard') {
    const corporate = shuffledObjectives(
      tables,
      random,
      (objective) => objective.type === 'corporate' && fitsTable(objective),
    );
    const personal = shuffledObjectives(
      tables,
      random,
      (objective) => objective.type === 'personal' && fitsTable(objective),
    );
    hands = Array.from({ length: players }, () => [corporate.pop(), personal.pop()]);
  } else {
    const deck = shuffledObjectives(tables, random, (objective) => objective.type === 'solo-co-op');
    hands = Array.from({ length: players }, () =>
      Array.from({ length: soloCoopCardsEach(mode) }, () => deck.pop()),
    );
  }
  if (hands.some((hand) => hand.some((objective) => objective === undefined))) {
    throw new Error(`the content pack has too few Objectives for ${players} players (${mode})`);
  }
  const dealt = new Set(hands.flat());
  return {
    hands: hands as string[][],
    rest: sortedIds(tables.objectives).filter((id) => !dealt.has(id)),
  };
}

/**
 * The Red, Yellow and Green Item decks, every copy of each card. Like every
 * deck, a draw pile is shuffled as it is drawn from, so no order is stored.
 */
function dealItemDecks(tables: Tables): NemesisState['itemDecks'] {
  const deckOf = (colour: ItemDeckColour) =>
    createDeck(
      [...tables.items.values()]
        .filter((item) => item.colour === colour)
        .flatMap((item) => Array.from({ length: item.count }, () => item.id))
        .sort(),
    );
  return { red: deckOf('red'), yellow: deckOf('yellow'), green: deckOf('green') };
}

function buildPods(tables: Tables, players: number): PodState[] {
  const count =
    tables.pods.byPlayers.find(
      (entry) => entry.minPlayers <= players && players <= entry.maxPlayers,
    )?.pods ?? 0;
  return tables.pods.list.slice(0, count).map((pod) => ({
    number: pod.number,
    section: pod.section,
    locked: true,
    occupants: [],
    launched: false,
  }));
}

/**
 * The crafted (blue) items, every copy of each, waiting beside the board
 * in view of all: crafting takes them from here.
 */
function craftedSupply(tables: Tables): string[] {
  return [...tables.items.values()]
    .filter((item) => item.colour === 'blue')
    .flatMap((item) => Array.from({ length: item.count }, () => item.id))
    .sort();
}

/** Gives a character its Action deck, starting weapon and its quest items, on their quest side. */
export function takeCharacter(tables: Tables, player: PlayerState, character: string): void {
  const facts = tables.characters.get(character);
  if (!facts) throw new Error(`no character "${character}" in the content pack`);
  player.character = character;
  player.actionDeck = createDeck(facts.actionDeck);
  const weapon = tables.weapons.get(facts.startingWeapon)!;
  player.weapons = [{ id: weapon.id, ammo: weapon.startingAmmo }];
  player.quests = [...tables.items.values()]
    .filter((item) => item.quest?.character === character)
    .map((item) => item.id);
}

function newPlayer(seat: number, objectives: string[]): PlayerState {
  return {
    seat: String(seat),
    character: null,
    status: 'active',
    room: hibernatorium,
    hand: [],
    actionDeck: createDeck<string>([]),
    scanned: [],
    lightWounds: 0,
    seriousWounds: [],
    slime: false,
    larva: false,
    signal: false,
    weapons: [],
    carried: [],
    items: [],
    quests: [],
    objectives,
    passed: false,
    pod: null,
    checkedCoordinates: false,
    checkedEngines: [null, null, null],
    peeked: [],
    objectivesSeen: [],
  };
}

export function setupGame(
  tables: Tables,
  options: NemesisOptions,
  seed: string,
  generator?: GeneratorKind,
): NemesisState {
  const random = seedRandom(seed, generator);
  const rooms = dealRooms(tables, random);
  const { bag, reserve } = fillBag(tables, options.players, random);
  const objectives = dealObjectives(tables, options, random);
  const weaknessDeck = shuffle(random, [...tables.weaknesses]);
  const weaknesses = weaknessDeck
    .splice(0, tables.weaknessesDrawn)
    .map((card) => ({ card, revealed: false }));
  const coordinates = sortedIds(tables.coordinates);
  const engines: EngineState[] = Array.from({ length: 3 }, () =>
    randomInt(random, 0, 1) === 0
      ? { top: 'working', bottom: 'damaged' }
      : { top: 'damaged', bottom: 'working' },
  );
  const infectedCount = [...tables.contamination.values()].filter((card) => card.infected).length;
  const infectedContamination = shuffle(random, sortedIds(tables.contamination))
    .slice(0, infectedCount)
    .sort();
  const corridors: CorridorState[] = tables.corridors.map((_, index) => ({
    index,
    noise: false,
    door: 'open',
  }));
  const players = Array.from({ length: options.players }, (_, seat) =>
    newPlayer(seat, objectives.hands[seat]!),
  );
  for (const [seat, character] of options.characters.entries())
    takeCharacter(tables, players[seat]!, character);
  const firstPlayer = options.firstPlayer ?? randomInt(random, 0, options.players - 1);
  const stack: Step[] = [{ kind: 'player-phase' }];
  if (options.characters.length === 0) {
    // The draft goes in turn order from the first player; pushed last so it resolves first.
    for (let offset = options.players - 1; offset >= 0; offset--) {
      stack.push({
        kind: 'choose-character',
        seat: String((firstPlayer + offset) % options.players),
        offer: [],
      });
    }
  }
  return {
    options,
    random,
    round: 0,
    phase: options.characters.length === 0 ? 'draft' : 'player',
    firstPlayer,
    players,
    rooms,
    corridors,
    technicalCorridorNoise: false,
    intruders: [],
    nextIntruderId: 1,
    bag: createBag(bag),
    tokensAside: [],
    tokensInReserve: reserve,
    tokensOut: [],
    attackDeck: createDeck(sortedIds(tables.attackCards)),
    eventDeck: createDeck(sortedIds(tables.eventCards)),
    eventsRemoved: [],
    contaminationDeck: createDeck(sortedIds(tables.contamination)),
    contaminationRemoved: [],
    infectedContamination,
    seriousWoundDeck: createDeck(sortedIds(tables.seriousWounds)),
    itemDecks: dealItemDecks(tables),
    itemsPutUnder: { red: [], yellow: [], green: [] },
    eventCardsSeen: [],
    craftedItems: craftedSupply(tables),
    questItemsDiscarded: [],
    nestEggs: tables.eggsAtStart,
    eggsDestroyed: 0,
    weaknesses,
    weaknessDeck,
    objectiveDeck: objectives.rest,
    objectivesDiscarded: [],
    coordinates: coordinates[randomInt(random, 0, coordinates.length - 1)]!,
    destination: tables.destination.start,
    time: 0,
    selfDestruct: null,
    killedIntruders: [],
    airlock: null,
    engines,
    pods: buildPods(tables, options.players),
    firstEncounterDone: false,
    firstDeathDone: false,
    skipIntruderAttacks: false,
    stackedRolls: { noise: [], combat: [] },
    stack,
    over: null,
  };
}
