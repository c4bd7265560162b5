import { createNemesis } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../../src/combat/death.js';
import type { NemesisState } from '../../src/vocabulary/state.js';
import { captainHand, sensibleAction, sensibleChoice } from './sensible-action.js';

const nemesis = createNemesis();
const soldierHand = [
  'soldier-rest',
  'soldier-interruption',
  'soldier-demolition',
  'soldier-search-1',
  'soldier-search-2',
];

function objectives(seat: number, ...cards: string[]) {
  return (state: NemesisState) => {
    state.players[seat]!.objectives = cards;
  };
}

// Rooms 5, 6 and 10 as in bots.test.ts: from 5, room 6 is next door.
describe('The sensible bot as a teammate (cooperative variant)', () => {
  it('carries a dead teammate’s Corpse to a working Emergency Room (the AutoDoc)', () => {
    const table = scenario({ players: 2, mode: 'cooperative' })
      .explored(5, 6)
      .room(6, { explored: true, tile: 'emergency-room' })
      .character('0', { room: 5, hand: captainHand })
      .character('1', { room: 5 })
      .firstEncounterDone()
      .build(nemesis);
    table.perform((game) => killCharacter(game, table.player('1'), 'a Bite'));
    expect(table.room(5).objects).toContain('corpse');
    // It picks the Corpse up, then walks it next door to the AutoDoc and leaves it there.
    expect(sensibleAction(table, '0', true)).toContainEqual({ type: 'object', object: 'corpse' });
    expect(table.player('0').carried).toEqual(['corpse']);
    table.player('0').passed = false;
    expect(sensibleAction(table, '0', true)).toContainEqual({ type: 'room', room: 6 });
  });

  it('in the standard game it leaves a Corpse where it lies', () => {
    const table = scenario({ players: 2 })
      .explored(5, 6)
      .room(6, { explored: true, tile: 'emergency-room' })
      .character('0', { room: 5, hand: captainHand })
      .character('1', { room: 5 })
      .firstEncounterDone()
      .build(nemesis);
    table.perform((game) => killCharacter(game, table.player('1'), 'a Bite'));
    expect(sensibleChoice(table, '0')).not.toEqual({ type: 'pick-up' });
  });

  it('sends the Signal the team’s card asks for, the lowest seat first', () => {
    const build = (signalled: boolean, turn: '0' | '1' = '0') =>
      scenario({ players: 2, mode: 'cooperative' })
        .room(5, { explored: true, tile: 'comms-room' })
        .character('0', { room: 5, hand: captainHand, signal: signalled })
        .character('1', { room: 5, hand: soldierHand })
        .with(objectives(0, 'no-man-left-behind'))
        .with(objectives(1, 'destination-earth'))
        .firstEncounterDone()
        .turn(turn)
        .build(nemesis);
    expect(sensibleChoice(build(false), '0')).toEqual({ type: 'room-action' });
    // Seat 1 is not the one to send it while seat 0 can.
    expect(sensibleChoice(build(false, '1'), '1')).not.toEqual({ type: 'room-action' });
    // Once seat 0 has sent it, one card needs no second Signal.
    expect(sensibleChoice(build(true, '1'), '1')).not.toEqual({ type: 'room-action' });
  });

  it('two cards needing the Signal send the second seat to the Comms Room too', () => {
    const table = scenario({ players: 2, mode: 'cooperative' })
      .room(5, { explored: true, tile: 'comms-room' })
      .character('0', { room: 5, signal: true })
      .character('1', { room: 5, hand: soldierHand })
      .with(objectives(0, 'no-man-left-behind'))
      .with(objectives(1, 'clean-up-crew'))
      .firstEncounterDone()
      .turn('1')
      .build(nemesis);
    expect(sensibleChoice(table, '1')).toEqual({ type: 'room-action' });
  });

  it('never throws a Smoke Grenade that costs a teammate in the room an Action card', () => {
    const build = (mode: 'standard' | 'cooperative') =>
      scenario({ players: 2, mode })
        .explored(5, 6)
        .character('0', {
          room: 5,
          hand: captainHand,
          items: ['smoke-grenade'],
          weapons: [],
          seriousWounds: 2,
        })
        .character('1', { room: 5 })
        .intruder('adult', 5)
        .firstEncounterDone()
        .build(nemesis);
    const used = (mode: 'standard' | 'cooperative') =>
      sensibleAction(build(mode), '0', true).some(
        (answer) => answer.type === 'item' && answer.item === 'smoke-grenade',
      );
    expect(used('standard')).toBe(true);
    expect(used('cooperative')).toBe(false);
  });
});
