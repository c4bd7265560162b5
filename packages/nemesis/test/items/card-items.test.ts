import { nemesisInvariants } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { useItem } from './item-step.js';

// Seat 0 is the Captain, seat 1 the Soldier; both start in the Hibernatorium (room 11).

describe('Items: the Military Drugs', () => {
  it('discard any number of cards, Contamination included, then draw that many plus one', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', 'captain-order', 'contamination-01'] })
      .build();
    useItem(table, '0', 'military-drugs');
    expect(table.legal('0')).toEqual([
      { type: 'done' },
      { type: 'card', card: 'captain-rest' },
      { type: 'card', card: 'captain-order' },
      { type: 'card', card: 'contamination' },
    ]);
    table.act('0', { type: 'card', card: 'contamination' });
    table.act('0', { type: 'card', card: 'captain-rest' });
    table.act('0', { type: 'done' });
    const { hand, actionDeck } = table.player('0');
    expect(hand).toHaveLength(1 + 3);
    expect(hand[0]).toBe('captain-order');
    expect(actionDeck.discardPile).toEqual(['contamination-01', 'captain-rest']);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('discarding nothing still draws one', () => {
    const table = scenario({ players: 2 }).character('0', { hand: 2 }).build();
    useItem(table, '0', 'military-drugs');
    table.act('0', { type: 'done' });
    expect(table.player('0').hand).toHaveLength(3);
  });

  it('discarding the whole hand draws at once, one more than discarded', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest'] })
      .build();
    useItem(table, '0', 'military-drugs');
    table.act('0', { type: 'card', card: 'captain-rest' });
    expect(table.player('0').hand).toHaveLength(2);
  });
});

describe('Items: the Adrenaline Injection', () => {
  it('draws a card, and this round the player takes any number of actions', () => {
    const table = scenario({ players: 2 }).character('1', { room: 14 }).turn('0', 1).build();
    useItem(table, '0', 'adrenaline-injection');
    expect(table.player('0').hand).toHaveLength(6);
    // A second action, then a third: the round goes on.
    for (let count = 0; count < 2; count++) {
      table.take('0', {
        type: 'move',
        to: count === 0 ? 6 : 11,
        cards: [table.player('0').hand[0]!],
      });
      expect(table.prompts()[0]).toMatchObject({ seats: ['0'], answer: 'choose-action' });
    }
    expect(table.legal('0')).toContainEqual({ type: 'move' });
  });

  it('the round ends only when the player passes; then the next player plays', () => {
    const table = scenario({ players: 2 }).character('1', { room: 14 }).turn('0', 2).build();
    useItem(table, '0', 'adrenaline-injection');
    expect(table.prompts()[0]).toMatchObject({ seats: ['0'], answer: 'choose-action' });
    table.take('0', { type: 'pass' });
    expect(table.player('0').passed).toBe(true);
    expect(table.prompts()[0]).toMatchObject({ seats: ['1'], answer: 'choose-action' });
  });

  it('without it, two actions end the round', () => {
    const table = scenario({ players: 2 }).character('1', { room: 14 }).turn('0', 2).build();
    table.resolve({
      kind: 'effect',
      seat: '0',
      effect: { kind: 'remove-slime' },
      room: 11,
      chosen: null,
      source: 'a test',
    });
    expect(table.prompts()[0]).toMatchObject({ seats: ['1'] });
  });
});

describe('Items: Alcohol', () => {
  // Which Contamination cards are INFECTED is dealt each game: the scenario sets contamination-01's side.
  function drinker(infected: boolean) {
    return scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', 'contamination-01', 'contamination-02'] })
      .with((state, tables) => {
        const set = new Set(state.infectedContamination);
        if (infected && !set.has('contamination-01')) {
          set.delete([...set][0]!);
          set.add('contamination-01');
        }
        if (!infected && set.has('contamination-01')) {
          set.delete('contamination-01');
          set.add(
            [...tables.contamination.keys()].find(
              (card) => !set.has(card) && card !== 'contamination-01',
            )!,
          );
        }
        state.infectedContamination = [...set].sort();
      });
  }

  it('scans one Contamination card of your choice and removes it from the game', () => {
    const table = drinker(false).build();
    useItem(table, '0', 'alcohol');
    // Unscanned, the two cards look alike to their owner: one answer, the first card in hand.
    expect(table.legal('0')).toEqual([{ type: 'card', card: 'contamination' }]);
    table.act('0', { type: 'card', card: 'contamination' });
    expect(table.player('0').hand).toEqual(['captain-rest', 'contamination-02']);
    expect(table.state.contaminationRemoved).toEqual(['contamination-01']);
    expect(table.player('0').actionDeck.discardPile).toEqual([]);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('an INFECTED card scanned brings a new Contamination card', () => {
    const table = drinker(true).build();
    useItem(table, '0', 'alcohol');
    table.act('0', { type: 'card', card: 'contamination-01' });
    expect(table.state.contaminationRemoved).toEqual(['contamination-01']);
    const discarded = table.player('0').actionDeck.discardPile;
    expect(discarded).toHaveLength(1);
    expect(table.tables.contamination.has(discarded[0]!)).toBe(true);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });

  it('is of no use without a Contamination card in hand', () => {
    const table = scenario({ players: 2 }).build();
    useItem(table, '0', 'alcohol');
    expect(table.eventsOf('effect-skipped')).toHaveLength(1);
  });
});

describe('Items: the Antidote', () => {
  it('one new Contamination card is shuffled into the Action deck with the discard pile; then you pass', () => {
    const table = scenario({ players: 2 }).character('0', { larva: true }).turn('0').build();
    const player = table.player('0');
    const card = player.actionDeck.drawPile.pop()!;
    player.actionDeck.discardPile.push(card);
    const before = player.actionDeck.drawPile.length;
    useItem(table, '0', 'antidote');
    expect(player.larva).toBe(false);
    expect(player.actionDeck.discardPile).toEqual([]);
    expect(player.actionDeck.drawPile).toHaveLength(before + 2);
    expect(player.actionDeck.drawPile).toContain(card);
    expect(
      player.actionDeck.drawPile.filter((candidate) => table.tables.contamination.has(candidate)),
    ).toHaveLength(1);
    expect(player.passed).toBe(true);
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });
});

describe('Items: the Orbital Maneuvering System', () => {
  it('everyone passes at once and the Player Phase ends', () => {
    const table = scenario({ players: 3 }).firstEncounterDone().turn('0', 1).build();
    useItem(table, '0', 'orbital-maneuvering-system');
    const log = table.events.map((event) => event.type);
    expect(log.indexOf('orbital-maneuver')).toBeLessThan(log.indexOf('event-phase'));
    // Nobody else played a round between the two.
    const between = table.events.slice(log.indexOf('orbital-maneuver'), log.indexOf('event-phase'));
    expect(between.filter((event) => event.type === 'pass' || event.type === 'move')).toEqual([]);
    expect(table.state.round).toBe(2);
  });

  it('this Event Phase skips the Intruder Attack step, and the next one attacks again', () => {
    const table = scenario({ players: 2 })
      .firstEncounterDone()
      .intruder('adult', 11)
      .turn('0', 1)
      .build();
    useItem(table, '0', 'orbital-maneuvering-system');
    expect(table.eventsOf('no-intruder-attacks')).toHaveLength(1);
    expect(table.eventsOf('intruder-attack')).toEqual([]);
    expect(table.state.skipIntruderAttacks).toBe(false);
    // Round 2: everyone passes, and the Intruder in Combat attacks as usual.
    while (table.prompts()[0]?.answer === 'choose-action')
      table.take(table.prompts()[0]!.seats[0]!, { type: 'pass' });
    expect(table.eventsOf('intruder-attack').length).toBeGreaterThan(0);
  });

  it('the skip is public: every view shows it until the Event Phase', () => {
    const table = scenario({ players: 2 }).turn('0', 1).build();
    table.state.skipIntruderAttacks = true;
    expect(table.view('1').skipIntruderAttacks).toBe(true);
    expect(table.view('spectator').skipIntruderAttacks).toBe(true);
  });
});
