import { nemesisInvariants } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../../src/combat/death.js';
import { sufferSeriousWounds } from '../../src/combat/wounds.js';

const hand = ['captain-search-1', 'captain-rest', 'captain-order', 'captain-motivation'];

/** The Captain (seat 0) in a yellow room (the Comms Room) whose deck gives a Fire Extinguisher next. */
function findingAHeavyItem(carried: ('egg' | 'corpse' | 'carcass')[], items: string[] = []) {
  return scenario({ players: 2 })
    .room(6, { tile: 'comms-room', explored: true, explorationToken: null, itemCounter: 2 })
    .character('0', { room: 6, hand, carried, items })
    .stackItems('yellow', ['fire-extinguisher', 'tools'])
    .build();
}

describe('Items: hand slots', () => {
  it('Heavy Items and heavy objects share two hand slots: a third makes the player drop one', () => {
    const table = findingAHeavyItem(['egg', 'corpse']);
    table.act('0', { type: 'search' });
    table.act('0', { type: 'item', item: 'fire-extinguisher' });
    expect(table.prompts()[0]!.answer).toBe('choose-object');
    expect(table.legal('0')).toEqual([
      { type: 'object', object: 'egg' },
      { type: 'object', object: 'corpse' },
      { type: 'item', item: 'fire-extinguisher' },
    ]);
    table.act('0', { type: 'object', object: 'egg' });
    expect(table.player('0').carried).toEqual(['corpse']);
    expect(table.player('0').items).toEqual(['fire-extinguisher']);
    expect(table.room(6).objects).toEqual(['egg']);
    expect(table.prompts()[0]!.answer).toBe('choose-action');
  });

  it('a second Heavy Item with one object fits: nothing is dropped', () => {
    const table = findingAHeavyItem(['egg']);
    table.act('0', { type: 'search' });
    table.act('0', { type: 'item', item: 'fire-extinguisher' });
    expect(table.prompts()[0]!.answer).toBe('choose-action');
    expect(table.player('0').carried).toEqual(['egg']);
  });

  it('with an Arm wound a character has one hand slot: the second heavy thing drops at once', () => {
    const table = scenario({ players: 2 })
      .character('0', { carried: ['egg', 'carcass'] })
      .stackSeriousWounds(['arm-1'])
      .build();
    table.perform((game) => sufferSeriousWounds(game, table.player('0'), 1, 'a test'));
    expect(table.prompts()[0]!.answer).toBe('choose-object');
    table.act('0', { type: 'object', object: 'carcass' });
    expect(table.player('0').carried).toEqual(['egg']);
    expect(table.prompts()[0]!.answer).toBe('choose-action');
  });

  it('a dressed Arm wound gives the second hand slot back', () => {
    const table = scenario({ players: 2 })
      .character('0', { carried: ['egg'], room: 6 })
      .room(6, { objects: ['carcass'] })
      .with((state) => {
        const wound = state.seriousWoundDeck.drawPile.indexOf('arm-1');
        state.seriousWoundDeck.drawPile.splice(wound, 1);
        state.players[0]!.seriousWounds = [{ card: 'arm-1', dressed: true }];
      })
      .build();
    table.take('0', { type: 'pick-up', object: 'carcass', cards: [table.player('0').hand[0]!] });
    expect(table.player('0').carried).toEqual(['egg', 'carcass']);
  });

  it('with an Arm wound, picking up while holding a Heavy Item asks what to drop in exchange', () => {
    const table = scenario({ players: 2 })
      .character('0', { room: 6, items: ['fire-extinguisher'], seriousWounds: ['arm-2'] })
      .room(6, { objects: ['egg'] })
      .build();
    table.take('0', {
      type: 'pick-up',
      object: 'egg',
      dropItem: 'fire-extinguisher',
      cards: [table.player('0').hand[0]!],
    });
    expect(table.player('0').carried).toEqual(['egg']);
    expect(table.player('0').items).toEqual([]);
    expect(table.state.itemDecks.yellow.discardPile).toEqual(['fire-extinguisher']);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });
});

describe('Items: dropping', () => {
  it('dropping a Heavy Item is free and discards it to its deck’s discard pile', () => {
    const table = scenario({ players: 2 })
      .character('0', { room: 6, items: ['fire-extinguisher', 'medkit'] })
      .build();
    const handBefore = [...table.player('0').hand];
    table.take('0', { type: 'drop', item: 'fire-extinguisher' });
    expect(table.player('0').items).toEqual(['medkit']);
    expect(table.player('0').hand).toEqual(handBefore);
    expect(table.state.itemDecks.yellow.discardPile).toEqual(['fire-extinguisher']);
    expect(table.room(6).objects).toEqual([]);
    const turn = table.state.stack.find((step) => step.kind === 'player-turn');
    expect(turn?.kind === 'player-turn' && turn.actionsTaken).toBe(0);
  });

  it('only Heavy Items are dropped: an item hidden in the inventory is not offered', () => {
    const table = scenario({ players: 2 })
      .character('0', { items: ['fire-extinguisher', 'medkit'] })
      .build();
    table.act('0', { type: 'drop' });
    expect(table.legal('0')).toEqual([{ type: 'item', item: 'fire-extinguisher' }]);
    expect(table.tryAct('0', { type: 'item', item: 'medkit' }).ok).toBe(false);
  });

  it('a dropped weapon item leaves the character’s weapons', () => {
    const table = scenario({ players: 2 })
      .character('0', { items: ['prototype-pistol'] })
      .build();
    expect(table.player('0').weapons.map((weapon) => weapon.id)).toContain('prototype-pistol');
    table.take('0', { type: 'drop', item: 'prototype-pistol' });
    expect(table.player('0').weapons.map((weapon) => weapon.id)).not.toContain('prototype-pistol');
    expect(table.state.itemDecks.red.discardPile).toEqual(['prototype-pistol']);
  });

  it('a dead character’s items go to their discard piles', () => {
    const table = scenario({ players: 2 })
      .character('0', { items: ['medkit', 'tools', 'grenade'] })
      .build();
    table.perform((game) => killCharacter(game, table.player('0'), 'a test'));
    expect(table.player('0').items).toEqual([]);
    expect(table.state.itemDecks.green.discardPile).toEqual(['medkit']);
    expect(table.state.itemDecks.yellow.discardPile).toEqual(['tools']);
    expect(table.state.itemDecks.red.discardPile).toEqual(['grenade']);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });
});
