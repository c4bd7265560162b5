import { describeNemesis, heavyItemsInHand, nemesisInvariants } from '@tabletop/nemesis';
import { type CharacterSpec, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../../src/combat/death.js';
import { sufferSeriousWounds } from '../../src/combat/wounds.js';
import { baseContent } from '../../src/content/index.js';
import { discardItem } from '../../src/items/inventory.js';

// Seat 0 is the Captain, seat 1 the Soldier, seat 2 the Scout; all start in
// the Hibernatorium (room 11), where no engine is and a Malfunction is: of
// Duct Tape's three options the engine (option 1) never happens there;
// clearing the Malfunction (option 0) is always on offer, the tape (option 2)
// only when it can happen.
const hand = ['captain-rest', 'captain-order', 'captain-motivation', 'captain-search-1'];
const tapeOption = 2;

function holding(captain: CharacterSpec, build = scenario({ players: 3 })) {
  return build
    .room(11, { malfunction: true })
    .character('0', { hand, ...captain })
    .character('1', { hand: ['soldier-rest', 'soldier-interruption'] })
    .character('2', { room: 14 })
    .build();
}

type Table = ReturnType<typeof holding>;

/** Seat 0 uses the Duct Tape, paying with the Rest card: its options are asked next. */
function useTape(table: Table) {
  table.take('0', { type: 'use-item', item: 'duct-tape', cards: ['captain-rest'] });
}

function optionsOffered(table: Table): number[] {
  return table.legal('0').flatMap((action) => (action.type === 'option' ? [action.option] : []));
}

function refusal(table: Table, action: unknown): string | undefined {
  const outcome = table.tryAct('0', action);
  return outcome.ok ? undefined : outcome.rejection.code;
}

const pistolAndExtinguisher = ['duct-tape', 'fire-extinguisher', 'prototype-pistol'];

describe('Items: Duct Tape tapes two Heavy Items into one hand slot', () => {
  it('with exactly two untaped Heavy Items the option tapes them at once, and the card is used up', () => {
    const table = holding({ items: pistolAndExtinguisher });
    useTape(table);
    expect(optionsOffered(table)).toEqual([0, tapeOption]);
    table.act('0', { type: 'option', option: tapeOption });
    expect(table.player('0').taped).toEqual([['fire-extinguisher', 'prototype-pistol']]);
    expect(table.player('0').items).toEqual(['fire-extinguisher', 'prototype-pistol']);
    expect(table.state.itemDecks.yellow.discardPile).toEqual(['duct-tape']);
    expect(table.log().some((line) => line.includes('tapes the Fire Extinguisher'))).toBe(true);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('taping frees a hand slot: a heavy object is then picked up without a drop', () => {
    const taped = holding(
      { items: pistolAndExtinguisher },
      scenario({ players: 3 }).room(11, { objects: ['corpse'] }),
    );
    useTape(taped);
    taped.act('0', { type: 'option', option: tapeOption });
    taped.take('0', { type: 'pick-up', object: 'corpse', cards: ['captain-order'] });
    expect(taped.player('0').carried).toEqual(['corpse']);
    expect(taped.player('0').items).toEqual(['fire-extinguisher', 'prototype-pistol']);
    expect(taped.prompts()[0]!.answer).not.toBe('choose-object');

    // Untaped, the same two Heavy Items fill both hands: picking up asks what to drop.
    const untaped = holding(
      { items: pistolAndExtinguisher },
      scenario({ players: 3 }).room(11, { objects: ['corpse'] }),
    );
    untaped.act('0', { type: 'pick-up' });
    untaped.act('0', { type: 'object', object: 'corpse' });
    expect(untaped.prompts()[0]!.text).toContain('your hands are full');
  });

  it('taping frees a hand slot: a third Heavy Item found by Search is kept without a drop', () => {
    const table = holding(
      {
        items: ['fire-extinguisher', 'prototype-pistol'],
        taped: [['fire-extinguisher', 'prototype-pistol']],
        room: 6,
      },
      scenario({ players: 3 })
        .room(6, { tile: 'comms-room', explored: true, explorationToken: null, itemCounter: 2 })
        .stackItems('yellow', ['fire-extinguisher', 'tools']),
    );
    table.act('0', { type: 'search' });
    table.act('0', { type: 'item', item: 'fire-extinguisher' });
    expect(table.prompts()[0]!.answer).not.toBe('choose-object');
    expect(table.player('0').items).toEqual([
      'fire-extinguisher',
      'prototype-pistol',
      'fire-extinguisher',
    ]);
  });

  it('with more than two untaped Heavy Items the player names the two, one at a time', () => {
    const table = holding({
      items: ['duct-tape', 'fire-extinguisher', 'prototype-pistol', 'prototype-shotgun'],
    });
    useTape(table);
    table.act('0', { type: 'option', option: tapeOption });
    expect(table.prompts()[0]!.answer).toBe('choose-item');
    expect(table.legal('0')).toEqual([
      { type: 'item', item: 'fire-extinguisher' },
      { type: 'item', item: 'prototype-pistol' },
      { type: 'item', item: 'prototype-shotgun' },
    ]);
    table.act('0', { type: 'item', item: 'prototype-pistol' });
    expect(table.prompts()[0]!.text).toContain('tape to the Prototype Pistol');
    expect(table.legal('0')).toEqual([
      { type: 'item', item: 'fire-extinguisher' },
      { type: 'item', item: 'prototype-shotgun' },
    ]);
    table.act('0', { type: 'item', item: 'prototype-shotgun' });
    expect(table.player('0').taped).toEqual([['prototype-pistol', 'prototype-shotgun']]);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('the words: the option, each item named, and the pair in hand', () => {
    const table = holding({
      items: ['duct-tape', 'fire-extinguisher', 'prototype-pistol', 'prototype-shotgun'],
    });
    const { describe: words, glossary } = describeNemesis(table.tables, baseContent());
    useTape(table);
    expect(words.action({ type: 'option', option: tapeOption }, table.view('0'))).toContain(
      'Tape two Heavy Items together',
    );
    table.act('0', { type: 'option', option: tapeOption });
    expect(words.action({ type: 'item', item: 'prototype-pistol' }, table.view('0'))).toBe(
      'Tape the Prototype Pistol',
    );
    table.act('0', { type: 'item', item: 'prototype-pistol' });
    table.act('0', { type: 'item', item: 'fire-extinguisher' });
    expect(heavyItemsInHand(table.view('1').players[0]!, glossary)).toEqual([
      'Prototype Pistol taped to Fire Extinguisher',
      'Prototype Shotgun',
    ]);
  });

  it('two copies of one Heavy Item can be taped together', () => {
    const table = holding({
      items: ['duct-tape', 'fire-extinguisher', 'fire-extinguisher', 'fire-extinguisher'],
    });
    useTape(table);
    table.act('0', { type: 'option', option: tapeOption });
    // Three alike leave nothing to choose.
    expect(table.player('0').taped).toEqual([['fire-extinguisher', 'fire-extinguisher']]);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });
});

describe('Items: Duct Tape, when it cannot tape', () => {
  /** Uses the Duct Tape: whether its tape option is offered, and what naming it does. */
  function tapeAsked(table: Table) {
    useTape(table);
    const offered = optionsOffered(table).includes(tapeOption);
    const before = structuredClone(table.state);
    const refused = refusal(table, { type: 'option', option: tapeOption });
    expect(table.state).toEqual(before);
    return { offered, refused };
  }

  it('with one Heavy Item the option is not offered, and naming it is refused, changing nothing', () => {
    const table = holding({ items: ['duct-tape', 'fire-extinguisher', 'medkit'] });
    expect(tapeAsked(table)).toEqual({ offered: false, refused: 'nothing-to-tape' });
    expect(table.player('0').taped).toBeUndefined();
  });

  it('heavy objects are never taped: a corpse and one Heavy Item leave nothing to tape', () => {
    const table = holding({ items: ['duct-tape', 'fire-extinguisher'], carried: ['corpse'] });
    expect(tapeAsked(table)).toEqual({ offered: false, refused: 'nothing-to-tape' });
  });

  it('an item already taped is not taped again: a pair and one more Heavy Item leave nothing to tape', () => {
    const table = holding({
      items: ['duct-tape', 'fire-extinguisher', 'prototype-pistol', 'prototype-shotgun'],
      taped: [['fire-extinguisher', 'prototype-pistol']],
    });
    expect(tapeAsked(table)).toEqual({ offered: false, refused: 'nothing-to-tape' });
  });

  it('naming an item that cannot be taped is refused and changes nothing', () => {
    const table = holding({
      items: ['duct-tape', 'fire-extinguisher', 'prototype-pistol', 'prototype-shotgun', 'medkit'],
    });
    useTape(table);
    table.act('0', { type: 'option', option: tapeOption });
    const before = structuredClone(table.state);
    expect(refusal(table, { type: 'item', item: 'medkit' })).toBe('not-tapeable');
    expect(refusal(table, { type: 'object', object: 'corpse' })).toBe('choose-item');
    expect(table.state).toEqual(before);
    table.act('0', { type: 'item', item: 'prototype-pistol' });
    const named = structuredClone(table.state);
    // The item named first cannot be its own partner.
    expect(refusal(table, { type: 'item', item: 'prototype-pistol' })).toBe('not-tapeable');
    expect(table.state).toEqual(named);
    expect(table.player('0').taped).toBeUndefined();
  });
});

describe('Items: a taped pair in the hands', () => {
  it('an Arm wound leaves one hand slot, and the taped pair fits in it: nothing is dropped', () => {
    const table = holding(
      {
        items: ['fire-extinguisher', 'prototype-pistol'],
        taped: [['fire-extinguisher', 'prototype-pistol']],
      },
      scenario({ players: 3 }).stackSeriousWounds(['arm-1']),
    );
    table.perform((game) => sufferSeriousWounds(game, table.player('0'), 1, 'a test'));
    expect(table.prompts()[0]!.answer).toBe('choose-action');
    expect(table.player('0').items).toEqual(['fire-extinguisher', 'prototype-pistol']);
  });

  it('an Arm wound with a taped pair and a heavy object: one must go, and dropping half the pair is not enough', () => {
    const table = holding(
      {
        items: ['fire-extinguisher', 'prototype-pistol'],
        taped: [['fire-extinguisher', 'prototype-pistol']],
        carried: ['egg'],
      },
      scenario({ players: 3 }).stackSeriousWounds(['arm-1']),
    );
    table.perform((game) => sufferSeriousWounds(game, table.player('0'), 1, 'a test'));
    expect(table.prompts()[0]!.answer).toBe('choose-object');
    table.act('0', { type: 'item', item: 'fire-extinguisher' });
    // The tape went with it: the pistol now takes a slot of its own beside the egg.
    expect(table.player('0').taped).toBeUndefined();
    expect(table.prompts()[0]!.answer).toBe('choose-object');
    table.act('0', { type: 'object', object: 'egg' });
    expect(table.player('0').items).toEqual(['prototype-pistol']);
    expect(table.prompts()[0]!.answer).toBe('choose-action');
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('the taped pair is shown to every player', () => {
    const table = holding({
      items: ['fire-extinguisher', 'prototype-pistol', 'medkit'],
      taped: [['fire-extinguisher', 'prototype-pistol']],
    });
    for (const seat of ['0', '1', '2'])
      expect(table.view(seat).players[0]!.taped).toEqual([
        ['fire-extinguisher', 'prototype-pistol'],
      ]);
    expect(table.view('1').players[1]!.taped).toEqual([]);
  });

  it('an invariant holds: a taped item is a Heavy Item of that inventory', () => {
    const table = holding({ items: ['fire-extinguisher', 'medkit'] });
    table.player('0').taped = [['fire-extinguisher', 'medkit']];
    expect(nemesisInvariants(table.state, table.tables)).toContain(
      'seat 0 has medkit taped, which is no Heavy Item',
    );
    table.player('0').taped = [['fire-extinguisher', 'fire-extinguisher']];
    expect(nemesisInvariants(table.state, table.tables)).toContain(
      'seat 0 has fire-extinguisher taped but holds no copy of it to tape',
    );
  });
});

describe('Items: one of a taped pair leaves the inventory, and the tape goes with it', () => {
  const taped = (extra: string[] = []) =>
    holding({
      items: ['fire-extinguisher', 'prototype-pistol', ...extra],
      taped: [['fire-extinguisher', 'prototype-pistol']],
      carried: ['egg'],
    });

  it('dropped: the other item takes its own hand slot again, which the pair took, so nothing more drops', () => {
    const table = taped();
    table.take('0', { type: 'drop', item: 'prototype-pistol' });
    expect(table.player('0').items).toEqual(['fire-extinguisher']);
    expect(table.player('0').taped).toBeUndefined();
    expect(table.prompts()[0]!.answer).toBe('choose-action');
    expect(table.view('1').players[0]!.taped).toEqual([]);
    expect(table.log().some((line) => line.includes('the tape comes off'))).toBe(true);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('used up or discarded: the tape comes off the other item', () => {
    const table = taped();
    table.perform((game) => discardItem(game, table.player('0'), 'fire-extinguisher'));
    expect(table.player('0').items).toEqual(['prototype-pistol']);
    expect(table.player('0').taped).toBeUndefined();
  });

  it('with copies of one item, an untaped copy leaves first and the pair stays taped', () => {
    const table = taped(['fire-extinguisher']);
    table.perform((game) => discardItem(game, table.player('0'), 'fire-extinguisher'));
    expect(table.player('0').taped).toEqual([['fire-extinguisher', 'prototype-pistol']]);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('traded: the item given arrives untaped, and the giver keeps the other untaped', () => {
    const table = taped();
    table.take('0', { type: 'trade', cards: ['captain-rest'] });
    table.act('0', { type: 'option', option: 1 });
    table.act('0', { type: 'item', item: 'prototype-pistol' });
    table.act('0', { type: 'done' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('1').items).toEqual(['prototype-pistol']);
    expect(table.player('1').taped).toBeUndefined();
    expect(table.player('0').items).toEqual(['fire-extinguisher']);
    expect(table.player('0').taped).toBeUndefined();
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('a dead character’s taped pair goes to the discard piles like every item', () => {
    const table = taped();
    table.perform((game) => killCharacter(game, table.player('0'), 'a test'));
    expect(table.player('0').items).toEqual([]);
    expect(table.player('0').taped).toBeUndefined();
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });
});

describe('Items: a taped pair and picking up', () => {
  it('half of a taped pair dropped in exchange for a heavy object frees no slot: another drop is asked', () => {
    const table = holding(
      {
        items: ['fire-extinguisher', 'prototype-pistol'],
        taped: [['fire-extinguisher', 'prototype-pistol']],
        carried: ['egg'],
      },
      scenario({ players: 3 }).room(11, { objects: ['corpse'] }),
    );
    table.take('0', {
      type: 'pick-up',
      object: 'corpse',
      dropItem: 'fire-extinguisher',
      cards: ['captain-rest'],
    });
    expect(table.player('0').carried).toEqual(['egg', 'corpse']);
    expect(table.player('0').items).toEqual(['prototype-pistol']);
    expect(table.prompts()[0]!.answer).toBe('choose-object');
    table.act('0', { type: 'item', item: 'prototype-pistol' });
    expect(table.prompts()[0]!.answer).toBe('choose-action');
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });
});
