import { nemesisInvariants } from '@tabletop/nemesis';
import { type ScenarioBuilder, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../../src/combat/death.js';
import {
  boardEscapePod,
  enterEscapePod,
  lockOrUnlockPods,
  unlockAllPods,
} from '../../src/escape-pods/escape-pods.js';
import { placeIntruder } from '../../src/intruders/intruders.js';

// Room 2 holds the Evac Section A tile (corridor 2-6 is numbered 4); pods 1 and 3 serve section A.
function atEvacSectionA(players = 2): ScenarioBuilder {
  return scenario({ players })
    .room(2, { tile: 'evac-section-a', explored: true })
    .character('0', { room: 2, hand: 5 })
    .turn('0');
}

function unlocked(builder: ScenarioBuilder): ScenarioBuilder {
  return builder.with((state) => {
    for (const pod of state.pods) pod.locked = false;
  });
}

/** Seat 1 sits in pod 1 from an earlier round; seat 0 passes, and seat 1's turn begins. */
function seatOneWaitingInPod() {
  const table = unlocked(atEvacSectionA(3))
    .character('1', { status: 'in-pod', room: 2 })
    .with((state) => {
      state.players[1]!.pod = 1;
      state.pods[0]!.occupants = ['1'];
    })
    .build();
  table.take('0', { type: 'pass' });
  return table;
}

describe('Escape Pods', () => {
  it('pods start locked; the first death unlocks them all', () => {
    const table = scenario({ players: 3 }).character('2', { room: 2 }).build();
    expect(table.state.pods.map((pod) => pod.locked)).toEqual([true, true, true]);
    table.perform((game) => killCharacter(game, table.player('2'), 'a test'));
    expect(table.state.pods.map((pod) => pod.locked)).toEqual([false, false, false]);
  });

  it('a locked pod cannot be entered', () => {
    const table = atEvacSectionA().build();
    const rejection = table.perform((game) => enterEscapePod(game, table.player('0')));
    expect(rejection?.code).toBe('no-pod-seat');
    expect(table.player('0').status).toBe('active');
  });

  it('entering: a Noise roll, then a seat in an unlocked pod of the section', () => {
    const table = unlocked(atEvacSectionA()).stackNoise([4]).build();
    const rejection = table.perform((game) => enterEscapePod(game, table.player('0')));
    expect(rejection).toBeNull();
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
    expect(table.player('0').status).toBe('in-pod');
    expect(table.player('0').pod).toBe(1);
    expect(table.state.pods[0]!.occupants).toEqual(['0']);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('if an Intruder appears in the room after the Noise roll, the attempt fails', () => {
    const table = unlocked(atEvacSectionA())
      .firstEncounterDone()
      .noise([2, 6])
      .stackNoise([4])
      .stackBag(['adult-01'])
      .build();
    table.perform((game) => enterEscapePod(game, table.player('0')));
    expect(table.intruders(2)).toHaveLength(1);
    expect(table.player('0').status).toBe('active');
    expect(table.state.pods.every((pod) => pod.occupants.length === 0)).toBe(true);
    expect(table.eventsOf('pod-boarding-fails')).toHaveLength(1);
  });

  it('not with an Intruder in the Evac Section', () => {
    const table = unlocked(atEvacSectionA()).intruder('adult', 2).build();
    const before = structuredClone(table.state);
    const rejection = table.perform((game) => enterEscapePod(game, table.player('0')));
    expect(rejection?.code).toBe('intruder-in-section');
    expect(table.state).toEqual(before);
  });

  it('only from an Evac Section, and only into a pod of its own section', () => {
    const elsewhere = unlocked(scenario({ players: 2 }).character('0', { room: 3 })).build();
    expect(elsewhere.perform((game) => enterEscapePod(game, elsewhere.player('0')))?.code).toBe(
      'not-in-evac-section',
    );
    const table = atEvacSectionA()
      .with((state) => {
        state.pods[1]!.locked = false; // pod 2 serves section B
      })
      .build();
    expect(table.perform((game) => enterEscapePod(game, table.player('0')))?.code).toBe(
      'no-pod-seat',
    );
  });

  it('each pod holds two: a third character finds no seat', () => {
    const table = unlocked(atEvacSectionA(4))
      .character('1', { room: 2 })
      .character('2', { room: 2 })
      .build();
    // With 4 players there are pods 1, 2 and 3; 1 and 3 serve section A. Lock pod 3.
    table.state.pods[2]!.locked = true;
    const game = table.game();
    expect(boardEscapePod(game, table.player('0'))).toBe(true);
    expect(boardEscapePod(game, table.player('1'))).toBe(true);
    expect(boardEscapePod(game, table.player('2'))).toBe(false);
    expect(table.state.pods[0]!.occupants).toEqual(['0', '1']);
    expect(table.player('2').status).toBe('active');
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('aboard, the character sits out the rest of the round', () => {
    const table = unlocked(atEvacSectionA()).stackNoise(['silence']).build();
    table.perform((game) => enterEscapePod(game, table.player('0')));
    expect(table.player('0').passed).toBe(true);
    expect(table.legal('0')).toEqual([]);
  });

  it('at the start of a later turn the player may launch: the pod leaves the game with its occupants', () => {
    const table = seatOneWaitingInPod();
    expect(table.prompts()[0]?.answer).toBe('escape-pod');
    expect(table.legal('1')).toEqual([
      { type: 'escape-pod', choice: 'launch' },
      { type: 'escape-pod', choice: 'leave' },
      { type: 'escape-pod', choice: 'wait' },
    ]);
    table.act('1', { type: 'escape-pod', choice: 'launch' });
    expect(table.player('1').status).toBe('escaped');
    expect(table.state.pods[0]!.launched).toBe(true);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('a waiting player auto-passes the round', () => {
    const table = seatOneWaitingInPod();
    table.act('1', { type: 'escape-pod', choice: 'wait' });
    expect(table.player('1').status).toBe('in-pod');
    expect(table.player('1').passed).toBe(true);
    expect(table.prompts()[0]?.seats).not.toContain('1');
  });

  it('or step out into the Evac Section and take the turn', () => {
    const table = seatOneWaitingInPod();
    table.act('1', { type: 'escape-pod', choice: 'leave' });
    expect(table.player('1').status).toBe('active');
    expect(table.player('1').room).toBe(2);
    expect(table.state.pods[0]!.occupants).toEqual([]);
    expect(table.prompts()[0]?.answer).toBe('choose-action');
  });

  it('an Intruder appearing in the Evac Section sends the occupants back into it', () => {
    const table = unlocked(atEvacSectionA(3))
      .character('0', { room: 3 })
      .character('1', { status: 'in-pod', room: 2 })
      .with((state) => {
        state.players[1]!.pod = 1;
        state.pods[0]!.occupants = ['1'];
      })
      .build();
    table.perform((game) => placeIntruder(game, 'adult', 2));
    expect(table.player('1').status).toBe('active');
    expect(table.player('1').room).toBe(2);
    expect(table.state.pods[0]!.occupants).toEqual([]);
  });

  it('Hatch Control locks or unlocks any one pod; the Evacuation Key only those of its section', () => {
    const table = atEvacSectionA().build();
    const player = table.player('0');
    const game = table.game();
    expect(lockOrUnlockPods(game, player, 'any', 2)).toBeNull();
    expect(table.state.pods[1]!.locked).toBe(false);
    expect(lockOrUnlockPods(game, player, 'any', 2)).toBeNull();
    expect(table.state.pods[1]!.locked).toBe(true);
    expect(lockOrUnlockPods(game, player, 'this-section', 2)?.code).toBe('pod-out-of-reach');
    expect(lockOrUnlockPods(game, player, 'this-section', 1)).toBeNull();
    expect(table.state.pods[0]!.locked).toBe(false);
    expect(lockOrUnlockPods(game, player, 'any', 9)?.code).toBe('pod-out-of-reach');
  });

  it('unlocking every pod leaves a launched pod alone', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        state.pods[1]!.launched = true;
      })
      .build();
    const unlockedPods = unlockAllPods(table.game());
    expect(unlockedPods.map((pod) => pod.number)).toEqual([1]);
    expect(table.state.pods[1]!.locked).toBe(true);
  });
});
