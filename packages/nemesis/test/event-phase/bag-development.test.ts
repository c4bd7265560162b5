import { nemesisInvariants } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

type Table = ReturnType<ReturnType<typeof scenario>['build']>;
const kindsIn = (table: Table, tokens: readonly string[], kind: string) =>
  tokens.filter((token) => table.tables.intruderTokens.get(token)?.kind === kind).length;

describe('Intruder bag development', () => {
  it('Larva: the token leaves the bag and an Adult token goes in', () => {
    const table = scenario({ players: 1 }).stackBag(['larva-4']).build();
    const adults = kindsIn(table, table.state.bag.tokens, 'adult');
    const reserve = kindsIn(table, table.state.tokensInReserve, 'adult');
    table.resolve({ kind: 'bag-development' });
    expect(table.state.tokensOut).toEqual(['larva-4']);
    expect(table.state.bag.tokens).not.toContain('larva-4');
    expect(kindsIn(table, table.state.bag.tokens, 'adult')).toBe(adults + 1);
    expect(kindsIn(table, table.state.tokensInReserve, 'adult')).toBe(reserve - 1);
  });

  it('the table learns the kind of the token drawn, never which token goes back into the bag', () => {
    for (const token of ['adult-01', 'breeder-1', 'creeper-3', 'larva-4']) {
      const table = scenario({ players: 1 }).stackBag([token]).build();
      const events = table.resolve({ kind: 'bag-development' });
      const told = events.filter((event) => event.type === 'bag-development');
      expect(told).toHaveLength(1);
      expect(told[0]!.kind).toBe(table.tables.intruderTokens.get(token)!.kind);
      expect(JSON.stringify(events)).not.toContain(token);
    }
  });

  it('Larva with no Adult token left beside the board: it only leaves the bag', () => {
    const table = scenario({ players: 1 })
      .stackBag(['larva-4'])
      .with((state, tables) => {
        const adults = state.tokensInReserve.filter(
          (token) => tables.intruderTokens.get(token)?.kind === 'adult',
        );
        state.tokensInReserve = state.tokensInReserve.filter((token) => !adults.includes(token));
        state.tokensOut.push(...adults);
      })
      .build();
    const size = table.state.bag.tokens.length;
    table.resolve({ kind: 'bag-development' });
    expect(table.state.bag.tokens).toHaveLength(size - 1);
  });

  it('Creeper: the token leaves the bag and a Breeder token goes in', () => {
    const table = scenario({ players: 1 }).stackBag(['creeper-3']).build();
    table.resolve({ kind: 'bag-development' });
    expect(table.state.tokensOut).toEqual(['creeper-3']);
    expect(kindsIn(table, table.state.bag.tokens, 'breeder')).toBe(1);
    expect(kindsIn(table, table.state.tokensInReserve, 'breeder')).toBe(1);
  });

  it('Adult: every player rolls for Noise in turn order, except one in Combat; the token returns to the bag', () => {
    const table = scenario({ players: 3, firstPlayer: 1 })
      .explored(2, 3, 5)
      .character('0', { room: 2 })
      .character('1', { room: 3 })
      .character('2', { room: 5 })
      .intruder('adult', 5)
      .stackBag(['adult-12'])
      .stackNoise([3, 3])
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.eventsOf('noise-roll').map((event) => event.seat)).toEqual(['1', '0']);
    expect(table.state.bag.tokens).toContain('adult-12');
  });

  it('Breeder: the same Noise rolls', () => {
    const table = scenario({ players: 2 })
      .explored(2, 3)
      .character('0', { room: 2 })
      .character('1', { room: 3 })
      .stackBag(['breeder-1'])
      .stackNoise([3, 3])
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.eventsOf('noise-roll').map((event) => event.seat)).toEqual(['0', '1']);
    expect(table.state.bag.tokens).toContain('breeder-1');
  });

  it('a character whom an earlier roll put in Combat does not roll', () => {
    // Seat 0 rolls Danger in room 6: the Adult next door in room 7 comes in, and seat 1 there is now in Combat.
    const table = scenario({ players: 2 })
      .explored(6, 7)
      .character('0', { room: 6 })
      .character('1', { room: 6 })
      .intruder('adult', 7)
      .stackBag(['adult-12'])
      .stackNoise(['danger', 3])
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.intruders(6)).toHaveLength(1);
    expect(table.eventsOf('noise-roll').map((event) => event.seat)).toEqual(['0']);
    expect(table.eventsOf('no-noise-roll').map((event) => event.seat)).toEqual(['1']);
  });

  it('the token drawn stays out of the bag until its Noise rolls are over', () => {
    // Seat 0 rolls exit 3 of room 2 (the corridor to room 1), which already holds noise: the Encounter finds the bag empty.
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .noise([1, 2])
      .with((state) => {
        state.tokensInReserve.push(...state.bag.tokens.filter((token) => token !== 'adult-12'));
        state.bag.tokens = ['adult-12'];
      })
      .stackBag(['adult-12'])
      .stackNoise([3])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.eventsOf('empty-bag')).toHaveLength(1);
    expect(table.intruders()).toHaveLength(0);
    expect(table.state.bag.tokens).toEqual(['adult-12']);
  });

  it('a game ending during the Noise rolls still puts the drawn token back in the bag', () => {
    // The roll sets off an Encounter whose Surprise Attack kills the last character.
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 0, seriousWounds: 3 })
      .noise([1, 2])
      .stackBag(['adult-12', 'adult-11'])
      .stackNoise([3])
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.state.over).not.toBeNull();
    expect(table.state.bag.tokens).toContain('adult-12');
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('Queen with characters in the Nest: the Queen appears there as in an Encounter, and the token returns to the bag', () => {
    const table = scenario({ players: 1 })
      .room(16, { tile: 'nest', explored: true })
      .character('0', { room: 16, hand: 5 })
      .noise([12, 16])
      .stackBag(['queen-1'])
      .firstEncounterDone()
      .build();
    const eggs = table.state.nestEggs;
    table.resolve({ kind: 'bag-development' });
    expect(table.intruders(16).map((intruder) => intruder.kind)).toEqual(['queen']);
    expect(table.state.corridors[table.corridor(12, 16)]!.noise).toBe(false);
    expect(table.eventsOf('surprise-attack')).toHaveLength(0);
    expect(table.state.bag.tokens).toContain('queen-1');
    expect(table.state.nestEggs).toBe(eggs);
  });

  it('the Queen makes a Surprise Attack on a character in the Nest holding fewer cards than her token number', () => {
    const table = scenario({ players: 2 })
      .room(16, { tile: 'nest', explored: true })
      .character('0', { room: 16, hand: 5 })
      .character('1', { room: 16, hand: 3 })
      .stackBag(['queen-1'])
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.eventsOf('intruder-attack').map((event) => [event.seat, event.surprise])).toEqual([
      ['1', true],
    ]);
    expect(table.state.bag.tokens).toContain('queen-1');
  });

  it('Queen with nobody in the Nest: one more Egg on the Intruder board', () => {
    const table = scenario({ players: 1 })
      .room(16, { tile: 'nest', explored: true })
      .nestEggs(3)
      .stackBag(['queen-1'])
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.intruders()).toHaveLength(0);
    expect(table.state.nestEggs).toBe(4);
    expect(table.state.bag.tokens).toContain('queen-1');
  });

  it('Queen while the Nest is undiscovered: one more Egg', () => {
    const table = scenario({ players: 1 })
      .room(16, { tile: 'nest', explored: false })
      .nestEggs(3)
      .stackBag(['queen-1'])
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.state.nestEggs).toBe(4);
  });

  it('Queen already on the board: she cannot come again; the Nest gains an Egg', () => {
    const table = scenario({ players: 1 })
      .room(16, { tile: 'nest', explored: true })
      .character('0', { room: 16, hand: 5 })
      .intruder('queen', 5)
      .nestEggs(3)
      .stackBag(['queen-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.intruders(16)).toHaveLength(0);
    expect(table.state.nestEggs).toBe(4);
  });

  it('no Egg is added when every Egg token of the box is in play or destroyed', () => {
    const table = scenario({ players: 1 })
      .nestEggs(5)
      .room(3, { objects: ['egg'] })
      .character('0', { carried: ['egg'] })
      .with((state) => {
        state.eggsDestroyed = 1;
      })
      .stackBag(['queen-1'])
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.state.nestEggs).toBe(5);
    expect(table.eventsOf('no-egg')).toHaveLength(1);
  });

  it('Blank: an Adult token goes into the bag and the Blank returns', () => {
    const table = scenario({ players: 1 }).stackBag(['blank']).build();
    const size = table.state.bag.tokens.length;
    table.resolve({ kind: 'bag-development' });
    expect(table.state.bag.tokens).toContain('blank');
    expect(table.state.bag.tokens).toHaveLength(size + 1);
  });

  it('an empty bag does not develop', () => {
    const table = scenario({ players: 1 })
      .with((state) => {
        state.tokensInReserve.push(...state.bag.tokens);
        state.bag.tokens = [];
      })
      .build();
    table.resolve({ kind: 'bag-development' });
    expect(table.state.bag.tokens).toEqual([]);
    expect(table.eventsOf('bag-development')).toHaveLength(1);
  });
});
