import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Room 2 has two corridors (to 1 and to 6) and a Technical Corridor entrance.
describe('Encounter', () => {
  it('the Surprise Attack strikes the character who set off the Encounter, not the one holding the fewest cards', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 0 })
      .character('1', { room: 2, hand: 1 })
      .stackBag(['adult-05'])
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'encounter', seat: '1', room: 2 });
    expect(table.eventsOf('intruder-attack')).toMatchObject([{ seat: '1', surprise: true }]);
    expect(table.player('1').lightWounds).toBe(1);
    expect(table.player('0').lightWounds).toBe(0);
  });

  it('a Surprise Attack by a Larva infests the character', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 0 })
      .stackBag(['larva-2'])
      .stackAttackCards(['bite-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.eventsOf('surprise-attack')).toHaveLength(1);
    expect(table.player('0').larva).toBe(true);
    expect(table.intruders()).toHaveLength(0);
    expect(table.state.attackDeck.top).toEqual(['bite-1']);
  });

  it('the Blank token last in the bag with no Adult token left beside the board: nothing is added', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .with((state, tables) => {
        const others = state.bag.tokens.filter((token) => token !== 'blank');
        state.bag.tokens = ['blank'];
        const adults = state.tokensInReserve.filter(
          (token) => tables.intruderTokens.get(token)?.kind === 'adult',
        );
        state.tokensInReserve = [
          ...state.tokensInReserve.filter((token) => !adults.includes(token)),
          ...others.filter((token) => tables.intruderTokens.get(token)?.kind !== 'adult'),
        ];
        state.tokensOut.push(
          ...adults,
          ...others.filter((token) => tables.intruderTokens.get(token)?.kind === 'adult'),
        );
      })
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.state.bag.tokens).toEqual(['blank']);
    expect(table.intruders()).toHaveLength(0);
  });

  it('the First Encounter comes once: every player keeps one Objective, and a later Intruder asks nothing', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .character('1', { room: 2, hand: 5 })
      .stackBag(['larva-1', 'larva-2'])
      .build();
    const dealt = table.state.players.map((player) => [...player.objectives]);
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.prompts()[0]).toMatchObject({ answer: 'choose-objective', seats: ['0', '1'] });
    table.act('0', { type: 'choose-objective', keep: dealt[0]![1]! });
    table.act('1', { type: 'choose-objective', keep: dealt[1]![0]! });
    expect(table.player('0').objectives).toEqual([dealt[0]![1]]);
    expect(table.player('1').objectives).toEqual([dealt[1]![0]]);
    expect(table.state.objectivesDiscarded.sort()).toEqual([dealt[0]![0], dealt[1]![1]].sort());
    table.resolve({ kind: 'encounter', seat: '1', room: 2 });
    expect(table.intruders(2)).toHaveLength(2);
    expect(table.prompts()[0]!.answer).toBe('choose-action');
  });

  it('an Objective not dealt to the player cannot be kept', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .stackBag(['larva-1'])
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    const theirs = table.player('1').objectives[0]!;
    const outcome = table.tryAct('0', { type: 'choose-objective', keep: theirs });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('not-your-objective');
    expect(table.player('0').objectives).toHaveLength(2);
  });
});
