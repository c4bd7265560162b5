import { createNemesis } from '@tabletop/nemesis';
import { type CharacterSpec, type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
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

const everyRoom = Array.from({ length: 21 }, (_, index) => index + 1);
const chambersOpen = nemesis.tables.time.hibernationOpensAfter;

/**
 * A two-seat team past the usual stopping point: the chambers are open and
 * the way home from room 5 runs through room 6 to the Hibernatorium (11);
 * every room is explored but those named. Seat 0, at room 5, has sent the
 * Signal, so only the rooms are left to do; seat 1 waits in the
 * Hibernatorium. `seat0` and `seat1` change what they are.
 */
function lateTable(
  card: string,
  unexplored: number[],
  seat0: CharacterSpec = {},
  seat1: CharacterSpec = {},
) {
  return scenario({ players: 2, mode: 'cooperative' })
    .explored(...everyRoom.filter((room) => !unexplored.includes(room)))
    .character('0', { room: 5, hand: captainHand, signal: true, ...seat0 })
    .character('1', { room: 11, hand: soldierHand, ...seat1 })
    .with(objectives(0, card))
    .with(objectives(1, 'destination-earth'))
    .firstEncounterDone()
    .time(chambersOpen);
}

/** Where the bot's action takes it: the first room it names. */
function movesTo(table: ScenarioTable, seat: '0' | '1' = '0') {
  return sensibleAction(table, seat, true).find((answer) => answer.type === 'room');
}

describe('The sensible bot and No Man Left Behind (a Signal and every room explored)', () => {
  it('explores the last room next door though the chambers are open, where it would go home', () => {
    const late = (card: string) => lateTable(card, [10]).build(nemesis);
    expect(movesTo(late('no-man-left-behind'))).toEqual({ type: 'room', room: 10 });
    expect(movesTo(late('destination-earth'))).toEqual({ type: 'room', room: 6 });
  });

  it('goes home instead when badly wounded', () => {
    const table = lateTable('no-man-left-behind', [10], { seriousWounds: 2 }).build(nemesis);
    expect(movesTo(table)).toEqual({ type: 'room', room: 6 });
  });

  it('goes home instead when the jump is too near to come back in time', () => {
    const table = lateTable('no-man-left-behind', [10])
      .time(nemesis.tables.time.jumpAfter - 2)
      .build(nemesis);
    expect(movesTo(table)).toEqual({ type: 'room', room: 6 });
  });

  it('goes home instead when the way out calls and too many rooms are left to finish', () => {
    const table = lateTable('no-man-left-behind', [10, 13, 14, 17, 19]).build(nemesis);
    expect(movesTo(table)).toEqual({ type: 'room', room: 6 });
  });

  it('walks to the Comms Room for the Signal the card still needs, after the chambers open', () => {
    const table = lateTable('no-man-left-behind', [], { signal: false })
      .room(10, { explored: true, tile: 'comms-room' })
      .build(nemesis);
    expect(movesTo(table)).toEqual({ type: 'room', room: 10 });
  });

  it('the highest seat alive keeps to the usual plan, so someone makes for the way out', () => {
    // The seats change places: seat 1 stands by the unexplored room, yet makes for home.
    const table = lateTable('no-man-left-behind', [10], { room: 11 }, { room: 5 })
      .turn('1')
      .build(nemesis);
    expect(movesTo(table, '1')).toEqual({ type: 'room', room: 6 });
  });

  it('shares the rooms out: a teammate leaves the room another seat claimed first', () => {
    // Room 10 is one move from both seat 0 (room 5) and seat 1 (room 13), room 17 two from
    // seat 1. Seat 0 claims room 10 first, so seat 1 makes for room 17 (through 14 or 19); with
    // seat 0 badly wounded and out of the share-out, seat 1 takes room 10 itself. Seat 2 keeps
    // to the usual plan.
    const build = (seriousWounds: number) =>
      scenario({ players: 3, mode: 'cooperative' })
        .explored(...everyRoom.filter((room) => room !== 10 && room !== 17))
        .character('0', { room: 5, hand: captainHand, signal: true, seriousWounds })
        .character('1', { room: 13, hand: soldierHand })
        .character('2', { room: 11 })
        .with(objectives(0, 'no-man-left-behind'))
        .with(objectives(1, 'destination-earth'))
        .with(objectives(2, 'destination-earth'))
        .firstEncounterDone()
        .turn('1')
        .build(nemesis);
    expect([14, 19]).toContain((movesTo(build(0), '1') as { room: number }).room);
    expect(movesTo(build(2), '1')).toEqual({ type: 'room', room: 10 });
  });
});
