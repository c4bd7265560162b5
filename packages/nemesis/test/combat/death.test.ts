import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../../src/combat/death.js';
import { cloneState } from '../../src/flow/clone-state.js';
import { nemesisInvariants } from '../../src/flow/invariants.js';

describe('A death keeps its cause', () => {
  it('the dead character keeps what killed them, where and in which round, and the log says it', () => {
    const table = scenario({ players: 2 }).explored(6).character('1', { room: 6 }).build();
    const game = table.game();
    killCharacter(game, table.player('1'), 'an Adult’s bite');
    expect(table.player('1').death).toEqual({
      cause: 'an Adult’s bite',
      room: 6,
      round: table.state.round,
    });
    const death = game.events.find((event) => event.type === 'death');
    expect(death).toMatchObject({ seat: '1', room: 6, cause: 'an Adult’s bite' });
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('every player sees how the dead died, in their view and in the words about that player', () => {
    const table = scenario({ players: 2 }).explored(6).character('1', { room: 6 }).build();
    killCharacter(table.game(), table.player('1'), 'an Adult’s bite');
    for (const viewer of ['0', '1', 'spectator'] as const) {
      const view = table.view(viewer);
      expect(view.players[1]!.death).toEqual({
        cause: 'an Adult’s bite',
        room: 6,
        round: table.state.round,
      });
    }
    const words = table.ruleset.describe.things!(table.view('0'))['seat:1']!;
    expect(words.state).toMatch(/^dead: an Adult’s bite \(round \d+, room 6/);
    expect(table.view('0').players[0]!.death).toBeNull();
  });

  it('at the end, the victory check gives the cause of a death during the game', () => {
    const table = scenario({ players: 2 }).build();
    killCharacter(table.game(), table.player('0'), 'a Larva bursting out');
    killCharacter(table.game(), table.player('1'), 'the Fire');
    const fates = table.state.over!.victory.fates;
    expect(fates.map((fate) => fate.death)).toEqual(['a Larva bursting out', 'the Fire']);
  });

  it('a copy of the game keeps the death exactly', () => {
    const table = scenario({ players: 2 }).build();
    killCharacter(table.game(), table.player('1'), 'the Fire');
    expect(JSON.stringify(cloneState(table.state))).toBe(JSON.stringify(table.state));
  });
});
