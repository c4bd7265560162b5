import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Seat 0 stands in room 11 with the Intruder; seat 1 waits in room 8 unless said otherwise.
function alone() {
  return scenario({ players: 2 }).explored(8).character('1', { room: 8 });
}
const contamination = (cards: readonly string[]) =>
  cards.filter((card) => card.startsWith('contamination'));

describe('Choosing the target', () => {
  it('only characters in the Intruder’s room are targets, however few cards the others hold', () => {
    const table = alone()
      .character('0', { hand: 4 })
      .character('1', { hand: 0 })
      .intruder('adult', 11)
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'intruder-attacks' });
    expect(table.eventsOf('intruder-attack')).toMatchObject([{ seat: '0' }]);
  });
});

describe('Resolving the attack card', () => {
  it('Scratch: 1 Light Wound and 1 Contamination card into the Action discard pile', () => {
    const table = alone()
      .intruder('creeper', 11)
      .stackAttackCards(['scratch-2'])
      .stackContamination(['contamination-15'])
      .build();
    const hand = [...table.player('0').hand];
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').lightWounds).toBe(1);
    expect(table.player('0').seriousWounds).toHaveLength(0);
    expect(table.player('0').actionDeck.discardPile).toEqual(['contamination-15']);
    expect(table.player('0').hand).toEqual(hand);
  });

  it('a card showing only the Queen misses an Adult', () => {
    const table = alone()
      .intruder('adult', 11)
      .character('0', { seriousWounds: 1 })
      .stackAttackCards(['tail-2'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.eventsOf('intruder-attack')).toMatchObject([{ card: 'tail-2', hit: false }]);
    expect(table.player('0').status).toBe('active');
    expect(table.player('0').seriousWounds).toHaveLength(1);
    expect(table.state.attackDeck.discardPile).toEqual(['tail-2']);
  });

  it('the blood corner plays no part in an attack: a card with the Retreat arrow still strikes and nobody flees', () => {
    const table = alone()
      .intruder('adult', 11)
      .stackAttackCards(['claw-4'])
      .stackEventCards(['hunt-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').lightWounds).toBe(2);
    expect(table.intruders(11)).toHaveLength(1);
    expect(table.state.eventDeck.top).toEqual(['hunt-1']);
  });

  it('Claw on a character with two Light Wounds: the third becomes Serious, the fourth stays Light', () => {
    const table = alone()
      .intruder('adult', 11)
      .character('0', { lightWounds: 2 })
      .stackAttackCards(['claw-2'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').lightWounds).toBe(1);
    expect(table.player('0').seriousWounds).toHaveLength(1);
    expect(contamination(table.player('0').actionDeck.discardPile)).toHaveLength(1);
  });

  it('the discard pile reshuffled into a new deck still hands out every card once', () => {
    const table = alone()
      .intruder('adult', 11)
      .with((state) => {
        const deck = state.attackDeck;
        deck.discardPile.push(...deck.drawPile.splice(0));
      })
      .character('0', { hand: 5 })
      .build();
    for (let attack = 0; attack < 3; attack++) {
      table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
      if (table.player('0').status !== 'active') break;
    }
    const deck = table.state.attackDeck;
    const all = [...deck.drawPile, ...deck.top, ...deck.discardPile].sort();
    expect(all).toEqual([...table.tables.attackCards.keys()].sort());
    expect(deck.discardPile.length).toBeGreaterThan(0);
  });
});

describe('Larva infest', () => {
  it('a Larva in the Event Phase climbs onto its target; a second Larva then only contaminates', () => {
    const table = alone()
      .intruder('larva', 11)
      .intruder('larva', 11)
      .stackAttackCards(['bite-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'intruder-attacks' });
    expect(table.player('0').larva).toBe(true);
    expect(table.intruders(11)).toHaveLength(1);
    expect(table.eventsOf('larva-attack').map((event) => event.infested)).toEqual([true, false]);
    expect(contamination(table.player('0').actionDeck.discardPile)).toHaveLength(2);
    expect(table.state.attackDeck.top).toEqual(['bite-1']);
  });
});
