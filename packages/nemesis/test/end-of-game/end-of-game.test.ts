import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

interface Details {
  reason: string;
  survivors: { seat: string; character: string | null; where: string }[];
}

describe('End of game', () => {
  it('the jump: the last Event Phase moves Time onto its last space; the awake aboard die, the sleepers and the escaped survive', () => {
    const table = scenario({ players: 3 })
      .headedFor('earth')
      .engines('working', 'working', 'working')
      .time(14)
      .character('1', { status: 'hibernating' })
      .character('2', { status: 'escaped' })
      .intruder('adult', 5)
      .build();
    expect(table.ruleset.result(table.state)).toBeNull();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.state.over?.reason).toBe('jump');
    expect(table.state.time).toBe(table.tables.time.jumpAfter);
    expect(table.player('0').status).toBe('dead');
    expect(table.intruders()).toHaveLength(1);
    const result = table.ruleset.result(table.state)!;
    expect(result.winners).toEqual([]);
    expect((result.details as Details).reason).toBe('jump');
    expect((result.details as Details).survivors).toEqual([
      { seat: '1', character: 'soldier', where: 'hibernating' },
      { seat: '2', character: 'scout', where: 'escaped' },
    ]);
    expect(result.summary).toMatch(
      /Player 2 \(Soldier\), hibernating; Player 3 \(Scout\), escaped/,
    );
  });

  it('the jump kills a character waiting in a pod that has not launched', () => {
    const table = scenario({ players: 2 })
      .time(14)
      .character('1', { status: 'in-pod' })
      .with((state) => {
        state.players[1]!.pod = 1;
        state.pods[0]!.locked = false;
        state.pods[0]!.occupants = ['1'];
      })
      .build();
    table.take('0', { type: 'pass', discard: [] });
    table.act('1', { type: 'escape-pod', choice: 'wait' });
    expect(table.state.over?.reason).toBe('jump');
    expect(table.player('1').status).toBe('dead');
    expect(table.state.pods[0]!.occupants).toEqual([]);
    expect((table.ruleset.result(table.state)!.details as Details).survivors).toEqual([]);
  });

  it('destruction by the self-destruct: everyone aboard dies, sleepers too, and every Intruder; a character already escaped lives', () => {
    const table = scenario({ players: 3 })
      .selfDestruct(5)
      .time(8)
      .character('1', { status: 'hibernating' })
      .character('2', { status: 'escaped' })
      .intruder('adult', 5)
      .build();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.state.selfDestruct).toBe(table.tables.selfDestruct.explodesAfter);
    expect(table.player('0').status).toBe('dead');
    expect(table.player('1').status).toBe('dead');
    expect(table.player('2').status).toBe('escaped');
    expect(table.intruders()).toEqual([]);
    expect((table.ruleset.result(table.state)!.details as Details).survivors).toEqual([
      { seat: '2', character: 'scout', where: 'escaped' },
    ]);
  });

  it('no character left active: the last one killed in the Event Phase sends Time to its end, and the sleepers survive the jump', () => {
    const table = scenario({ players: 2 })
      .headedFor('earth')
      .engines('working', 'working', 'working')
      .explored(2)
      .character('0', { room: 2, hand: 5, seriousWounds: 3 })
      .character('1', { status: 'hibernating' })
      .intruder('adult', 2)
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.player('0').status).toBe('dead');
    expect(table.state.over?.reason).toBe('no-character-active');
    expect(table.state.time).toBe(table.tables.time.jumpAfter);
    expect(table.eventsOf('event-card')).toHaveLength(0);
    expect((table.ruleset.result(table.state)!.details as Details).survivors).toEqual([
      { seat: '1', character: 'soldier', where: 'hibernating' },
    ]);
  });

  it('no character left active with the self-destruct running: the ship explodes and nobody aboard survives', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 5, seriousWounds: 3 })
      .character('1', { status: 'hibernating' })
      .intruder('adult', 2)
      .selfDestruct(0)
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.player('1').status).toBe('dead');
    expect(table.ruleset.result(table.state)!.summary).toMatch(/Nobody survives/);
  });

  it('a game that is over takes no more actions and asks nobody', () => {
    const table = scenario({ players: 1 }).time(14).build();
    table.take('0', { type: 'pass', discard: [] });
    expect(table.state.over).not.toBeNull();
    expect(table.prompts()).toEqual([]);
    const outcome = table.tryTake('0', { type: 'pass', discard: [] });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('game-over');
    expect(table.view('0').over?.reason).toBe('jump');
  });
});
