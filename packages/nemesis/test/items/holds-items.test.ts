import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { conditionHolds } from '../../src/effects/handler-table.js';
import { jump } from '../../src/end-of-game/end-of-game.js';

const sevenItems = ['medkit', 'medkit', 'bandages', 'tools', 'chemicals', 'grenade', 'decoy'];

/** The Hoarder's owner escaped in a pod holding these items, and the ship jumps. */
function hoarderEscapes(items: string[]) {
  const table = scenario({ players: 2 })
    .character('1', { status: 'escaped', items })
    .with((state) => {
      state.players[1]!.objectives = ['hoarder'];
      state.pods[0]!.occupants = ['1'];
      state.pods[0]!.launched = true;
    })
    .build();
  table.perform((game) => jump(game));
  const victory = table.state.over!.victory;
  return victory.fates.find((fate) => fate.seat === '1')!;
}

describe('Items: holding items', () => {
  it('the Hoarder wins escaping with at least 7 items in the inventory', () => {
    expect(hoarderEscapes(sevenItems).winner).toBe(true);
  });

  it('the Hoarder with 6 items does not win', () => {
    expect(hoarderEscapes(sevenItems.slice(1)).winner).toBe(false);
  });

  it('the Hoarder counts active quest items, never those still on their quest side', () => {
    // Seat 1 is the Soldier: the Armor done counts, the Autoloader's quest not done does not.
    expect(hoarderEscapes([...sevenItems.slice(1), 'armor']).winner).toBe(true);
    expect(hoarderEscapes(sevenItems.slice(1)).winner).toBe(false);
  });

  it('as a condition during play, holds-items counts the inventory', () => {
    const table = scenario({ players: 2 })
      .character('0', { items: ['medkit', 'tools'] })
      .build();
    const step = {
      kind: 'effect' as const,
      seat: '0',
      effect: { kind: 'pass' as const },
      room: 1,
      chosen: null,
      source: 'a test',
    };
    const holds = (atLeast: number) =>
      conditionHolds(table.game(), table.player('0'), { kind: 'holds-items', atLeast }, step);
    expect(holds(2)).toBe(true);
    expect(holds(3)).toBe(false);
  });
});
