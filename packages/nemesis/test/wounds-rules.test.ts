import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { killCharacter } from '../src/death.js';
import { sufferLightWounds, sufferSeriousWounds } from '../src/wounds.js';

describe('Wounds and death', () => {
  it('Light Wounds below three stay Light', () => {
    const table = scenario({ players: 1 }).build();
    sufferLightWounds(table.game(), table.player('0'), 2, 'test');
    expect(table.player('0').lightWounds).toBe(2);
    expect(table.player('0').seriousWounds).toHaveLength(0);
  });

  it('up to three Serious Wounds a character lives; a fourth kills', () => {
    const table = scenario({ players: 2 }).build();
    sufferSeriousWounds(table.game(), table.player('0'), 3, 'test');
    expect(table.player('0').status).toBe('active');
    expect(table.player('0').seriousWounds).toHaveLength(3);
    sufferSeriousWounds(table.game(), table.player('0'), 1, 'test');
    expect(table.player('0').status).toBe('dead');
    expect(table.room(11).objects).toEqual(['corpse']);
  });

  it('the Fire wound at the end of a round kills a character with three Serious Wounds, who drops everything where they die', () => {
    const table = scenario({ players: 2 })
      .room(6, { explored: true, fire: true })
      .room(11, { fire: true })
      .character('0', { seriousWounds: 3, carried: ['carcass'] })
      .stackNoise(['silence', 'silence'])
      .build();
    table.act('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    table.act('0', { type: 'move', to: 11, cards: [table.player('0').hand[0]!] });
    expect(table.player('0').status).toBe('dead');
    expect(table.room(11).objects.sort()).toEqual(['carcass', 'corpse']);
    expect(table.eventsOf('death')).toMatchObject([{ seat: '0', room: 11 }]);
  });

  it('only the first death unlocks the pods: one locked again stays locked at the next death', () => {
    const table = scenario({ players: 3 }).build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.state.pods.every((pod) => !pod.locked)).toBe(true);
    table.state.pods[0]!.locked = true;
    killCharacter(table.game(), table.player('1'), 'test');
    expect(table.state.pods[0]!.locked).toBe(true);
    expect(table.eventsOf('pods-unlocked')).toHaveLength(1);
  });

  it('the dead hold nothing: hand to the discard pile, objects and corpse on the floor', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', 'contamination-03'], carried: ['egg'] })
      .build();
    killCharacter(table.game(), table.player('0'), 'test');
    expect(table.player('0').hand).toEqual([]);
    expect(table.player('0').actionDeck.discardPile).toEqual(
      expect.arrayContaining(['captain-rest', 'contamination-03']),
    );
    expect(table.room(11).objects.sort()).toEqual(['corpse', 'egg']);
  });
});
