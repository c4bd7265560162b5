import type { Deck } from '@tabletop/engine';
import type { IntruderKind } from '../content/effects.js';
import { itemDeckColours } from '../content/schema.js';
import type { Tables } from '../content/tables.js';
import { eggsUsed } from '../event-phase/bag-development.js';
import { weaponCapacity } from '../items/weapon-capacity.js';
import type { Game } from '../vocabulary/game.js';
import type { NemesisState, PlayerState } from '../vocabulary/state.js';
import { promptsOf } from './procedures.js';

/**
 * What must hold in every Nemesis state, whatever happened before: every
 * component is somewhere, once; no supply runs over; no marker or figure is
 * off the board; the numbers on character boards stay in range; the dead
 * hold nothing; and whoever the game waits for can answer. Returns one line
 * per violation (empty when all is well). Used by tests and random playouts;
 * it never changes the state.
 */
export function nemesisInvariants(state: NemesisState, tables: Tables): string[] {
  const violations: string[] = [];
  checkComponents(state, tables, violations);
  checkSupplies(state, tables, violations);
  checkBoard(state, tables, violations);
  checkCharacters(state, tables, violations);
  checkEscapes(state, tables, violations);
  checkPrompts(state, tables, violations);
  return violations;
}

type Places = [where: string, cards: readonly string[]][];

function deckPlaces(name: string, deck: Deck<string>): Places {
  return [
    [`${name} draw pile`, deck.drawPile],
    [`${name} top`, deck.top],
    [`${name} bottom`, deck.bottom],
    [`${name} discard pile`, deck.discardPile],
  ];
}

/**
 * Every id of `expected` lies in exactly one place, once; ids found that are
 * not expected are reported unless `ignore` says they are counted elsewhere.
 */
function exactlyOnce(
  violations: string[],
  what: string,
  expected: Iterable<string>,
  places: Places,
  ignore: (id: string) => boolean = () => false,
): void {
  const seen = new Map<string, string[]>();
  for (const [where, ids] of places) {
    for (const id of ids) {
      if (ignore(id)) continue;
      const found = seen.get(id);
      if (found) found.push(where);
      else seen.set(id, [where]);
    }
  }
  for (const id of expected) {
    const found = seen.get(id);
    seen.delete(id);
    if (!found) violations.push(`${what} ${id} is missing`);
    else if (found.length > 1)
      violations.push(`${what} ${id} appears ${found.length} times (${found.join(', ')})`);
  }
  for (const [id, found] of seen)
    violations.push(`${what} ${id} does not belong there (${found.join(', ')})`);
}

/** Tokens and cards held by steps under way (drawn, not yet put back). */
function heldBySteps(state: NemesisState): { tokens: string[]; events: string[] } {
  const tokens: string[] = [];
  const events: string[] = [];
  for (const step of state.stack) {
    if (step.kind === 'bag-development' && step.token !== undefined) tokens.push(step.token);
    if (step.kind === 'event-card' && step.card !== undefined) events.push(step.card);
  }
  return { tokens, events };
}

function checkComponents(state: NemesisState, tables: Tables, violations: string[]): void {
  const held = heldBySteps(state);
  exactlyOnce(violations, 'intruder token', tables.intruderTokens.keys(), [
    ['bag', state.bag.tokens],
    ['aside', state.tokensAside],
    ['reserve', state.tokensInReserve],
    ['out of the game', state.tokensOut],
    ['a step under way', held.tokens],
  ]);
  exactlyOnce(
    violations,
    'attack card',
    tables.attackCards.keys(),
    deckPlaces('attack deck', state.attackDeck),
  );
  exactlyOnce(violations, 'event card', tables.eventCards.keys(), [
    ...deckPlaces('event deck', state.eventDeck),
    ['removed events', state.eventsRemoved],
    ['a step under way', held.events],
  ]);

  const isContamination = (card: string) => tables.contamination.has(card);
  const contaminationPlaces: Places = [
    ...deckPlaces('contamination deck', state.contaminationDeck),
    ['removed contamination', state.contaminationRemoved],
  ];
  for (const player of state.players) {
    const places: Places = [
      [`seat ${player.seat} hand`, player.hand],
      ...deckPlaces(`seat ${player.seat} action deck`, player.actionDeck),
    ];
    for (const [where, cards] of places)
      contaminationPlaces.push([where, cards.filter(isContamination)]);
    const own =
      player.character === null ? [] : (tables.characters.get(player.character)?.actionDeck ?? []);
    exactlyOnce(violations, `seat ${player.seat} action card`, own, places, isContamination);
  }
  exactlyOnce(violations, 'contamination card', tables.contamination.keys(), contaminationPlaces);
  const infectedInPack = [...tables.contamination.values()].filter((card) => card.infected).length;
  if (
    state.infectedContamination.length !== infectedInPack ||
    new Set(state.infectedContamination).size !== infectedInPack ||
    state.infectedContamination.some((card) => !isContamination(card))
  ) {
    violations.push(
      `the INFECTED Contamination cards are not ${infectedInPack} distinct cards of the pack`,
    );
  }

  const woundPlaces: Places = deckPlaces('serious wound deck', state.seriousWoundDeck);
  for (const player of state.players) {
    woundPlaces.push([
      `seat ${player.seat} wounds`,
      player.seriousWounds.map((wound) => wound.card).filter((card) => card !== 'untracked'),
    ]);
  }
  exactlyOnce(violations, 'serious wound card', tables.seriousWounds.keys(), woundPlaces);
  checkItems(state, tables, violations);
}

/**
 * Every item card is somewhere, once. A card of the Red, Yellow and Green
 * Item decks is in one deck, an inventory or a discard pile; a crafted
 * (blue) one is in the crafted supply or an inventory: as many copies of
 * each as the pack holds. A quest item of a character in play is on its
 * quest side beside that character, in an inventory, or out of the game.
 */
function checkItems(state: NemesisState, tables: Tables, violations: string[]): void {
  const places: Places = itemDeckColours.flatMap((colour) =>
    deckPlaces(`${colour} item deck`, state.itemDecks[colour]),
  );
  places.push(['the crafted supply', state.craftedItems]);
  for (const player of state.players) {
    places.push([`seat ${player.seat} items`, player.items]);
    for (const weapon of player.weapons)
      places.push([`seat ${player.seat}'s ${weapon.id}`, weapon.attachments ?? []]);
    if (player.setAside) {
      places.push([`seat ${player.seat} items set aside`, player.setAside.items]);
      for (const weapon of player.setAside.weapons)
        places.push([`seat ${player.seat}'s ${weapon.id} set aside`, weapon.attachments ?? []]);
    }
  }
  for (const step of state.stack)
    if (step.kind === 'search' && step.drawn) places.push(['a search under way', step.drawn]);
  for (const colour of itemDeckColours) {
    const under = state.itemDecks[colour].bottom.length;
    const known = state.itemsPutUnder[colour].length;
    if (under !== known)
      violations.push(
        `${under} card(s) under the ${colour} deck, but ${known} known to be put there`,
      );
  }
  for (const player of state.players) {
    for (const weapon of player.weapons) {
      if (tables.weapons.get(weapon.id)?.item === true && !player.items.includes(weapon.id))
        violations.push(`seat ${player.seat} shoots with ${weapon.id} but holds no such item`);
    }
    for (const item of player.items) {
      if (tables.items.get(item)?.weapon && !player.weapons.some((weapon) => weapon.id === item))
        violations.push(`seat ${player.seat} holds the weapon ${item} but not as a weapon`);
    }
    checkTape(player, tables, violations);
  }
  const counted = (colour: string) => colour !== 'quest';
  const found = new Map<string, number>();
  for (const [where, items] of places) {
    for (const item of items) {
      const facts = tables.items.get(item);
      if (!facts) violations.push(`${where} holds ${item}, which is no item of the pack`);
      else if (counted(facts.colour)) found.set(item, (found.get(item) ?? 0) + 1);
    }
  }
  for (const item of tables.items.values()) {
    if (!counted(item.colour)) continue;
    const count = found.get(item.id) ?? 0;
    if (count !== item.count)
      violations.push(`item ${item.id}: ${count} copies in play, the pack holds ${item.count}`);
  }
  checkQuestItems(state, tables, violations);
}

/** A taped item is a Heavy Item of that inventory, each copy in one pair at most. */
function checkTape(player: PlayerState, tables: Tables, violations: string[]): void {
  const untaped = [...player.items];
  for (const item of (player.taped ?? []).flat()) {
    const at = untaped.indexOf(item);
    if (tables.items.get(item)?.heavy !== true)
      violations.push(`seat ${player.seat} has ${item} taped, which is no Heavy Item`);
    else if (at < 0)
      violations.push(`seat ${player.seat} has ${item} taped but holds no copy of it to tape`);
    else untaped.splice(at, 1);
  }
}

/** Each quest item of the characters in play lies in one place: its quest side, an inventory, or out. */
function checkQuestItems(state: NemesisState, tables: Tables, violations: string[]): void {
  const isQuest = (item: string) => tables.items.get(item)?.colour === 'quest';
  const inPlay = new Set(state.players.map((player) => player.character));
  const expected = [...tables.items.values()]
    .filter((item) => item.quest !== null && inPlay.has(item.quest.character))
    .map((item) => item.id);
  const places: Places = [['quest items out of the game', state.questItemsDiscarded]];
  for (const player of state.players) {
    places.push([`seat ${player.seat} quests`, player.quests]);
    places.push([`seat ${player.seat} items`, player.items.filter(isQuest)]);
    places.push([
      `seat ${player.seat} items set aside`,
      (player.setAside?.items ?? []).filter(isQuest),
    ]);
    for (const item of player.quests) {
      if (tables.items.get(item)?.quest?.character !== player.character)
        violations.push(`seat ${player.seat} has the quest of ${item}, another character's`);
    }
  }
  exactlyOnce(violations, 'quest item', expected, places);
}

function countIn<T>(list: readonly T[], wanted: T): number {
  let count = 0;
  for (const item of list) if (item === wanted) count++;
  return count;
}

function checkSupplies(state: NemesisState, tables: Tables, violations: string[]): void {
  const miniatures = new Map<IntruderKind, number>();
  for (const intruder of state.intruders)
    miniatures.set(intruder.kind, (miniatures.get(intruder.kind) ?? 0) + 1);
  const larvaeOnBoards = state.players.filter((player) => player.larva).length;
  miniatures.set('larva', (miniatures.get('larva') ?? 0) + larvaeOnBoards);
  for (const [kind, used] of miniatures) {
    const supply = tables.intruderKinds.get(kind)?.miniatures ?? 0;
    if (used > supply)
      violations.push(`${used} ${kind} miniatures in play, but the box holds ${supply}`);
  }

  const { supplies } = tables;
  const atMost = (what: string, used: number, supply: number) => {
    if (used > supply) violations.push(`${used} ${what} in play, but the box holds ${supply}`);
  };
  atMost('Fire markers', state.rooms.filter((room) => room.fire).length, supplies.fire);
  atMost(
    'Malfunction markers',
    state.rooms.filter((room) => room.malfunction).length,
    supplies.malfunction,
  );
  atMost(
    'Door tokens',
    state.corridors.filter((corridor) => corridor.door !== 'open').length,
    supplies.doors,
  );
  const objects = (kind: 'carcass' | 'corpse') =>
    state.rooms.reduce((sum, room) => sum + countIn(room.objects, kind), 0) +
    state.players.reduce((sum, player) => sum + countIn(player.carried, kind), 0);
  atMost('Carcass tokens', objects('carcass'), supplies.carcasses);
  atMost('Corpse tokens', objects('corpse'), supplies.corpses);
  atMost('Egg tokens (Nest, rooms, carried, destroyed)', eggsUsed(state), supplies.eggs);
  if (state.nestEggs < 0) violations.push(`the Nest holds ${state.nestEggs} eggs`);
  if (state.eggsDestroyed < 0) violations.push(`${state.eggsDestroyed} eggs destroyed`);
}

function checkBoard(state: NemesisState, tables: Tables, violations: string[]): void {
  if (state.corridors.length !== tables.corridors.length) {
    violations.push(
      `${state.corridors.length} corridors in the state, but the board has ${tables.corridors.length}`,
    );
  }
  state.corridors.forEach((corridor, position) => {
    if (corridor.index !== position)
      violations.push(`corridor ${position} says it is corridor ${corridor.index}`);
  });
  for (const step of state.stack) {
    if (
      step.kind === 'move' &&
      typeof step.noiseCorridor === 'number' &&
      !tables.corridors[step.noiseCorridor]
    ) {
      violations.push(
        `a move step names corridor ${step.noiseCorridor}, which is not on the board`,
      );
    }
  }
  const ids = new Set<number>();
  for (const intruder of state.intruders) {
    if (ids.has(intruder.id)) violations.push(`two Intruders share id ${intruder.id}`);
    ids.add(intruder.id);
    if (intruder.id >= state.nextIntruderId)
      violations.push(`Intruder #${intruder.id} has an id not yet handed out`);
    if (
      !Number.isInteger(intruder.room) ||
      intruder.room < 1 ||
      intruder.room > state.rooms.length
    ) {
      violations.push(
        `Intruder #${intruder.id} is in room ${intruder.room}, which is not on the board`,
      );
    }
  }
}

function checkCharacters(state: NemesisState, tables: Tables, violations: string[]): void {
  for (const player of state.players) {
    const who = `seat ${player.seat}`;
    for (const weapon of player.weapons) {
      const capacity = tables.weapons.has(weapon.id)
        ? weaponCapacity(tables, player, weapon)
        : undefined;
      if (weapon.ammo < 0) violations.push(`${who}'s ${weapon.id} has ${weapon.ammo} ammo`);
      if (capacity === undefined) violations.push(`${who} holds an unknown weapon ${weapon.id}`);
      else if (weapon.ammo > capacity)
        violations.push(
          `${who}'s ${weapon.id} has ${weapon.ammo} ammo, over its capacity of ${capacity}`,
        );
    }
    if (player.status === 'dead') {
      if (player.hand.length > 0)
        violations.push(`${who} is dead but holds ${player.hand.length} card(s)`);
      if (player.carried.length > 0)
        violations.push(`${who} is dead but carries ${player.carried.join(', ')}`);
      if (player.weapons.length > 0)
        violations.push(`${who} is dead but holds ${player.weapons.length} weapon(s)`);
      if (player.items.length > 0)
        violations.push(`${who} is dead but holds ${player.items.length} item(s)`);
    }
    const top = state.stack[state.stack.length - 1];
    // An action under way waits on top, or below an interrupt window once its choices are made.
    const action = state.stack.findLast((step) => step.kind === 'action-choice');
    if (action?.kind === 'action-choice' && action.seat === player.seat) {
      const named = [
        ...action.chosen.cards,
        ...(action.chosen.played ? [action.chosen.played] : []),
      ];
      if (new Set(named).size !== named.length || named.some((card) => !player.hand.includes(card)))
        violations.push(`${who}'s ${action.action} names cards not in hand, or one twice`);
    }
    if (top?.kind === 'reaction' && top.seat === player.seat && top.paying !== null) {
      const named = top.paying;
      if (new Set(named).size !== named.length || named.some((card) => !player.hand.includes(card)))
        violations.push(`${who}'s ${top.item} names cards not in hand, or one twice`);
    }
    if (!Number.isInteger(player.lightWounds) || player.lightWounds < 0 || player.lightWounds > 2) {
      violations.push(`${who} has ${player.lightWounds} light wounds (0 to 2)`);
    }
  }
}

/**
 * No pod holds more than its seats; a character in a pod sits in exactly one
 * pod still aboard, one who escaped left in a launched one; a hibernating
 * character is on no board space and in no pod.
 */
function checkEscapes(state: NemesisState, tables: Tables, violations: string[]): void {
  for (const pod of state.pods) {
    if (pod.occupants.length > tables.pods.seats)
      violations.push(`Escape Pod ${pod.number} holds ${pod.occupants.length} characters`);
  }
  for (const player of state.players) {
    const who = `seat ${player.seat}`;
    const pods = state.pods.filter((pod) => pod.occupants.includes(player.seat));
    if (player.status === 'in-pod') {
      if (pods.length !== 1 || pods[0]!.launched || pods[0]!.number !== player.pod)
        violations.push(`${who} is in a pod but not in exactly one pod still aboard`);
    } else if (player.status === 'escaped') {
      if (pods.length !== 1 || !pods[0]!.launched)
        violations.push(`${who} escaped but not in exactly one launched pod`);
    } else if (pods.length > 0) {
      violations.push(`${who} is ${player.status} but sits in Escape Pod ${pods[0]!.number}`);
    }
    if (player.status === 'hibernating' && player.pod !== null)
      violations.push(`${who} hibernates but is in a pod`);
  }
}

function checkPrompts(state: NemesisState, tables: Tables, violations: string[]): void {
  if (state.over) {
    if (state.stack.length > 0)
      violations.push(`the game is over but ${state.stack.length} step(s) remain on the stack`);
    return;
  }
  const top = state.stack[state.stack.length - 1];
  if (!top) {
    violations.push('the game is not over but nothing is under way');
    return;
  }
  const game: Game = { state, tables, events: [] };
  const prompts = promptsOf(game, top);
  if (prompts.length === 0) violations.push(`the step on top (${top.kind}) waits for nobody`);
  for (const prompt of prompts) {
    for (const seat of prompt.seats) {
      const player = state.players.find((candidate) => candidate.seat === seat);
      if (!player) violations.push(`the ${top.kind} step asks seat ${seat}, which does not exist`);
      else if (player.status === 'dead')
        violations.push(`the ${top.kind} step asks seat ${seat}, whose character is dead`);
    }
  }
}
