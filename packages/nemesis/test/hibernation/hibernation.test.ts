import { nemesisInvariants } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { hibernate, isHibernationOpen } from '../../src/hibernation/hibernation.js';

// Everyone starts in the Hibernatorium, room 11.
describe('Hibernation', () => {
  it('the chambers are closed before the Time marker reaches the blue spaces', () => {
    const table = scenario({ players: 2 }).time(6).build();
    expect(isHibernationOpen(table.game())).toBe(false);
    const before = structuredClone(table.state);
    const rejection = table.perform((game) => hibernate(game, table.player('0')));
    expect(rejection?.code).toBe('hibernation-closed');
    expect(table.state).toEqual(before);
  });

  it('open on a blue space: a Noise roll, then the character sleeps and leaves the board', () => {
    const table = scenario({ players: 2 }).time(7).stackNoise(['silence']).turn('0').build();
    expect(isHibernationOpen(table.game())).toBe(true);
    expect(table.perform((game) => hibernate(game, table.player('0')))).toBeNull();
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
    expect(table.player('0').status).toBe('hibernating');
    expect(table.view('1').players[0]!.status).toBe('hibernating');
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('if an Intruder shows up in the room, the character fails to hibernate', () => {
    const table = scenario({ players: 2 })
      .time(7)
      .firstEncounterDone()
      .character('0', { hand: 5 })
      .noise([6, 11])
      .stackNoise([2]) // corridor 6-11 is numbered 2
      .stackBag(['adult-01'])
      .turn('0')
      .build();
    table.perform((game) => hibernate(game, table.player('0')));
    expect(table.intruders(11)).toHaveLength(1);
    expect(table.player('0').status).toBe('active');
    expect(table.eventsOf('hibernation-fails')).toHaveLength(1);
  });

  it('not with an Intruder in the room', () => {
    const table = scenario({ players: 2 }).time(7).intruder('adult', 11).build();
    expect(table.perform((game) => hibernate(game, table.player('0')))?.code).toBe('in-combat');
  });

  it('the last awake character hibernating ends the game', () => {
    const table = scenario({ players: 2 })
      .headedFor('earth')
      .engines('working', 'working', 'working')
      .time(7)
      .character('1', { status: 'dead' })
      .stackNoise(['silence'])
      .turn('0')
      .build();
    table.perform((game) => hibernate(game, table.player('0')));
    expect(table.state.over?.reason).toBe('no-character-active');
    expect(table.player('0').status).toBe('hibernating');
  });
});
