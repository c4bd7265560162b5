import { seedRandom } from '@tabletop/engine';
import { nemesisInvariants } from '@tabletop/nemesis';
import { type CharacterSpec, type RoomSpec, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { drawItem } from '../../src/items/item-decks.js';

// The Captain (seat 0) stands in room 6, whose tile is the room searched.
const searchCard = 'captain-search-1';
const hand = [searchCard, 'captain-rest', 'captain-order', 'captain-motivation'];

function searchIn(
  tile: string,
  room: RoomSpec = {},
  spec: CharacterSpec = {},
  build = scenario({ players: 2 }),
) {
  return build
    .room(6, { tile, explored: true, explorationToken: null, itemCounter: 2, ...room })
    .character('0', { room: 6, hand, ...spec })
    .build();
}

type Table = ReturnType<typeof searchIn>;

function offered(table: Table): boolean {
  return table.legal('0').some((action) => action.type === 'search');
}

function refusal(table: Table, action: unknown = { type: 'search' }): string | undefined {
  const outcome = table.tryAct('0', action);
  return outcome.ok ? undefined : outcome.rejection.code;
}

describe('Items: Search', () => {
  it('the Search card lowers the room’s item counter by one', () => {
    const table = searchIn(
      'storage',
      {},
      {},
      scenario({ players: 2 }).stackItems('red', ['grenade', 'decoy']),
    );
    table.act('0', { type: 'search' });
    expect(table.room(6).itemCounter).toBe(1);
    table.act('0', { type: 'item', item: 'grenade' });
    expect(table.player('0').items).toEqual(['grenade']);
    expect(table.room(6).itemCounter).toBe(1);
  });

  it('playing the Search card discards it and counts as an action', () => {
    const table = searchIn('storage');
    table.act('0', { type: 'search' });
    expect(table.player('0').hand).not.toContain(searchCard);
    expect(table.player('0').actionDeck.discardPile).toEqual([searchCard]);
    const turn = table.state.stack.find((step) => step.kind === 'player-turn');
    expect(turn?.kind === 'player-turn' && turn.actionsTaken).toBe(1);
  });

  it('a room whose item counter is at 0 cannot be searched', () => {
    const table = searchIn('storage', { itemCounter: 0 });
    expect(offered(table)).toBe(false);
    expect(refusal(table)).toBe('nothing-left');
  });

  it('a room with no Search (no item counter) cannot be searched: the Nest, the Slime room, the Cockpit', () => {
    for (const tile of ['nest', 'room-with-slime']) {
      const table = searchIn(tile, { itemCounter: null });
      expect(offered(table), tile).toBe(false);
      expect(refusal(table), tile).toBe('no-search');
    }
    const cockpit = scenario({ players: 2 }).character('0', { room: 1, hand }).build();
    expect(offered(cockpit)).toBe(false);
  });

  it('an unexplored room cannot be searched', () => {
    const table = scenario({ players: 2 })
      .room(6, { explored: false, itemCounter: 2 })
      .character('0', { room: 6, hand })
      .build();
    expect(offered(table)).toBe(false);
  });

  it('a Malfunction or Fire marker does not stop a Search', () => {
    const table = searchIn('storage', { malfunction: true, fire: true });
    expect(offered(table)).toBe(true);
  });

  it('is never played in Combat', () => {
    const table = searchIn('storage', {}, {}, scenario({ players: 2 }).intruder('adult', 6));
    expect(offered(table)).toBe(false);
    expect(refusal(table)).toBe('in-combat');
  });

  it('needs a Search card in hand', () => {
    const table = searchIn('storage', {}, { hand: ['captain-rest', 'captain-order'] });
    expect(offered(table)).toBe(false);
    expect(refusal(table)).toBe('no-search-card');
  });

  it('draws from the deck of the room’s colour', () => {
    const table = searchIn(
      'emergency-room',
      {},
      {},
      scenario({ players: 2 }).stackItems('green', ['medkit', 'bandages']),
    );
    table.act('0', { type: 'search' });
    expect(table.view('0').you!.search).toMatchObject({
      deck: 'green',
      drawn: ['medkit', 'bandages'],
    });
    expect(table.legal('0')).toEqual([
      { type: 'item', item: 'medkit' },
      { type: 'item', item: 'bandages' },
    ]);
  });

  it('a white room lets you pick the deck', () => {
    const table = searchIn(
      'cabins',
      {},
      {},
      scenario({ players: 2 }).stackItems('yellow', ['tools', 'chemicals']),
    );
    table.act('0', { type: 'search' });
    expect(table.prompts()[0]!.answer).toBe('choose-option');
    expect(table.legal('0')).toEqual([
      { type: 'option', option: 0 },
      { type: 'option', option: 1 },
      { type: 'option', option: 2 },
    ]);
    table.act('0', { type: 'option', option: 1 });
    expect(table.view('0').you!.search).toMatchObject({
      deck: 'yellow',
      drawn: ['tools', 'chemicals'],
    });
  });

  it('draw 2, keep 1: the other goes to the bottom of its deck', () => {
    const table = searchIn(
      'storage',
      {},
      {},
      scenario({ players: 2 }).stackItems('red', ['grenade', 'decoy']),
    );
    const before = table.state.itemDecks.red.drawPile.length;
    table.act('0', { type: 'search' });
    table.act('0', { type: 'item', item: 'decoy' });
    const red = table.state.itemDecks.red;
    expect(table.player('0').items).toEqual(['decoy']);
    expect(red.bottom).toEqual(['grenade']);
    expect(red.drawPile.length).toBe(before);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
    // The card under the deck comes out only after every other card.
    const game = table.game();
    for (let count = 0; count < before; count++) expect(drawItem(game, 'red')).not.toBeUndefined();
    expect(drawItem(game, 'red')).toBe('grenade');
  });

  it('the cards drawn are seen by the searcher alone; the card put under is known to them alone', () => {
    const table = searchIn(
      'storage',
      {},
      {},
      scenario({ players: 2 }).stackItems('red', ['grenade', 'decoy']),
    );
    const events = table.act('0', { type: 'search' });
    const drawn = events.find((event) => event.type === 'search-drawn');
    expect(drawn?.audience).toEqual(['0']);
    for (const event of events.filter((candidate) => candidate.audience === 'all'))
      expect(JSON.stringify(event)).not.toMatch(/grenade|decoy/);
    expect(table.view('1').you!.search).toBeNull();
    expect(JSON.stringify(table.view('1'))).not.toMatch(/grenade|decoy/);
    table.act('0', { type: 'item', item: 'grenade' });
    expect(table.view('0').itemDecks.red.under).toEqual(['decoy']);
    expect(table.view('1').itemDecks.red.under).toEqual([null]);
    expect(JSON.stringify(table.view('1'))).not.toMatch(/grenade|decoy/);
  });

  it('the Storage’s Room Action searches a deck of your choice and does not lower the counter', () => {
    const table = searchIn(
      'storage',
      {},
      {},
      scenario({ players: 2 }).stackItems('green', ['medkit', 'alcohol']),
    );
    table.take('0', { type: 'room-action', cards: ['captain-rest', 'captain-order'] });
    expect(table.legal('0')).toHaveLength(3);
    table.act('0', { type: 'option', option: 2 });
    table.act('0', { type: 'item', item: 'alcohol' });
    expect(table.player('0').items).toEqual(['alcohol']);
    expect(table.room(6).itemCounter).toBe(2);
    expect(table.state.itemDecks.green.bottom).toEqual(['medkit']);
  });

  it('the Storage can be searched with its Room Action even when its counter is at 0', () => {
    const table = searchIn('storage', { itemCounter: 0 });
    expect(table.legal('0').some((action) => action.type === 'room-action')).toBe(true);
  });

  it('a weapon found by Search arrives with 1 ammo', () => {
    const table = searchIn(
      'storage',
      {},
      {},
      scenario({ players: 2 }).stackItems('red', ['prototype-rifle', 'grenade']),
    );
    table.act('0', { type: 'search' });
    table.act('0', { type: 'item', item: 'prototype-rifle' });
    expect(table.tables.searchedWeaponAmmo).toBe(1);
    expect(table.player('0').weapons).toContainEqual({ id: 'prototype-rifle', ammo: 1 });
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('an empty deck takes its discard pile back, shuffled', () => {
    const table = searchIn(
      'storage',
      {},
      {},
      scenario({ players: 2 }).with((state) => {
        const red = state.itemDecks.red;
        red.discardPile.push(...red.drawPile);
        red.drawPile = [];
      }),
    );
    expect(offered(table)).toBe(true);
    table.act('0', { type: 'search' });
    expect(table.view('0').you!.search!.drawn).toHaveLength(2);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('exploring a room puts its token’s item counter on it; a room without Search gets none', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'storage', explored: false, explorationToken: 'silence-1' })
      .room(7, { tile: 'nest', explored: false, explorationToken: 'silence-2' })
      .build();
    const counter = table.tables.explorationTokens.get('silence-1')!.itemCounter;
    table.resolve({ kind: 'explore', seat: '0', room: 6, from: 5, careful: true });
    table.resolve({ kind: 'explore', seat: '0', room: 7, from: 5, careful: true });
    expect(table.room(6).itemCounter).toBe(counter);
    expect(table.room(7).itemCounter).toBeNull();
  });

  it('the solo game halves the item counter, rounding up', () => {
    const printed = [...scenario({ players: 1 }).build().tables.explorationTokens.entries()];
    const odd = printed.find(([, token]) => token.itemCounter % 2 === 1 && token.itemCounter > 1);
    const even = printed.find(([, token]) => token.itemCounter % 2 === 0 && token.itemCounter > 0);
    for (const [id, token] of [odd!, even!]) {
      const solo = scenario({ players: 1 })
        .room(6, { tile: 'storage', explored: false, explorationToken: id })
        .build();
      solo.resolve({ kind: 'explore', seat: '0', room: 6, from: 5, careful: true });
      expect(solo.room(6).itemCounter).toBe(Math.ceil(token.itemCounter / 2));
      const duo = scenario({ players: 2 })
        .room(6, { tile: 'storage', explored: false, explorationToken: id })
        .build();
      duo.resolve({ kind: 'explore', seat: '0', room: 6, from: 5, careful: true });
      expect(duo.room(6).itemCounter).toBe(token.itemCounter);
    }
  });
});

describe('Items: Search and the secrets', () => {
  const searching = () =>
    searchIn('storage', {}, {}, scenario({ players: 2 }).stackItems('red', ['grenade', 'decoy']));

  it('while a search waits, the re-deal for another seat changes the cards drawn but not that seat’s view', () => {
    const table = searching();
    table.act('0', { type: 'search' });
    const before = JSON.stringify(table.view('1'));
    let changed = false;
    for (let attempt = 0; attempt < 20; attempt++) {
      const copy = table.ruleset.determinize(table.state, '1', seedRandom(`search-${attempt}`));
      expect(JSON.stringify(table.ruleset.view(copy, '1'))).toBe(before);
      expect(nemesisInvariants(copy, table.tables)).toEqual([]);
      const step = copy.stack.at(-1);
      if (step?.kind === 'search' && JSON.stringify(step.drawn) !== '["grenade","decoy"]')
        changed = true;
    }
    expect(changed).toBe(true);
  });

  it('the searcher’s own re-deal keeps the cards drawn and the card put under', () => {
    const table = searching();
    table.act('0', { type: 'search' });
    const copy = table.ruleset.determinize(table.state, '0', seedRandom('own'));
    expect(copy.stack.at(-1)).toMatchObject({ kind: 'search', drawn: ['grenade', 'decoy'] });
    table.act('0', { type: 'item', item: 'grenade' });
    for (let attempt = 0; attempt < 5; attempt++) {
      const again = table.ruleset.determinize(table.state, '0', seedRandom(`own-${attempt}`));
      expect(again.itemDecks.red.bottom).toEqual(['decoy']);
      expect(again.players[0]!.items).toEqual(['grenade']);
    }
  });

  it('the card another player put under a deck is re-dealt like the deck', () => {
    const table = searching();
    table.act('0', { type: 'search' });
    table.act('0', { type: 'item', item: 'grenade' });
    const before = JSON.stringify(table.view('1'));
    const under = new Set<string>();
    for (let attempt = 0; attempt < 20; attempt++) {
      const copy = table.ruleset.determinize(table.state, '1', seedRandom(`under-${attempt}`));
      expect(JSON.stringify(table.ruleset.view(copy, '1'))).toBe(before);
      under.add(copy.itemDecks.red.bottom[0]!);
    }
    expect(under.size).toBeGreaterThan(1);
  });
});
