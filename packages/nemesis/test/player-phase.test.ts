import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

describe('Player Phase', () => {
  it('each player draws up to 5 Action cards', () => {
    const table = scenario({ players: 3 }).build();
    expect(table.state.players.map((player) => player.hand.length)).toEqual([5, 5, 5]);
  });

  it('a player takes two actions, then the next player clockwise plays a round', () => {
    const table = scenario({ players: 2 }).explored(6, 8).build();
    const [first, second] = table.player('0').hand;
    table.act('0', { type: 'move', to: 6, cards: [first!] });
    expect(table.prompts()[0]!.seats).toEqual(['0']);
    table.act('0', { type: 'move', to: 11, cards: [second!] });
    expect(table.prompts()[0]!.seats).toEqual(['1']);
  });

  it('one action and pass ends the round at once', () => {
    const table = scenario({ players: 2 }).explored(6).build();
    table.act('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    table.act('0', { type: 'pass', discard: [] });
    expect(table.player('0').passed).toBe(true);
    expect(table.prompts()[0]!.seats).toEqual(['1']);
  });

  it('a player who passed sits out every later round of the phase', () => {
    const table = scenario({ players: 3 }).explored(6, 8).build();
    table.act('0', { type: 'pass', discard: [] });
    table.act('1', { type: 'move', to: 6, cards: [table.player('1').hand[0]!] });
    table.act('1', { type: 'move', to: 11, cards: [table.player('1').hand[0]!] });
    table.act('2', { type: 'move', to: 8, cards: [table.player('2').hand[0]!] });
    table.act('2', { type: 'move', to: 11, cards: [table.player('2').hand[0]!] });
    expect(table.prompts()[0]!.seats).toEqual(['1']);
    expect(table.tryAct('0', { type: 'pass', discard: [] }).ok).toBe(false);
  });

  it('passing may discard any number of cards, Contamination cards included', () => {
    const table = scenario({ players: 1 })
      .character('0', { hand: ['captain-rest', 'contamination-20'] })
      .build();
    table.act('0', { type: 'pass', discard: ['captain-rest', 'contamination-20'] });
    expect(table.player('0').actionDeck.discardPile).toEqual(
      expect.arrayContaining(['captain-rest', 'contamination-20']),
    );
  });

  it('when every player has passed the Event Phase begins', () => {
    const table = scenario({ players: 2 }).stackBag(['blank']).build();
    table.act('0', { type: 'pass', discard: [] });
    table.act('1', { type: 'pass', discard: [] });
    expect(table.eventsOf('round').map((event) => event.round)).toEqual([2]);
    expect(table.state.time).toBe(1);
  });

  it('the First Player token passes to the left at the start of each later round', () => {
    const table = scenario({ players: 3 }).stackBag(['blank']).build();
    expect(table.state.firstPlayer).toBe(0);
    for (const seat of ['0', '1', '2']) table.act(seat, { type: 'pass', discard: [] });
    expect(table.state.firstPlayer).toBe(1);
    expect(table.prompts()[0]!.seats).toEqual(['1']);
  });

  it('a character who ends a round in a room with Fire suffers 1 Light Wound', () => {
    const table = scenario({ players: 2 })
      .room(6, { explored: true, fire: true })
      .room(11, { fire: true })
      .build();
    const [first, second] = table.player('0').hand;
    table.act('0', { type: 'move', to: 6, cards: [first!] });
    expect(table.player('0').lightWounds).toBe(0);
    table.act('0', { type: 'move', to: 11, cards: [second!] });
    expect(table.player('0').lightWounds).toBe(1);
  });

  it('a character who passes in a room with Fire takes no Fire wound', () => {
    const table = scenario({ players: 2 })
      .room(11, { fire: true })
      .explored(6)
      .stackBag(['blank'])
      .stackNoise([1])
      .build();
    table.act('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    table.act('0', { type: 'pass', discard: [] });
    table.act('1', { type: 'pass', discard: [] });
    expect(table.player('0').lightWounds).toBe(0);
    expect(table.player('1').lightWounds).toBe(0);
  });
});

describe('Costs', () => {
  it('a Basic Action discards 1 Action card', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const card = table.player('0').hand[0]!;
    table.act('0', { type: 'move', to: 6, cards: [card] });
    expect(table.player('0').hand).toHaveLength(4);
    expect(table.player('0').actionDeck.discardPile).toEqual([card]);
  });

  it('Careful Movement discards 2 cards', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const [first] = table.player('0').hand;
    const noise = table.corridor(6, 7);
    const refused = table.tryAct('0', { type: 'careful-move', to: 6, noise, cards: [first!] });
    expect(refused.ok ? '' : refused.rejection.code).toBe('wrong-cost');
  });

  it('Contamination cards never pay a cost', () => {
    const table = scenario({ players: 1 })
      .character('0', { hand: ['contamination-01', 'captain-rest'] })
      .explored(6)
      .build();
    const refused = table.tryAct('0', { type: 'move', to: 6, cards: ['contamination-01'] });
    expect(refused.ok ? '' : refused.rejection.code).toBe('contamination-cannot-pay');
    expect(
      table
        .legal('0')
        .filter((action) => action.type === 'move')
        .every((action) => !('cards' in action) || !action.cards.includes('contamination-01')),
    ).toBe(true);
  });

  it('a refused action leaves the state byte-identical', () => {
    const table = scenario({ players: 2 }).build();
    const before = JSON.stringify(table.state);
    for (const action of [
      { type: 'move', to: 99, cards: [] },
      { type: 'move', to: 6, cards: ['not-a-card'] },
      { type: 'careful-move', to: 6, noise: 9999, cards: [] },
      { type: 'shoot', weapon: 'six-shooter', target: 42, cards: [] },
      { type: 'pass', discard: ['ghost'] },
      { type: 'choose-objective', keep: 'x' },
      { type: 'fly' },
    ]) {
      expect(table.tryAct('0', action).ok).toBe(false);
      expect(table.tryAct('1', action).ok).toBe(false);
    }
    expect(JSON.stringify(table.state)).toBe(before);
  });
});
