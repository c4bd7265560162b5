import { nemesisInvariants } from '@tabletop/nemesis';
import { type ScenarioBuilder, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../../src/combat/death.js';

/** Room 2 holds the Emergency Room; the Soldier (seat 1) is the one who dies. */
function autoDocTable(builder: ScenarioBuilder) {
  return builder.room(2, { explored: true, tile: 'emergency-room' }).build();
}

function killSoldier(table: ReturnType<typeof autoDocTable>, cause = 'a Bite') {
  table.perform((game) => killCharacter(game, table.player('1'), cause));
}

function nextRound(table: ReturnType<typeof autoDocTable>) {
  return table.resolve({ kind: 'player-phase' });
}

describe('Revival (the Emergency Room’s AutoDoc, cooperative variant)', () => {
  it('a dead character’s Corpse carried into a working Emergency Room brings them back at the start of the next round, Light Wounds gone and Serious Wounds dressed, with their items', () => {
    const table = autoDocTable(
      scenario({ players: 3, mode: 'cooperative' })
        .character('0', { room: 2 })
        .character('1', {
          room: 5,
          lightWounds: 2,
          seriousWounds: 2,
          items: ['medkit'],
        }),
    );
    killSoldier(table);
    expect(table.player('1').status).toBe('dead');
    expect(table.player('1').setAside?.items).toEqual(['medkit']);
    // The Corpse lies in room 5; the Captain brings it to the AutoDoc.
    table.room(5).objects.splice(table.room(5).objects.indexOf('corpse'), 1);
    table.player('0').carried.push('corpse');
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
    const events = nextRound(table);
    const soldier = table.player('1');
    expect(soldier.status).toBe('active');
    expect(soldier.room).toBe(2);
    expect(soldier.lightWounds).toBe(0);
    expect(soldier.seriousWounds.map((wound) => wound.dressed)).toEqual([true, true]);
    expect(soldier.items).toEqual(['medkit']);
    expect(soldier.weapons.map((weapon) => weapon.id)).toEqual(['assault-rifle']);
    expect(soldier.death).toBeUndefined();
    expect(soldier.hand.length).toBeGreaterThan(0);
    expect(table.player('0').carried).toEqual([]);
    expect(events.some((event) => event.type === 'revived' && event.seat === '1')).toBe(true);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('a Corpse lying on the Emergency Room’s floor works too', () => {
    const table = autoDocTable(
      scenario({ players: 2, mode: 'cooperative' }).character('1', { room: 2 }),
    );
    killSoldier(table);
    nextRound(table);
    expect(table.player('1').status).toBe('active');
    expect(table.room(2).objects).toEqual([]);
  });

  it('not while an Intruder is in the Emergency Room', () => {
    const table = autoDocTable(
      scenario({ players: 2, mode: 'cooperative' })
        .character('1', { room: 2 })
        .intruder('larva', 2),
    );
    killSoldier(table);
    nextRound(table);
    expect(table.player('1').status).toBe('dead');
    expect(table.room(2).objects).toEqual(['corpse']);
  });

  it('not while a Malfunction marker is in the Emergency Room', () => {
    const table = autoDocTable(
      scenario({ players: 2, mode: 'cooperative' })
        .character('1', { room: 2 })
        .room(2, { malfunction: true }),
    );
    killSoldier(table);
    nextRound(table);
    expect(table.player('1').status).toBe('dead');
  });

  it('not in the standard game: there the dead stay dead and drop their items', () => {
    const table = autoDocTable(
      scenario({ players: 2 }).character('1', { room: 2, items: ['medkit'] }),
    );
    killSoldier(table);
    expect(table.player('1').setAside).toBeUndefined();
    expect(table.player('1').items).toEqual([]);
    nextRound(table);
    expect(table.player('1').status).toBe('dead');
  });

  it('a character who left no Corpse cannot come back, and the blue Corpse wakes nobody', () => {
    const table = autoDocTable(
      scenario({ players: 2, mode: 'cooperative' })
        .character('1', { room: 2 })
        .room(2, { objects: ['blue-corpse'] }),
    );
    table.perform((game) =>
      killCharacter(game, table.player('1'), 'the Emergency Airlock', { corpse: false }),
    );
    expect(table.player('1').death?.noCorpse).toBe(true);
    nextRound(table);
    expect(table.player('1').status).toBe('dead');
    expect(table.room(2).objects).toEqual(['blue-corpse']);
  });

  it('two Corpses bring back two characters, the longest dead first', () => {
    const table = autoDocTable(
      scenario({ players: 3, mode: 'cooperative' })
        .character('1', { room: 2 })
        .character('2', { room: 2 }),
    );
    table.state.round = 3;
    table.perform((game) => killCharacter(game, table.player('2'), 'a Bite'));
    table.state.round = 4;
    killSoldier(table);
    // One Corpse taken away: only the first to die comes back.
    table.room(2).objects.splice(table.room(2).objects.indexOf('corpse'), 1);
    nextRound(table);
    expect(table.player('2').status).toBe('active');
    expect(table.player('1').status).toBe('dead');
  });
});
