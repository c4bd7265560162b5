import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

type Table = ReturnType<ReturnType<typeof scenario>['build']>;
const where = (table: Table) => table.intruders().map((intruder) => [intruder.id, intruder.room]);

// Damage moves Creepers and Adults through exit 2 (room 6 to 11); Damaging Fire moves them through exit 1.
// Exit 1 of room 6 and of room 7 is the corridor 6-7; exit 4 of room 6 leads to room 2; exit 1 of room 2 is the Technical Corridors.

describe('Event card', () => {
  it('the card drawn moves every Intruder of the kinds it names through the exit with its number', () => {
    const table = scenario({ players: 1 })
      .intruder('adult', 6)
      .intruder('creeper', 6)
      .intruder('breeder', 6)
      .stackEventCards(['damage'])
      .build();
    table.resolve({ kind: 'event-card' });
    expect(where(table)).toEqual([
      [1, 11],
      [2, 11],
      [3, 6],
    ]);
    expect(table.eventsOf('event-card')).toHaveLength(1);
  });

  it("the card's effect is told once the Intruders have moved, once for a card of several parts", () => {
    const table = scenario({ players: 1 })
      .intruder('adult', 6)
      .stackEventCards(['damaging-fire'])
      .build();
    table.resolve({ kind: 'event-card' });
    const types = table.events.map((event) => event.type);
    expect(table.tables.eventCards.get('damaging-fire')!.effect.kind).toBe('sequence');
    expect(table.eventsOf('event-effect')).toEqual([
      expect.objectContaining({ card: 'damaging-fire', audience: 'all' }),
    ]);
    expect(types.indexOf('event-effect')).toBeGreaterThan(types.indexOf('intruder-moves'));
  });

  it('a card to discard goes to the Event discard pile', () => {
    const table = scenario({ players: 1 }).stackEventCards(['lurking']).build();
    table.resolve({ kind: 'event-card' });
    expect(table.state.eventDeck.discardPile).toEqual(['lurking']);
  });

  it('a card marked for removal leaves the game and the discard pile is shuffled back into the deck', () => {
    const table = scenario({ players: 1 })
      .stackEventCards(['coolant-leak'])
      .with((state) => {
        state.eventDeck.drawPile = state.eventDeck.drawPile.filter(
          (card) => card !== 'hunt-1' && card !== 'nest',
        );
        state.eventDeck.discardPile.push('hunt-1', 'nest');
      })
      .build();
    const before = table.state.eventDeck.drawPile.length;
    table.resolve({ kind: 'event-card' });
    expect(table.state.eventsRemoved).toEqual(['coolant-leak']);
    expect(table.state.eventDeck.discardPile).toEqual([]);
    expect(table.state.eventDeck.drawPile).toEqual(expect.arrayContaining(['hunt-1', 'nest']));
    expect(table.state.eventDeck.drawPile).toHaveLength(before + 2);
  });

  it('a card marked to shuffle back returns to the deck', () => {
    const table = scenario({ players: 1 }).stackEventCards(['malfunction']).build();
    table.resolve({ kind: 'event-card' });
    expect(table.state.eventDeck.drawPile).toContain('malfunction');
    expect(table.state.eventDeck.discardPile).toEqual([]);
  });

  it('the discard pile is reshuffled when the Event deck runs out', () => {
    const table = scenario({ players: 1 })
      .with((state) => {
        state.eventDeck.discardPile.push(...state.eventDeck.drawPile);
        state.eventDeck.drawPile = [];
      })
      .build();
    table.resolve({ kind: 'event-card' });
    expect(table.eventsOf('event-card')).toHaveLength(1);
    const { drawPile, discardPile } = table.state.eventDeck;
    // The card drawn may be one that leaves the game.
    expect(drawPile.length + discardPile.length + table.state.eventsRemoved.length).toBe(
      table.tables.eventCards.size,
    );
  });
});

describe('Intruder movement', () => {
  it('an Intruder in Combat does not move', () => {
    const table = scenario({ players: 1 })
      .explored(6)
      .character('0', { room: 6 })
      .intruder('adult', 6)
      .build();
    table.resolve({ kind: 'intruder-movement', corridor: 4, movers: ['adult'] });
    expect(where(table)).toEqual([[1, 6]]);
  });

  it('Intruders move at the same time: two swapping rooms each move once', () => {
    const table = scenario({ players: 1 }).intruder('adult', 6).intruder('creeper', 7).build();
    table.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['creeper', 'adult'] });
    expect(where(table)).toEqual([
      [1, 7],
      [2, 6],
    ]);
  });

  it('an Intruder meeting a closed door does not move but destroys the door', () => {
    const table = scenario({ players: 1 }).intruder('adult', 6).door([6, 7], 'closed').build();
    table.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['adult'] });
    expect(where(table)).toEqual([[1, 6]]);
    expect(table.state.corridors[table.corridor(6, 7)]!.door).toBe('destroyed');
  });

  it('several Intruders moving from the same room destroy the closed door once and all stay', () => {
    const table = scenario({ players: 1 })
      .intruder('adult', 6)
      .intruder('adult', 6)
      .intruder('creeper', 6)
      .door([6, 7], 'closed')
      .build();
    table.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['creeper', 'adult'] });
    expect(where(table)).toEqual([
      [1, 6],
      [2, 6],
      [3, 6],
    ]);
    expect(table.eventsOf('door-destroyed')).toHaveLength(1);
  });

  it('an Intruder passes a destroyed door', () => {
    const table = scenario({ players: 1 }).intruder('adult', 6).door([6, 7], 'destroyed').build();
    table.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['adult'] });
    expect(where(table)).toEqual([[1, 7]]);
  });

  it('an Intruder entering the Technical Corridors disappears and its token returns to the bag', () => {
    const table = scenario({ players: 1 })
      .intruder('adult', 2, { injuries: 2 })
      .with((state) => {
        state.tokensInReserve = state.tokensInReserve.filter((token) => token !== 'adult-01');
        state.tokensAside.push('adult-01');
      })
      .build();
    const noise = table.state.technicalCorridorNoise;
    table.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['adult'] });
    expect(table.intruders()).toHaveLength(0);
    expect(table.state.bag.tokens).toContain('adult-01');
    expect(table.state.tokensAside).not.toContain('adult-01');
    expect(table.state.technicalCorridorNoise).toBe(noise);
  });

  it('an Intruder ending its move in an unexplored room stays there and the room stays hidden', () => {
    const table = scenario({ players: 1 }).intruder('adult', 6).build();
    const token = table.room(7).explorationToken;
    table.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['adult'] });
    expect(where(table)).toEqual([[1, 7]]);
    expect(table.room(7).explored).toBe(false);
    expect(table.room(7).explorationToken).toBe(token);
  });

  it('an Intruder moving into a room with a character is Combat, not an Encounter: no Surprise Attack', () => {
    const table = scenario({ players: 1 })
      .explored(7)
      .character('0', { room: 7, hand: 0 })
      .intruder('adult', 6)
      .firstEncounterDone()
      .build();
    const bag = [...table.state.bag.tokens];
    table.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['adult'] });
    expect(where(table)).toEqual([[1, 7]]);
    expect(table.eventsOf('surprise-attack')).toHaveLength(0);
    expect(table.eventsOf('intruder-attack')).toHaveLength(0);
    expect(table.state.bag.tokens).toEqual(bag);
  });

  it('no event moves Larvae', () => {
    const table = scenario({ players: 1 })
      .intruder('larva', 6)
      .stackEventCards(['damaging-fire'])
      .build();
    table.resolve({ kind: 'event-card' });
    expect(where(table)).toEqual([[1, 6]]);
  });
});
