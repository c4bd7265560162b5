import { clonePlain, seedRandom } from '@tabletop/engine';
import { nemesisInvariants } from '@tabletop/nemesis';
import { type CharacterSpec, redealNemesis, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { handlerTable } from '../../src/effects/handler-table.js';
import { weaponCapacity } from '../../src/items/weapon-capacity.js';

// Seat 1 is the Soldier, whose quests are the Autoloader (done in the Armory) and the Armor
// (done by discarding Tools or Duct Tape). It is the Soldier's turn, in room 6 (explored).
const hand = ['soldier-search-1', 'soldier-rest', 'soldier-demolition', 'soldier-basic-repairs'];

function soldier(spec: CharacterSpec = {}, tile = 'comms-room', build = scenario({ players: 2 })) {
  return build
    .room(6, { tile, explored: true, explorationToken: null })
    .character('1', { room: 6, hand, ...spec })
    .turn('1')
    .build();
}

type Table = ReturnType<typeof soldier>;

const json = (value: unknown) => JSON.stringify(value);

function questsOffered(table: Table, seat = '1'): string[] {
  return table
    .answers(seat, { type: 'complete-quest' })
    .flatMap((answer) => (answer.type === 'item' ? [answer.item] : []));
}

describe('Quests: each character’s two quest items', () => {
  it('each character starts with its two quest items on their quest side, in view of all, not in the inventory', () => {
    const table = scenario({ players: 2 }).build();
    expect(table.player('1').quests.sort()).toEqual(['armor', 'autoloader']);
    expect(table.player('0').quests.sort()).toEqual(['intercom', 'ship-log']);
    expect(table.player('1').items).toEqual([]);
    expect(table.view('0').players[1]!.quests.sort()).toEqual(['armor', 'autoloader']);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('the quests of the pack are all built: each task kind has its rule', () => {
    const table = scenario({ players: 2 }).build();
    const quests = [...table.tables.items.values()].filter((item) => item.quest !== null);
    expect(quests).toHaveLength(12);
    for (const item of quests) expect(handlerTable[item.quest!.task.kind].notBuilt).toBeUndefined();
  });
});

describe('Quests: a quest done in a named room', () => {
  it('the Soldier in the Armory completes the Autoloader for one card: it turns face up into the inventory', () => {
    const table = soldier({ weapons: [{ id: 'assault-rifle', ammo: 5 }] }, 'armory');
    expect(table.legal('1')).toContainEqual({ type: 'complete-quest' });
    expect(questsOffered(table)).toEqual(['autoloader']);
    table.take('1', { type: 'complete-quest', item: 'autoloader', cards: ['soldier-rest'] });
    expect(table.player('1').quests).toEqual(['armor']);
    expect(table.player('1').items).toEqual(['autoloader']);
    expect(table.player('1').actionDeck.discardPile).toEqual(['soldier-rest']);
    expect(table.eventsOf('quest-completed')).toMatchObject([
      { audience: 'all', seat: '1', item: 'autoloader' },
    ]);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('once active, the quest item does what it says: the Assault Rifle holds one more round', () => {
    const table = soldier({ weapons: [{ id: 'assault-rifle', ammo: 5 }] }, 'armory');
    const rifle = () => table.player('1').weapons[0]!;
    expect(weaponCapacity(table.tables, table.player('1'), rifle())).toBe(5);
    table.take('1', { type: 'complete-quest', item: 'autoloader', cards: ['soldier-rest'] });
    expect(weaponCapacity(table.tables, table.player('1'), rifle())).toBe(6);
  });

  it('is one of the round’s two actions', () => {
    const table = soldier({}, 'armory');
    table.take('1', { type: 'complete-quest', item: 'autoloader', cards: ['soldier-rest'] });
    const turn = table.state.stack.find((step) => step.kind === 'player-turn');
    expect(turn?.kind === 'player-turn' && turn.actionsTaken).toBe(1);
  });

  it('elsewhere the quest cannot be done, and the refusal names the room', () => {
    const table = soldier();
    expect(table.legal('1')).not.toContainEqual({ type: 'complete-quest' });
    const before = json(table.state);
    const outcome = table.tryAct('1', { type: 'complete-quest' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.rejection.code).toBe('quest-not-possible');
      expect(outcome.rejection.message).toContain('Armory');
      expect(outcome.rejection.message).toContain('Tools or Duct Tape');
    }
    expect(json(table.state)).toBe(before);
  });

  it('a Malfunction in the room does not stop it: it is no Room Action', () => {
    const table = soldier(
      {},
      'armory',
      scenario({ players: 2 }).room(6, { malfunction: true, fire: true }),
    );
    expect(questsOffered(table)).toEqual(['autoloader']);
  });
});

describe('Quests: a quest that takes an item', () => {
  it('the Soldier discards Tools for the Armor: the Tools go to the yellow discard pile', () => {
    const table = soldier({ items: ['tools'] });
    table.take('1', {
      type: 'complete-quest',
      item: 'armor',
      components: ['tools'],
      cards: ['soldier-rest'],
    });
    expect(table.player('1').items).toEqual(['armor']);
    expect(table.player('1').quests).toEqual(['autoloader']);
    expect(table.state.itemDecks.yellow.discardPile).toEqual(['tools']);
    expect(table.eventsOf('quest-completed')).toMatchObject([
      { item: 'armor', components: ['tools'] },
    ]);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('the item given is asked, even when only one would do; with both kinds held the player names one', () => {
    const one = soldier({ items: ['tools', 'medkit'] });
    one.act('1', { type: 'complete-quest' });
    one.act('1', { type: 'item', item: 'armor' });
    expect(one.prompts()[0]!.answer).toBe('choose-item');
    expect(one.legal('1')).toEqual([{ type: 'item', item: 'tools' }]);
    const both = soldier({ items: ['tools', 'duct-tape'] });
    both.act('1', { type: 'complete-quest' });
    both.act('1', { type: 'item', item: 'armor' });
    expect(both.legal('1')).toEqual([
      { type: 'item', item: 'duct-tape' },
      { type: 'item', item: 'tools' },
    ]);
    const before = json(both.state);
    const wrong = both.tryAct('1', { type: 'item', item: 'medkit' });
    expect(!wrong.ok && wrong.rejection.code).toBe('wrong-item');
    expect(json(both.state)).toBe(before);
  });

  it('an Energy Charge of either deck completes the Scout’s Motion Sensor, a Heavy Item seen in hand', () => {
    const table = scenario({ players: 2, characters: ['captain', 'scout'] })
      .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
      .character('1', { room: 6, items: ['energy-charge-yellow'], hand: ['scout-rest'] })
      .turn('1')
      .build();
    table.take('1', {
      type: 'complete-quest',
      item: 'motion-sensor',
      components: ['energy-charge-yellow'],
      cards: ['scout-rest'],
    });
    expect(table.player('1').items).toEqual(['motion-sensor']);
    expect(table.view('0').players[1]!.heavyItems).toEqual(['motion-sensor']);
    expect(table.view('0').players[1]!.questItems).toEqual(['motion-sensor']);
  });
});

describe('Quests: what refuses one', () => {
  it('is never done in Combat', () => {
    const table = soldier({}, 'armory', scenario({ players: 2 }).intruder('adult', 6));
    expect(table.legal('1')).not.toContainEqual({ type: 'complete-quest' });
    const outcome = table.tryAct('1', { type: 'complete-quest' });
    expect(!outcome.ok && outcome.rejection.code).toBe('in-combat');
  });

  it('only one’s own quests: another character’s quest is refused, state unchanged', () => {
    const table = soldier({}, 'armory');
    table.act('1', { type: 'complete-quest' });
    const before = json(table.state);
    const outcome = table.tryAct('1', { type: 'item', item: 'ship-log' });
    expect(!outcome.ok && outcome.rejection.code).toBe('no-such-quest');
    expect(json(table.state)).toBe(before);
  });

  it('a quest done is done: no quest is left to offer twice', () => {
    const table = soldier({ items: ['tools'] }, 'armory');
    table.take('1', { type: 'complete-quest', item: 'autoloader', cards: ['soldier-rest'] });
    expect(questsOffered(table)).toEqual(['armor']);
  });

  it('needs the cards its card says: a hand that cannot pay cannot do it', () => {
    const table = soldier({ hand: ['contamination-01'] }, 'armory');
    const outcome = table.tryAct('1', { type: 'complete-quest' });
    expect(!outcome.ok && outcome.rejection.code).toBe('quest-not-possible');
  });
});

describe('Quests: an active quest item in play', () => {
  it('the Armor completed in play answers an attack; used, it leaves the game', () => {
    const table = soldier({ items: ['tools'] }, 'armory');
    table.take('1', {
      type: 'complete-quest',
      item: 'armor',
      components: ['tools'],
      cards: ['soldier-rest'],
    });
    table.state.intruders.push({
      id: table.state.nextIntruderId++,
      kind: 'adult',
      room: 6,
      injuries: 0,
    });
    table.state.attackDeck.top.unshift(
      ...table.state.attackDeck.drawPile.splice(
        table.state.attackDeck.drawPile.indexOf('bite-1'),
        1,
      ),
    );
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '1', surprise: false });
    table.act('1', { type: 'option', option: 0 });
    expect(table.player('1').seriousWounds).toHaveLength(0);
    expect(table.player('1').items).toEqual([]);
    expect(table.state.questItemsDiscarded).toEqual(['armor']);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('active quest items lie face up: every seat sees them, and the re-deal keeps them and the quests', () => {
    const table = soldier({ items: ['tools', 'medkit'] }, 'armory');
    table.take('1', { type: 'complete-quest', item: 'autoloader', cards: ['soldier-rest'] });
    expect(table.view('0').players[1]!.questItems).toEqual(['autoloader']);
    expect(table.view('0').players[1]!.quests).toEqual(['armor']);
    const copy = clonePlain(table.state);
    redealNemesis(table.tables, copy, '0', seedRandom('quests'));
    expect(copy.players[1]!.items).toContain('autoloader');
    expect(copy.players[1]!.quests).toEqual(['armor']);
    expect(nemesisInvariants(copy, table.tables)).toEqual([]);
  });

  it('a quest item twice, or lost, is reported by the invariant', () => {
    const table = soldier();
    table.player('1').items.push('armor');
    expect(nemesisInvariants(table.state, table.tables)).toContainEqual(
      expect.stringContaining('quest item armor appears 2 times'),
    );
    table.player('1').items = [];
    table.player('1').quests = ['autoloader'];
    expect(nemesisInvariants(table.state, table.tables)).toContainEqual(
      'quest item armor is missing',
    );
  });
});
