import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Characters start in room 11 (Hibernatorium); seat 1 waits in room 6.
function table(
  spec: {
    objects?: ('corpse' | 'carcass' | 'egg')[];
    carried?: ('corpse' | 'carcass' | 'egg')[];
  } = {},
) {
  return scenario({ players: 2 })
    .explored(6)
    .character('1', { room: 6 })
    .character('0', { carried: spec.carried ?? [] })
    .room(11, { objects: spec.objects ?? [] })
    .build();
}

function turnStep(built: ReturnType<typeof table>) {
  return built.state.stack.findLast((step) => step.kind === 'player-turn');
}

describe('Pick up a heavy object', () => {
  it('takes an object lying in the room into a hand slot for one Action card', () => {
    const built = table({ objects: ['carcass'] });
    const card = built.player('0').hand[0]!;
    built.take('0', { type: 'pick-up', object: 'carcass', cards: [card] });
    expect(built.player('0').carried).toEqual(['carcass']);
    expect(built.room(11).objects).toEqual([]);
    expect(built.player('0').actionDeck.discardPile).toEqual([card]);
    expect(turnStep(built)?.actionsTaken).toBe(1);
  });

  it('only what lies in the room can be picked up', () => {
    const built = table({ objects: ['egg'] });
    const outcome = built.tryTake('0', {
      type: 'pick-up',
      object: 'corpse',
      cards: [built.player('0').hand[0]!],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('no-such-object');
  });

  it('the Nest’s own eggs are not picked up with this action', () => {
    const built = scenario({ players: 1 })
      .room(11, { tile: 'nest', explored: true })
      .nestEggs(5)
      .build();
    const outcome = built.tryTake('0', {
      type: 'pick-up',
      object: 'egg',
      cards: [built.player('0').hand[0]!],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('no-such-object');
    expect(built.legal('0').some((action) => action.type === 'pick-up')).toBe(false);
  });

  it('with both hands full, an object must be dropped in exchange', () => {
    const built = table({ objects: ['corpse'], carried: ['egg', 'carcass'] });
    const card = built.player('0').hand[0]!;
    const asked = built.answers('0', { type: 'pick-up', object: 'corpse' });
    expect(asked).toEqual([
      { type: 'object', object: 'egg' },
      { type: 'object', object: 'carcass' },
    ]);
    built.take('0', { type: 'pick-up', object: 'corpse', drop: 'egg', cards: [card] });
    expect(built.player('0').carried.sort()).toEqual(['carcass', 'corpse']);
    expect(built.room(11).objects).toEqual(['egg']);
  });

  it('the choices offered name a drop only when both hands are full', () => {
    const free = table({ objects: ['corpse'], carried: ['egg'] });
    // With a free hand, the cost comes next: nothing to drop.
    const next = free.answers('0', { type: 'pick-up', object: 'corpse' });
    expect(next.every((answer) => answer.type === 'card')).toBe(true);
    const full = table({ objects: ['corpse'], carried: ['egg', 'carcass'] });
    const drops = new Set(
      full
        .answers('0', { type: 'pick-up', object: 'corpse' })
        .flatMap((answer) => (answer.type === 'object' ? [answer.object] : [])),
    );
    expect([...drops].sort()).toEqual(['carcass', 'egg']);
  });

  it('is not possible in Combat', () => {
    const built = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 6 })
      .room(11, { objects: ['egg'] })
      .intruder('adult', 11)
      .build();
    const outcome = built.tryTake('0', {
      type: 'pick-up',
      object: 'egg',
      cards: [built.player('0').hand[0]!],
    });
    expect(outcome.ok).toBe(false);
    expect(built.player('0').carried).toEqual([]);
  });
});

describe('Drop', () => {
  it('is free and leaves the object in the room', () => {
    const built = table({ carried: ['egg'] });
    const hand = [...built.player('0').hand];
    built.take('0', { type: 'drop', object: 'egg' });
    expect(built.player('0').carried).toEqual([]);
    expect(built.room(11).objects).toEqual(['egg']);
    expect(built.player('0').hand).toEqual(hand);
    expect(turnStep(built)?.actionsTaken).toBe(0);
  });

  it('only what is carried can be dropped', () => {
    const built = table();
    const outcome = built.tryTake('0', { type: 'drop', object: 'corpse' });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('not-carried');
  });

  it('is allowed in Combat', () => {
    const built = scenario({ players: 2 })
      .explored(6)
      .character('1', { room: 6 })
      .character('0', { carried: ['carcass'] })
      .intruder('adult', 11)
      .build();
    built.take('0', { type: 'drop', object: 'carcass' });
    expect(built.room(11).objects).toEqual(['carcass']);
  });
});
