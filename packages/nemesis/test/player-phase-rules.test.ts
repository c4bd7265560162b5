import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Characters start in room 11 (Hibernatorium), next to rooms 6, 8, 14 and 15; room 8 is next to room 7.
const quiet = Array.from({ length: 12 }, () => 'silence' as const);

function move(table: ScenarioTable, seat: string, to: number): void {
  table.act(seat, { type: 'move', to, cards: [table.player(seat).hand[0]!] });
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
    table.act('0', { type: 'pass', discard: [table.player('0').hand[0]!] });
    expect(table.state.round).toBe(2);
    expect(table.player('0').hand).toHaveLength(5);
    expect(table.player('0').hand).toEqual(expect.arrayContaining(kept));
    expect(table.player('0').actionDeck.drawPile).toHaveLength(3);
  });

  it('a full hand draws nothing', () => {
    const table = scenario({ players: 1 }).stackBag(['blank']).build();
    const hand = [...table.player('0').hand];
    table.act('0', { type: 'pass', discard: [] });
    expect(table.player('0').hand).toEqual(hand);
    expect(table.player('0').actionDeck.drawPile).toHaveLength(5);
  });

  it('discarding is optional when passing: the hand is kept', () => {
    const table = scenario({ players: 2 }).build();
    const hand = [...table.player('0').hand];
    table.act('0', { type: 'pass', discard: [] });
    expect(table.player('0').hand).toEqual(hand);
    expect(table.player('0').actionDeck.discardPile).toEqual([]);
  });

  it('a player may pass after one action, discarding cards as they pass', () => {
    const table = scenario({ players: 2 }).explored(6).stackNoise(quiet).build();
    move(table, '0', 6);
    const [first, second] = table.player('0').hand;
    table.act('0', { type: 'pass', discard: [first!, second!] });
    expect(table.player('0').hand).toHaveLength(2);
    expect(table.player('0').actionDeck.discardPile).toHaveLength(3);
    expect(table.prompts()[0]!.seats).toEqual(['1']);
  });

  it('a third action in one round is not possible: after two the next player plays', () => {
    const table = scenario({ players: 2 }).explored(6).stackNoise(quiet).build();
    move(table, '0', 6);
    move(table, '0', 11);
    const third = table.tryAct('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
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
    table.act('0', { type: 'pass', discard: [] });
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
    table.act('0', { type: 'pass', discard: [] });
    expect(table.player('0').lightWounds).toBe(0);
  });

  it('a character who passed takes no Fire wound while the others play on', () => {
    const table = scenario({ players: 2 })
      .explored(7, 8)
      .room(11, { fire: true })
      .character('1', { room: 8 })
      .stackNoise(quiet)
      .build();
    table.act('0', { type: 'pass', discard: [] });
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
    table.act('0', { type: 'careful-move', to: 6, noise, cards: [first!, second!] });
    expect(table.player('0').actionDeck.discardPile).toEqual([first, second]);
    expect(table.player('0').hand).toHaveLength(3);
  });

  it('a Basic Action paid with two cards is refused', () => {
    const table = scenario({ players: 1 }).explored(6).build();
    const [first, second] = table.player('0').hand;
    const outcome = table.tryAct('0', { type: 'move', to: 6, cards: [first!, second!] });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('wrong-cost');
    expect(table.player('0').hand).toHaveLength(5);
  });

  it('Contamination cards cannot pay for Careful Movement either', () => {
    const table = scenario({ players: 1 })
      .character('0', { hand: ['captain-rest', 'contamination-01', 'contamination-02'] })
      .explored(6)
      .build();
    const noise = table.corridor(6, 7);
    const outcome = table.tryAct('0', {
      type: 'careful-move',
      to: 6,
      noise,
      cards: ['captain-rest', 'contamination-01'],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('contamination-cannot-pay');
    expect(table.legal('0').some((action) => action.type === 'careful-move')).toBe(false);
  });
});
