import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { startOrStopSelfDestruct } from '../../src/self-destruct/self-destruct.js';

describe('Self-Destruct', () => {
  it('starting places the marker on the first space; it then moves with the Time marker', () => {
    const table = scenario({ players: 2 }).build();
    expect(table.perform((game) => startOrStopSelfDestruct(game, table.player('0')))).toBeNull();
    expect(table.state.selfDestruct).toBe(0);
    table.resolve({ kind: 'time-track' });
    expect(table.state.selfDestruct).toBe(1);
  });

  it('stopping it removes the marker; it may be started again later', () => {
    const table = scenario({ players: 2 }).selfDestruct(2).build();
    expect(table.perform((game) => startOrStopSelfDestruct(game, table.player('0')))).toBeNull();
    expect(table.state.selfDestruct).toBeNull();
    expect(table.perform((game) => startOrStopSelfDestruct(game, table.player('0')))).toBeNull();
    expect(table.state.selfDestruct).toBe(0);
  });

  it('on a yellow space it can no longer be aborted', () => {
    const table = scenario({ players: 2 }).selfDestruct(3).build();
    const rejection = table.perform((game) => startOrStopSelfDestruct(game, table.player('0')));
    expect(rejection?.code).toBe('self-destruct-locked');
    expect(table.state.selfDestruct).toBe(3);
  });

  it('entering the yellow spaces unlocks every Escape Pod', () => {
    const table = scenario({ players: 2 }).selfDestruct(2).build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.pods.every((pod) => !pod.locked)).toBe(true);
  });

  it('the skull destroys the ship', () => {
    const table = scenario({ players: 2 }).selfDestruct(5).build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.over?.reason).toBe('destruction');
  });

  it('it cannot be started once anyone hibernates, but a running sequence can still be stopped', () => {
    const idle = scenario({ players: 2 }).character('1', { status: 'hibernating' }).build();
    expect(idle.perform((game) => startOrStopSelfDestruct(game, idle.player('0')))?.code).toBe(
      'someone-hibernates',
    );
    expect(idle.state.selfDestruct).toBeNull();
    const running = scenario({ players: 2 })
      .selfDestruct(1)
      .character('1', { status: 'hibernating' })
      .build();
    expect(
      running.perform((game) => startOrStopSelfDestruct(game, running.player('0'))),
    ).toBeNull();
    expect(running.state.selfDestruct).toBeNull();
  });
});
