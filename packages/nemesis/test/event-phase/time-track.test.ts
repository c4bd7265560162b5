import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

describe('Time track', () => {
  it('the Time marker moves one space each Event Phase', () => {
    const table = scenario({ players: 1 }).time(3).build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.time).toBe(4);
    expect(table.state.selfDestruct).toBeNull();
  });

  it('the Self-Destruct marker, once placed, moves with the Time marker', () => {
    const table = scenario({ players: 1 }).time(3).selfDestruct(0).build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.selfDestruct).toBe(1);
  });

  it('the hibernation chambers open when the Time marker reaches the blue spaces', () => {
    const table = scenario({ players: 1 }).time(5).build();
    table.resolve({ kind: 'time-track' });
    expect(table.eventsOf('hibernation-open')).toHaveLength(0);
    table.resolve({ kind: 'time-track' });
    expect(table.state.time).toBe(table.tables.time.hibernationOpensAfter);
    expect(table.eventsOf('hibernation-open')).toHaveLength(1);
  });

  it('on the last space the ship jumps: everyone awake aboard dies, those hibernating live', () => {
    const table = scenario({ players: 2 })
      .headedFor('earth')
      .engines('working', 'working', 'working')
      .time(14)
      .character('1', { status: 'hibernating' })
      .intruder('adult', 5)
      .build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.over?.reason).toBe('jump');
    expect(table.player('0').status).toBe('dead');
    expect(table.player('1').status).toBe('hibernating');
    expect(table.intruders()).toHaveLength(1);
    expect(table.state.stack).toEqual([]);
  });

  it('when the Self-Destruct reaches a yellow space every Escape Pod unlocks', () => {
    const table = scenario({ players: 2 }).selfDestruct(2).build();
    expect(table.state.pods.every((pod) => pod.locked)).toBe(true);
    table.resolve({ kind: 'time-track' });
    expect(table.state.selfDestruct).toBe(table.tables.selfDestruct.yellowAfter);
    expect(table.state.pods.every((pod) => !pod.locked)).toBe(true);
    expect(table.eventsOf('self-destruct-yellow')).toHaveLength(1);
  });

  it('a pod locked again is unlocked by the next advance on a yellow space', () => {
    const table = scenario({ players: 2 })
      .selfDestruct(3)
      .with((state) => {
        state.pods[0]!.locked = true;
        state.pods[1]!.locked = false;
      })
      .build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.pods.every((pod) => !pod.locked)).toBe(true);
  });

  it('a Self-Destruct marker still on green leaves the pods locked', () => {
    const table = scenario({ players: 2 }).selfDestruct(0).build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.pods.every((pod) => pod.locked)).toBe(true);
  });

  it('on the skull the ship explodes: everyone aboard dies, hibernating or not, and every Intruder', () => {
    const table = scenario({ players: 2 })
      .selfDestruct(5)
      .character('1', { status: 'hibernating' })
      .intruder('adult', 5)
      .build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.player('1').status).toBe('dead');
    expect(table.intruders()).toHaveLength(0);
  });

  it('the jump and the explosion together: the ship is destroyed', () => {
    const table = scenario({ players: 2 })
      .time(14)
      .selfDestruct(5)
      .character('1', { status: 'hibernating' })
      .build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.player('1').status).toBe('dead');
  });

  it('a jump with the Self-Destruct running still destroys the ship', () => {
    const table = scenario({ players: 2 })
      .time(14)
      .selfDestruct(1)
      .character('1', { status: 'hibernating' })
      .build();
    table.resolve({ kind: 'time-track' });
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.player('1').status).toBe('dead');
  });
});
