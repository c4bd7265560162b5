import { clonePlain, type Deck, type RandomState } from '@tabletop/engine';
import type {
  CorridorState,
  EngineState,
  IntruderState,
  NemesisState,
  PlayerState,
  PodState,
  RoomState,
  SeriousWound,
  WeaponState,
} from '../vocabulary/state.js';

/**
 * A deep copy of a game state, written out for its shape: what `clonePlain`
 * gives, key for key and in the same key order (the order setup makes),
 * several times faster, and with objects of one fixed shape each, which the
 * rules read faster too. A search copies the state it re-deals on every
 * iteration, so this copy is much of what an iteration costs and much of
 * the garbage it leaves. The steps under way and the game's end, of many
 * shapes and small, are copied as plain data.
 *
 * Each copy is typed, so a required field added to the state and not copied
 * here does not compile; a test checks, on states from whole games, that the
 * copy equals the original byte for byte and shares no list or object with it.
 */
export function cloneState(state: NemesisState): NemesisState {
  return {
    options: {
      players: state.options.players,
      characters: state.options.characters.slice(),
      firstPlayer: state.options.firstPlayer,
      ...(state.options.mode === undefined ? {} : { mode: state.options.mode }),
    },
    random: cloneRandom(state.random),
    round: state.round,
    phase: state.phase,
    firstPlayer: state.firstPlayer,
    players: state.players.map(clonePlayer),
    rooms: state.rooms.map(cloneRoom),
    corridors: state.corridors.map(cloneCorridor),
    technicalCorridorNoise: state.technicalCorridorNoise,
    intruders: state.intruders.map(cloneIntruder),
    nextIntruderId: state.nextIntruderId,
    bag: { tokens: state.bag.tokens.slice(), next: state.bag.next.slice() },
    tokensAside: state.tokensAside.slice(),
    tokensInReserve: state.tokensInReserve.slice(),
    tokensOut: state.tokensOut.slice(),
    attackDeck: cloneDeck(state.attackDeck),
    eventDeck: cloneDeck(state.eventDeck),
    eventsRemoved: state.eventsRemoved.slice(),
    contaminationDeck: cloneDeck(state.contaminationDeck),
    contaminationRemoved: state.contaminationRemoved.slice(),
    infectedContamination: state.infectedContamination.slice(),
    seriousWoundDeck: cloneDeck(state.seriousWoundDeck),
    itemDecks: {
      red: cloneDeck(state.itemDecks.red),
      yellow: cloneDeck(state.itemDecks.yellow),
      green: cloneDeck(state.itemDecks.green),
    },
    itemsPutUnder: {
      red: state.itemsPutUnder.red.slice(),
      yellow: state.itemsPutUnder.yellow.slice(),
      green: state.itemsPutUnder.green.slice(),
    },
    eventCardsSeen: state.eventCardsSeen.map(({ card, seat }) => ({ card, seat })),
    craftedItems: state.craftedItems.slice(),
    questItemsDiscarded: state.questItemsDiscarded.slice(),
    nestEggs: state.nestEggs,
    eggsDestroyed: state.eggsDestroyed,
    weaknesses: state.weaknesses.map(({ card, revealed }) => ({ card, revealed })),
    weaknessDeck: state.weaknessDeck.slice(),
    objectiveDeck: state.objectiveDeck.slice(),
    objectivesDiscarded: state.objectivesDiscarded.slice(),
    coordinates: state.coordinates,
    destination: state.destination,
    time: state.time,
    selfDestruct: state.selfDestruct,
    killedIntruders: state.killedIntruders.slice(),
    airlock: state.airlock,
    engines: state.engines.map(cloneEngine),
    pods: state.pods.map(clonePod),
    firstEncounterDone: state.firstEncounterDone,
    firstDeathDone: state.firstDeathDone,
    skipIntruderAttacks: state.skipIntruderAttacks,
    stackedRolls: {
      noise: state.stackedRolls.noise.slice(),
      combat: state.stackedRolls.combat.slice(),
    },
    stack: clonePlain(state.stack),
    over: clonePlain(state.over),
  };
}

function clonePlayer(player: PlayerState): PlayerState {
  const copy: PlayerState = {
    seat: player.seat,
    character: player.character,
    status: player.status,
    room: player.room,
    hand: player.hand.slice(),
    actionDeck: cloneDeck(player.actionDeck),
    scanned: player.scanned.slice(),
    lightWounds: player.lightWounds,
    seriousWounds: player.seriousWounds.map(cloneSeriousWound),
    slime: player.slime,
    larva: player.larva,
    signal: player.signal,
    weapons: player.weapons.map(cloneWeapon),
    carried: player.carried.slice(),
    items: player.items.slice(),
    quests: player.quests.slice(),
    objectives: player.objectives.slice(),
    passed: player.passed,
    pod: player.pod,
    checkedCoordinates: player.checkedCoordinates,
    checkedEngines: player.checkedEngines.slice(),
    peeked: player.peeked.map(({ room, token }) => ({ room, token })),
    objectivesSeen: player.objectivesSeen.map(({ seat, held }) => ({ seat, held })),
  };
  // The optional fields come after the others, in the order the game set them.
  if (
    player.taped !== undefined ||
    player.declinesInterrupts !== undefined ||
    player.death !== undefined ||
    player.setAside !== undefined
  ) {
    const target = copy as unknown as Record<string, unknown>;
    for (const key in player)
      if (!(key in target))
        target[key] = clonePlain((player as unknown as Record<string, unknown>)[key]);
  }
  return copy;
}

function cloneRoom(room: RoomState): RoomState {
  return {
    number: room.number,
    tile: room.tile,
    explored: room.explored,
    explorationToken: room.explorationToken,
    itemCounter: room.itemCounter,
    fire: room.fire,
    malfunction: room.malfunction,
    objects: room.objects.slice(),
  };
}

function cloneCorridor(corridor: CorridorState): CorridorState {
  return { index: corridor.index, noise: corridor.noise, door: corridor.door };
}

function cloneIntruder(intruder: IntruderState): IntruderState {
  return { id: intruder.id, kind: intruder.kind, room: intruder.room, injuries: intruder.injuries };
}

function cloneSeriousWound(wound: SeriousWound): SeriousWound {
  return { card: wound.card, dressed: wound.dressed };
}

function cloneWeapon(weapon: WeaponState): WeaponState {
  return weapon.attachments === undefined
    ? { id: weapon.id, ammo: weapon.ammo }
    : { id: weapon.id, ammo: weapon.ammo, attachments: weapon.attachments.slice() };
}

function cloneEngine(engine: EngineState): EngineState {
  return { top: engine.top, bottom: engine.bottom };
}

function clonePod(pod: PodState): PodState {
  return {
    number: pod.number,
    section: pod.section,
    locked: pod.locked,
    occupants: pod.occupants.slice(),
    launched: pod.launched,
  };
}

function cloneDeck<Card>(deck: Deck<Card>): Deck<Card> {
  return {
    drawPile: deck.drawPile.slice(),
    top: deck.top.slice(),
    bottom: deck.bottom.slice(),
    discardPile: deck.discardPile.slice(),
  };
}

function cloneRandom(random: RandomState): RandomState {
  return Array.isArray(random)
    ? random.slice()
    : { chacha20: random.chacha20, block: random.block, position: random.position };
}
