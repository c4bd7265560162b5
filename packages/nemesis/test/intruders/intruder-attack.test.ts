import { nemesisInvariants } from '@tabletop/nemesis';
import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { attackTarget } from '../../src/intruders/intruder-attack.js';

// Characters start in room 11; room 6 and room 8 are its neighbours.
const game = (table: ScenarioTable) => ({ state: table.state, tables: table.tables, events: [] });

describe('Choosing the target', () => {
  it('the Intruder attacks the character with the fewest cards in hand', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: 3 })
      .character('1', { hand: 2 })
      .build();
    expect(attackTarget(game(table), 11)?.seat).toBe('1');
  });

  it('Contamination cards in hand count too', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: 2 })
      .character('1', { hand: ['soldier-rest', 'contamination-09', 'contamination-10'] })
      .build();
    // Seat 1 holds 1 Action card and 2 Contamination cards: 3 against 2.
    expect(attackTarget(game(table), 11)?.seat).toBe('0');
  });

  it('a tie goes to the First Player', () => {
    const table = scenario({ players: 2, firstPlayer: 1 })
      .character('0', { hand: 3 })
      .character('1', { hand: 3 })
      .build();
    expect(attackTarget(game(table), 11)?.seat).toBe('1');
  });

  it('a tie without the First Player goes to the next in turn order', () => {
    const table = scenario({ players: 3, firstPlayer: 1 })
      .character('0', { hand: 2 })
      .character('1', { room: 8 })
      .character('2', { hand: 2 })
      .build();
    expect(attackTarget(game(table), 11)?.seat).toBe('2');
  });

  it('nobody in the room, no target', () => {
    const table = scenario({ players: 1 }).build();
    expect(attackTarget(game(table), 6)).toBeNull();
  });
});

function alone() {
  return scenario({ players: 2 }).explored(6).character('1', { room: 6 });
}

describe('Resolving the attack card', () => {
  it('misses when the card does not show the attacking Intruder', () => {
    const table = alone().intruder('creeper', 11).stackAttackCards(['bite-1']).build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').seriousWounds).toHaveLength(0);
    expect(table.state.attackDeck.discardPile).toEqual(['bite-1']);
  });

  it('Bite: one Serious Wound', () => {
    const table = alone()
      .intruder('adult', 11)
      .character('0', { seriousWounds: 1 })
      .stackAttackCards(['bite-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').seriousWounds).toHaveLength(2);
    expect(table.player('0').status).toBe('active');
  });

  it('Bite kills a target with two Serious Wounds', () => {
    const table = alone()
      .intruder('adult', 11)
      .character('0', { seriousWounds: 2 })
      .stackAttackCards(['bite-2'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').status).toBe('dead');
    expect(table.room(11).objects).toEqual(['corpse']);
  });

  it('Tail Attack kills a target with one Serious Wound', () => {
    const table = alone()
      .intruder('queen', 11)
      .character('0', { seriousWounds: 1 })
      .stackAttackCards(['tail-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').status).toBe('dead');
  });

  it('Claw Attack: two Light Wounds and a Contamination card', () => {
    const table = alone()
      .intruder('adult', 11)
      .stackAttackCards(['claw-1'])
      .stackContamination(['contamination-12'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').lightWounds).toBe(2);
    expect(table.player('0').actionDeck.discardPile).toEqual(['contamination-12']);
  });

  it('a third Light Wound becomes a Serious Wound', () => {
    const table = alone()
      .intruder('adult', 11)
      .character('0', { lightWounds: 2 })
      .stackAttackCards(['scratch-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').lightWounds).toBe(0);
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });

  it('Frenzy strikes everyone in the room', () => {
    const table = scenario({ players: 3 })
      .explored(6)
      .character('2', { room: 6 })
      .character('1', { seriousWounds: 2 })
      .intruder('breeder', 11)
      .stackAttackCards(['frenzy-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').seriousWounds).toHaveLength(1);
    expect(table.player('1').status).toBe('dead');
    expect(table.player('2').seriousWounds).toHaveLength(0);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('Slime: a Slime marker and a Contamination card', () => {
    const table = alone().intruder('creeper', 11).stackAttackCards(['slime-1']).build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').slime).toBe(true);
    expect(
      table.player('0').actionDeck.discardPile.filter((card) => card.startsWith('contamination')),
    ).toHaveLength(1);
  });

  it('Transformation: the Creeper becomes a Breeder', () => {
    const table = alone()
      .intruder('creeper', 11, { injuries: 1 })
      .stackAttackCards(['transformation-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.intruders(11)).toEqual([{ id: 1, kind: 'breeder', room: 11, injuries: 1 }]);
    // The target holds cards, so no Surprise Attack follows.
    expect(table.state.attackDeck.discardPile).toEqual(['transformation-1']);
  });

  it('Transformation: a Surprise Attack follows if the target holds no cards', () => {
    const table = alone()
      .intruder('creeper', 11)
      .character('0', { hand: 0 })
      .stackAttackCards(['transformation-2', 'claw-2'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.intruders(11)[0]!.kind).toBe('breeder');
    expect(table.player('0').lightWounds).toBe(2);
  });

  it('Transformation does nothing when no Breeder miniature is left', () => {
    const table = alone()
      .intruder('creeper', 11)
      .intruder('breeder', 6)
      .intruder('breeder', 6)
      .character('0', { hand: 0 })
      .stackAttackCards(['transformation-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.intruders(11)[0]!.kind).toBe('creeper');
    expect(table.state.attackDeck.discardPile).toEqual(['transformation-1']);
  });

  it('Summoning: the Intruder drawn from the bag joins the attacker and does not attack now', () => {
    const table = alone()
      .intruder('creeper', 11)
      .stackAttackCards(['summoning-1'])
      .stackBag(['adult-05'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.intruders(11).map((intruder) => intruder.kind)).toEqual(['creeper', 'adult']);
    expect(table.state.tokensAside).toContain('adult-05');
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
    expect(table.state.attackDeck.discardPile).toEqual(['summoning-1']);
    expect(table.player('0').lightWounds + table.player('0').seriousWounds.length).toBe(0);
  });

  it('Summoning a Blank token puts it back in the bag', () => {
    const table = alone()
      .intruder('creeper', 11)
      .stackAttackCards(['summoning-1'])
      .stackBag(['blank'])
      .build();
    const before = table.state.bag.tokens.length;
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.intruders()).toHaveLength(1);
    expect(table.state.bag.tokens).toContain('blank');
    expect(table.state.bag.tokens).toHaveLength(before);
  });

  it('the discard pile is reshuffled when the deck runs out', () => {
    const table = alone()
      .intruder('adult', 11)
      .with((state) => {
        const deck = state.attackDeck;
        deck.discardPile.push(...deck.drawPile.splice(0));
      })
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.eventsOf('intruder-attack')).toHaveLength(1);
    expect(table.state.attackDeck.drawPile).toHaveLength(19);
    expect(table.state.attackDeck.discardPile).toHaveLength(1);
  });

  it('an attack on a character who is no longer in the room does nothing', () => {
    const table = alone()
      .intruder('adult', 11)
      .character('0', { room: 8 })
      .stackAttackCards(['bite-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: true });
    expect(table.eventsOf('intruder-attack')).toHaveLength(0);
    expect(table.state.attackDeck.top).toEqual(['bite-1']);
  });
});

describe('Larva infest', () => {
  it('the Larva leaves the board for the target’s board, with a Contamination card and no attack card', () => {
    const table = alone().intruder('larva', 11).stackAttackCards(['bite-1']).build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').larva).toBe(true);
    expect(table.intruders()).toHaveLength(0);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
    expect(
      table.player('0').actionDeck.discardPile.filter((card) => card.startsWith('contamination')),
    ).toHaveLength(1);
    expect(table.state.attackDeck.top).toEqual(['bite-1']);
  });

  it('a second Larva gives only a Contamination card and stays on the board', () => {
    const table = alone().intruder('larva', 11).character('0', { larva: true }).build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    expect(table.player('0').larva).toBe(true);
    expect(table.intruders(11)).toHaveLength(1);
    expect(
      table.player('0').actionDeck.discardPile.filter((card) => card.startsWith('contamination')),
    ).toHaveLength(1);
  });
});

// Seat 0 stands in room 11 with the Intruder; seat 1 waits in room 8 unless said otherwise.
function aloneWithOthersAway() {
  return scenario({ players: 2 }).explored(8).character('1', { room: 8 });
}
const contamination = (cards: readonly string[]) =>
  cards.filter((card) => card.startsWith('contamination'));

describe('Choosing the target', () => {
  it('only characters in the Intruder’s room are targets, however few cards the others hold', () => {
    const table = aloneWithOthersAway()
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
    const table = aloneWithOthersAway()
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
    const table = aloneWithOthersAway()
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
    const table = aloneWithOthersAway()
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
    const table = aloneWithOthersAway()
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
    const table = aloneWithOthersAway()
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
    const table = aloneWithOthersAway()
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
