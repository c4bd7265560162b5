import { nemesisInvariants } from '@tabletop/nemesis';
import { type CharacterSpec, type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../../src/combat/death.js';
import { baseContent, type Effect } from '../../src/content/index.js';
import { dropItem } from '../../src/items/inventory.js';

// Seat 0 (the Captain) stands in room 6 holding the Extended Magazine.
const pack = baseContent();
const magazine = pack.lookup.item['extended-magazine']!;
const fitting = (magazine.uses[0] as { effect: Effect }).effect;

function table(spec: CharacterSpec): ScenarioTable {
  return scenario({ players: 2 })
    .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
    .character('0', { room: 6, items: ['extended-magazine'], ...spec })
    .build();
}

function fit(built: ScenarioTable, item: string | undefined = 'extended-magazine'): void {
  built.resolve({
    kind: 'effect',
    seat: '0',
    effect: fitting,
    room: 6,
    chosen: null,
    source: magazine.name,
    ...(item === undefined ? {} : { item }),
  });
}

const weapon = (built: ScenarioTable, id: string) =>
  built.player('0').weapons.find((candidate) => candidate.id === id)!;

describe('Items: the Extended Magazine', () => {
  it('fits an energy weapon: 2 more ammo now, 2 more capacity from then on', () => {
    const built = table({ weapons: [{ id: 'assault-rifle', ammo: 5 }] });
    fit(built);
    expect(weapon(built, 'assault-rifle')).toEqual({
      id: 'assault-rifle',
      ammo: 7,
      attachments: ['extended-magazine'],
    });
    expect(built.view('1').players[0]!.weapons[0]).toMatchObject({ ammo: 7, capacity: 7 });
    expect(nemesisInvariants(built.state, built.tables)).toEqual([]);
  });

  it('the card leaves the inventory and lies on the weapon, in sight of everyone', () => {
    const built = table({ weapons: [{ id: 'energy-rifle', ammo: 0 }] });
    fit(built);
    expect(built.player('0').items).toEqual([]);
    expect(built.view('1').players[0]!.weapons[0]!.attachments).toEqual(['extended-magazine']);
    expect(weapon(built, 'energy-rifle').ammo).toBe(2);
  });

  it('a later reload fills the larger capacity', () => {
    const built = table({ weapons: [{ id: 'energy-rifle', ammo: 4 }] });
    fit(built);
    weapon(built, 'energy-rifle').ammo = 0;
    const charge = pack.lookup.item['energy-charge-red']!.uses[0] as { effect: Effect };
    // The reload is the card's first option (its door option is not built yet).
    const reload = charge.effect.kind === 'choice' ? charge.effect.options[0]! : charge.effect;
    built.resolve({
      kind: 'effect',
      seat: '0',
      effect: reload,
      room: 6,
      chosen: null,
      source: 'Energy Charge',
    });
    expect(weapon(built, 'energy-rifle').ammo).toBe(6);
  });

  it('with several energy weapons, the player names the one it goes on', () => {
    const built = table({
      weapons: [
        { id: 'assault-rifle', ammo: 5 },
        { id: 'prototype-pistol', ammo: 1 },
        { id: 'flamethrower', ammo: 4 },
      ],
    });
    fit(built);
    expect(built.legal('0')).toEqual([
      { type: 'weapon', weapon: 'assault-rifle' },
      { type: 'weapon', weapon: 'prototype-pistol' },
    ]);
    const refused = built.tryAct('0', { type: 'weapon', weapon: 'flamethrower' });
    expect(refused.ok ? '' : refused.rejection.code).toBe('wrong-weapon');
    built.act('0', { type: 'weapon', weapon: 'prototype-pistol' });
    expect(weapon(built, 'prototype-pistol')).toMatchObject({ ammo: 3 });
    expect(built.view('0').players[0]!.weapons[1]!.capacity).toBe(5);
  });

  it('fits no classic weapon', () => {
    const built = table({ weapons: [{ id: 'flamethrower', ammo: 0 }] });
    fit(built);
    expect(built.eventsOf('effect-skipped')[0]!.text).toMatch(/no energy weapon to fit it to/);
    expect(built.player('0').items).toContain('extended-magazine');
    expect(weapon(built, 'flamethrower').attachments).toBeUndefined();
  });

  it('needs the card in hand: without it nothing is fitted', () => {
    const built = table({ items: [], weapons: [{ id: 'assault-rifle', ammo: 1 }] });
    fit(built, undefined);
    expect(built.eventsOf('effect-skipped')[0]!.text).toMatch(/no such item to fit/);
    expect(weapon(built, 'assault-rifle').attachments).toBeUndefined();
  });

  it('a dead character’s fitting goes to its discard pile with their items, still accounted for', () => {
    const built = table({ weapons: [{ id: 'assault-rifle', ammo: 5 }] });
    fit(built);
    built.perform((game) => killCharacter(game, built.player('0'), 'test'));
    expect(built.player('0').weapons).toEqual([]);
    expect(built.player('0').items).toEqual([]);
    expect(built.state.itemDecks.red.discardPile).toEqual(['extended-magazine']);
    expect(nemesisInvariants(built.state, built.tables)).toEqual([]);
  });

  it('a dropped weapon item takes its fitting to the discard pile with it, still accounted for', () => {
    const built = table({
      items: ['extended-magazine', 'prototype-shotgun'],
      weapons: [{ id: 'prototype-shotgun', ammo: 1 }],
    });
    fit(built);
    built.perform((game) => dropItem(game, built.player('0'), 'prototype-shotgun'));
    expect(built.player('0').weapons).toEqual([]);
    expect(built.player('0').items).toEqual([]);
    expect(built.state.itemDecks.red.discardPile).toEqual(
      expect.arrayContaining(['extended-magazine', 'prototype-shotgun']),
    );
    expect(nemesisInvariants(built.state, built.tables)).toEqual([]);
  });
});
