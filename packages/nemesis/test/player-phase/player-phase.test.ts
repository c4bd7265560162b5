import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

describe('Player Phase', () => {
  it('each player draws up to 5 Action cards', () => {
    const table = scenario({ players: 3 }).build();
    expect(table.state.players.map((player) => player.hand.length)).toEqual([5, 5, 5]);
  });

  it('a player takes two actions, then the next player clockwise plays a round', () => {
    const table = scenario({ players: 2 }).explored(6, 8).build();
    const [first, second] = table.player('0').hand;
    table.take('0', { type: 'move', to: 6, cards: [first!] });
    expect(table.prompts()[0]!.seats).toEqual(['0']);
    table.take('0', { type: 'move', to: 11, cards: [second!] });
    expect(table.prompts()[0]!.seats).toEqual(['1']);
  });

  it('one action and pass ends the round at once', () => {
    const table = scenario({ players: 2 }).explored(6).build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    table.take('0', { type: 'pass', discard: [] });
    expect(table.player('0').passed).toBe(true);
    expect(table.prompts()[0]!.seats).toEqual(['1']);
  });

  it('a player who passed sits out every later round of the phase', () => {
    const table = scenario({ players: 3 }).explored(6, 8).build();
    table.take('0', { type: 'pass', discard: [] });
    table.take('1', { type: 'move', to: 6, cards: [table.player('1').hand[0]!] });
    table.take('1', { type: 'move', to: 11, cards: [table.player('1').hand[0]!] });
    table.take('2', { type: 'move', to: 8, cards: [table.player('2').hand[0]!] });
    table.take('2', { type: 'move', to: 11, cards: [table.player('2').hand[0]!] });
    expect(table.prompts()[0]!.seats).toEqual(['1']);
    expect(table.tryTake('0', { type: 'pass', discard: [] }).ok).toBe(false);
  });

  it('passing may discard any number of cards, Contamination cards included', () => {
    const table = scenario({ players: 1 })
      .character('0', { hand: ['captain-rest', 'contamination-20'] })
      .build();
    table.take('0', { type: 'pass', discard: ['captain-rest', 'contamination-20'] });
    expect(table.player('0').actionDeck.discardPile).toEqual(
      expect.arrayContaining(['captain-rest', 'contamination-20']),
    );
  });

  it('when every player has passed the Event Phase begins', () => {
    const table = scenario({ players: 2 }).stackBag(['blank']).build();
    table.take('0', { type: 'pass', discard: [] });
    table.take('1', { type: 'pass', discard: [] });
    expect(table.eventsOf('round').map((event) => event.round)).toEqual([2]);
    expect(table.state.time).toBe(1);
  });

  it('the First Player token passes to the left at the start of each later round', () => {
    const table = scenario({ players: 3 }).stackBag(['blank']).build();
    expect(table.state.firstPlayer).toBe(0);
    for (const seat of ['0', '1', '2']) table.take(seat, { type: 'pass', discard: [] });
    expect(table.state.firstPlayer).toBe(1);
    expect(table.prompts()[0]!.seats).toEqual(['1']);
  });

  it('a character who ends a round in a room with Fire suffers 1 Light Wound', () => {
    const table = scenario({ players: 2 })
      .room(6, { explored: true, fire: true })
      .room(11, { fire: true })
      .build();
    const [first, second] = table.player('0').hand;
    table.take('0', { type: 'move', to: 6, cards: [first!] });
    expect(table.player('0').lightWounds).toBe(0);
    table.take('0', { type: 'move', to: 11, cards: [second!] });
    expect(table.player('0').lightWounds).toBe(1);
  });

  it('a character who passes in a room with Fire takes no Fire wound', () => {
    const table = scenario({ players: 2 })
      .room(11, { fire: true })
      .explored(6)
      .stackBag(['blank'])
      .stackNoise([1])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    table.take('0', { type: 'pass', discard: [] });
    table.take('1', { type: 'pass', discard: [] });
    expect(table.player('0').lightWounds).toBe(0);
    expect(table.player('1').lightWounds).toBe(0);
  });
});

describe('Costs', () => {
  it('a Basic Action discards 1 Action card', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const card = table.player('0').hand[0]!;
    table.take('0', { type: 'move', to: 6, cards: [card] });
    expect(table.player('0').hand).toHaveLength(4);
    expect(table.player('0').actionDeck.discardPile).toEqual([card]);
  });

  it('Careful Movement discards 2 cards', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const [first, second] = table.player('0').hand;
    const noise = table.corridor(6, 7);
    // One card named, a second is still asked for.
    const after = table.answers('0', { type: 'careful-move', to: 6, noise, cards: [first!] });
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((answer) => answer.type === 'card')).toBe(true);
    table.take('0', { type: 'careful-move', to: 6, noise, cards: [first!, second!] });
    expect(table.player('0').hand).toHaveLength(3);
    expect(table.player('0').actionDeck.discardPile).toEqual([first, second]);
  });
  it('Contamination cards never pay a cost', () => {
    const table = scenario({ players: 1 })
      .character('0', { hand: ['contamination-01', 'captain-rest', 'captain-search-1'] })
      .explored(6)
      .build();
    table.act('0', { type: 'move' });
    table.act('0', { type: 'room', room: 6 });
    expect(table.legal('0')).not.toContainEqual({ type: 'card', card: 'contamination-01' });
    const refused = table.tryAct('0', { type: 'card', card: 'contamination-01' });
    expect(refused.ok ? '' : refused.rejection.code).toBe('contamination-cannot-pay');
  });
  it('a refused action leaves the state byte-identical', () => {
    const table = scenario({ players: 2 }).build();
    const refuseAll = (answers: unknown[]) => {
      const before = JSON.stringify(table.state);
      for (const answer of answers) {
        expect(table.tryAct('0', answer).ok).toBe(false);
        expect(table.tryAct('1', answer).ok).toBe(false);
      }
      expect(JSON.stringify(table.state)).toBe(before);
    };
    // At the start of the turn: nothing to shoot, an answer with no question, nonsense.
    refuseAll([
      { type: 'shoot' },
      { type: 'room', room: 6 },
      { type: 'choose-objective', keep: 'x' },
      { type: 'fly' },
      { type: 'move', to: 6 },
    ]);
    // Choosing a room: no such room, one not next door, another action, a card.
    table.act('0', { type: 'move' });
    refuseAll([
      { type: 'room', room: 99 },
      { type: 'room', room: 1 },
      { type: 'pass' },
      { type: 'card', card: table.player('0').hand[0] },
    ]);
    // Paying: a card not in hand, a room.
    table.act('0', { type: 'room', room: 6 });
    refuseAll([{ type: 'card', card: 'not-a-card' }, { type: 'room', room: 6 }, { type: 'done' }]);
  });
});

// Characters start in room 11 (Hibernatorium), next to rooms 6, 8, 14 and 15; room 8 is next to room 7.
const quiet = Array.from({ length: 12 }, () => 'silence' as const);

function move(table: ScenarioTable, seat: string, to: number): void {
  table.take(seat, { type: 'move', to, cards: [table.player(seat).hand[0]!] });
}

describe('Player Phase', () => {
  it('each Player Phase fills the hand up to 5 Action cards, not 5 more', () => {
    const table = scenario({ players: 1 })
      .explored(6)
      .stackNoise(quiet)
      .stackBag(['blank'])
      .build();
    move(table, '0', 6);
    const kept = table.player('0').hand.slice(1);
    // Alone at the table, the pass ends the round: the Event Phase runs and the next Player Phase draws.
    table.take('0', { type: 'pass', discard: [table.player('0').hand[0]!] });
    expect(table.state.round).toBe(2);
    expect(table.player('0').hand).toHaveLength(5);
    expect(table.player('0').hand).toEqual(expect.arrayContaining(kept));
    expect(table.player('0').actionDeck.drawPile).toHaveLength(3);
  });

  it('a full hand draws nothing', () => {
    const table = scenario({ players: 1 }).stackBag(['blank']).build();
    const hand = [...table.player('0').hand];
    table.take('0', { type: 'pass', discard: [] });
    expect(table.player('0').hand).toEqual(hand);
    expect(table.player('0').actionDeck.drawPile).toHaveLength(5);
  });

  it('discarding is optional when passing: the hand is kept', () => {
    const table = scenario({ players: 2 }).build();
    const hand = [...table.player('0').hand];
    table.take('0', { type: 'pass', discard: [] });
    expect(table.player('0').hand).toEqual(hand);
    expect(table.player('0').actionDeck.discardPile).toEqual([]);
  });

  it('a player may pass after one action, discarding cards as they pass', () => {
    const table = scenario({ players: 2 }).explored(6).stackNoise(quiet).build();
    move(table, '0', 6);
    const [first, second] = table.player('0').hand;
    table.take('0', { type: 'pass', discard: [first!, second!] });
    expect(table.player('0').hand).toHaveLength(2);
    expect(table.player('0').actionDeck.discardPile).toHaveLength(3);
    expect(table.prompts()[0]!.seats).toEqual(['1']);
  });

  it('a third action in one round is not possible: after two the next player plays', () => {
    const table = scenario({ players: 2 }).explored(6).stackNoise(quiet).build();
    move(table, '0', 6);
    move(table, '0', 11);
    const third = table.tryTake('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(third.ok ? '' : third.rejection.code).toBe('not-your-turn');
    expect(table.player('0').hand).toHaveLength(3);
  });

  it('rounds repeat in clockwise order until every player has passed', () => {
    const table = scenario({ players: 2 }).explored(6, 8).stackNoise(quiet).build();
    move(table, '0', 6);
    move(table, '0', 11);
    move(table, '1', 8);
    move(table, '1', 11);
    expect(table.prompts()[0]!.seats).toEqual(['0']);
    expect(table.state.phase).toBe('player');
    table.take('0', { type: 'pass', discard: [] });
    expect(table.prompts()[0]!.seats).toEqual(['1']);
  });

  it('a character suffers the Fire wound at the end of each round they end in a burning room', () => {
    const table = scenario({ players: 2 })
      .explored(6, 7, 8)
      .room(6, { fire: true })
      .room(11, { fire: true })
      .character('1', { room: 8 })
      .stackNoise(quiet)
      .build();
    move(table, '0', 6);
    move(table, '0', 11);
    expect(table.player('0').lightWounds).toBe(1);
    move(table, '1', 7);
    move(table, '1', 8);
    move(table, '0', 6);
    expect(table.player('0').lightWounds).toBe(1);
    move(table, '0', 11);
    expect(table.player('0').lightWounds).toBe(2);
    expect(table.player('1').lightWounds).toBe(0);
  });

  it('one action and pass in a burning room: no Fire wound', () => {
    const table = scenario({ players: 2 })
      .room(6, { explored: true, fire: true })
      .stackNoise(quiet)
      .build();
    move(table, '0', 6);
    table.take('0', { type: 'pass', discard: [] });
    expect(table.player('0').lightWounds).toBe(0);
  });

  it('a character who passed takes no Fire wound while the others play on', () => {
    const table = scenario({ players: 2 })
      .explored(7, 8)
      .room(11, { fire: true })
      .character('1', { room: 8 })
      .stackNoise(quiet)
      .build();
    table.take('0', { type: 'pass', discard: [] });
    move(table, '1', 7);
    move(table, '1', 8);
    expect(table.prompts()[0]!.seats).toEqual(['1']);
    move(table, '1', 7);
    move(table, '1', 8);
    expect(table.player('0').lightWounds).toBe(0);
    expect(table.eventsOf('light-wound')).toHaveLength(0);
  });
});

describe('Costs', () => {
  it('Careful Movement discards 2 Action cards', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const [first, second] = table.player('0').hand;
    const noise = table.corridor(6, 7);
    table.take('0', { type: 'careful-move', to: 6, noise, cards: [first!, second!] });
    expect(table.player('0').actionDeck.discardPile).toEqual([first, second]);
    expect(table.player('0').hand).toHaveLength(3);
  });

  it('a Basic Action takes one card: a second is never asked for', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const [first] = table.player('0').hand;
    table.take('0', { type: 'move', to: 6, cards: [first!] });
    expect(table.player('0').hand).toHaveLength(4);
    expect(table.prompts()[0]!.answer).toBe('choose-action');
  });
  it('Contamination cards cannot pay for Careful Movement either', () => {
    const table = scenario({ players: 1 })
      .character('0', { hand: ['captain-rest', 'contamination-01', 'contamination-02'] })
      .explored(6)
      .build();
    const outcome = table.tryTake('0', {
      type: 'careful-move',
      to: 6,
      noise: table.corridor(6, 7),
      cards: ['captain-rest', 'contamination-01'],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('wrong-cost');
    expect(table.legal('0')).not.toContainEqual({ type: 'careful-move' });
  });
});
