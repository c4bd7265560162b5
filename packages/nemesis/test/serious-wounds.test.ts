import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

describe('Serious Wound cards', () => {
  it('a leg wound makes an Escape cost one more card', () => {
    const table = scenario({ players: 1 })
      .explored(6)
      .intruder('adult', 11)
      .character('0', { seriousWounds: ['leg-1'] })
      .build();
    const hand = table.player('0').hand;
    const refused = table.tryAct('0', { type: 'move', to: 6, cards: [hand[0]!] });
    expect(refused.ok ? '' : refused.rejection.code).toBe('wrong-cost');
    const escapes = table.legal('0').filter((action) => action.type === 'move');
    expect(escapes.length).toBeGreaterThan(0);
    expect(escapes.every((action) => action.type === 'move' && action.cards.length === 2)).toBe(
      true,
    );
  });

  it('a leg wound does not change an ordinary move', () => {
    const table = scenario({ players: 1 })
      .explored(6)
      .character('0', { seriousWounds: ['leg-1'] })
      .stackNoise(['silence'])
      .build();
    table.act('0', { type: 'move', to: 6, cards: [table.player('0').hand[0]!] });
    expect(table.player('0').room).toBe(6);
  });

  it('a body wound draws the hand up to 4 instead of 5', () => {
    const table = scenario({ players: 1 })
      .character('0', { seriousWounds: ['body-1'], hand: 0 })
      .stackBag(['blank'])
      .build();
    table.act('0', { type: 'pass', discard: [] });
    expect(table.player('0').hand).toHaveLength(4);
  });

  it('bleeding costs a Light Wound each time the character passes', () => {
    const table = scenario({ players: 1 })
      .character('0', { seriousWounds: ['bleeding-1'] })
      .stackBag(['blank'])
      .build();
    table.act('0', { type: 'pass', discard: [] });
    expect(table.player('0').lightWounds).toBe(1);
  });

  it('a dressed wound has no effect', () => {
    const table = scenario({ players: 1 })
      .character('0', { seriousWounds: ['bleeding-1', 'body-1'], hand: 0 })
      .with((state) => {
        for (const wound of state.players[0]!.seriousWounds) wound.dressed = true;
      })
      .stackBag(['blank'])
      .build();
    table.act('0', { type: 'pass', discard: [] });
    expect(table.player('0').lightWounds).toBe(0);
    expect(table.player('0').hand).toHaveLength(5);
  });
});
