import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../src/death.js';
import { sufferLightWounds, sufferSeriousWounds } from '../src/wounds.js';

describe('Wounds and death', () => {
  it('the third Light Wound becomes a Serious Wound', () => {
    const table = scenario({ players: 2 }).character('0', { lightWounds: 2 }).build();
    sufferLightWounds(table.game(), table.player('0'), 1, 'test');
    expect(table.player('0').lightWounds).toBe(0);
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });

  it('a Serious Wound draws a card from the Serious Wound deck', () => {
    const table = scenario({ players: 2 }).stackSeriousWounds(['arm-2']).build();
    sufferSeriousWounds(table.game(), table.player('0'), 1, 'test');
    expect(table.player('0').seriousWounds).toEqual([{ card: 'arm-2', dressed: false }]);
  });

  it('a character with three Serious Wounds dies from any further wound, even a Light one', () => {
    const table = scenario({ players: 2 }).character('0', { seriousWounds: 3 }).build();
    sufferLightWounds(table.game(), table.player('0'), 1, 'test');
    expect(table.player('0').status).toBe('dead');
  });

  it('death leaves a Corpse where the character died and drops every heavy object there', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('0', { room: 6, carried: ['egg', 'carcass'], hand: 3 })
      .build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.room(6).objects.sort()).toEqual(['carcass', 'corpse', 'egg']);
    expect(table.player('0')).toMatchObject({ status: 'dead', carried: [], hand: [], weapons: [] });
  });

  it('the first death unlocks every Escape Pod', () => {
    const table = scenario({ players: 3 }).build();
    killCharacter(table.game(), table.player('1'), 'test');
    expect(table.state.pods.every((pod) => !pod.locked)).toBe(true);
    expect(table.state.firstDeathDone).toBe(true);
  });

  it('when no character is left active the game ends', () => {
    const table = scenario({ players: 2 }).build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.state.over).toBeNull();
    killCharacter(table.game(), table.player('1'), 'test');
    expect(table.state.over?.reason).toBe('no-character-active');
    expect(table.ruleset.result(table.state)?.summary).toMatch(/Nobody survives/);
  });

  it('the last active character hibernating ends the game: sleepers survive the jump', () => {
    const table = scenario({ players: 2 }).character('1', { status: 'hibernating' }).build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.state.over?.reason).toBe('no-character-active');
    expect(table.ruleset.result(table.state)?.details).toMatchObject({
      survivors: [{ seat: '1', where: 'hibernating' }],
    });
  });

  it('with the self-destruct running, the end of every active character destroys the ship and the sleepers', () => {
    const table = scenario({ players: 2 })
      .character('1', { status: 'hibernating' })
      .selfDestruct(1)
      .build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.state.over?.reason).toBe('destruction');
    expect(table.player('1').status).toBe('dead');
  });
});
