import { nemesisInvariants } from '@tabletop/nemesis';
import { type CharacterSpec, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import type { Effect } from '../../src/content/effects.js';
import { notBuiltIn } from '../../src/effects/handler-table.js';

const hand = ['captain-search-1', 'captain-rest', 'captain-order', 'captain-motivation'];

function holding(spec: CharacterSpec, build = scenario({ players: 2 })) {
  return build.character('0', { room: 6, hand, ...spec }).build();
}

type Table = ReturnType<typeof holding>;

function offered(table: Table): boolean {
  return table.legal('0').some((action) => action.type === 'use-item');
}

/** The items offered once `use-item` is chosen, on a copy of the table. */
function itemsOffered(table: Table): string[] {
  return table
    .answers('0', { type: 'use-item' })
    .flatMap((answer) => (answer.type === 'item' ? [answer.item] : []));
}

describe('Items: item actions', () => {
  it('an Item action costs the Action cards its card says', () => {
    const table = holding({ items: ['synthetic-food'] });
    const cost = table.tables.items.get('synthetic-food')!.uses[0]!;
    expect(cost.kind === 'action' && cost.cost).toBe(1);
    table.take('0', { type: 'use-item', item: 'synthetic-food', cards: ['captain-rest'] });
    expect(table.player('0').actionDeck.discardPile).toEqual(['captain-rest']);
    // Synthetic Food draws 2: 4 in hand, 1 paid, 2 drawn.
    expect(table.player('0').hand).toHaveLength(5);
  });

  it('Chemicals are offered once a Flamethrower has fired, and as the action fill it again', () => {
    const full = holding({ items: ['chemicals'], weapons: [{ id: 'flamethrower', ammo: 4 }] });
    expect(itemsOffered(full)).toEqual([]);
    const fired = holding({ items: ['chemicals'], weapons: [{ id: 'flamethrower', ammo: 1 }] });
    expect(itemsOffered(fired)).toEqual(['chemicals']);
    fired.take('0', { type: 'use-item', item: 'chemicals', cards: ['captain-rest'] });
    expect(fired.player('0').weapons.find((weapon) => weapon.id === 'flamethrower')?.ammo).toBe(4);
    expect(fired.player('0').items).toEqual(['flamethrower']);
  });

  it('is an action of the round', () => {
    const table = holding({ items: ['synthetic-food'] });
    table.take('0', { type: 'use-item', item: 'synthetic-food', cards: ['captain-rest'] });
    const turn = table.state.stack.find((step) => step.kind === 'player-turn');
    expect(turn?.kind === 'player-turn' && turn.actionsTaken).toBe(1);
  });

  it('a Hand wound adds 1 to the cost of every item action', () => {
    const table = holding({ items: ['synthetic-food'], seriousWounds: ['hand-1'] });
    table.act('0', { type: 'use-item' });
    table.act('0', { type: 'item', item: 'synthetic-food' });
    table.act('0', { type: 'card', card: 'captain-rest' });
    expect(table.prompts()[0]!.answer).toBe('pay');
    table.act('0', { type: 'card', card: 'captain-order' });
    expect(table.player('0').actionDeck.discardPile).toEqual(['captain-rest', 'captain-order']);
  });

  it('a dressed Hand wound adds nothing', () => {
    const table = holding(
      { items: ['synthetic-food'] },
      scenario({ players: 2 }).with((state) => {
        const deck = state.seriousWoundDeck.drawPile;
        deck.splice(deck.indexOf('hand-1'), 1);
        state.players[0]!.seriousWounds = [{ card: 'hand-1', dressed: true }];
      }),
    );
    table.take('0', { type: 'use-item', item: 'synthetic-food', cards: ['captain-rest'] });
    expect(table.player('0').actionDeck.discardPile).toEqual(['captain-rest']);
  });

  it('a Hand wound does not make Shooting cost more', () => {
    const table = holding(
      { seriousWounds: ['hand-2'] },
      scenario({ players: 2 }).intruder('adult', 6),
    );
    const weapon = table.player('0').weapons[0]!.id;
    table.take('0', {
      type: 'shoot',
      weapon,
      target: table.intruders(6)[0]!.id,
      cards: ['captain-rest'],
    });
    expect(table.player('0').actionDeck.discardPile).toEqual(['captain-rest']);
  });

  it('an item the hand cannot pay for is not offered', () => {
    const table = holding({
      items: ['synthetic-food'],
      seriousWounds: ['hand-1'],
      hand: ['captain-rest'],
    });
    expect(offered(table)).toBe(false);
  });

  it('an out-of-combat item is not used in Combat; an item usable either way is', () => {
    const table = holding(
      { items: ['medkit', 'fire-extinguisher'], seriousWounds: ['leg-1'] },
      scenario({ players: 2 }).intruder('adult', 6).room(6, { fire: true }),
    );
    expect(itemsOffered(table)).toEqual(['fire-extinguisher']);
    table.act('0', { type: 'use-item' });
    const outcome = table.tryAct('0', { type: 'item', item: 'medkit' });
    expect(outcome.ok || outcome.rejection.code).toBe('in-combat');
  });

  it('an item whose effect would change nothing is not offered (a Medkit with no wound)', () => {
    expect(offered(holding({ items: ['medkit'] }))).toBe(false);
    expect(offered(holding({ items: ['medkit'], seriousWounds: ['leg-1'] }))).toBe(true);
  });

  it('a one-use item is discarded after its action', () => {
    const table = holding({ items: ['medkit', 'bandages'], seriousWounds: ['leg-1'] });
    table.take('0', { type: 'use-item', item: 'medkit', cards: ['captain-rest'] });
    expect(table.player('0').items).toEqual(['bandages']);
    expect(table.state.itemDecks.green.discardPile).toEqual(['medkit']);
    // The Medkit dresses or heals: the player picks its option.
    expect(table.prompts()[0]!.answer).toBe('choose-option');
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('0').seriousWounds[0]!.dressed).toBe(true);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('effects whose rule is not built are never offered, and naming one is refused', () => {
    const unbuiltEverywhere = (effect: Effect): boolean =>
      effect.kind === 'choice'
        ? effect.options.every(unbuiltEverywhere)
        : notBuiltIn(effect) !== null;
    const unbuilt = [...holding({}).tables.items.values()].filter(
      (item) =>
        ['red', 'yellow', 'green'].includes(item.colour) &&
        item.uses.some((use) => use.kind === 'action' && unbuiltEverywhere(use.effect)),
    );
    for (const item of unbuilt) {
      const table = holding({ items: [item.id, 'medkit'], seriousWounds: ['leg-1'] });
      expect(itemsOffered(table), item.id).toEqual(['medkit']);
      table.act('0', { type: 'use-item' });
      const outcome = table.tryAct('0', { type: 'item', item: item.id });
      expect(outcome.ok, item.id).toBe(false);
    }
  });

  it('an option not built is left out of a choice: the Energy Charge reloads, its door option waits', () => {
    const table = scenario({ players: 2, characters: ['soldier', 'captain'] })
      .character('0', { room: 6, items: ['energy-charge-red'] })
      .with((state) => {
        state.players[0]!.weapons[0]!.ammo = 0;
      })
      .build();
    const rifle = table.player('0').weapons[0]!;
    expect(table.tables.weapons.get(rifle.id)!.type).toBe('energy');
    const card = table.player('0').hand[0]!;
    table.take('0', { type: 'use-item', item: 'energy-charge-red', cards: [card] });
    const use = table.tables.items.get('energy-charge-red')!.uses[0]!;
    const doors = use.kind === 'action' && use.effect.kind === 'choice' && use.effect.options[1]!;
    const expected = [{ type: 'option', option: 0 }];
    if (doors && notBuiltIn(doors) === null) expected.push({ type: 'option', option: 1 });
    expect(table.legal('0')).toEqual(expected);
    table.act('0', { type: 'option', option: 0 });
    expect(rifle.ammo).toBe(table.tables.weapons.get(rifle.id)!.capacity);
  });

  it('the item used is shown to everyone', () => {
    const table = holding({ items: ['synthetic-food'], hand: [...hand] });
    table.act('0', { type: 'use-item' });
    expect(table.view('1').players[0]!.using).toBeNull();
    table.act('0', { type: 'item', item: 'synthetic-food' });
    expect(table.view('1').players[0]!.using).toBe('synthetic-food');
    const events = table.act('0', { type: 'card', card: 'captain-rest' });
    const used = events.find((event) => event.type === 'use-item');
    expect(used).toMatchObject({ audience: 'all', item: 'synthetic-food' });
  });

  it('a player with no item has no item action', () => {
    const table = holding({});
    expect(offered(table)).toBe(false);
    const outcome = table.tryAct('0', { type: 'use-item' });
    expect(outcome.ok || outcome.rejection.code).toBe('no-items');
  });
});
