import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  BLANK_TOKEN,
  baseContent,
  baseContentDirectory,
  ContentError,
  contentFileNames,
  loadContentPack,
  type NoiseNumber,
  parseContentPack,
  readContentFiles,
  spaceLeadingTo,
  type UnverifiedFlag,
} from '../../src/content/index.js';

const pack = baseContent();
const NOISE_NUMBERS: readonly NoiseNumber[] = [1, 2, 3, 4];

/** A fresh, editable copy of the base pack's raw JSON. */
function baseFiles(): Record<string, unknown> {
  return structuredClone(readContentFiles());
}

function countBy<Entry>(
  entries: readonly Entry[],
  key: (entry: Entry) => string,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of entries) counts[key(entry)] = (counts[key(entry)] ?? 0) + 1;
  return counts;
}

function flagged(flag: UnverifiedFlag | undefined, field: string): boolean {
  return flag === true || (Array.isArray(flag) && flag.includes(field));
}

function contentError(run: () => unknown): ContentError {
  try {
    run();
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
  throw new Error('expected a ContentError');
}

describe('the base content pack', () => {
  it('loads from its directory without warnings', () => {
    expect(pack.manifest.id).toBe('nemesis-base');
    expect(pack.warnings).toEqual([]);
    expect(pack.source).toBe(fileURLToPath(baseContentDirectory));
  });

  it('is parsed once per process and frozen against edits', () => {
    expect(baseContent()).toBe(pack);
    expect(Object.isFrozen(pack.intruderAttacks.cards[0])).toBe(true);
    expect(() => {
      pack.tracks.time.spaces = 99;
    }).toThrow(TypeError);
  });
});

describe('ship board', () => {
  it('has 21 rooms numbered 1-21', () => {
    expect(pack.board.rooms.map((room) => room.number)).toEqual(
      Array.from({ length: 21 }, (_, index) => index + 1),
    );
  });

  it('prints Cockpit on 1, Hibernatorium on 11 and Engines 03/02/01 on 19/20/21', () => {
    const special = pack.board.rooms.filter((room) => room.slot === 'special');
    expect(Object.fromEntries(special.map((room) => [room.number, room.room]))).toEqual({
      1: 'cockpit',
      11: 'hibernatorium',
      19: 'engine-03',
      20: 'engine-02',
      21: 'engine-01',
    });
  });

  it('has 16 non-special slots: 11 for "1" tiles and 5 for "2" tiles', () => {
    const slots = (kind: string) =>
      pack.board.rooms.filter((room) => room.slot === kind).map((room) => room.number);
    expect(slots('basic')).toEqual([2, 3, 4, 5, 9, 10, 12, 13, 16, 17, 18]);
    expect(slots('additional')).toEqual([6, 7, 8, 14, 15]);
  });

  it('sends each noise number 1-4 in every room to exactly one exit', () => {
    for (const room of pack.board.rooms) {
      for (const n of NOISE_NUMBERS)
        expect(pack.exits[room.number]?.[n], `room ${room.number}, ${n}`).toBeDefined();
    }
  });

  it('gives both ends of a corridor the same noise numbers', () => {
    for (const [room, exits] of Object.entries(pack.exits)) {
      for (const [n, exit] of Object.entries(exits)) {
        if (exit.kind !== 'corridor') continue;
        const back = pack.exits[exit.to]?.[Number(n) as NoiseNumber];
        expect(back, `room ${room} number ${n}`).toEqual({
          kind: 'corridor',
          corridor: exit.corridor,
          to: Number(room),
        });
      }
    }
  });

  it('answers room and noise number with a corridor or the technical corridors', () => {
    expect(pack.exits[1]?.[1]).toEqual({ kind: 'corridor', corridor: '1-3', to: 3 });
    expect(pack.exits[2]?.[1]).toEqual({ kind: 'technical' });
    expect(pack.exits[11]?.[1]).toEqual({ kind: 'corridor', corridor: '11-15', to: 15 });
    expect(pack.exits[21]?.[4]).toEqual({ kind: 'corridor', corridor: '18-21', to: 18 });
  });

  it('has technical corridor entrances in rooms 2, 4, 5, 9, 14, 15, 19 and 21', () => {
    expect(pack.board.technicalEntrances.map((entrance) => entrance.room)).toEqual([
      2, 4, 5, 9, 14, 15, 19, 21,
    ]);
  });

  it('lists neighbours from the corridors', () => {
    expect(pack.neighbours[11]).toEqual([6, 8, 14, 15]);
    expect(pack.neighbours[1]).toEqual([2, 3, 4]);
  });
});

describe('room tiles', () => {
  it('has 11 basic, 9 additional and 5 special rooms', () => {
    expect(countBy(pack.rooms.rooms, (room) => room.group)).toEqual({
      basic: 11,
      additional: 9,
      special: 5,
    });
  });

  it('gives no search to the special rooms, the Nest and the Room with Slime', () => {
    const noSearch = pack.rooms.rooms.filter((room) => !room.hasSearch).map((room) => room.id);
    expect(noSearch.sort()).toEqual(
      [
        'cockpit',
        'engine-01',
        'engine-02',
        'engine-03',
        'hibernatorium',
        'nest',
        'room-with-slime',
      ].sort(),
    );
  });

  it('puts Evac Section A and B on their sections', () => {
    expect(pack.lookup.roomTile['evac-section-a']?.evacSection).toBe('A');
    expect(pack.lookup.roomTile['evac-section-b']?.evacSection).toBe('B');
  });

  it('charges 2 Action cards for every room action', () => {
    expect(pack.rooms.roomActionCost).toBe(2);
  });
});

describe('exploration tokens', () => {
  it('prints the item counter of each token: 44 in all', () => {
    const counters = (kind: string) =>
      pack.explorationTokens.tokens
        .filter((token) => token.kind === kind)
        .map((token) => token.itemCounter);
    expect(counters('malfunction')).toEqual([4, 3, 2, 2, 2, 2, 1, 1]);
    expect(counters('fire')).toEqual([2, 1]);
    expect(counters('silence')).toEqual([1, 1]);
    expect(counters('slime')).toEqual([4, 3]);
    expect(counters('danger')).toEqual([3, 2]);
    expect(counters('doors')).toEqual([4, 3, 2, 1]);
    const total = pack.explorationTokens.tokens.reduce((sum, token) => sum + token.itemCounter, 0);
    expect(total).toBe(44);
  });

  it('has 20 tokens: 8 malfunction, 2 fire, 2 silence, 2 slime, 2 danger, 4 doors', () => {
    expect(countBy(pack.explorationTokens.tokens, (token) => token.kind)).toEqual({
      malfunction: 8,
      fire: 2,
      silence: 2,
      slime: 2,
      danger: 2,
      doors: 4,
    });
  });
});

describe('intruders', () => {
  it('limits miniatures to 6 larvae, 3 creepers, 8 adults, 2 breeders and 1 queen', () => {
    expect(
      Object.fromEntries(pack.intruders.kinds.map((kind) => [kind.id, kind.miniatures])),
    ).toEqual({
      larva: 6,
      creeper: 3,
      adult: 8,
      breeder: 2,
      queen: 1,
    });
  });

  it('has 27 tokens: 8 larva, 12 adult, 3 creeper, 2 breeder, 1 queen, 1 blank', () => {
    expect(pack.intruders.tokens).toHaveLength(27);
    expect(countBy(pack.intruders.tokens, (token) => token.kind)).toEqual({
      larva: 8,
      adult: 12,
      creeper: 3,
      breeder: 2,
      queen: 1,
      [BLANK_TOKEN]: 1,
    });
  });

  it('numbers the adults four 2s, five 3s and three 4s', () => {
    const adults = pack.intruders.tokens.filter((token) => token.kind === 'adult');
    expect(countBy(adults, (token) => String(token.number))).toEqual({ 2: 4, 3: 5, 4: 3 });
  });

  it('numbers larvae and creepers 1, the breeders 3 and 4, the queen 4, the blank nothing', () => {
    const numbers = (kind: string) =>
      pack.intruders.tokens.filter((token) => token.kind === kind).map((token) => token.number);
    expect(numbers('larva')).toEqual(Array(8).fill(1));
    expect(numbers('creeper')).toEqual([1, 1, 1]);
    expect(numbers('breeder')).toEqual([3, 4]);
    expect(numbers('queen')).toEqual([4]);
    expect(numbers(BLANK_TOKEN)).toEqual([null]);
  });

  it('fills the bag with 1 blank, 4 larvae, 1 creeper, 1 queen and 3 adults plus 1 per player', () => {
    expect(pack.intruders.bag).toEqual({
      fixed: { blank: 1, larva: 4, creeper: 1, queen: 1, adult: 3 },
      perPlayer: { adult: 1 },
    });
  });

  it('kills larvae on the first injury and draws 2 cards for breeders and queens', () => {
    expect(pack.lookup.intruderKind.larva?.deathCheck).toEqual({ kind: 'first-injury' });
    expect(pack.lookup.intruderKind.adult?.deathCheck).toEqual({ kind: 'blood', cards: 1 });
    expect(pack.lookup.intruderKind.queen?.deathCheck).toEqual({ kind: 'blood', cards: 2 });
    expect(pack.lookup.intruderKind.larva?.leavesCarcass).toBe(false);
  });
});

describe('dice', () => {
  it('has a noise d10 of 1,1,2,2,3,3,4,4, silence, danger', () => {
    expect(pack.dice.noise.faces).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 'silence', 'danger']);
  });

  it('has a combat d6 of one blank, two creepers, an adult, a single and a double crosshair', () => {
    expect(pack.dice.combat.faces).toEqual([
      'blank',
      'creeper',
      'creeper',
      'adult',
      'single',
      'double',
    ]);
  });
});

describe('intruder attack deck', () => {
  const cards = pack.intruderAttacks.cards;

  it('has 20 cards in the copies the fact sheet lists', () => {
    expect(cards).toHaveLength(20);
    expect(countBy(cards, (card) => card.effect)).toEqual({
      bite: 4,
      claw: 4,
      scratch: 4,
      tail: 2,
      transformation: 2,
      frenzy: 2,
      slime: 1,
      summoning: 1,
    });
  });

  it('prints the fact sheet blood values, retreat on one bite and one claw', () => {
    const blood = (effect: string) =>
      cards.filter((card) => card.effect === effect).map((card) => card.blood);
    expect(blood('bite')).toEqual([4, 4, 6, 'retreat']);
    expect(blood('claw')).toEqual([3, 4, 5, 'retreat']);
    expect(blood('scratch')).toEqual([2, 3, 5, 6]);
    expect(blood('tail')).toEqual([2, 5]);
  });

  it('kills a bitten target with 2 serious wounds and a tail-struck one with 1', () => {
    const bite = cards.find((card) => card.effect === 'bite');
    const tail = cards.find((card) => card.effect === 'tail');
    expect(bite?.outcome).toEqual({
      kind: 'wound-or-die',
      who: 'target',
      serious: 1,
      dieIfSeriousAtLeast: 2,
    });
    expect(tail?.outcome).toMatchObject({ kind: 'wound-or-die', dieIfSeriousAtLeast: 1 });
    expect(tail?.attackers).toEqual(['queen']);
  });

  it('lets only creepers transform, into breeders', () => {
    for (const card of cards.filter((entry) => entry.effect === 'transformation')) {
      expect(card.attackers).toEqual(['creeper']);
      expect(card.outcome).toMatchObject({ kind: 'transform', into: 'breeder' });
    }
  });
});

describe('event deck', () => {
  const cards = pack.events.cards;

  it('has 20 cards and no event moves larvae', () => {
    expect(cards).toHaveLength(20);
    expect(cards.every((card) => !card.movers.includes('larva'))).toBe(true);
  });

  it('removes the four † cards and shuffles Malfunction back', () => {
    const by = (after: string) =>
      cards.filter((card) => card.after === after).map((card) => card.name);
    expect(by('remove-and-reshuffle').sort()).toEqual(
      ['Coolant Leak', 'Evacuation Pod Ejection', 'Life Support Failure', 'Short Circuit'].sort(),
    );
    expect(by('shuffle-back')).toEqual(['Malfunction']);
  });

  it('has two Hunt cards with different movers', () => {
    const hunts = cards.filter((card) => card.name === 'Hunt');
    expect(hunts.map((card) => [card.movers, card.corridor])).toEqual([
      [['creeper', 'breeder', 'queen'], 2],
      [['breeder', 'queen'], 3],
    ]);
  });
});

describe('tracks and supplies', () => {
  const tracks = pack.tracks;

  it('opens hibernation after 7 advances and jumps after 15', () => {
    expect(tracks.time).toEqual({ spaces: 15, hibernationOpensAfter: 7, jumpAfter: 15 });
  });

  it('turns the self-destruct yellow after 3 advances and explodes after 6', () => {
    expect(tracks.selfDestruct).toEqual({ spaces: 6, yellowAfter: 3, explodesAfter: 6 });
  });

  it('starts the destination marker on B', () => {
    expect(tracks.destination.start).toBe('B');
  });

  it('uses 2 pods for 1-2 players, 3 for 3-4 and 4 for 5, alternating A and B', () => {
    const pods = (players: number) =>
      tracks.escapePods.byPlayers.find(
        (row) => row.minPlayers <= players && players <= row.maxPlayers,
      )?.pods;
    expect([1, 2, 3, 4, 5].map(pods)).toEqual([2, 2, 3, 3, 4]);
    expect(tracks.escapePods.pods.map((pod) => pod.section)).toEqual(['A', 'B', 'A', 'B']);
    expect(tracks.escapePods.seats).toBe(2);
    expect(tracks.escapePods.startLocked).toBe(true);
  });

  it('holds the marker supplies of the box', () => {
    expect(tracks.supplies).toEqual({
      noise: 30,
      fire: 8,
      malfunction: 8,
      doors: 12,
      eggs: 8,
      carcasses: 8,
      corpses: 6,
      engineTokens: { working: 3, damaged: 3 },
    });
    expect(tracks.intruderBoard).toEqual({
      eggsAtStart: 5,
      weaknessesDrawn: 3,
      weaknessSlots: ['corpse', 'egg', 'carcass'],
    });
  });

  it('has 8 coordinates cards, each sending A-D to Earth, Mars, Venus and Deep Space', () => {
    expect(tracks.coordinates).toHaveLength(8);
    for (const card of tracks.coordinates) {
      expect(Object.keys(card.destinations)).toEqual(['A', 'B', 'C', 'D']);
      expect(Object.values(card.destinations).sort()).toEqual([
        'deep-space',
        'earth',
        'mars',
        'venus',
      ]);
    }
  });

  it('puts Earth on each space of the Destination track on exactly two cards', () => {
    const earth = tracks.coordinates.map((card) => spaceLeadingTo(card, 'earth') ?? 'none');
    expect(countBy(earth, (space) => space)).toEqual({ A: 2, B: 2, C: 2, D: 2 });
  });

  it('prints the eight cards of the sheet, Earth-Mars-Venus-Deep Space first', () => {
    const rows = tracks.coordinates.map((card) => Object.values(card.destinations).join(' '));
    expect(rows).toEqual([
      'earth mars venus deep-space',
      'earth deep-space mars venus',
      'deep-space mars earth venus',
      'mars venus earth deep-space',
      'venus deep-space mars earth',
      'deep-space earth venus mars',
      'mars venus deep-space earth',
      'venus earth deep-space mars',
    ]);
  });
});

describe('characters', () => {
  const characters = pack.characters.characters;

  it('has the Captain, Soldier, Scout, Pilot, Mechanic and Scientist', () => {
    expect(characters.map((character) => character.name)).toEqual([
      'Captain',
      'Soldier',
      'Scout',
      'Pilot',
      'Mechanic',
      'Scientist',
    ]);
  });

  it('starts each weapon full, energy for the Soldier and Scout', () => {
    const weapon = (id: string) => {
      const character = pack.lookup.character[id];
      return character === undefined ? undefined : pack.lookup.weapon[character.startingWeapon];
    };
    expect(
      [weapon('captain'), weapon('soldier'), weapon('scout')].map((entry) => [
        entry?.type,
        entry?.capacity,
      ]),
    ).toEqual([
      ['classic', 6],
      ['energy', 5],
      ['energy', 4],
    ]);
    for (const entry of pack.characters.weapons) expect(entry.startingAmmo).toBe(entry.capacity);
  });

  it.each(characters.map((character) => [character.name, character] as const))(
    'deals the %s 2 free Searches, Rest, Interruption, Demolition, a Repairs card and 5 more',
    (_, character) => {
      const deck = character.actionDeck;
      expect(deck).toHaveLength(10);
      const named = (name: string) => deck.filter((card) => card.name === name);
      expect(named('Search').map((card) => card.cost)).toEqual([0, 0]);
      expect(named('Rest')).toHaveLength(1);
      expect(named('Interruption')).toHaveLength(1);
      expect(named('Demolition')).toHaveLength(1);
      expect(deck.filter((card) => card.name.endsWith('Repairs'))).toHaveLength(1);
    },
  );

  it('Repairs cost 2 as Basic Repairs (Captain, Scout, Soldier), 1 (Pilot, Scientist), 0 as Fast Repairs (Mechanic)', () => {
    const repairs = Object.fromEntries(
      characters.map((character) => {
        const card = character.actionDeck.find((entry) => entry.name.endsWith('Repairs'));
        return [character.id, [card?.name, card?.cost]];
      }),
    );
    expect(repairs).toEqual({
      captain: ['Basic Repairs', 2],
      soldier: ['Basic Repairs', 2],
      scout: ['Basic Repairs', 2],
      pilot: ['Repairs', 1],
      mechanic: ['Fast Repairs', 0],
      scientist: ['Repairs', 1],
    });
  });

  it('Computer Skills is shared by the Mechanic, the Pilot and the Scientist', () => {
    const holders = characters.filter((character) =>
      character.actionDeck.some((card) => card.name === 'Computer Skills'),
    );
    expect(holders.map((character) => character.id)).toEqual(['pilot', 'mechanic', 'scientist']);
  });

  it("the only cards played out of turn are Interruption and the Soldier's Nerves of Steel", () => {
    const interrupts = characters.flatMap((character) =>
      character.actionDeck.filter((card) => card.interrupt).map((card) => card.id),
    );
    expect(interrupts).toEqual([
      'captain-interruption',
      'soldier-interruption',
      'soldier-nerves-of-steel',
      'scout-interruption',
      'pilot-interruption',
      'mechanic-interruption',
      'scientist-interruption',
    ]);
  });
});

describe('other decks', () => {
  it('has 27 contamination cards', () => {
    expect(pack.contamination.cards).toHaveLength(27);
  });

  it('has 16 serious wounds of five kinds: arm 3, hand 3, leg 3, body 4, bleeding 3', () => {
    expect(countBy(pack.seriousWounds.cards, (card) => card.kind)).toEqual({
      arm: 3,
      hand: 3,
      leg: 3,
      body: 4,
      bleeding: 3,
    });
  });

  it('an arm wound leaves one hand slot, a hand wound makes item actions dearer', () => {
    const effect = (kind: string) =>
      pack.seriousWounds.cards.find((card) => card.kind === kind)?.effect;
    expect(effect('arm')).toEqual({ kind: 'hand-slots', slots: 1 });
    expect(effect('hand')).toEqual({ kind: 'item-action-cost', extra: 1 });
    expect(effect('leg')).toEqual({ kind: 'escape-cost', extra: 1 });
    expect(effect('body')).toEqual({ kind: 'hand-size', size: 4 });
    expect(effect('bleeding')).toEqual({ kind: 'light-wound-on-pass', light: 1 });
  });

  it('has 9 corporate and 9 personal objectives, and the 7 Solo/Co-op cards', () => {
    expect(countBy(pack.objectives.cards, (card) => card.type)).toEqual({
      corporate: 9,
      personal: 9,
      'solo-co-op': 7,
    });
  });

  it('has the 8 Weakness cards of the sheet', () => {
    expect(pack.weaknesses.cards.map((card) => card.name)).toEqual([
      'Vital Places',
      'Vulnerability to Fire',
      'Reaction to Danger',
      'Vulnerability to Energy',
      'The Way of Moving',
      'Susceptibility to Phosphates',
      'The Way of Fighting',
      'Species on the Brink of Extinction',
    ]);
  });

  it('has 30 red, 30 yellow and 30 green item cards, 12 crafted blue ones and 12 quest items', () => {
    const totals: Record<string, number> = {};
    for (const item of pack.items.items)
      totals[item.colour] = (totals[item.colour] ?? 0) + item.count;
    expect(totals).toEqual({ red: 30, yellow: 30, green: 30, blue: 12, quest: 12 });
  });
});

describe('unverified flags where the fact sheet guesses', () => {
  it('flags the corridors, whose end numbers are one reading, but not the entrances', () => {
    expect(flagged(pack.board.unverified, 'corridors')).toBe(true);
    expect(flagged(pack.board.unverified, 'technicalEntrances')).toBe(false);
  });

  it('flags no intruder token number, attack card or contamination card, all confirmed', () => {
    expect(pack.intruders.tokens.filter((token) => token.unverified !== undefined)).toEqual([]);
    expect(pack.intruderAttacks.cards.filter((card) => card.unverified !== undefined)).toEqual([]);
    expect(pack.contamination.cards.filter((card) => card.unverified !== undefined)).toEqual([]);
    expect(pack.contamination.cards.filter((card) => card.infected)).toHaveLength(7);
    expect(pack.seriousWounds.cards.filter((card) => card.unverified !== undefined)).toEqual([]);
  });

  it("flags the Scientist's pistol capacity (3 on the scan, 2 elsewhere)", () => {
    expect(pack.lookup.weapon.pistol?.capacity).toBe(3);
    expect(flagged(pack.lookup.weapon.pistol?.unverified, 'capacity')).toBe(true);
  });

  it('flags the guessed quests and item rulings, and nothing else among the items', () => {
    const guessed = pack.items.items
      .filter((item) => item.unverified !== undefined)
      .map((item) => [item.id, item.unverified]);
    expect(guessed).toEqual([
      ['alcohol', ['uses']],
      ['antidote', ['uses']],
      ['orbital-maneuvering-system', ['quest', 'uses']],
      ['pilot-evacuation-key', ['quest']],
      ['holo-computer', ['quest', 'oneUse']],
    ]);
  });

  it('flags the two event effects the sheet guesses: the Malfunction skip and the ejected pod occupants', () => {
    const guessed = pack.events.cards.filter((card) => flagged(card.unverified, 'effect'));
    expect(guessed.map((card) => card.id)).toEqual(['malfunction', 'evacuation-pod-ejection']);
  });
});

describe('a broken pack', () => {
  type Json = Record<string, unknown>;
  const list = (files: Json, file: string, key: string) => (files[file] as Json)[key] as Json[];

  it('names file and path when a blood value is a string', () => {
    const files = baseFiles();
    list(files, 'intruder-attacks.json', 'cards')[3]!.blood = '4';
    expect(() => parseContentPack(files)).toThrow(
      'intruder-attacks.json: cards[3].blood: expected number or "retreat"',
    );
  });

  it('names file and path when a corridor leads to room 99', () => {
    const files = baseFiles();
    list(files, 'board.json', 'corridors')[0]!.ends = [1, 99];
    const error = contentError(() => parseContentPack(files));
    expect(error.issues[0]).toEqual({
      file: 'board.json',
      path: 'corridors[0].ends[1]',
      message: 'room 99 is not on the board',
    });
    expect(error.message).toContain(
      'board.json: corridors[0].ends[1]: room 99 is not on the board',
    );
  });

  it('names a missing file', () => {
    const files = baseFiles();
    delete files['events.json'];
    expect(() => parseContentPack(files)).toThrow('events.json: file is missing');
  });

  it('names a missing file in a pack directory, and the directory', () => {
    const directory = mkdtempSync(join(tmpdir(), 'nemesis-pack-'));
    try {
      const source = fileURLToPath(baseContentDirectory);
      for (const file of contentFileNames) {
        if (file !== 'dice.json')
          writeFileSync(join(directory, file), readFileSync(join(source, file)));
      }
      const error = contentError(() => loadContentPack(directory));
      expect(error.message).toContain('dice.json: file is missing');
      expect(error.source).toBe(`${directory}/`);
    } finally {
      rmSync(directory, { recursive: true });
    }
  });

  it('names a file that is not valid JSON', () => {
    const directory = mkdtempSync(join(tmpdir(), 'nemesis-pack-'));
    try {
      writeFileSync(join(directory, 'board.json'), '{ "rooms": [');
      expect(() => loadContentPack(directory)).toThrow(/board\.json: not valid JSON/);
    } finally {
      rmSync(directory, { recursive: true });
    }
  });

  it('rejects an attacker that is not an intruder kind', () => {
    const files = baseFiles();
    list(files, 'intruder-attacks.json', 'cards')[0]!.attackers = ['adult', 'facehugger'];
    expect(() => parseContentPack(files)).toThrow(
      'intruder-attacks.json: cards[0].attackers[1]: "facehugger" is not an intruder kind in intruders.json',
    );
  });

  it('rejects a token kind that is not an intruder kind', () => {
    const files = baseFiles();
    list(files, 'intruders.json', 'tokens')[0]!.kind = 'facehugger';
    expect(() => parseContentPack(files)).toThrow(
      'intruders.json: tokens[0].kind: "facehugger" is not an intruder kind',
    );
  });

  it("rejects a character's missing starting weapon", () => {
    const files = baseFiles();
    list(files, 'characters.json', 'characters')[2]!.startingWeapon = 'railgun';
    expect(() => parseContentPack(files)).toThrow(
      'characters.json: characters[2].startingWeapon: weapon "railgun" is not in weapons',
    );
  });

  it('rejects a deck that lost a card against the declared count', () => {
    const files = baseFiles();
    list(files, 'events.json', 'cards').pop();
    expect(() => parseContentPack(files)).toThrow(
      'events.json: cards: expected 20 cards (pack.json counts.eventCards), found 19',
    );
  });

  it('rejects a misspelt field instead of dropping it', () => {
    const files = baseFiles();
    list(files, 'events.json', 'cards')[0]!.mover = ['adult'];
    expect(() => parseContentPack(files)).toThrow(
      'events.json: cards[0]: Unrecognized key: "mover"',
    );
  });

  it('rejects an unverified flag naming a field the record lacks', () => {
    const files = baseFiles();
    list(files, 'intruders.json', 'tokens')[0]!.unverified = ['numbr'];
    expect(() => parseContentPack(files)).toThrow(
      'intruders.json: tokens[0].unverified[0]: "numbr" is not a field of this record',
    );
  });

  it('rejects a room whose noise numbers are not covered exactly once', () => {
    const files = baseFiles();
    // Corridor 1-2 carries 3; make it 2 so rooms 1 and 2 both double 2 and miss 3.
    const corridor = list(files, 'board.json', 'corridors').find((entry) => entry.id === '1-2')!;
    corridor.numbers = [2];
    const error = contentError(() => parseContentPack(files));
    expect(error.issues.map((issue) => `${issue.file}: ${issue.path}`)).toEqual([
      'board.json: rooms[0]',
      'board.json: rooms[1]',
    ]);
    expect(error.issues[0]?.message).toMatch(
      /room 1: noise numbers 1-4 .*3 lead nowhere; 2 lead to more than one exit/,
    );
  });

  it('accepts a broken room flagged unverified, with a warning', () => {
    const files = baseFiles();
    const corridor = list(files, 'board.json', 'corridors').find((entry) => entry.id === '1-2')!;
    corridor.numbers = [2];
    const rooms = list(files, 'board.json', 'rooms');
    rooms[0]!.unverified = ['exits'];
    rooms[1]!.unverified = true;
    const broken = parseContentPack(files, 'broken-board');
    expect(broken.warnings).toHaveLength(2);
    expect(broken.exits[1]?.[3]).toBeUndefined();
    expect(broken.exits[1]?.[2]).toEqual({ kind: 'corridor', corridor: '1-2', to: 2 });
  });

  it('refuses a crafted item without a recipe, a recipe icon no item gives, and a quest for nobody', () => {
    const files = baseFiles();
    const items = list(files, 'items.json', 'items');
    const byId = (id: string) => items.find((item) => item.id === id)!;
    delete byId('antidote').recipe;
    byId('taser').recipe = ['battery', 'tool'];
    for (const item of items) {
      if (item.id !== 'taser')
        item.icons = (item.icons as string[]).filter((icon) => icon !== 'tool');
    }
    (byId('armor').quest as Json).character = 'android';
    const error = contentError(() => parseContentPack(files));
    expect(error.issues.map((issue) => `${issue.file}: ${issue.path}: ${issue.message}`)).toEqual([
      'characters.json: characters[1]: expected 2 quest items (pack.json counts.questItemsPerCharacter), found 1 in items.json',
      'items.json: items[28].recipe: crafted (blue) items, and only they, have a recipe',
      'items.json: items[29].recipe[1]: no item gives the "tool" icon',
      'items.json: items[30].recipe[1]: no item gives the "tool" icon',
      'items.json: items[39].quest.character: "android" is not a character in characters.json',
    ]);
  });

  it('refuses a character without their two quest items', () => {
    const files = baseFiles();
    const items = list(files, 'items.json', 'items');
    (files['items.json'] as Json).items = items.filter((item) => item.id !== 'flashlight');
    const error = contentError(() => parseContentPack(files));
    expect(error.issues.map((issue) => `${issue.file}: ${issue.path}: ${issue.message}`)).toEqual([
      'characters.json: characters[4]: expected 2 quest items (pack.json counts.questItemsPerCharacter), found 1 in items.json',
      'items.json: items: expected 12 quest item cards (pack.json counts.itemCards.quest), found 11',
    ]);
  });

  it('refuses a Coordinates card with Earth twice or a space missing', () => {
    const files = baseFiles();
    const cards = list(files, 'tracks.json', 'coordinates');
    cards[0]!.destinations = { A: 'earth', B: 'earth', C: 'venus', D: 'mars' };
    cards[1]!.destinations = { A: 'earth', B: 'mars', C: 'venus' };
    const error = contentError(() => parseContentPack(files));
    expect(error.issues.map((issue) => `${issue.path}: ${issue.message}`)).toEqual([
      'coordinates[0].destinations: expected Earth on exactly one space, found 2',
      'coordinates[1].destinations: expected one destination for each of A, B, C, D',
    ]);
  });

  it('lists every problem at once and names the pack', () => {
    const files = baseFiles();
    list(files, 'intruder-attacks.json', 'cards')[3]!.blood = 'x';
    delete files['items.json'];
    const error = contentError(() => parseContentPack(files, 'my-pack'));
    expect(error.issues).toHaveLength(2);
    expect(error.message.split('\n')[0]).toBe('content pack my-pack is invalid:');
  });
});

describe('corrections to the components sheet', () => {
  it('Summoning is made by Creepers and the Queen', () => {
    const summoning = pack.intruderAttacks.cards.filter((card) => card.effect === 'summoning');
    expect(summoning.map((card) => card.attackers)).toEqual([['creeper', 'queen']]);
  });

  it('the Retreat arrow replaces the blood value on exactly one Bite and one Claw Attack', () => {
    const retreats = pack.intruderAttacks.cards.filter((card) => card.blood === 'retreat');
    expect(retreats.map((card) => card.effect)).toEqual(['bite', 'claw']);
  });

  it('the exploration tokens carry 44 items in all, and rooms without search take none', () => {
    const total = pack.explorationTokens.tokens.reduce((sum, token) => sum + token.itemCounter, 0);
    expect(total).toBe(44);
    for (const room of pack.rooms.rooms) expect(room.itemCounter, room.id).toBe(room.hasSearch);
  });

  it('the Intruder board holds up to 8 eggs and starts with 5', () => {
    expect(pack.tracks.supplies.eggs).toBe(8);
    expect(pack.tracks.intruderBoard.eggsAtStart).toBe(5);
  });
});
