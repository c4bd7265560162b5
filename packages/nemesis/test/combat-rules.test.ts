import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Seat 0 (the Captain, six-shooter) stands in room 11 with the Intruder; seat 1 waits in room 8.
// Room 11's exit 2 is the corridor to room 6.
type Kind = 'larva' | 'creeper' | 'adult' | 'breeder' | 'queen';
const revolver = { id: 'six-shooter', ammo: 6 };

function combat(kind: Kind, injuries = 0) {
  return scenario({ players: 2 })
    .explored(6, 8)
    .character('1', { room: 8 })
    .character('0', { weapons: [revolver] })
    .intruder(kind, 11, { injuries });
}

const card = (table: ScenarioTable) => table.player('0').hand[0]!;
const shoot = (table: ScenarioTable) =>
  table.act('0', { type: 'shoot', weapon: 'six-shooter', target: 1, cards: [card(table)] });

describe('Shoot', () => {
  it('a missed shot costs the shooter nothing but the card and the ammo', () => {
    const table = combat('adult').stackCombat(['blank']).build();
    shoot(table);
    expect(table.player('0').seriousWounds).toHaveLength(0);
    expect(table.player('0').weapons[0]!.ammo).toBe(5);
    expect(
      table.player('0').actionDeck.discardPile.filter((id) => id.startsWith('contamination')),
    ).toEqual([]);
  });

  it('the Adult face injures a Larva, which dies of it', () => {
    const table = combat('larva').stackCombat(['adult']).build();
    shoot(table);
    expect(table.intruders()).toHaveLength(0);
    expect(table.eventsOf('intruder-dies')).toMatchObject([{ kind: 'larva', carcass: false }]);
  });
});

describe('Intruder injuries and death', () => {
  it('a Queen draws two Attack cards and adds their blood', () => {
    const dies = combat('queen', 3)
      .stackCombat(['double'])
      .stackAttackCards(['scratch-1', 'scratch-2'])
      .build();
    shoot(dies);
    // 5 injuries against 2 + 3 blood.
    expect(dies.intruders()).toHaveLength(0);
    expect(dies.room(11).objects).toEqual(['carcass']);

    const lives = combat('queen')
      .stackCombat(['single'])
      .stackAttackCards(['scratch-1', 'scratch-2'])
      .build();
    shoot(lives);
    expect(lives.intruders(11)).toMatchObject([{ kind: 'queen', injuries: 1 }]);
    expect(lives.state.attackDeck.discardPile.sort()).toEqual(['scratch-1', 'scratch-2']);
  });

  it('a Creeper that dies leaves a Carcass', () => {
    const table = combat('creeper', 1)
      .stackCombat(['single'])
      .stackAttackCards(['scratch-1'])
      .build();
    shoot(table);
    expect(table.intruders()).toHaveLength(0);
    expect(table.room(11).objects).toEqual(['carcass']);
  });
});

describe('Melee Attack', () => {
  it('the Contamination card comes before the roll, even when the attack misses', () => {
    const table = combat('adult')
      .stackContamination(['contamination-20'])
      .stackCombat(['blank'])
      .build();
    table.act('0', { type: 'melee', target: 1, cards: [card(table)] });
    const order = table.events.map((event) => event.type);
    expect(order.indexOf('contamination')).toBeLessThan(order.indexOf('melee'));
    expect(table.player('0').actionDeck.discardPile).toContain('contamination-20');
    expect(table.player('0').hand).not.toContain('contamination-20');
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });

  it('the Creeper face misses an Adult in melee and wounds the attacker', () => {
    const table = combat('adult').stackCombat(['creeper']).build();
    table.act('0', { type: 'melee', target: 1, cards: [card(table)] });
    expect(table.intruders(11)[0]!.injuries).toBe(0);
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });
});

describe('Escape', () => {
  it('a character who survives escaping into an unexplored room explores it', () => {
    const table = combat('adult')
      .room(6, { explored: false, explorationToken: 'fire-1' })
      .stackAttackCards(['transformation-1'])
      .stackNoise(['silence'])
      .build();
    const paid = card(table);
    table.act('0', { type: 'move', to: 6, cards: [paid] });
    expect(table.eventsOf('intruder-attack')).toMatchObject([{ seat: '0', hit: false }]);
    expect(table.player('0').room).toBe(6);
    expect(table.room(6)).toMatchObject({ explored: true, fire: true });
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
    expect(table.player('0').actionDeck.discardPile).toEqual([paid]);
  });

  it('a closed door blocks an Escape as it blocks any move', () => {
    const table = combat('adult').door([6, 11], 'closed').build();
    const outcome = table.tryAct('0', { type: 'move', to: 6, cards: [card(table)] });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('door-closed');
    expect(table.eventsOf('intruder-attack')).toHaveLength(0);
  });

  it('the Intruders attack before the move: a character killed escaping never enters the room', () => {
    const table = combat('adult')
      .room(6, { explored: false, explorationToken: 'fire-1' })
      .character('0', { seriousWounds: 3 })
      .stackAttackCards(['scratch-1'])
      .build();
    table.act('0', { type: 'move', to: 6, cards: [card(table)] });
    expect(table.player('0').status).toBe('dead');
    expect(table.room(6).explored).toBe(false);
    expect(table.room(11).objects).toContain('corpse');
    expect(table.eventsOf('move')).toHaveLength(0);
  });
});

describe('Pick up a heavy object', () => {
  it.each(['corpse', 'carcass', 'egg'] as const)(
    'a heavy object lying in the room can be picked up: %s',
    (object) => {
      const table = scenario({ players: 2 })
        .character('1', { room: 8 })
        .room(11, { objects: [object] })
        .build();
      table.act('0', { type: 'pick-up', object, cards: [card(table)] });
      expect(table.player('0').carried).toEqual([object]);
      expect(table.room(11).objects).toEqual([]);
    },
  );

  it('two hand slots: a character carries two objects at most', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 8 })
      .room(11, { objects: ['egg', 'egg', 'carcass'] })
      .build();
    table.act('0', { type: 'pick-up', object: 'egg', cards: [card(table)] });
    table.act('0', { type: 'pick-up', object: 'egg', cards: [card(table)] });
    expect(table.player('0').carried).toEqual(['egg', 'egg']);
    table.act('1', { type: 'pass', discard: [] });
    const outcome = table.tryAct('0', { type: 'pick-up', object: 'carcass', cards: [card(table)] });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('hands-full');
    expect(table.player('0').carried).toHaveLength(2);
  });
});
