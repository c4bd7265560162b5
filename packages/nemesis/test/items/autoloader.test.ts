import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { baseContent, type Effect } from '../../src/content/index.js';

// Seat 1 is the Soldier, in room 6 with the Assault Rifle; the Autoloader is in play once its
// quest is done, which the scenario sets directly (items/quests.test.ts completes it in play).
const pack = baseContent();

function soldier(active: boolean, weapons = [{ id: 'assault-rifle', ammo: 2 }]): ScenarioTable {
  return scenario({ players: 2 })
    .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
    .character('1', { room: 6, weapons, ...(active ? { items: ['autoloader'] } : {}) })
    .build();
}

const hand = ['soldier-search-1', 'soldier-rest', 'soldier-demolition'];

/** The Soldier's turn, holding an Energy Charge and three Action cards. */
function soldierWithCharge(
  active: boolean,
  weapons: { id: string; ammo: number }[],
): ScenarioTable {
  return scenario({ players: 2, firstPlayer: 1 })
    .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
    .character('0', { room: 2 })
    .character('1', {
      room: 6,
      weapons,
      hand,
      items: active ? ['autoloader', 'energy-charge-red'] : ['energy-charge-red'],
    })
    .build();
}

function energyCharge(built: ScenarioTable): void {
  const charge = pack.lookup.item['energy-charge-red']!.uses[0] as { effect: Effect };
  // The reload is the card's first option (its door option is not built yet).
  const reload = charge.effect.kind === 'choice' ? charge.effect.options[0]! : charge.effect;
  built.resolve({
    kind: 'effect',
    seat: '1',
    effect: reload,
    room: 6,
    chosen: null,
    source: 'Energy Charge',
  });
}

describe('Items: the Autoloader', () => {
  it('in play, the Assault Rifle holds one more round', () => {
    const built = soldier(true);
    energyCharge(built);
    expect(built.player('1').weapons[0]!.ammo).toBe(6);
    expect(built.view('0').players[1]!.weapons[0]!.capacity).toBe(6);
  });

  it('until its quest is done, the Assault Rifle holds its printed 5', () => {
    const built = soldier(false);
    energyCharge(built);
    expect(built.player('1').weapons[0]!.ammo).toBe(5);
  });

  it('fits its own character’s starting weapon only', () => {
    const built = soldier(true, [{ id: 'prototype-pistol', ammo: 0 }]);
    energyCharge(built);
    expect(built.player('1').weapons[0]!.ammo).toBe(3);
  });

  it('an Energy Charge spent on the Autoloader’s weapon costs no card', () => {
    const built = soldierWithCharge(true, [{ id: 'assault-rifle', ammo: 2 }]);
    built.act('1', { type: 'use-item' });
    built.act('1', { type: 'item', item: 'energy-charge-red' });
    expect(built.prompts()[0]!.text).toMatch(/Autoloader reloads the Assault Rifle for free/);
    built.act('1', { type: 'weapon', weapon: 'assault-rifle' });
    expect(built.player('1').weapons[0]!.ammo).toBe(6);
    expect(built.player('1').hand).toEqual(hand);
    expect(built.player('1').items).toEqual(['autoloader']);
    expect(built.state.itemDecks.red.discardPile).toEqual(['energy-charge-red']);
  });

  it('with no card to pay the Energy Charge as printed, only the free reload is offered', () => {
    const built = soldierWithCharge(true, [{ id: 'assault-rifle', ammo: 2 }]);
    built.player('1').actionDeck.drawPile.push(...built.player('1').hand.splice(0));
    built.act('1', { type: 'use-item' });
    built.act('1', { type: 'item', item: 'energy-charge-red' });
    expect(built.legal('1')).toEqual([{ type: 'weapon', weapon: 'assault-rifle' }]);
    const refused = built.tryAct('1', { type: 'done' });
    expect(!refused.ok && refused.rejection.code).toBe('wrong-cost');
    built.act('1', { type: 'weapon', weapon: 'assault-rifle' });
    expect(built.player('1').weapons[0]!.ammo).toBe(6);
  });

  it('declining the free reload uses the Energy Charge as printed, at its cost', () => {
    const built = soldierWithCharge(true, [{ id: 'assault-rifle', ammo: 2 }]);
    built.act('1', { type: 'use-item' });
    built.act('1', { type: 'item', item: 'energy-charge-red' });
    built.act('1', { type: 'done' });
    expect(built.prompts()[0]!.answer).toBe('pay');
    built.act('1', { type: 'card', card: hand[0]! });
    expect(built.player('1').hand).toEqual(hand.slice(1));
  });

  it('a weapon the Autoloader is not fitted to pays the Energy Charge’s card', () => {
    const built = soldierWithCharge(true, [{ id: 'prototype-pistol', ammo: 0 }]);
    built.act('1', { type: 'use-item' });
    built.act('1', { type: 'item', item: 'energy-charge-red' });
    expect(built.prompts()[0]!.answer).toBe('pay');
  });

  it('until its quest is done, no reload is free', () => {
    const built = soldierWithCharge(false, [{ id: 'assault-rifle', ammo: 2 }]);
    built.act('1', { type: 'use-item' });
    built.act('1', { type: 'item', item: 'energy-charge-red' });
    expect(built.prompts()[0]!.answer).toBe('pay');
  });

  it('naming another weapon for the free reload is refused and changes nothing', () => {
    const built = soldierWithCharge(true, [
      { id: 'assault-rifle', ammo: 2 },
      { id: 'prototype-pistol', ammo: 0 },
    ]);
    built.act('1', { type: 'use-item' });
    built.act('1', { type: 'item', item: 'energy-charge-red' });
    const before = JSON.stringify(built.state);
    const outcome = built.ruleset.apply(built.state, '1', {
      type: 'weapon',
      weapon: 'prototype-pistol',
    });
    expect(outcome.ok).toBe(false);
    expect(JSON.stringify(built.state)).toBe(before);
  });
});
