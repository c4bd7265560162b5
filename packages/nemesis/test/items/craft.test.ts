import { botChoice, clonePlain, seedRandom } from '@tabletop/engine';
import { nemesisInvariants, randomBot } from '@tabletop/nemesis';
import { type CharacterSpec, redealNemesis, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Seat 0 is the Captain, in room 6 (explored, no Intruder) with four Action cards.
const hand = ['captain-search-1', 'captain-rest', 'captain-order', 'captain-motivation'];

function crafter(spec: CharacterSpec, build = scenario({ players: 2 }).explored(6)) {
  return build.character('0', { room: 6, hand, ...spec }).build();
}

type Table = ReturnType<typeof crafter>;

/** The items offered at the question `plan` leaves open, on a copy of the table. */
function itemsOffered(table: Table, components: string[] = [], item?: string): string[] {
  return table
    .answers('0', { type: 'craft', ...(item ? { item } : {}), components })
    .flatMap((answer) => (answer.type === 'item' ? [answer.item] : []));
}

const json = (value: unknown) => JSON.stringify(value);

describe('Craft Item: two items whose craft icons match make a crafted item', () => {
  it('discarding Chemicals (chemical) and Tools (tool) makes a Flamethrower', () => {
    const table = crafter({ items: ['chemicals', 'tools'] });
    expect(table.legal('0')).toContainEqual({ type: 'craft' });
    table.take('0', {
      type: 'craft',
      item: 'flamethrower',
      components: ['chemicals', 'tools'],
      cards: ['captain-rest'],
    });
    expect(table.player('0').items).toEqual(['flamethrower']);
    expect(table.state.craftedItems.filter((item) => item === 'flamethrower')).toHaveLength(2);
    expect(table.eventsOf('item-crafted')).toMatchObject([
      { seat: '0', item: 'flamethrower', components: ['chemicals', 'tools'] },
    ]);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('the components go face up to their decks’ discard piles', () => {
    const table = crafter({ items: ['alcohol', 'clothes-yellow'] });
    table.take('0', {
      type: 'craft',
      item: 'molotov-cocktail',
      components: ['alcohol', 'clothes-yellow'],
      cards: ['captain-rest'],
    });
    expect(table.state.itemDecks.green.discardPile).toEqual(['alcohol']);
    expect(table.state.itemDecks.yellow.discardPile).toEqual(['clothes-yellow']);
    expect(table.player('0').items).toEqual(['molotov-cocktail']);
  });

  it('a crafted weapon arrives full of ammo: the Flamethrower with 4', () => {
    const table = crafter({ items: ['chemicals', 'tools'] });
    table.take('0', {
      type: 'craft',
      item: 'flamethrower',
      components: ['chemicals', 'tools'],
      cards: ['captain-rest'],
    });
    const flamethrower = table.player('0').weapons.find((weapon) => weapon.id === 'flamethrower');
    expect(flamethrower?.ammo).toBe(4);
    expect(flamethrower?.ammo).toBe(table.tables.weapons.get('flamethrower')!.capacity);
  });

  it('is a Basic Action: one Action card pays, and it is one of the round’s two actions', () => {
    const table = crafter({ items: ['energy-charge-red', 'tools'] });
    table.take('0', {
      type: 'craft',
      item: 'taser',
      components: ['energy-charge-red', 'tools'],
      cards: ['captain-rest'],
    });
    expect(table.player('0').actionDeck.discardPile).toEqual(['captain-rest']);
    expect(table.player('0').hand).toHaveLength(3);
    const turn = table.state.stack.find((step) => step.kind === 'player-turn');
    expect(turn?.kind === 'player-turn' && turn.actionsTaken).toBe(1);
  });

  it('asked in turn: the crafted item, then the item giving each icon of its recipe', () => {
    const table = crafter({ items: ['chemicals', 'alcohol', 'bandages', 'tools'] });
    // chemical + tool: Flamethrower; chemical + cloth: Molotov Cocktail; nothing else.
    expect(itemsOffered(table)).toEqual(['flamethrower', 'molotov-cocktail']);
    expect(itemsOffered(table, [], 'molotov-cocktail')).toEqual(['alcohol', 'chemicals']);
    expect(itemsOffered(table, ['alcohol'], 'molotov-cocktail')).toEqual(['bandages']);
    table.act('0', { type: 'craft' });
    table.act('0', { type: 'item', item: 'molotov-cocktail' });
    expect(table.prompts()[0]!.text).toContain('which item gives the chemical icon');
  });

  it('each component is asked, even when only one item would do', () => {
    const table = crafter({ items: ['chemicals', 'tools'] });
    table.act('0', { type: 'craft' });
    table.act('0', { type: 'item', item: 'flamethrower' });
    expect(table.prompts()[0]!.answer).toBe('choose-item');
    expect(table.legal('0')).toEqual([{ type: 'item', item: 'chemicals' }]);
    table.act('0', { type: 'item', item: 'chemicals' });
    expect(table.legal('0')).toEqual([{ type: 'item', item: 'tools' }]);
  });

  it('two items showing the same icon make nothing: a recipe takes two different icons', () => {
    const table = crafter({ items: ['chemicals', 'chemicals'] });
    expect(table.legal('0')).not.toContainEqual({ type: 'craft' });
  });

  it('a used crafted item goes back to the crafted supply, to be crafted again', () => {
    const table = crafter({ items: ['chemicals', 'medkit'] });
    table.take('0', {
      type: 'craft',
      item: 'antidote',
      components: ['chemicals', 'medkit'],
      cards: ['captain-rest'],
    });
    expect(table.state.craftedItems.filter((item) => item === 'antidote')).toHaveLength(2);
    table.take('0', { type: 'use-item', item: 'antidote', cards: ['captain-order'] });
    expect(table.player('0').items).toEqual([]);
    expect(table.state.craftedItems.filter((item) => item === 'antidote')).toHaveLength(3);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('a crafted Heavy weapon takes a hand slot like any Heavy Item', () => {
    const table = crafter({ items: ['chemicals', 'tools'], carried: ['egg', 'corpse'] });
    table.take('0', {
      type: 'craft',
      item: 'flamethrower',
      components: ['chemicals', 'tools'],
      cards: ['captain-rest'],
    });
    expect(table.prompts()[0]!.seats).toEqual(['0']);
    expect(table.state.stack.at(-1)?.kind).toBe('drop-for-hand-slots');
  });
});

describe('Craft Item in random play', () => {
  it('the random bot crafts: Craft is among the legal actions it draws from', () => {
    const table = crafter({ items: ['chemicals', 'tools'] });
    const picked = new Set(
      Array.from({ length: 40 }, (_, draw) =>
        botChoice(table.ruleset, randomBot, table.state, '0', seedRandom(`draw-${draw}`)),
      ).map((action) => action.type),
    );
    expect(picked).toContain('craft');
  });
});

describe('Craft Item: what refuses it', () => {
  it('an inventory without two matching icons cannot craft: not offered, and refused with a message', () => {
    const table = crafter({ items: ['chemicals', 'grenade'] });
    expect(table.legal('0')).not.toContainEqual({ type: 'craft' });
    const before = json(table.state);
    const outcome = table.tryAct('0', { type: 'craft' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.rejection.code).toBe('nothing-to-craft');
      expect(outcome.rejection.message).toContain('craft icons');
    }
    expect(json(table.state)).toBe(before);
  });

  it('naming a crafted item the inventory cannot make is refused, naming the icons it takes', () => {
    const table = crafter({ items: ['chemicals', 'tools'] });
    table.act('0', { type: 'craft' });
    const before = json(table.state);
    const outcome = table.tryAct('0', { type: 'item', item: 'taser' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.rejection.code).toBe('missing-icons');
      expect(outcome.rejection.message).toContain('battery');
    }
    expect(json(table.state)).toBe(before);
  });

  it('an item not showing the icon asked, or not held, is refused', () => {
    const table = crafter({ items: ['chemicals', 'tools', 'medkit'] });
    table.act('0', { type: 'craft' });
    table.act('0', { type: 'item', item: 'flamethrower' });
    const before = json(table.state);
    const wrong = table.tryAct('0', { type: 'item', item: 'medkit' });
    expect(!wrong.ok && wrong.rejection.code).toBe('wrong-icon');
    const absent = table.tryAct('0', { type: 'item', item: 'alcohol' });
    expect(!absent.ok && absent.rejection.code).toBe('no-such-item');
    expect(json(table.state)).toBe(before);
  });

  it('a crafted item with no copy left in the supply cannot be made', () => {
    const table = crafter(
      { items: ['chemicals', 'tools'] },
      scenario({ players: 2 })
        .explored(6)
        .character('1', { items: ['flamethrower', 'flamethrower'] })
        .with((state) => {
          state.craftedItems.splice(state.craftedItems.indexOf('flamethrower'), 1);
        }),
    );
    expect(table.legal('0')).not.toContainEqual({ type: 'craft' });
  });

  it('is never done in Combat', () => {
    const table = crafter(
      { items: ['chemicals', 'tools'] },
      scenario({ players: 2 }).explored(6).intruder('adult', 6),
    );
    expect(table.legal('0')).not.toContainEqual({ type: 'craft' });
    const outcome = table.tryAct('0', { type: 'craft' });
    expect(!outcome.ok && outcome.rejection.code).toBe('in-combat');
  });

  it('needs an Action card to pay: a Contamination card cannot', () => {
    const table = crafter({ items: ['chemicals', 'tools'], hand: ['contamination-01'] });
    const outcome = table.tryAct('0', { type: 'craft' });
    expect(!outcome.ok && outcome.rejection.code).toBe('wrong-cost');
  });
});

describe('Craft Item and the secrets', () => {
  it('a crafted item is known to all: every view shows it, and the re-deal keeps it', () => {
    const table = crafter({ items: ['energy-charge-red', 'tools', 'medkit'] });
    table.take('0', {
      type: 'craft',
      item: 'taser',
      components: ['energy-charge-red', 'tools'],
      cards: ['captain-rest'],
    });
    expect(table.view('1').players[0]!.craftedItems).toEqual(['taser']);
    expect(table.view('1').craftedItems.filter((item) => item === 'taser')).toHaveLength(2);
    const copy = clonePlain(table.state);
    redealNemesis(table.tables, copy, '1', seedRandom('taser'));
    expect(copy.players[0]!.items).toContain('taser');
    const seen = table.events.filter((event) => event.type === 'item-gained');
    expect(seen).toMatchObject([{ audience: 'all', item: 'taser' }]);
  });

  it('while a craft is under way, the re-deal for another seat keeps the components named and that seat’s view', () => {
    const table = crafter({ items: ['energy-charge-red', 'tools', 'medkit', 'bandages'] });
    table.act('0', { type: 'craft' });
    table.act('0', { type: 'item', item: 'taser' });
    table.act('0', { type: 'item', item: 'energy-charge-red' });
    const before = json(table.view('1'));
    const copy = clonePlain(table.state);
    redealNemesis(table.tables, copy, '1', seedRandom('components'));
    expect(copy.players[0]!.items).toContain('energy-charge-red');
    expect(json(table.ruleset.view(copy, '1'))).toBe(before);
    expect(nemesisInvariants(copy, table.tables)).toEqual([]);
  });
});

describe('Craft Item: every crafted item is in the supply or an inventory', () => {
  it('a crafted item lost, or one too many, is reported', () => {
    const table = crafter({ items: ['taser'] });
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
    table.player('0').items = [];
    expect(nemesisInvariants(table.state, table.tables)).toContainEqual(
      'item taser: 2 copies in play, the pack holds 3',
    );
    table.player('0').items = ['taser', 'taser'];
    expect(nemesisInvariants(table.state, table.tables)).toContainEqual(
      'item taser: 4 copies in play, the pack holds 3',
    );
  });
});
