import { eventsFor, seedRandom } from '@tabletop/engine';
import { nemesisInvariants } from '@tabletop/nemesis';
import { type CharacterSpec, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { randomBot } from '../../src/bots/random.js';

// Seat 0 is the Captain, seat 1 the Soldier, seat 2 the Scout; all start in
// the Hibernatorium (room 11). The Captain trades.
const captainHand = ['captain-rest', 'captain-order', 'captain-motivation'];
const soldierHand = ['soldier-rest', 'soldier-interruption'];

function trading(
  captain: CharacterSpec = {},
  soldier: CharacterSpec = {},
  scout: CharacterSpec = { room: 14 },
) {
  return scenario({ players: 3 })
    .character('0', { hand: captainHand, ...captain })
    .character('1', { hand: soldierHand, ...soldier })
    .character('2', scout)
    .build();
}

type Table = ReturnType<typeof trading>;

/** The Captain starts a Trade, pays with the Rest card, and picks the Soldier. */
function tradeWithSoldier(table: Table) {
  table.take('0', { type: 'trade', cards: ['captain-rest'] });
  table.act('0', { type: 'option', option: 1 });
}

function refusal(table: Table, seat: string, action: unknown): string | undefined {
  const outcome = table.tryAct(seat, action);
  return outcome.ok ? undefined : outcome.rejection.code;
}

function asked(table: Table) {
  return table.prompts().map((prompt) => ({ seats: prompt.seats, answer: prompt.answer }));
}

function tradeOffered(table: Table, seat = '0'): boolean {
  return table.legal(seat).some((action) => action.type === 'trade');
}

describe('Items: Trade, the action', () => {
  it('Trade is a basic action: one Action card, one of the round’s actions', () => {
    const table = trading({ items: ['medkit'] });
    expect(tradeOffered(table)).toBe(true);
    table.take('0', { type: 'trade', cards: ['captain-rest'] });
    expect(table.player('0').hand).toEqual(['captain-order', 'captain-motivation']);
    expect(table.player('0').actionDeck.discardPile).toEqual(['captain-rest']);
    const turn = table.state.stack.find((step) => step.kind === 'player-turn');
    expect(turn?.kind === 'player-turn' && turn.actionsTaken).toBe(1);
  });

  it('only the player who trades takes an action and pays: the others answer for free', () => {
    const table = trading({ items: ['medkit'] }, { items: ['tools'] });
    tradeWithSoldier(table);
    table.act('0', { type: 'item', item: 'medkit' });
    // Nothing left to offer: the Captain is not asked again.
    expect(asked(table)).toEqual([{ seats: ['1'], answer: 'choose-item' }]);
    table.act('1', { type: 'item', item: 'tools' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('1').hand).toEqual(soldierHand);
    expect(table.player('1').actionDeck.discardPile).toEqual([]);
  });

  it('is not possible in Combat', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: captainHand, items: ['medkit'] })
      .intruder('adult', 11)
      .build();
    expect(tradeOffered(table)).toBe(false);
    expect(refusal(table, '0', { type: 'trade' })).toBe('in-combat');
  });

  it('needs another character in the room', () => {
    const table = trading({ items: ['medkit'] }, { room: 14 });
    expect(tradeOffered(table)).toBe(false);
    expect(refusal(table, '0', { type: 'trade' })).toBe('nobody-to-trade-with');
  });

  it('with no item on either side there is nothing to trade', () => {
    const table = trading();
    expect(tradeOffered(table)).toBe(false);
    expect(refusal(table, '0', { type: 'trade' })).toBe('nothing-to-trade');
  });

  it('a trader with no item may still trade with a character who holds one', () => {
    const table = trading({}, { items: ['tools'] });
    expect(tradeOffered(table)).toBe(true);
  });

  it('the trader deals with every character in the room, each once, in the order they pick', () => {
    const table = trading({ items: ['medkit'] }, {}, {});
    table.take('0', { type: 'trade', cards: ['captain-rest'] });
    expect(table.legal('0')).toEqual([
      { type: 'option', option: 1 },
      { type: 'option', option: 2 },
      { type: 'done' },
    ]);
    table.act('0', { type: 'option', option: 2 });
    // The Captain gives nothing and the Scout has nothing: nothing to accept.
    table.act('0', { type: 'done' });
    expect(table.legal('0')).toEqual([{ type: 'option', option: 1 }, { type: 'done' }]);
    table.act('0', { type: 'option', option: 1 });
    table.act('0', { type: 'item', item: 'medkit' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('1').items).toEqual(['medkit']);
    // Nobody left to pick: the trade is over.
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-action' }]);
  });

  it('done ends the trade at once', () => {
    const table = trading({ items: ['medkit'] });
    table.take('0', { type: 'trade', cards: ['captain-rest'] });
    table.act('0', { type: 'done' });
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-action' }]);
    expect(table.player('0').items).toEqual(['medkit']);
  });
});

describe('Items: Trade, the exchange', () => {
  it('each side names the items it gives, one at a time, at its own prompt', () => {
    const table = trading(
      { items: ['medkit', 'bandages', 'medkit'] },
      { items: ['tools', 'grenade'] },
    );
    tradeWithSoldier(table);
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-item' }]);
    expect(table.legal('1')).toEqual([]);
    expect(table.legal('0')).toEqual([
      { type: 'item', item: 'medkit' },
      { type: 'item', item: 'bandages' },
      { type: 'done' },
    ]);
    table.act('0', { type: 'item', item: 'medkit' });
    // The second copy can be offered too, then no more.
    expect(table.legal('0')).toContainEqual({ type: 'item', item: 'medkit' });
    table.act('0', { type: 'item', item: 'medkit' });
    expect(table.legal('0')).toEqual([{ type: 'item', item: 'bandages' }, { type: 'done' }]);
    table.act('0', { type: 'done' });
    expect(asked(table)).toEqual([{ seats: ['1'], answer: 'choose-item' }]);
    table.act('1', { type: 'item', item: 'grenade' });
    table.act('1', { type: 'done' });
    expect(asked(table)).toEqual([{ seats: ['1'], answer: 'choose-option' }]);
    expect(table.legal('1')).toEqual([{ type: 'option', option: 0 }, { type: 'done' }]);
  });

  it('when both accept, the items change inventories', () => {
    const table = trading({ items: ['medkit', 'bandages'] }, { items: ['tools', 'grenade'] });
    tradeWithSoldier(table);
    table.act('0', { type: 'item', item: 'bandages' });
    table.act('0', { type: 'done' });
    table.act('1', { type: 'item', item: 'grenade' });
    table.act('1', { type: 'done' });
    table.act('1', { type: 'option', option: 0 });
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-option' }]);
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('0').items).toEqual(['medkit', 'grenade']);
    expect(table.player('1').items).toEqual(['tools', 'bandages']);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('a gift is an exchange too: one side may give nothing', () => {
    const table = trading({ items: ['medkit'] }, { items: ['tools'] });
    tradeWithSoldier(table);
    table.act('0', { type: 'item', item: 'medkit' });
    table.act('1', { type: 'done' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('0').items).toEqual([]);
    expect(table.player('1').items).toEqual(['tools', 'medkit']);
  });

  it('a refusal by the partner changes nothing', () => {
    const table = trading({ items: ['medkit'] }, { items: ['tools'] });
    tradeWithSoldier(table);
    table.act('0', { type: 'item', item: 'medkit' });
    table.act('1', { type: 'item', item: 'tools' });
    table.act('1', { type: 'done' });
    expect(table.player('0').items).toEqual(['medkit']);
    expect(table.player('1').items).toEqual(['tools']);
    // The Soldier has been dealt with: the trade is over.
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-action' }]);
  });

  it('a refusal by the trader changes nothing', () => {
    const table = trading({ items: ['medkit'] }, { items: ['tools'] });
    tradeWithSoldier(table);
    table.act('0', { type: 'item', item: 'medkit' });
    table.act('1', { type: 'done' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'done' });
    expect(table.player('0').items).toEqual(['medkit']);
    expect(table.player('1').items).toEqual(['tools']);
  });

  it('a wrong answer, or another seat’s, is refused and changes nothing', () => {
    const table = trading({ items: ['medkit', 'bandages'] }, { items: ['tools'] });
    table.take('0', { type: 'trade', cards: ['captain-rest'] });
    const check = (seat: string, action: unknown, code: string) => {
      const before = JSON.stringify(table.state);
      expect(refusal(table, seat, action)).toBe(code);
      expect(JSON.stringify(table.state)).toBe(before);
    };
    check('1', { type: 'option', option: 1 }, 'not-your-turn');
    check('0', { type: 'option', option: 0 }, 'wrong-character');
    check('0', { type: 'option', option: 2 }, 'wrong-character');
    check('0', { type: 'item', item: 'medkit' }, 'choose-option');
    table.act('0', { type: 'option', option: 1 });
    check('1', { type: 'item', item: 'tools' }, 'not-your-turn');
    check('0', { type: 'item', item: 'tools' }, 'not-held');
    check('0', { type: 'item', item: 'six-shooter' }, 'not-held');
    table.act('0', { type: 'item', item: 'medkit' });
    check('0', { type: 'item', item: 'medkit' }, 'not-held');
    table.act('0', { type: 'done' });
    check('0', { type: 'done' }, 'not-your-turn');
    table.act('1', { type: 'done' });
    check('1', { type: 'option', option: 1 }, 'choose-option');
    check('1', { type: 'item', item: 'tools' }, 'choose-option');
    check('1', { type: 'move' }, 'choose-option');
  });

  it('ammo is not traded on its own: the starting weapon is no item and stays', () => {
    const table = trading({ items: ['medkit'] });
    tradeWithSoldier(table);
    expect(table.legal('0')).toEqual([{ type: 'item', item: 'medkit' }, { type: 'done' }]);
    table.act('0', { type: 'item', item: 'medkit' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('0').weapons.map((weapon) => weapon.id)).toEqual(['six-shooter']);
    expect(table.player('1').weapons.map((weapon) => weapon.id)).toEqual(['assault-rifle']);
  });

  it('a weapon changes hands with the ammo loaded in it and the cards fitted on it', () => {
    const table = scenario({ players: 3 })
      .character('0', {
        hand: captainHand,
        weapons: [
          { id: 'six-shooter', ammo: 6 },
          { id: 'prototype-pistol', ammo: 2 },
        ],
      })
      .character('1', { hand: soldierHand })
      .character('2', { room: 14 })
      .with((state) => {
        const red = state.itemDecks.red.drawPile;
        red.splice(red.indexOf('extended-magazine'), 1);
        state.players[0]!.weapons[1]!.attachments = ['extended-magazine'];
      })
      .build();
    tradeWithSoldier(table);
    table.act('0', { type: 'item', item: 'prototype-pistol' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('0').weapons).toEqual([{ id: 'six-shooter', ammo: 6 }]);
    expect(table.player('1').items).toEqual(['prototype-pistol']);
    expect(table.player('1').weapons).toContainEqual({
      id: 'prototype-pistol',
      ammo: 2,
      attachments: ['extended-magazine'],
    });
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('a Heavy Item received beyond the hand slots makes its new holder drop one', () => {
    const table = trading({ items: ['fire-extinguisher'] }, { carried: ['egg', 'corpse'] });
    tradeWithSoldier(table);
    table.act('0', { type: 'item', item: 'fire-extinguisher' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'option', option: 0 });
    expect(asked(table)).toEqual([{ seats: ['1'], answer: 'choose-object' }]);
    table.act('1', { type: 'object', object: 'egg' });
    expect(table.player('1').carried).toEqual(['corpse']);
    expect(table.player('1').items).toEqual(['fire-extinguisher']);
    expect(table.room(11).objects).toContain('egg');
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-action' }]);
  });

  it('Heavy Items given and received in one exchange are counted after it', () => {
    const table = trading(
      { items: ['fire-extinguisher'] },
      { items: ['prototype-rifle'], carried: ['egg'] },
    );
    tradeWithSoldier(table);
    table.act('0', { type: 'item', item: 'fire-extinguisher' });
    table.act('1', { type: 'item', item: 'prototype-rifle' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'option', option: 0 });
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-action' }]);
    expect(table.player('1').items).toEqual(['fire-extinguisher']);
    expect(table.player('0').weapons.map((weapon) => weapon.id)).toContain('prototype-rifle');
  });
});

describe('Items: Trade and the secrets', () => {
  /** The Captain offers a Medkit (secret) and a Fire Extinguisher (Heavy); the Scout watches. */
  function offering() {
    const table = trading(
      { items: ['medkit', 'fire-extinguisher', 'bandages'] },
      { items: ['tools'] },
      { room: 14 },
    );
    tradeWithSoldier(table);
    table.act('0', { type: 'item', item: 'medkit' });
    table.act('0', { type: 'item', item: 'fire-extinguisher' });
    return table;
  }

  it('the two in the exchange see both offers; the others see how many, and only the Heavy Items, weapons and quest items by name', () => {
    const table = offering();
    const exchange = (seat: string) => table.view(seat).trade?.exchange;
    expect(exchange('0')?.traderGives).toEqual(['medkit', 'fire-extinguisher']);
    expect(exchange('1')?.traderGives).toEqual(['medkit', 'fire-extinguisher']);
    expect(exchange('2')?.traderGives).toEqual([null, 'fire-extinguisher']);
    expect(table.view('spectator').trade?.exchange?.traderGives).toEqual([
      null,
      'fire-extinguisher',
    ]);
  });

  it('the items that change hands are named to the others only when the table sees them anyway', () => {
    const table = offering();
    table.act('0', { type: 'done' });
    table.act('1', { type: 'item', item: 'tools' });
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'option', option: 0 });
    const seen = (seat: string) => JSON.stringify(eventsFor(table.events, seat));
    expect(seen('2')).not.toMatch(/medkit|Medkit|tools|Tools/);
    expect(eventsFor(table.events, '2').map((event) => event.text)).toContain(
      'Captain and Soldier trade: Captain gives the Fire Extinguisher and 1 other item; Soldier gives 1 item',
    );
    expect(seen('1')).toMatch(/Medkit/);
    expect(seen('0')).toMatch(/Tools/);
    expect(JSON.stringify(table.view('2').players[0])).not.toMatch(/medkit|tools/);
  });

  it('a pending offer seen only by the two is re-dealt for a third seat, whose view does not change', () => {
    const table = offering();
    const before = JSON.stringify(table.view('2'));
    const offered = new Set<string>();
    for (let attempt = 0; attempt < 20; attempt++) {
      const copy = table.ruleset.determinize(table.state, '2', seedRandom(`trade-${attempt}`));
      expect(JSON.stringify(table.ruleset.view(copy, '2'))).toBe(before);
      expect(nemesisInvariants(copy, table.tables)).toEqual([]);
      const trade = copy.stack.findLast((step) => step.kind === 'trade');
      const place = trade?.exchange?.traderGives[0];
      offered.add(copy.players[0]!.items[place!]!);
      // The Heavy Item offered is seen by all: it stays.
      expect(copy.players[0]!.items[trade!.exchange!.traderGives[1]!]).toBe('fire-extinguisher');
    }
    expect(offered.size).toBeGreaterThan(1);
  });

  it('the partner’s re-deal keeps the items offered to them and deals the rest again', () => {
    const table = offering();
    const before = JSON.stringify(table.view('1'));
    const kept = new Set<string>();
    for (let attempt = 0; attempt < 20; attempt++) {
      const copy = table.ruleset.determinize(table.state, '1', seedRandom(`partner-${attempt}`));
      expect(JSON.stringify(table.ruleset.view(copy, '1'))).toBe(before);
      expect(copy.players[0]!.items.slice(0, 2)).toEqual(['medkit', 'fire-extinguisher']);
      kept.add(copy.players[0]!.items[2]!);
    }
    expect(kept.size).toBeGreaterThan(1);
  });

  it('the re-deal for a third seat depends only on what that seat sees', () => {
    const table = offering();
    const other = table.ruleset.determinize(table.state, '2', seedRandom('other'));
    const dealt = (state: typeof table.state) =>
      JSON.stringify(table.ruleset.determinize(state, '2', seedRandom('same')));
    expect(dealt(other)).toBe(dealt(table.state));
  });
});

describe('Items: Trade in play', () => {
  it('the random bot may trade, and its answers carry the trade through', () => {
    const table = trading({ items: ['medkit', 'tools'] }, { items: ['grenade'] }, {});
    expect(tradeOffered(table)).toBe(true);
    const random = seedRandom('trade-bot');
    let traded = false;
    for (let count = 0; count < 200 && table.state.phase === 'player'; count++) {
      const prompt = table.prompts()[0]!;
      const seat = prompt.seats[0]!;
      const action =
        prompt.answer === 'choose-action' && !traded && tradeOffered(table, seat)
          ? { type: 'trade' as const }
          : randomBot.choose(table.ruleset, table.state, seat, random);
      if (action.type === 'trade') traded = true;
      table.act(seat, action);
      expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
    }
    expect(traded).toBe(true);
    expect(table.events.some((event) => event.type === 'trade')).toBe(true);
  });

  it('at every answer of random trades, no seat’s view changes when what it cannot see is re-dealt', () => {
    let offers = 0;
    for (let game = 0; game < 24; game++) {
      const table = trading(
        { items: ['medkit', 'fire-extinguisher', 'bandages'] },
        { items: ['tools', 'grenade'] },
        { items: ['energy-charge-red', 'clothes-green'] },
      );
      const random = seedRandom(`random-trade-${game}`);
      table.take('0', { type: 'trade', cards: ['captain-rest'] });
      for (let count = 0; count < 40; count++) {
        if (!table.state.stack.some((step) => step.kind === 'trade')) break;
        for (const seat of ['0', '1', '2', 'spectator'] as const) {
          const seen = JSON.stringify(table.view(seat));
          const dealer = seedRandom(`dealer-${game}-${count}-${seat}`);
          const copy = table.ruleset.determinize(table.state, seat, dealer);
          expect(JSON.stringify(table.ruleset.view(copy, seat))).toBe(seen);
          const again = (state: typeof table.state) =>
            JSON.stringify(table.ruleset.determinize(state, seat, seedRandom('same')));
          expect(again(copy)).toBe(again(table.state));
        }
        const seat = table.prompts()[0]!.seats[0]!;
        const events = table.act(seat, randomBot.choose(table.ruleset, table.state, seat, random));
        offers += events.filter((event) => event.type === 'trade-offer').length;
        expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
      }
    }
    // The property is checked while items are on offer, not only before.
    expect(offers).toBeGreaterThan(2);
  });

  it('the words for a trade come from the describer, as each reader sees it', () => {
    const table = medkitOffered();
    const words = (seat: string, action: Parameters<typeof table.ruleset.describe.action>[0]) =>
      table.ruleset.describe.action(action, table.view(seat));
    expect(words('1', { type: 'option', option: 0 })).toBe(
      'Accept the exchange: you give nothing; you receive the Medkit',
    );
    expect(words('1', { type: 'done' })).toBe('Refuse the exchange: nothing changes hands');
  });
});

/** The Captain has offered a Medkit to the Soldier, who has nothing to offer back. */
function medkitOffered() {
  const table = trading({ items: ['medkit'] });
  table.take('0', { type: 'trade', cards: ['captain-rest'] });
  const words = (action: Parameters<typeof table.ruleset.describe.action>[0]) =>
    table.ruleset.describe.action(action, table.view('0'));
  expect(words({ type: 'option', option: 1 })).toBe('Trade with Player 2 (Soldier)');
  expect(words({ type: 'done' })).toBe('End the trade');
  table.act('0', { type: 'option', option: 1 });
  expect(words({ type: 'item', item: 'medkit' })).toBe('Give the Medkit');
  expect(words({ type: 'done' })).toBe('Give nothing more');
  table.act('0', { type: 'item', item: 'medkit' });
  return table;
}
