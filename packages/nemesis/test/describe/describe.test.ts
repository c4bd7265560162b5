import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { roomActionBlocked, roomActionText } from '../../src/describe/effect.js';
import { closeDoor } from '../../src/markers/markers.js';
import { questItem, useItem } from '../items/item-step.js';

// Seat 0 (the Captain) stands in the Hibernatorium (room 11); room 6 next door is still face down.
describe('The words a person reads', () => {
  it('an action names a face-down room as unexplored, never by its hidden tile', () => {
    const table = scenario({ players: 2 }).room(6, { tile: 'storage', explored: false }).build();
    table.act('0', { type: 'move' });
    const view = table.view('0');
    expect(table.legal('0')).toContainEqual({ type: 'room', room: 6 });
    const words = table.ruleset.describe.action({ type: 'room', room: 6 }, view);
    expect(words).toBe('Move to room 6 (unexplored)');
    expect(words).not.toContain('Storage');
  });

  it('a Contamination card reads as Contamination until its owner scans it, then as what the scan showed', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', 'contamination-01'] })
      .build();
    table.act('0', { type: 'pass' });
    const discard = { type: 'card' as const, card: 'contamination-01' };
    expect(table.legal('0')).toContainEqual(discard);
    expect(table.ruleset.describe.action(discard, table.view('0'))).toBe('Discard Contamination');
    table.player('0').scanned.push('contamination-01');
    const infected = table.state.infectedContamination.includes('contamination-01');
    expect(table.ruleset.describe.action(discard, table.view('0'))).toBe(
      `Discard Contamination (${infected ? 'INFECTED' : 'clean'})`,
    );
  });

  it('a weapon answer says what is done with it: reloaded or fitted, with its ammo and capacity', () => {
    const table = scenario({ players: 2 })
      .character('0', {
        items: ['extended-magazine'],
        weapons: [
          { id: 'six-shooter', ammo: 6 },
          { id: 'prototype-pistol', ammo: 1 },
          { id: 'assault-rifle', ammo: 2 },
        ],
      })
      .build();
    const pistol = { type: 'weapon' as const, weapon: 'prototype-pistol' };
    table.resolve({
      kind: 'effect',
      seat: '0',
      effect: { kind: 'reload', weapon: 'energy', amount: 2 },
      room: 11,
      chosen: null,
      source: 'the Armory',
    });
    expect(table.legal('0')).toContainEqual(pistol);
    expect(table.ruleset.describe.action(pistol, table.view('0'))).toBe(
      'Reload the Prototype Pistol (1/3 ammo)',
    );
    table.act('0', pistol);
    table.resolve({
      kind: 'effect',
      seat: '0',
      effect: { kind: 'attach-to-weapon', weapon: 'energy', capacity: 2, ammo: 2 },
      room: 11,
      chosen: null,
      source: 'the Extended Magazine',
    });
    expect(table.ruleset.describe.action(pistol, table.view('0'))).toBe(
      'Fit it to the Prototype Pistol (3/3 ammo)',
    );
  });

  it('a prompt reads as the rules asked it', () => {
    const table = scenario({ players: 2 }).turn('0').build();
    const view = table.view('0');
    const prompt = view.prompts[0]!;
    expect(table.ruleset.describe.prompt(prompt, view)).toBe(prompt.text);
    expect(prompt.text).toMatch(/^Captain: choose your first action, or pass$/);
  });

  it('an event names a corridor by the rooms it joins, as the ship does', () => {
    const table = scenario({ players: 2 }).build();
    const event = {
      type: 'door-closed',
      audience: 'all' as const,
      text: 'A door closes in corridor 0',
      corridor: 0,
    };
    expect(table.ruleset.describe.event(event, table.view('0'))).toBe(
      'A door closes in corridor 1-2',
    );
  });

  it('the rules write a corridor by its rooms at once, and the words leave it so', () => {
    const table = scenario({ players: 2 }).build();
    const game = table.game();
    const corridor = table.corridor(8, 11);
    closeDoor(game, corridor);
    const [closed] = game.events;
    expect(closed?.text).toBe('A door closes in corridor 8-11');
    expect(table.ruleset.describe.event(closed!, table.view('0'))).toBe(
      'A door closes in corridor 8-11',
    );
  });
});

// The Captain searches the Cabins (a white room) in room 6.
describe('The words for Items', () => {
  const searching = () =>
    scenario({ players: 2 })
      .room(6, { tile: 'cabins', explored: true, explorationToken: null, itemCounter: 3 })
      .character('0', {
        room: 6,
        hand: ['captain-search-1', 'captain-rest', 'captain-order'],
        items: ['synthetic-food', 'fire-extinguisher'],
      })
      .stackItems('green', ['medkit', 'bandages'])
      .build();

  it('the Search action names the deck and what is left to find', () => {
    const table = searching();
    expect(table.ruleset.describe.action({ type: 'search' }, table.view('0'))).toBe(
      'Play a Search card: draw 2 from an Item deck of your choice, keep 1 (3 items left to find here)',
    );
  });

  it('a white room asks which deck; the searcher reads the cards drawn and keeps one by name', () => {
    const table = searching();
    table.act('0', { type: 'search' });
    const words = (action: Parameters<typeof table.ruleset.describe.action>[0]) =>
      table.ruleset.describe.action(action, table.view('0'));
    expect(words({ type: 'option', option: 2 })).toBe('Search the green deck');
    table.act('0', { type: 'option', option: 2 });
    const medkit = table.tables.items.get('medkit')!.summary;
    expect(words({ type: 'item', item: 'medkit' })).toBe(`Keep the Medkit (${medkit})`);
  });

  it('the others read that a search was made and an item kept, never which', () => {
    const table = searching();
    const events = [
      ...table.act('0', { type: 'search' }),
      ...table.act('0', { type: 'option', option: 2 }),
      ...table.act('0', { type: 'item', item: 'medkit' }),
    ];
    const seen = (seat: string) =>
      events
        .filter((event) => event.audience === 'all' || event.audience.includes(seat))
        .map((event) => table.ruleset.describe.event(event, table.view(seat)));
    const others = seen('1').join('\n');
    expect(others).toMatch(/Captain searches Cabins \(6\)/);
    expect(others).toMatch(/Captain takes an item/);
    expect(others).not.toMatch(/Medkit|Bandages/);
    const own = seen('0').join('\n');
    expect(own).toMatch(/You draw from the green deck: Medkit, Bandages/);
    expect(own).toMatch(/You take the Medkit/);
    expect(own).toMatch(/You put the Bandages under the green deck/);
  });

  it('the item action and its item read with what the item does; a Heavy Item is dropped', () => {
    const table = searching();
    const view = table.view('0');
    // Each item with an action, and its cost in cards, before the player commits.
    expect(table.ruleset.describe.action({ type: 'use-item' }, view)).toBe(
      'Use an item: Synthetic Food (1 card), Fire Extinguisher (1 card)',
    );
    table.act('0', { type: 'use-item' });
    const food = table.tables.items.get('synthetic-food')!.summary;
    expect(
      table.ruleset.describe.action({ type: 'item', item: 'synthetic-food' }, table.view('0')),
    ).toBe(`Use the Synthetic Food: ${food}`);
  });

  it('a Heavy Item offered to drop reads as dropped and discarded', () => {
    const table = searching();
    table.act('0', { type: 'drop' });
    expect(
      table.ruleset.describe.action({ type: 'item', item: 'fire-extinguisher' }, table.view('0')),
    ).toBe('Drop the Fire Extinguisher (it is discarded)');
  });
});

describe('The words for what items ask', () => {
  it("a reaction is offered by the item's name and effect, and declined by keeping it", () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('0', { room: 6 })
      .intruder('adult', 11)
      .with((state) => questItem(state, '1', 'armor'))
      .stackAttackCards(['bite-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '1', surprise: false });
    const view = table.view('1');
    const words = (action: Parameters<typeof table.ruleset.describe.action>[0]) =>
      table.ruleset.describe.action(action, view);
    expect(words({ type: 'option', option: 0 })).toBe('Use the Armor: Ignore the attack');
    expect(words({ type: 'done' })).toBe('Decline: keep the Armor');
    expect(view.prompts[0]!.text).toMatch(
      /^Soldier: an Intruder's attack has struck you: use the Armor/,
    );
  });

  it('a Grenade is thrown into a room and aimed at an Intruder', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .intruder('adult', 6)
      .intruder('adult', 6)
      .build();
    useItem(table, '0', 'grenade');
    expect(table.ruleset.describe.action({ type: 'room', room: 6 }, table.view('0'))).toMatch(
      /^Throw it into room 6/,
    );
    table.act('0', { type: 'room', room: 6 });
    expect(table.ruleset.describe.action({ type: 'target', target: 1 }, table.view('0'))).toBe(
      'Aim at Adult #1',
    );
  });

  it('the Taser names the character who would lose their hand', () => {
    const table = scenario({ players: 2 }).build();
    useItem(table, '0', 'taser');
    table.act('0', { type: 'option', option: 1 });
    expect(table.ruleset.describe.action({ type: 'option', option: 1 }, table.view('0'))).toBe(
      'Player 2 (Soldier) discards',
    );
  });

  it('the Military Drugs say how many cards stopping draws', () => {
    const table = scenario({ players: 2 }).build();
    useItem(table, '0', 'military-drugs');
    table.act('0', { type: 'card', card: table.player('0').hand[0]! });
    expect(table.ruleset.describe.action({ type: 'done' }, table.view('0'))).toBe(
      'Stop discarding and draw 2 cards',
    );
  });

  it('the Decoy is thrown into a room', () => {
    const table = scenario({ players: 2 }).build();
    useItem(table, '0', 'decoy');
    expect(table.ruleset.describe.action({ type: 'room', room: 6 }, table.view('0'))).toBe(
      'Throw the Decoy into room 6 (unexplored)',
    );
  });
});

describe('Words: Action cards', () => {
  it('the card to play reads its name, what it does and its cost; who leaves reads by character', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-suppressive-fire', 'captain-rest', 'captain-order'] })
      .intruder('adult', 11)
      .firstEncounterDone()
      .explored(6)
      .build();
    const words = (action: Parameters<typeof table.ruleset.describe.action>[0], seat = '0') =>
      table.ruleset.describe.action(action, table.view(seat));
    expect(words({ type: 'play-card' })).toBe(
      'Play an Action card for its effect: Suppressive Fire, Rest, Order',
    );
    table.act('0', { type: 'play-card' });
    expect(words({ type: 'card', card: 'captain-suppressive-fire' })).toBe(
      `Play Suppressive Fire: ${table.tables.actionCards.get('captain-suppressive-fire')!.summary}`,
    );
    table.act('0', { type: 'card', card: 'captain-suppressive-fire' });
    expect(table.prompts()[0]!.text).toBe(
      'Captain: the Suppressive Fire card: who leaves the room, you or someone with you?',
    );
    expect(words({ type: 'option', option: 0 })).toBe('You leave');
    expect(words({ type: 'option', option: 2 })).toBe('Player 2 (Soldier) leaves');
    table.act('0', { type: 'option', option: 2 });
    expect(words({ type: 'option', option: 0 }, '1')).toBe('Go: leave the room under their cover');
    expect(words({ type: 'done' }, '1')).toBe('Stay in the room');
  });
});

describe('The words for Craft and quests', () => {
  const crafting = () =>
    scenario({ players: 2 })
      .room(6, { tile: 'armory', explored: true, explorationToken: null })
      .character('0', { room: 6, hand: ['captain-rest'], items: ['alcohol', 'bandages'] })
      .character('1', { room: 6, hand: ['soldier-rest'], items: ['tools'] })
      .build();

  it('the Craft action, the crafted item with its recipe, then each item given for its icon', () => {
    const table = crafting();
    const words = (action: Parameters<typeof table.ruleset.describe.action>[0]) =>
      table.ruleset.describe.action(action, table.view('0'));
    expect(words({ type: 'craft' })).toBe(
      'Craft an item: discard two items whose craft icons make it',
    );
    table.act('0', { type: 'craft' });
    const molotov = table.tables.items.get('molotov-cocktail')!.summary;
    expect(words({ type: 'item', item: 'molotov-cocktail' })).toBe(
      `Craft the Molotov Cocktail (from chemical + cloth): ${molotov}`,
    );
    table.act('0', { type: 'item', item: 'molotov-cocktail' });
    expect(table.prompts()[0]!.text).toBe(
      'Captain: which item gives the chemical icon for the Molotov Cocktail?',
    );
    expect(words({ type: 'item', item: 'alcohol' })).toBe(
      'Discard the Alcohol for its chemical icon',
    );
  });

  it('everyone reads what was crafted and from what', () => {
    const table = crafting();
    table.take('0', {
      type: 'craft',
      item: 'molotov-cocktail',
      components: ['alcohol', 'bandages'],
      cards: ['captain-rest'],
    });
    const [crafted] = table.eventsOf('item-crafted');
    expect(crafted?.audience).toBe('all');
    expect(table.ruleset.describe.event(crafted!, table.view('1'))).toBe(
      'Captain crafts the Molotov Cocktail from the Alcohol and the Bandages',
    );
  });

  it('the quest action lists the reader’s quests with what each asks; the quest and the item given read as such', () => {
    const table = crafting();
    table.state.stack.push({ kind: 'player-turn', seat: '1', actionsTaken: 0 });
    const words = (action: Parameters<typeof table.ruleset.describe.action>[0]) =>
      table.ruleset.describe.action(action, table.view('1'));
    expect(words({ type: 'complete-quest' })).toBe(
      'Complete a quest; its item turns face up (Autoloader: be in the Armory; Armor: discard Tools or Duct Tape)',
    );
    table.act('1', { type: 'complete-quest' });
    const armor = table.tables.items.get('armor')!.summary;
    expect(words({ type: 'item', item: 'armor' })).toBe(
      `Complete the quest of the Armor (discard Tools or Duct Tape): ${armor}`,
    );
    table.act('1', { type: 'item', item: 'armor' });
    expect(words({ type: 'item', item: 'tools' })).toBe('Discard the Tools for the quest');
    table.act('1', { type: 'item', item: 'tools' });
    table.act('1', { type: 'card', card: 'soldier-rest' });
    const [done] = table.eventsOf('quest-completed');
    expect(table.ruleset.describe.event(done!, table.view('0'))).toBe(
      'Soldier completes the quest of the Armor, discarding the Tools: it turns face up',
    );
  });
});

describe('Words: a Room Action that cannot be taken now', () => {
  it('says why: a Malfunction, or no unlocked pod with a free seat in an Evac Section', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'evac-section-b', explored: true, explorationToken: null })
      .room(2, { tile: 'comms-room', explored: true, explorationToken: null, malfunction: true })
      .with((state) => {
        for (const pod of state.pods) pod.locked = false;
      })
      .build();
    const why = (room: number) => roomActionBlocked(table.view('0'), table.tables, room);
    expect(why(2)).toBe('not while the room malfunctions');
    expect(why(6)).toBeNull();
    expect(roomActionText(table.tables, 'evac-section-b')).toMatch(
      /Enter escape pod: you pass, and may launch at the start of your next turn/,
    );
    for (const pod of table.state.pods)
      if (pod.section === 'B') pod.occupants = Array(table.tables.pods.seats).fill('1');
    expect(why(6)).toBe('not now: the unlocked Escape Pods of section B are full');
    for (const pod of table.state.pods) if (pod.section === 'B') pod.locked = true;
    expect(why(6)).toBe('not now: every Escape Pod of section B is locked or launched');
  });
});
