import { seedRandom } from '@tabletop/engine';
import { nemesisInvariants } from '@tabletop/nemesis';
import { redealNemesis, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

const json = (value: unknown) => JSON.stringify(value);

describe('Items: the Item decks', () => {
  it('at setup the Red, Yellow and Green decks hold every copy of their cards, none dealt', () => {
    const table = scenario({ players: 2 }).build();
    const { red, yellow, green } = table.state.itemDecks;
    const copies = (colour: string) =>
      [...table.tables.items.values()]
        .filter((item) => item.colour === colour)
        .reduce((sum, item) => sum + item.count, 0);
    expect(red.drawPile.length).toBe(copies('red'));
    expect(yellow.drawPile.length).toBe(copies('yellow'));
    expect(green.drawPile.length).toBe(copies('green'));
    expect(red.drawPile.filter((item) => item === 'energy-charge-red')).toHaveLength(11);
    expect(table.state.players.every((player) => player.items.length === 0)).toBe(true);
  });

  it('the order of an Item deck is secret: a seat sees only how many cards are left', () => {
    const table = scenario({ players: 2 }).build();
    const view = table.view('0');
    expect(view.itemDecks.green).toEqual({
      drawPile: table.state.itemDecks.green.drawPile.length,
      discardPile: [],
      under: [],
    });
    expect(json(view)).not.toContain('medkit');
  });
});

describe('Items: inventories', () => {
  const table = () =>
    scenario({ players: 3 })
      .character('0', { items: ['medkit', 'fire-extinguisher', 'grenade'] })
      .build();

  it('an inventory is secret: the others see how many items and which Heavy items are carried', () => {
    const built = table();
    for (const viewer of ['1', '2', 'spectator']) {
      const view = built.view(viewer);
      expect(view.players[0]!.items).toBe(3);
      expect(view.players[0]!.heavyItems).toEqual(['fire-extinguisher']);
      expect(json(view)).not.toContain('medkit');
      expect(json(view)).not.toContain('grenade');
    }
    expect(built.view('0').you!.items).toEqual(['medkit', 'fire-extinguisher', 'grenade']);
  });

  it('the items a character carries come out of their deck', () => {
    const built = table();
    const medkits = built.state.itemDecks.green.drawPile.filter((item) => item === 'medkit');
    expect(medkits).toHaveLength(6);
    expect(nemesisInvariants(built.state, built.tables)).toEqual([]);
  });

  it('the re-deal changes another inventory’s hidden items but keeps what the others see', () => {
    const built = table();
    const before = json(built.view('1'));
    let changed = false;
    for (let attempt = 0; attempt < 20; attempt++) {
      const copy = structuredClone(built.state);
      redealNemesis(built.tables, copy, '1', seedRandom(`redeal-${attempt}`));
      expect(copy.players[0]!.items).toHaveLength(3);
      expect(copy.players[0]!.items).toContain('fire-extinguisher');
      if (json(copy.players[0]!.items) !== json(built.state.players[0]!.items)) changed = true;
      expect(nemesisInvariants(copy, built.tables)).toEqual([]);
      expect(json(built.ruleset.view(copy, '1'))).toBe(before);
    }
    expect(changed).toBe(true);
  });

  it('the re-deal leaves the viewer’s own inventory as it is', () => {
    const built = table();
    const copy = structuredClone(built.state);
    redealNemesis(built.tables, copy, '0', seedRandom('own'));
    expect(copy.players[0]!.items).toEqual(['medkit', 'fire-extinguisher', 'grenade']);
  });
});

describe('Items: every item is in exactly one deck, inventory or discard pile', () => {
  it('an item lost is reported', () => {
    const built = scenario({ players: 2 }).build();
    built.state.itemDecks.red.drawPile.splice(
      built.state.itemDecks.red.drawPile.indexOf('grenade'),
      1,
    );
    expect(nemesisInvariants(built.state, built.tables)).toEqual([
      'item grenade: 3 copies in play, the pack holds 4',
    ]);
  });

  it('an item in two places is reported', () => {
    const built = scenario({ players: 2 }).build();
    built.state.players[1]!.items.push('medkit');
    expect(nemesisInvariants(built.state, built.tables)).toEqual([
      'item medkit: 8 copies in play, the pack holds 7',
    ]);
  });
});
