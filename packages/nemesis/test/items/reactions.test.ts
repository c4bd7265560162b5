import { seedRandom } from '@tabletop/engine';
import { nemesisInvariants } from '@tabletop/nemesis';
import { redealNemesis, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { asked, questItem } from './item-step.js';

const json = (value: unknown) => JSON.stringify(value);

// Seat 1 is the Soldier, whose quest item is the Armor; alone with an Adult in the
// Hibernatorium (room 11) while the Captain waits in room 6.
function armored() {
  return scenario({ players: 2 })
    .explored(6)
    .character('0', { room: 6 })
    .intruder('adult', 11)
    .with((state) => questItem(state, '1', 'armor'));
}

const attack = { kind: 'intruder-attack', intruder: 1, target: '1', surprise: false } as const;

describe('Items: the Armor', () => {
  it('after an Intruder attack strikes you, you are asked whether to discard the Armor to ignore it', () => {
    const table = armored().stackAttackCards(['bite-1']).build();
    table.resolve(attack);
    expect(asked(table)).toEqual([{ seats: ['1'], answer: 'choose-option' }]);
    expect(table.legal('1')).toEqual([{ type: 'option', option: 0 }, { type: 'done' }]);
    expect(table.legal('0')).toEqual([]);
    expect(table.player('1').seriousWounds).toHaveLength(0);
  });

  it('a Hand wound adds nothing to it: discarding the Armor costs no Action card', () => {
    const table = armored()
      .character('1', { seriousWounds: ['hand-1'] })
      .stackAttackCards(['bite-1'])
      .build();
    const hand = [...table.player('1').hand];
    table.resolve(attack);
    table.act('1', { type: 'option', option: 0 });
    expect(table.player('1').items).toEqual([]);
    expect(table.player('1').hand).toEqual(hand);
  });

  it('discarding it ignores the attack: no wound, and the Armor is gone', () => {
    const table = armored().stackAttackCards(['bite-1']).build();
    table.resolve(attack);
    table.act('1', { type: 'option', option: 0 });
    expect(table.player('1').seriousWounds).toHaveLength(0);
    expect(table.player('1').items).toEqual([]);
    expect(table.eventsOf('attack-ignored')).toMatchObject([{ seat: '1', intruder: 1 }]);
    expect(table.state.attackDeck.discardPile).toEqual(['bite-1']);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('declining lets the attack strike, and the Armor is kept', () => {
    const table = armored().stackAttackCards(['bite-1']).build();
    table.resolve(attack);
    table.act('1', { type: 'done' });
    expect(table.player('1').seriousWounds).toHaveLength(1);
    expect(table.player('1').items).toEqual(['armor']);
  });

  it('a miss asks nothing', () => {
    const table = armored().stackAttackCards(['tail-1']).build();
    table.resolve(attack);
    expect(table.eventsOf('intruder-attack')).toMatchObject([{ hit: false }]);
    expect(table.prompts().every((prompt) => prompt.answer !== 'choose-option')).toBe(true);
  });

  it("it also stops a Larva's leap", () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('0', { room: 6 })
      .intruder('larva', 11)
      .with((state) => questItem(state, '1', 'armor'))
      .build();
    table.resolve({ ...attack });
    table.act('1', { type: 'option', option: 0 });
    expect(table.player('1').larva).toBe(false);
    expect(table.intruders(11)).toHaveLength(1);
  });

  it('it is offered only to its holder: the Captain, without one, is struck at once', () => {
    const table = armored()
      .character('0', { room: 11, hand: 1 })
      .stackAttackCards(['bite-1'])
      .build();
    table.resolve({ ...attack, target: '0' });
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });

  it('an active quest item lies face up: every view shows it, and the re-deal keeps it', () => {
    const table = armored().build();
    expect(table.view('0').players[1]!.questItems).toEqual(['armor']);
    expect(table.view('spectator').players[1]!.questItems).toEqual(['armor']);
    const copy = structuredClone(table.state);
    redealNemesis(table.tables, copy, '0', seedRandom('armor'));
    expect(copy.players[1]!.items).toEqual(['armor']);
    expect(json(table.ruleset.view(copy, '0'))).toBe(json(table.view('0')));
  });
});

// Seat 0 is the Scout, whose quest item is the Motion Sensor, alone in room 6: exit 1 of
// room 6 is the corridor to room 7, exit 2 the one to room 11.
function sensing() {
  return scenario({ players: 2, characters: ['scout', 'captain'] })
    .explored(6)
    .character('0', { room: 6 })
    .with((state) => questItem(state, '0', 'motion-sensor'));
}

const roll = { kind: 'noise-roll', seat: '0', room: 6 } as const;

describe('Items: the Motion Sensor', () => {
  it('after your own Noise roll, you may roll again for 1 Action card, and the new roll stands', () => {
    const table = sensing().stackNoise([1, 'silence']).build();
    const noise = (to: number) => table.state.corridors[table.corridor(6, to)]!.noise;
    table.resolve(roll);
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'choose-option' }]);
    expect(noise(7)).toBe(false);
    table.act('0', { type: 'option', option: 0 });
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'pay' }]);
    const card = table.player('0').hand[0]!;
    table.act('0', { type: 'card', card });
    expect(table.player('0').actionDeck.discardPile).toEqual([card]);
    expect(table.eventsOf('noise-roll').map((event) => event.face)).toEqual([1, 'silence']);
    expect(noise(7)).toBe(false);
    // Not one-use: the sensor stays.
    expect(table.player('0').items).toEqual(['motion-sensor']);
  });

  it('a Hand wound adds 1 Action card to its cost, for it is an item action', () => {
    const table = sensing()
      .character('0', { seriousWounds: ['hand-1'] })
      .stackNoise([1, 'silence'])
      .build();
    table.resolve(roll);
    table.act('0', { type: 'option', option: 0 });
    const [first, second] = table.player('0').hand;
    table.act('0', { type: 'card', card: first! });
    expect(asked(table)).toEqual([{ seats: ['0'], answer: 'pay' }]);
    expect(table.prompts()[0]!.text).toMatch(/1 still to pay|discard an Action card/);
    table.act('0', { type: 'card', card: second! });
    expect(table.player('0').actionDeck.discardPile).toEqual([first, second]);
    expect(table.eventsOf('noise-roll').map((event) => event.face)).toEqual([1, 'silence']);
  });

  it('declining keeps the roll', () => {
    const table = sensing().stackNoise([1]).build();
    table.resolve(roll);
    table.act('0', { type: 'done' });
    expect(table.state.corridors[table.corridor(6, 7)]!.noise).toBe(true);
    expect(table.player('0').hand).toHaveLength(5);
  });

  it('a roll is rolled again once at most', () => {
    const table = sensing().stackNoise([1, 2]).build();
    table.resolve(roll);
    table.act('0', { type: 'option', option: 0 });
    table.act('0', { type: 'card', card: table.player('0').hand[0]! });
    expect(table.prompts().every((prompt) => prompt.answer !== 'choose-option')).toBe(true);
    expect(table.state.corridors[table.corridor(6, 11)]!.noise).toBe(true);
  });

  it('with no Action card to pay, it is not offered', () => {
    const table = sensing()
      .character('0', { hand: ['contamination-01'] })
      .stackNoise([1])
      .build();
    table.resolve(roll);
    expect(table.state.corridors[table.corridor(6, 7)]!.noise).toBe(true);
  });

  it("another character's Noise roll is not yours to roll again", () => {
    const table = sensing().character('1', { room: 8 }).explored(8).stackNoise([1]).build();
    table.resolve({ kind: 'noise-roll', seat: '1', room: 8 });
    expect(table.eventsOf('reaction')).toEqual([]);
    expect(table.prompts().every((prompt) => prompt.answer !== 'choose-option')).toBe(true);
  });

  it('a Contamination card cannot pay for it', () => {
    const table = sensing()
      .character('0', { hand: ['scout-rest', 'contamination-01'] })
      .stackNoise([1, 'silence'])
      .build();
    table.resolve(roll);
    table.act('0', { type: 'option', option: 0 });
    expect(table.legal('0')).toEqual([{ type: 'card', card: 'scout-rest' }]);
    const before = json(table.state);
    expect(table.tryAct('0', { type: 'card', card: 'contamination-01' }).ok).toBe(false);
    expect(json(table.state)).toBe(before);
  });
});
