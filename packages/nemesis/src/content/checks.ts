// Checks that span records or files, run after every file has passed its schema:
// references between files, duplicate ids, declared counts, and that every room
// sends each noise number 1-4 to exactly one exit.

import type { Effect, Use } from './effects.js';
import type { ContentIssue } from './errors.js';
import { formatPath } from './errors.js';
import {
  BLANK_TOKEN,
  type ContentFiles,
  type ContentPart,
  contentFiles,
  type UnverifiedFlag,
} from './schema.js';
import { containsKind, forEachKindUse } from './vocabulary.js';

const NOISE_NUMBERS = [1, 2, 3, 4] as const;

type Path = readonly PropertyKey[];

class Report {
  readonly issues: ContentIssue[] = [];
  readonly warnings: string[] = [];

  fail(file: string, path: Path, message: string): void {
    this.issues.push({ file, path: formatPath(path), message });
  }

  warn(file: string, path: Path, message: string): void {
    const where = path.length === 0 ? file : `${file}: ${formatPath(path)}`;
    this.warnings.push(`${where}: ${message}`);
  }
}

export interface CheckResult {
  readonly issues: readonly ContentIssue[];
  readonly warnings: readonly string[];
}

export function checkContent(data: ContentFiles): CheckResult {
  const report = new Report();
  checkIds(data, report);
  checkCounts(data, report);
  checkBoard(data, report);
  checkRooms(data, report);
  checkIntruders(data, report);
  checkIntruderReferences(data, report);
  checkTracks(data, report);
  checkCharacters(data, report);
  checkObjectives(data, report);
  checkItems(data, report);
  checkVocabularyReferences(data, report);
  checkChosenRooms(data, report);
  return { issues: report.issues, warnings: report.warnings };
}

function file(part: ContentPart): string {
  return contentFiles[part].file;
}

function isFlagged(flag: UnverifiedFlag | undefined, field: string): boolean {
  return flag === true || (Array.isArray(flag) && flag.includes(field));
}

function duplicates(
  report: Report,
  fileName: string,
  listPath: Path,
  records: readonly { id: string }[],
): void {
  const seen = new Set<string>();
  records.forEach((entry, index) => {
    if (seen.has(entry.id)) {
      report.fail(fileName, [...listPath, index, 'id'], `duplicate id "${entry.id}"`);
    }
    seen.add(entry.id);
  });
}

function checkIds(data: ContentFiles, report: Report): void {
  duplicates(report, file('board'), ['corridors'], data.board.corridors);
  duplicates(report, file('rooms'), ['rooms'], data.rooms.rooms);
  duplicates(report, file('explorationTokens'), ['tokens'], data.explorationTokens.tokens);
  duplicates(report, file('intruders'), ['kinds'], data.intruders.kinds);
  duplicates(report, file('intruders'), ['tokens'], data.intruders.tokens);
  duplicates(report, file('intruderAttacks'), ['cards'], data.intruderAttacks.cards);
  duplicates(report, file('events'), ['cards'], data.events.cards);
  duplicates(report, file('tracks'), ['coordinates'], data.tracks.coordinates);
  duplicates(report, file('characters'), ['weapons'], data.characters.weapons);
  duplicates(report, file('characters'), ['characters'], data.characters.characters);
  duplicates(report, file('contamination'), ['cards'], data.contamination.cards);
  duplicates(report, file('seriousWounds'), ['cards'], data.seriousWounds.cards);
  duplicates(report, file('objectives'), ['cards'], data.objectives.cards);
  duplicates(report, file('weaknesses'), ['cards'], data.weaknesses.cards);
  duplicates(report, file('items'), ['items'], data.items.items);
  // Action cards are shuffled into one discard pile with contamination, so
  // their ids must be unique across every character.
  const seen = new Set<string>();
  data.characters.characters.forEach((character, characterIndex) => {
    character.actionDeck.forEach((card, cardIndex) => {
      if (seen.has(card.id)) {
        report.fail(
          file('characters'),
          ['characters', characterIndex, 'actionDeck', cardIndex, 'id'],
          `duplicate action card id "${card.id}"`,
        );
      }
      seen.add(card.id);
    });
  });
}

/** The pack's declared sizes against its data. */
function checkCounts(data: ContentFiles, report: Report): void {
  const counts = data.manifest.counts;
  const check = (
    name: string,
    declared: number | undefined,
    actual: number,
    part: ContentPart,
    path: Path,
    what = 'cards',
  ): void => {
    if (declared === undefined || declared === actual) return;
    const message = `expected ${declared} ${what} (pack.json counts.${name}), found ${actual}`;
    report.fail(file(part), path, message);
  };
  const { rooms } = data.rooms;
  for (const group of ['basic', 'additional', 'special'] as const) {
    const actual = rooms.filter((room) => room.group === group).length;
    const declared = counts.roomTiles?.[group];
    check(`roomTiles.${group}`, declared, actual, 'rooms', ['rooms'], `${group} room tiles`);
  }
  const tokens = data.explorationTokens.tokens.length;
  check(
    'explorationTokens',
    counts.explorationTokens,
    tokens,
    'explorationTokens',
    ['tokens'],
    'tokens',
  );
  check(
    'intruderTokens',
    counts.intruderTokens,
    data.intruders.tokens.length,
    'intruders',
    ['tokens'],
    'tokens',
  );
  const attacks = data.intruderAttacks.cards.length;
  check('intruderAttackCards', counts.intruderAttackCards, attacks, 'intruderAttacks', ['cards']);
  check('eventCards', counts.eventCards, data.events.cards.length, 'events', ['cards']);
  const contamination = data.contamination.cards.length;
  check('contaminationCards', counts.contaminationCards, contamination, 'contamination', ['cards']);
  const wounds = data.seriousWounds.cards.length;
  check('seriousWoundCards', counts.seriousWoundCards, wounds, 'seriousWounds', ['cards']);
  check('weaknessCards', counts.weaknessCards, data.weaknesses.cards.length, 'weaknesses', [
    'cards',
  ]);
  const coordinates = data.tracks.coordinates.length;
  check('coordinatesCards', counts.coordinatesCards, coordinates, 'tracks', ['coordinates']);
  data.characters.characters.forEach((character, index) => {
    const path = ['characters', index, 'actionDeck'];
    const declared = counts.actionCardsPerCharacter;
    check('actionCardsPerCharacter', declared, character.actionDeck.length, 'characters', path);
  });
  for (const type of ['corporate', 'personal'] as const) {
    const actual = data.objectives.cards.filter((card) => card.type === type).length;
    const declared = counts.objectives?.[type];
    check(`objectives.${type}`, declared, actual, 'objectives', ['cards'], `${type} objectives`);
  }
  data.characters.characters.forEach((character, index) => {
    const declared = counts.questItemsPerCharacter;
    const actual = data.items.items.filter((item) => item.quest?.character === character.id);
    if (declared === undefined || declared === actual.length) return;
    report.fail(
      file('characters'),
      ['characters', index],
      `expected ${declared} quest items (pack.json counts.questItemsPerCharacter), found ${actual.length} in items.json`,
    );
  });
  for (const colour of ['red', 'yellow', 'green', 'blue', 'quest'] as const) {
    const actual = data.items.items
      .filter((item) => item.colour === colour)
      .reduce((sum, item) => sum + item.count, 0);
    const declared = counts.itemCards?.[colour];
    check(`itemCards.${colour}`, declared, actual, 'items', ['items'], `${colour} item cards`);
  }
}

function checkBoard(data: ContentFiles, report: Report): void {
  const board = data.board;
  const boardFile = file('board');
  const numbers = new Set<number>();
  board.rooms.forEach((room, index) => {
    if (numbers.has(room.number)) {
      report.fail(boardFile, ['rooms', index, 'number'], `duplicate room ${room.number}`);
    }
    numbers.add(room.number);
    if (room.slot === 'special' && room.room === undefined) {
      report.fail(boardFile, ['rooms', index, 'room'], 'a special slot must name its room tile');
    }
    if (room.slot !== 'special' && room.room !== undefined) {
      report.fail(boardFile, ['rooms', index, 'room'], 'only a special slot names a room tile');
    }
  });
  const exists = (room: number): boolean => numbers.has(room);

  const pairs = new Set<string>();
  board.corridors.forEach((corridor, index) => {
    corridor.ends.forEach((end, side) => {
      if (!exists(end)) {
        report.fail(
          boardFile,
          ['corridors', index, 'ends', side],
          `room ${end} is not on the board`,
        );
      }
    });
    const [first, second] = corridor.ends;
    if (first === second) {
      report.fail(boardFile, ['corridors', index, 'ends'], 'a corridor joins two different rooms');
    }
    const pair = first < second ? `${first}-${second}` : `${second}-${first}`;
    if (pairs.has(pair)) {
      report.fail(boardFile, ['corridors', index, 'ends'], `rooms ${pair} are already joined`);
    }
    pairs.add(pair);
    if (new Set(corridor.numbers).size !== corridor.numbers.length) {
      report.fail(boardFile, ['corridors', index, 'numbers'], 'a noise number is listed twice');
    }
  });

  const entrances = new Set<number>();
  board.technicalEntrances.forEach((entrance, index) => {
    if (!exists(entrance.room)) {
      report.fail(
        boardFile,
        ['technicalEntrances', index, 'room'],
        `room ${entrance.room} is not on the board`,
      );
    }
    if (entrances.has(entrance.room)) {
      report.fail(
        boardFile,
        ['technicalEntrances', index, 'room'],
        `room ${entrance.room} already has an entrance`,
      );
    }
    entrances.add(entrance.room);
  });

  checkNoiseCoverage(data, report);
}

/**
 * The noise roll needs one exit per number in every room. A room whose
 * transcription breaks that is an error unless its exits are flagged
 * unverified, in which case it loads with a warning.
 */
function checkNoiseCoverage(data: ContentFiles, report: Report): void {
  const board = data.board;
  board.rooms.forEach((room, index) => {
    const covered = new Map<number, number>();
    const add = (numbers: readonly number[]): void => {
      for (const n of numbers) covered.set(n, (covered.get(n) ?? 0) + 1);
    };
    for (const corridor of board.corridors) {
      if (corridor.ends.includes(room.number)) add(corridor.numbers);
    }
    for (const entrance of board.technicalEntrances) {
      if (entrance.room === room.number) add(entrance.numbers);
    }
    const missing = NOISE_NUMBERS.filter((n) => !covered.has(n));
    const doubled = NOISE_NUMBERS.filter((n) => (covered.get(n) ?? 0) > 1);
    if (missing.length === 0 && doubled.length === 0) return;
    const problems = [
      missing.length > 0 ? `${missing.join(', ')} lead nowhere` : '',
      doubled.length > 0 ? `${doubled.join(', ')} lead to more than one exit` : '',
    ].filter((text) => text !== '');
    const message = `room ${room.number}: noise numbers 1-4 must each lead to exactly one corridor or the technical corridors (${problems.join('; ')})`;
    if (isFlagged(room.unverified, 'exits')) report.warn(file('board'), ['rooms', index], message);
    else
      report.fail(
        file('board'),
        ['rooms', index],
        `${message}; flag the room "unverified": ["exits"] to accept it`,
      );
  });
}

function checkRooms(data: ContentFiles, report: Report): void {
  const roomsFile = file('rooms');
  const tiles = new Map(data.rooms.rooms.map((tile) => [tile.id, tile]));
  const placed = new Set<string>();
  data.board.rooms.forEach((room, index) => {
    if (room.room === undefined) return;
    const tile = tiles.get(room.room);
    if (tile === undefined) {
      report.fail(
        file('board'),
        ['rooms', index, 'room'],
        `room tile "${room.room}" is not in rooms.json`,
      );
    } else if (tile.group !== 'special') {
      report.fail(
        file('board'),
        ['rooms', index, 'room'],
        `room tile "${room.room}" is not a special room`,
      );
    }
    if (placed.has(room.room)) {
      report.fail(
        file('board'),
        ['rooms', index, 'room'],
        `room tile "${room.room}" is placed twice`,
      );
    }
    placed.add(room.room);
  });
  data.rooms.rooms.forEach((tile, index) => {
    if (tile.group === 'special' && !placed.has(tile.id)) {
      report.fail(
        roomsFile,
        ['rooms', index],
        `special room "${tile.id}" has no slot on the board`,
      );
    }
    const boardsPods = tile.action !== null && containsKind(tile.action, 'enter-escape-pod');
    if (tile.evacSection !== undefined && !boardsPods) {
      report.fail(
        roomsFile,
        ['rooms', index, 'evacSection'],
        'only an evac room has an evac section',
      );
    }
  });

  // Every basic tile is used each game and each additional slot draws a tile.
  const slots = (kind: 'basic' | 'additional'): number =>
    data.board.rooms.filter((room) => room.slot === kind).length;
  const tileCount = (kind: 'basic' | 'additional'): number =>
    data.rooms.rooms.filter((tile) => tile.group === kind).length;
  if (slots('basic') !== tileCount('basic')) {
    report.fail(
      file('board'),
      ['rooms'],
      `${slots('basic')} basic slots for ${tileCount('basic')} basic room tiles; each game uses them all`,
    );
  }
  if (slots('additional') > tileCount('additional')) {
    report.fail(
      file('board'),
      ['rooms'],
      `${slots('additional')} additional slots but only ${tileCount('additional')} additional room tiles`,
    );
  }
  const explorable = data.board.rooms.filter((room) => room.slot !== 'special').length;
  if (data.explorationTokens.tokens.length < explorable) {
    report.fail(
      file('explorationTokens'),
      ['tokens'],
      `${explorable} rooms need a token but only ${data.explorationTokens.tokens.length} exist`,
    );
  }

  const engines = new Set<number>();
  data.rooms.rooms.forEach((tile, index) => {
    if (tile.engine === undefined) return;
    if (engines.has(tile.engine)) {
      report.fail(roomsFile, ['rooms', index, 'engine'], `engine ${tile.engine} appears twice`);
    }
    engines.add(tile.engine);
  });
  const engineTokens = data.tracks.supplies.engineTokens;
  for (const status of ['working', 'damaged'] as const) {
    if (engineTokens[status] !== engines.size) {
      report.fail(
        file('tracks'),
        ['supplies', 'engineTokens', status],
        `expected one ${status} token per engine room (${engines.size})`,
      );
    }
  }
}

function checkIntruders(data: ContentFiles, report: Report): void {
  const intrudersFile = file('intruders');
  const kinds = new Set<string>(data.intruders.kinds.map((kind) => kind.id));
  const tokensByKind = new Map<string, number>();
  data.intruders.tokens.forEach((token, index) => {
    const path = ['tokens', index];
    if (token.kind !== BLANK_TOKEN && !kinds.has(token.kind)) {
      report.fail(
        intrudersFile,
        [...path, 'kind'],
        `"${token.kind}" is not an intruder kind or "${BLANK_TOKEN}"`,
      );
    }
    if (token.kind === BLANK_TOKEN && token.number !== null) {
      report.fail(intrudersFile, [...path, 'number'], 'the blank token carries no number');
    }
    if (token.kind !== BLANK_TOKEN && token.number === null) {
      report.fail(intrudersFile, [...path, 'number'], 'expected the number printed on the token');
    }
    tokensByKind.set(token.kind, (tokensByKind.get(token.kind) ?? 0) + 1);
  });
  // The bag must be fillable at the largest player count.
  const maxPlayers = data.manifest.players.max;
  const bag = data.intruders.bag;
  for (const part of ['fixed', 'perPlayer'] as const) {
    for (const kind of Object.keys(bag[part])) {
      if (kind !== BLANK_TOKEN && !kinds.has(kind)) {
        report.fail(
          intrudersFile,
          ['bag', part, kind],
          `"${kind}" is not an intruder kind or "${BLANK_TOKEN}"`,
        );
      }
    }
  }
  const bagKinds = new Set([...Object.keys(bag.fixed), ...Object.keys(bag.perPlayer)]);
  for (const kind of bagKinds) {
    const needed = (bag.fixed[kind] ?? 0) + (bag.perPlayer[kind] ?? 0) * maxPlayers;
    const available = tokensByKind.get(kind) ?? 0;
    if (needed > available) {
      report.fail(
        intrudersFile,
        ['bag'],
        `${maxPlayers} players need ${needed} "${kind}" tokens but only ${available} exist`,
      );
    }
  }
}

/** Intruder kinds named by attack and event cards. */
function checkIntruderReferences(data: ContentFiles, report: Report): void {
  const kinds = new Set<string>(data.intruders.kinds.map((kind) => kind.id));
  const unknown = (kind: string): string => `"${kind}" is not an intruder kind in intruders.json`;
  data.intruderAttacks.cards.forEach((card, index) => {
    card.attackers.forEach((kind, position) => {
      if (!kinds.has(kind)) {
        report.fail(
          file('intruderAttacks'),
          ['cards', index, 'attackers', position],
          unknown(kind),
        );
      }
    });
    if (card.outcome.kind === 'transform' && !kinds.has(card.outcome.into)) {
      report.fail(
        file('intruderAttacks'),
        ['cards', index, 'outcome', 'into'],
        unknown(card.outcome.into),
      );
    }
  });
  data.events.cards.forEach((card, index) => {
    card.movers.forEach((kind, position) => {
      if (!kinds.has(kind)) {
        report.fail(file('events'), ['cards', index, 'movers', position], unknown(kind));
      }
    });
  });
}

function checkTracks(data: ContentFiles, report: Report): void {
  const tracksFile = file('tracks');
  const tracks = data.tracks;
  if (tracks.time.hibernationOpensAfter >= tracks.time.jumpAfter) {
    report.fail(
      tracksFile,
      ['time', 'hibernationOpensAfter'],
      'hibernation must open before the jump',
    );
  }
  if (tracks.selfDestruct.yellowAfter >= tracks.selfDestruct.explodesAfter) {
    report.fail(
      tracksFile,
      ['selfDestruct', 'yellowAfter'],
      'the yellow spaces must come before the explosion',
    );
  }
  const spaces = tracks.destination.spaces;
  if (new Set(spaces).size !== spaces.length) {
    report.fail(tracksFile, ['destination', 'spaces'], 'a space is listed twice');
  }
  if (!spaces.includes(tracks.destination.start)) {
    report.fail(
      tracksFile,
      ['destination', 'start'],
      `"${tracks.destination.start}" is not one of ${spaces.join(', ')}`,
    );
  }
  // Each card sends every space of the track somewhere, and Earth lies on exactly one.
  tracks.coordinates.forEach((card, index) => {
    const path = ['coordinates', index, 'destinations'];
    const listed = Object.keys(card.destinations);
    const missing = spaces.filter((space) => !listed.includes(space));
    const extra = listed.filter((space) => !spaces.includes(space));
    if (missing.length > 0 || extra.length > 0) {
      report.fail(tracksFile, path, `expected one destination for each of ${spaces.join(', ')}`);
    }
    const earths = Object.values(card.destinations).filter((place) => place === 'earth');
    if (earths.length !== 1) {
      report.fail(tracksFile, path, `expected Earth on exactly one space, found ${earths.length}`);
    }
  });

  // Each player count from min to max picks exactly one pod row.
  const { min, max } = data.manifest.players;
  const pods = tracks.escapePods;
  for (let players = min; players <= max; players++) {
    const rows = pods.byPlayers.filter(
      (row) => row.minPlayers <= players && players <= row.maxPlayers,
    );
    if (rows.length !== 1) {
      report.fail(
        tracksFile,
        ['escapePods', 'byPlayers'],
        `${players} players match ${rows.length} rows; expected exactly 1`,
      );
    }
  }
  const mostPods = Math.max(...pods.byPlayers.map((row) => row.pods));
  if (mostPods > pods.pods.length) {
    report.fail(
      tracksFile,
      ['escapePods', 'pods'],
      `${mostPods} pods are needed but only ${pods.pods.length} are listed`,
    );
  }
  const sections = new Set(
    data.rooms.rooms.map((tile) => tile.evacSection).filter((section) => section !== undefined),
  );
  pods.pods.forEach((pod, index) => {
    if (index > 0 && pod.number <= (pods.pods[index - 1]?.number ?? 0)) {
      report.fail(
        tracksFile,
        ['escapePods', 'pods', index, 'number'],
        'pods must be listed in increasing number order',
      );
    }
    if (!sections.has(pod.section)) {
      report.fail(
        tracksFile,
        ['escapePods', 'pods', index, 'section'],
        `no evac room in rooms.json serves section ${pod.section}`,
      );
    }
  });

  if (tracks.intruderBoard.eggsAtStart > tracks.supplies.eggs) {
    report.fail(
      tracksFile,
      ['intruderBoard', 'eggsAtStart'],
      `more than the ${tracks.supplies.eggs} eggs in the supply`,
    );
  }
  if (tracks.intruderBoard.weaknessesDrawn > data.weaknesses.cards.length) {
    report.fail(
      tracksFile,
      ['intruderBoard', 'weaknessesDrawn'],
      `more than the ${data.weaknesses.cards.length} weakness cards`,
    );
  }
}

function checkCharacters(data: ContentFiles, report: Report): void {
  const charactersFile = file('characters');
  const weapons = new Set(data.characters.weapons.map((weapon) => weapon.id));
  data.characters.weapons.forEach((weapon, index) => {
    if (weapon.startingAmmo > weapon.capacity) {
      report.fail(
        charactersFile,
        ['weapons', index, 'startingAmmo'],
        `more than the capacity ${weapon.capacity}`,
      );
    }
  });
  data.characters.characters.forEach((character, index) => {
    if (!weapons.has(character.startingWeapon)) {
      report.fail(
        charactersFile,
        ['characters', index, 'startingWeapon'],
        `weapon "${character.startingWeapon}" is not in weapons`,
      );
    }
    character.actionDeck.forEach((card, cardIndex) => {
      const path = ['characters', index, 'actionDeck', cardIndex];
      // An interrupt window asks no payment and no choice: the card is its whole cost.
      if (card.interrupt && (card.answers === undefined || card.play === undefined))
        report.fail(charactersFile, path, 'an interrupt names the windows it answers and its play');
      if (card.interrupt && card.cost > 0)
        report.fail(charactersFile, [...path, 'cost'], 'an interrupt costs no card but itself');
      if (!card.interrupt && card.answers !== undefined)
        report.fail(charactersFile, [...path, 'answers'], 'only an interrupt answers a window');
    });
  });
}

function checkObjectives(data: ContentFiles, report: Report): void {
  const { min, max } = data.manifest.players;
  data.objectives.cards.forEach((card, index) => {
    if (card.minPlayers > card.maxPlayers) {
      report.fail(file('objectives'), ['cards', index, 'minPlayers'], 'more than maxPlayers');
    }
    if (card.minPlayers < min || card.maxPlayers > max) {
      report.fail(
        file('objectives'),
        ['cards', index],
        `player counts must lie within the pack's ${min}-${max}`,
      );
    }
  });
}

function checkItems(data: ContentFiles, report: Report): void {
  const itemsFile = file('items');
  const characters = new Set(data.characters.characters.map((character) => character.id));
  // A recipe can only ask for icons some searchable item gives.
  const given = new Set(
    data.items.items.filter((item) => item.colour !== 'blue').flatMap((item) => item.icons),
  );
  data.items.items.forEach((item, index) => {
    const path = ['items', index];
    if ((item.colour === 'blue') !== (item.recipe !== undefined)) {
      report.fail(
        itemsFile,
        [...path, 'recipe'],
        'crafted (blue) items, and only they, have a recipe',
      );
    }
    item.recipe?.forEach((icon, position) => {
      if (!given.has(icon)) {
        report.fail(itemsFile, [...path, 'recipe', position], `no item gives the "${icon}" icon`);
      }
    });
    if ((item.colour === 'quest') !== (item.quest !== undefined)) {
      report.fail(itemsFile, [...path, 'quest'], 'quest items, and only they, have a quest');
    }
    if (item.quest !== undefined && !characters.has(item.quest.character)) {
      report.fail(
        itemsFile,
        [...path, 'quest', 'character'],
        `"${item.quest.character}" is not a character in characters.json`,
      );
    }
    if (item.colour === 'quest' && item.count !== 1) {
      report.fail(itemsFile, [...path, 'count'], 'a quest item is a single card');
    }
  });
}

/** Ids named inside effects, conditions and quests must exist in the pack. */
function checkVocabularyReferences(data: ContentFiles, report: Report): void {
  const rooms = new Set(data.rooms.rooms.map((room) => room.id));
  const items = new Set(data.items.items.map((item) => item.id));
  const weapons = new Set([
    ...data.characters.weapons.map((weapon) => weapon.id),
    ...data.items.items.filter((item) => item.weapon !== undefined).map((item) => item.id),
  ]);
  const kinds = new Set<string>(data.intruders.kinds.map((kind) => kind.id));
  const objectives = data.objectives.cards;
  forEachKindUse(data, (use) => {
    const fail = (field: PropertyKey[], message: string): void => {
      report.fail(use.file, [...use.path, ...field], message);
    };
    const node = use.node;
    switch (node.kind) {
      case 'activate-in-room':
        if (!rooms.has(node.room)) fail(['room'], `"${node.room}" is not a room in rooms.json`);
        return;
      case 'discard-item':
        node.items.forEach((id, index) => {
          if (!items.has(id)) fail(['items', index], `"${id}" is not an item in items.json`);
        });
        return;
      case 'reload':
        if (node.only !== undefined && !weapons.has(node.only))
          fail(['only'], `"${node.only}" is not a weapon`);
        return;
      case 'attach-to-weapon':
        if (node.weapon !== 'energy' && !weapons.has(node.weapon))
          fail(['weapon'], `"${node.weapon}" is not a weapon`);
        return;
      case 'intruder-killed':
        if (!kinds.has(node.intruder))
          fail(['intruder'], `"${node.intruder}" is not an intruder kind in intruders.json`);
        return;
      case 'player-character-survives': {
        // "Player N" must be at the table whenever the card can be dealt.
        const index = Number(use.path[1]);
        const card = use.file === file('objectives') ? objectives[index] : undefined;
        if (card !== undefined && node.player > card.minPlayers) {
          fail(['player'], `player ${node.player} is not at a ${card.minPlayers}-player table`);
        }
        return;
      }
      default:
        return;
    }
  });
}

/**
 * An effect acting on the "chosen" room needs an enclosing `choose-room` to
 * pick it, and a `choose-room` whose effects never use the pick asks for nothing.
 */
function checkChosenRooms(data: ContentFiles, report: Report): void {
  const visit = (effect: Effect, fileName: string, path: Path, inside: boolean): boolean => {
    const at = (key: PropertyKey, index?: number): Path =>
      index === undefined ? [...path, key] : [...path, key, index];
    switch (effect.kind) {
      case 'choice':
        return effect.options
          .map((option, index) => visit(option, fileName, at('options', index), inside))
          .some(Boolean);
      case 'sequence':
        return effect.steps
          .map((step, index) => visit(step, fileName, at('steps', index), inside))
          .some(Boolean);
      case 'optional':
      case 'only-if':
        return visit(effect.effect, fileName, at('effect'), inside);
      case 'choose-room':
        if (!visit(effect.effect, fileName, at('effect'), true))
          report.fail(fileName, path, 'no effect inside acts on the chosen room');
        return false;
      default: {
        const usesChosen = 'room' in effect && effect.room === 'chosen';
        if (usesChosen && !inside)
          report.fail(fileName, [...path, 'room'], '"chosen" needs an enclosing choose-room');
        return usesChosen;
      }
    }
  };
  const visitUse = (use: Use, fileName: string, path: Path): void => {
    if (use.kind !== 'modifier') visit(use.effect, fileName, [...path, 'effect'], false);
  };
  data.items.items.forEach((item, index) => {
    item.uses.forEach((use, position) => {
      visitUse(use, file('items'), ['items', index, 'uses', position]);
    });
  });
  data.rooms.rooms.forEach((room, index) => {
    if (room.action !== null) visit(room.action, file('rooms'), ['rooms', index, 'action'], false);
    if (room.passive !== undefined)
      visitUse(room.passive, file('rooms'), ['rooms', index, 'passive']);
  });
}
