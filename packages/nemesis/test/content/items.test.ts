import { describe, expect, it } from 'vitest';
import { baseContent, type Item } from '../../src/content/index.js';

const pack = baseContent();
const items = pack.items.items;

function deck(colour: Item['colour']): Record<string, number> {
  return Object.fromEntries(
    items.filter((item) => item.colour === colour).map((item) => [item.id, item.count]),
  );
}

function item(id: string): Item {
  const found = pack.lookup.item[id];
  if (found === undefined) throw new Error(`no item ${id}`);
  return found;
}

describe('item decks', () => {
  it('the Red deck holds 30 cards: 11 Energy Charges, 4 Grenades, 3 Smoke Grenades, 3 Recon Drones, 2 Decoys and seven single cards', () => {
    expect(deck('red')).toEqual({
      'energy-charge-red': 11,
      grenade: 4,
      'smoke-grenade': 3,
      'recon-drone': 3,
      decoy: 2,
      'extended-magazine': 1,
      'prototype-pistol': 1,
      'prototype-rifle': 1,
      'prototype-shotgun': 1,
      'self-destruct-key': 1,
      'evacuation-key': 1,
      'comms-key': 1,
    });
  });

  it('the Yellow deck holds 30 cards', () => {
    expect(deck('yellow')).toEqual({
      chemicals: 7,
      tools: 6,
      'duct-tape': 4,
      'fire-extinguisher': 4,
      'energy-charge-yellow': 3,
      'clothes-yellow': 3,
      'technical-corridors-plans': 1,
      'space-suit': 1,
      'nemesis-plans': 1,
    });
  });

  it('the Green deck holds 30 cards, none of them Heavy', () => {
    expect(deck('green')).toEqual({
      medkit: 7,
      bandages: 7,
      'synthetic-food': 5,
      'adrenaline-injection': 3,
      'clothes-green': 3,
      alcohol: 3,
      'military-drugs': 2,
    });
    expect(items.filter((entry) => entry.colour === 'green' && entry.heavy)).toEqual([]);
  });

  it('every item is one-use except the Extended Magazine, the three Prototypes and the Flamethrower', () => {
    const lasting = items
      .filter((entry) => entry.colour !== 'quest' && !entry.oneUse)
      .map((entry) => entry.id);
    expect(lasting.sort()).toEqual(
      [
        'extended-magazine',
        'flamethrower',
        'prototype-pistol',
        'prototype-rifle',
        'prototype-shotgun',
      ].sort(),
    );
  });

  it('the Heavy items of the decks are the Prototypes, the Fire Extinguisher and the Flamethrower', () => {
    const heavy = items
      .filter((entry) => entry.colour !== 'quest' && entry.heavy)
      .map((entry) => entry.id);
    expect(heavy.sort()).toEqual(
      [
        'fire-extinguisher',
        'flamethrower',
        'prototype-pistol',
        'prototype-rifle',
        'prototype-shotgun',
      ].sort(),
    );
  });

  it('an item action costs 1 Action card, the Extended Magazine none; weapons are used by Shoot', () => {
    for (const entry of items.filter((candidate) => candidate.colour !== 'quest')) {
      const costs = entry.uses.map((use) => (use.kind === 'action' ? use.cost : null));
      if (entry.weapon !== undefined) expect(entry.uses, entry.id).toEqual([]);
      else if (entry.id === 'extended-magazine') expect(costs).toEqual([0]);
      else expect(costs, entry.id).toEqual([1]);
    }
  });

  it('the combat icons follow the sheet: Smoke Grenade only in Combat, Recon Drone only out of it', () => {
    const combat = (id: string) => {
      const use = item(id).uses[0];
      return use?.kind === 'action' ? use.combat : undefined;
    };
    expect(combat('smoke-grenade')).toBe('in-combat');
    expect(combat('recon-drone')).toBe('out-of-combat');
    expect(combat('grenade')).toBe('any');
    expect(combat('medkit')).toBe('out-of-combat');
  });

  it('an Energy Charge fills an energy weapon or works a door', () => {
    expect(item('energy-charge-red').uses).toEqual(item('energy-charge-yellow').uses);
    expect(item('energy-charge-red').uses[0]).toMatchObject({
      effect: {
        kind: 'choice',
        options: [
          { kind: 'reload', weapon: 'energy', amount: 'full' },
          { kind: 'set-doors', room: 'own', doors: 'one' },
        ],
      },
    });
  });

  it('only Chemicals reload the Flamethrower', () => {
    const reloads = items.flatMap((entry) =>
      entry.uses.flatMap((use) =>
        use.kind === 'action' && JSON.stringify(use.effect).includes('"only":"flamethrower"')
          ? [entry.id]
          : [],
      ),
    );
    expect(reloads).toEqual(['chemicals']);
  });

  it('a Grenade and a Molotov destroy 2 and 1 loose Eggs', () => {
    const eggs = (id: string) => JSON.stringify(item(id).uses).match(/"eggs":(\d)/)?.[1];
    expect(eggs('grenade')).toBe('2');
    expect(eggs('molotov-cocktail')).toBe('1');
  });
});

describe('weapons', () => {
  it('the Prototypes are energy weapons of 3, 6 and 2 ammo', () => {
    const weapon = (id: string) => [item(id).weapon?.type, item(id).weapon?.capacity];
    expect(weapon('prototype-pistol')).toEqual(['energy', 3]);
    expect(weapon('prototype-rifle')).toEqual(['energy', 6]);
    expect(weapon('prototype-shotgun')).toEqual(['energy', 2]);
  });

  it('a weapon found by Search arrives with 1 ammo; a crafted Flamethrower arrives full', () => {
    expect(pack.items.searchedWeaponAmmo).toBe(1);
    expect(item('flamethrower').weapon).toMatchObject({
      type: 'classic',
      capacity: 4,
      arrivesFull: true,
    });
    expect(item('prototype-pistol').weapon?.arrivesFull).toBe(false);
  });

  it('the starting weapons: Revolver 6 classic, Assault Rifle 5, Rifle 4, Shotgun 2, Sawed-off 2, Pistol 3, all energy but the Revolver', () => {
    const weapons = pack.characters.weapons.map((weapon) => [
      weapon.id,
      weapon.type,
      weapon.capacity,
    ]);
    expect(weapons).toEqual([
      ['six-shooter', 'classic', 6],
      ['assault-rifle', 'energy', 5],
      ['energy-rifle', 'energy', 4],
      ['shotgun', 'energy', 2],
      ['sawed-off', 'energy', 2],
      ['pistol', 'energy', 3],
    ]);
  });

  it('the Sawed-off reads a single crosshair as a double, the Pistol a double as a single', () => {
    expect(pack.lookup.weapon['sawed-off']?.rules).toEqual([
      { kind: 'face-counts-as', from: 'single', to: 'double' },
    ]);
    expect(pack.lookup.weapon.pistol?.rules).toEqual([
      { kind: 'face-counts-as', from: 'double', to: 'single' },
    ]);
  });
});

describe('crafting', () => {
  it('12 crafted items, 3 each of Antidote, Taser, Flamethrower and Molotov Cocktail, with their recipes', () => {
    const crafted = items
      .filter((entry) => entry.colour === 'blue')
      .map((entry) => [entry.id, entry.count, entry.recipe]);
    expect(crafted).toEqual([
      ['antidote', 3, ['chemical', 'medical']],
      ['taser', 3, ['battery', 'tool']],
      ['flamethrower', 3, ['chemical', 'tool']],
      ['molotov-cocktail', 3, ['chemical', 'cloth']],
    ]);
  });

  it('the craft icons: Chemicals and Alcohol chemical; Clothes and Bandages cloth; Medkit medical; Tools tool; Energy Charge battery', () => {
    const carriers: Record<string, string[]> = {};
    for (const entry of items) {
      for (const icon of entry.icons) carriers[icon] = [...(carriers[icon] ?? []), entry.id];
    }
    expect(carriers).toEqual({
      battery: ['energy-charge-red', 'energy-charge-yellow'],
      chemical: ['chemicals', 'alcohol'],
      tool: ['tools'],
      cloth: ['clothes-yellow', 'bandages', 'clothes-green'],
      medical: ['medkit'],
    });
  });
});

describe('quest items', () => {
  it('each character has two quest items, lying inactive until their quest is done', () => {
    const byCharacter: Record<string, string[]> = {};
    for (const entry of items) {
      if (entry.quest === undefined) continue;
      const owner = entry.quest.character;
      byCharacter[owner] = [...(byCharacter[owner] ?? []), entry.id];
    }
    expect(byCharacter).toEqual({
      captain: ['ship-log', 'intercom'],
      pilot: ['orbital-maneuvering-system', 'pilot-evacuation-key'],
      mechanic: ['plasma-torch', 'flashlight'],
      soldier: ['autoloader', 'armor'],
      scout: ['motion-sensor', 'security-key'],
      scientist: ['holo-computer', 'laboratory-equipment'],
    });
    for (const character of pack.characters.characters)
      expect(byCharacter[character.id], character.id).toHaveLength(2);
  });

  it('a quest is done in the room it names or by discarding the item it names, for 1 Action card', () => {
    const task = (id: string) => item(id).quest?.task;
    expect(task('ship-log')).toEqual({ kind: 'activate-in-room', room: 'comms-room' });
    expect(task('intercom')).toEqual({ kind: 'discard-item', items: ['tools', 'duct-tape'] });
    expect(task('plasma-torch')).toEqual({ kind: 'activate-in-room', room: 'storage' });
    expect(task('autoloader')).toEqual({ kind: 'activate-in-room', room: 'armory' });
    expect(task('security-key')).toEqual({ kind: 'activate-in-room', room: 'cockpit' });
    expect(task('laboratory-equipment')).toEqual({ kind: 'discard-item', items: ['chemicals'] });
    expect(items.filter((entry) => entry.quest !== undefined && entry.quest.cost !== 1)).toEqual(
      [],
    );
  });

  it('Armor answers an Intruder attack and the Motion Sensor a Noise roll, as reactions', () => {
    expect(item('armor').uses).toEqual([
      {
        kind: 'reaction',
        trigger: 'intruder-attack-on-you',
        cost: 0,
        effect: { kind: 'ignore-attack' },
      },
    ]);
    expect(item('motion-sensor').uses).toEqual([
      {
        kind: 'reaction',
        trigger: 'own-noise-roll',
        cost: 1,
        effect: { kind: 'reroll-die', die: 'noise' },
      },
    ]);
    expect(item('motion-sensor').heavy).toBe(true);
  });

  it('the Plasma Torch alone closes a destroyed door', () => {
    const closers = items.filter((entry) =>
      JSON.stringify(entry.uses).includes('"closesDestroyed":true'),
    );
    expect(closers.map((entry) => entry.id)).toEqual(['plasma-torch']);
  });
});
