import { nemesisInvariants } from '@tabletop/nemesis';
import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Characters start in room 11 (Hibernatorium), which opens on rooms 6, 8, 14 and 15;
// its exit numbered 2 is the corridor to room 6. Seat 0 is the Captain, armed here with the
// Scout's Rifle: its card has no rule of its own, so the die reads bare (weapon-rules.test.ts
// checks the weapons' rules).
const rifle = { id: 'energy-rifle', ammo: 4 };

function combat(kind: 'larva' | 'creeper' | 'adult' | 'breeder' | 'queen', injuries = 0) {
  return scenario({ players: 2 })
    .explored(6)
    .character('1', { room: 6 })
    .character('0', { weapons: [rifle] })
    .intruder(kind, 11, { injuries });
}

/** Every component still accounted for, no supply exceeded. */
function expectSound(table: ScenarioTable): void {
  expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
}

function firstCard(table: { player(seat: string): { hand: string[] } }): string {
  return table.player('0').hand[0]!;
}

describe('Shoot', () => {
  it('costs one Action card and one ammo', () => {
    const table = combat('adult').stackCombat(['blank']).build();
    const card = firstCard(table);
    table.take('0', { type: 'shoot', weapon: 'energy-rifle', target: 1, cards: [card] });
    expect(table.player('0').weapons[0]!.ammo).toBe(3);
    expect(table.player('0').actionDeck.discardPile).toContain(card);
    expect(table.player('0').hand).not.toContain(card);
  });

  it('a weapon without ammo cannot shoot', () => {
    const table = combat('adult')
      .character('0', { weapons: [{ id: 'energy-rifle', ammo: 0 }] })
      .build();
    const outcome = table.tryTake('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('no-ammo');
    expect(table.legal('0').some((action) => action.type === 'shoot')).toBe(false);
  });

  it('of two copies of a weapon, shoots with the loaded one when the first is empty', () => {
    const table = combat('adult')
      .character('0', {
        weapons: [
          { id: 'flamethrower', ammo: 0 },
          { id: 'flamethrower', ammo: 2 },
        ],
        items: ['flamethrower', 'flamethrower'],
      })
      .stackCombat(['blank'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'flamethrower',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.player('0').weapons.map((weapon) => weapon.ammo)).toEqual([0, 1]);
    expectSound(table);
  });

  it('can only shoot an Intruder in the same room', () => {
    const table = combat('adult').intruder('adult', 6).build();
    const outcome = table.tryTake('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 2,
      cards: [firstCard(table)],
    });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('no-such-target');
  });

  it('a blank misses', () => {
    const table = combat('adult').stackCombat(['blank']).build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.intruders(11)[0]!.injuries).toBe(0);
    expect(table.state.attackDeck.discardPile).toHaveLength(0);
  });

  it('the Creeper face misses an Adult', () => {
    const table = combat('adult').stackCombat(['creeper']).build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.intruders(11)[0]!.injuries).toBe(0);
  });

  it('the Creeper face injures a Creeper', () => {
    const table = combat('creeper')
      .stackCombat(['creeper'])
      .stackAttackCards(['scratch-4'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.intruders(11)[0]!.injuries).toBe(1);
  });

  it('the Adult face injures an Adult but misses a Breeder', () => {
    const adult = combat('adult').stackCombat(['adult']).stackAttackCards(['scratch-4']).build();
    adult.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(adult)],
    });
    expect(adult.intruders(11)[0]!.injuries).toBe(1);
    const breeder = combat('breeder').stackCombat(['adult']).build();
    breeder.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(breeder)],
    });
    expect(breeder.intruders(11)[0]!.injuries).toBe(0);
  });

  it('one crosshair injures any Intruder; two crosshairs deal 2 injuries when shooting', () => {
    const single = combat('queen')
      .stackCombat(['single'])
      .stackAttackCards(['scratch-3', 'scratch-4'])
      .build();
    single.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(single)],
    });
    expect(single.intruders(11)[0]!.injuries).toBe(1);
    const double = combat('adult').stackCombat(['double']).stackAttackCards(['scratch-4']).build();
    double.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(double)],
    });
    expect(double.intruders(11)[0]!.injuries).toBe(2);
  });
});

describe('Intruder injuries and death', () => {
  it('a Larva dies to a single injury, draws no card and leaves no carcass', () => {
    const table = combat('larva').stackCombat(['single']).build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.intruders()).toHaveLength(0);
    expect(table.room(11).objects).toEqual([]);
    expect(table.state.attackDeck.discardPile).toHaveLength(0);
  });

  it('an Adult dies when the blood value is no more than its injuries, leaving a Carcass', () => {
    const table = combat('adult', 1)
      .stackCombat(['single'])
      .stackAttackCards(['scratch-1'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.intruders()).toHaveLength(0);
    expect(table.room(11).objects).toEqual(['carcass']);
    expect(table.state.attackDeck.discardPile).toEqual(['scratch-1']);
    expectSound(table);
  });

  it('an Adult survives when the blood value is above its injuries', () => {
    const table = combat('adult').stackCombat(['single']).stackAttackCards(['claw-1']).build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.intruders(11)).toHaveLength(1);
    expect(table.room(11).objects).toEqual([]);
  });

  it('a Breeder draws two cards and adds their blood', () => {
    const dies = combat('breeder', 3)
      .stackCombat(['double'])
      .stackAttackCards(['scratch-1', 'scratch-2'])
      .build();
    dies.take('0', { type: 'shoot', weapon: 'energy-rifle', target: 1, cards: [firstCard(dies)] });
    expect(dies.intruders()).toHaveLength(0);
    expect(dies.state.attackDeck.discardPile.sort()).toEqual(['scratch-1', 'scratch-2']);

    const lives = combat('breeder', 2)
      .stackCombat(['double'])
      .stackAttackCards(['scratch-1', 'claw-1'])
      .build();
    lives.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(lives)],
    });
    // 4 injuries against 2 + 3 blood.
    expect(lives.intruders(11)).toHaveLength(1);
  });

  it('a Retreat arrow on either of a Breeder’s two cards means it survives and retreats, whatever the other shows', () => {
    // One injury more than the numbered card's blood: that card alone would kill.
    const table = combat('breeder', 3)
      .stackCombat(['double'])
      .stackAttackCards(['scratch-1', 'bite-4'])
      .stackEventCards(['hunt-1'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.intruders()).toHaveLength(1);
    expect(table.intruders()[0]!.injuries).toBe(5);
    expect(table.intruders()[0]!.room).toBe(6);
    expect(table.state.eventDeck.discardPile).toEqual(['hunt-1']);
  });

  it('a surviving Intruder whose card shows Retreat flees through the corridor of an Event card', () => {
    const table = combat('adult')
      .stackCombat(['single'])
      .stackAttackCards(['bite-4'])
      .stackEventCards(['hunt-1'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    // A Retreat arrow means it survives. Hunt shows corridor 2, which leads to room 6.
    expect(table.intruders()).toHaveLength(1);
    expect(table.intruders()[0]!.room).toBe(6);
    expect(table.intruders()[0]!.injuries).toBe(1);
    expect(table.state.eventDeck.discardPile).toEqual(['hunt-1']);
    expectSound(table);
  });

  it('a retreating Intruder breaks a closed door instead of passing it', () => {
    const table = combat('adult')
      .door([6, 11], 'closed')
      .stackCombat(['single'])
      .stackAttackCards(['claw-4'])
      .stackEventCards(['hunt-1'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.intruders()[0]!.room).toBe(11);
    expect(table.state.corridors.find((corridor) => corridor.door !== 'open')!.door).toBe(
      'destroyed',
    );
  });

  it('no Carcass is left when all eight are on the board', () => {
    const table = combat('adult', 1)
      .room(6, {
        objects: [
          'carcass',
          'carcass',
          'carcass',
          'carcass',
          'carcass',
          'carcass',
          'carcass',
          'carcass',
        ],
      })
      .stackCombat(['single'])
      .stackAttackCards(['scratch-1'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 1,
      cards: [firstCard(table)],
    });
    expect(table.intruders()).toHaveLength(0);
    expect(table.room(11).objects).toEqual([]);
  });
});

describe('Melee Attack', () => {
  it('draws a Contamination card into the Action discard pile first', () => {
    const table = combat('adult')
      .stackContamination(['contamination-05'])
      .stackCombat(['single'])
      .stackAttackCards(['scratch-4'])
      .build();
    table.take('0', { type: 'melee', target: 1, cards: [firstCard(table)] });
    expect(table.player('0').actionDeck.discardPile).toContain('contamination-05');
    expect(table.intruders(11)[0]!.injuries).toBe(1);
  });

  it('a miss costs the attacker a Serious Wound', () => {
    const table = combat('adult').stackCombat(['blank']).build();
    table.take('0', { type: 'melee', target: 1, cards: [firstCard(table)] });
    expect(table.player('0').seriousWounds).toHaveLength(1);
    expect(table.intruders(11)[0]!.injuries).toBe(0);
  });

  it('the Adult face misses a Breeder and wounds the attacker', () => {
    const table = combat('breeder').stackCombat(['adult']).build();
    table.take('0', { type: 'melee', target: 1, cards: [firstCard(table)] });
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });

  it('a double hit in melee counts once', () => {
    const table = combat('adult').stackCombat(['double']).stackAttackCards(['scratch-4']).build();
    table.take('0', { type: 'melee', target: 1, cards: [firstCard(table)] });
    expect(table.intruders(11)[0]!.injuries).toBe(1);
    expect(table.player('0').seriousWounds).toHaveLength(0);
  });

  it('a missed melee attack can kill a character with three Serious Wounds', () => {
    const table = combat('adult')
      .character('0', { seriousWounds: 3 })
      .stackCombat(['blank'])
      .build();
    table.take('0', { type: 'melee', target: 1, cards: [firstCard(table)] });
    expect(table.player('0').status).toBe('dead');
    expect(table.room(11).objects).toContain('corpse');
  });
});

describe('In Combat', () => {
  it('only Shoot, Melee or Escape (and dropping) are possible', () => {
    const table = combat('adult')
      .room(11, { objects: ['carcass'] })
      .build();
    const types = new Set(table.legal('0').map((action) => action.type));
    expect([...types].sort()).toEqual(['melee', 'move', 'pass', 'shoot']);
    const outcome = table.tryTake('0', {
      type: 'pick-up',
      object: 'carcass',
      cards: [firstCard(table)],
    });
    expect(outcome.ok).toBe(false);
  });
});

describe('Escape', () => {
  it('each Intruder in the room attacks once before the character moves', () => {
    const table = combat('adult')
      .intruder('adult', 11)
      .character('1', { room: 8 })
      .stackAttackCards(['scratch-1', 'scratch-2'])
      .stackNoise(['silence'])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [firstCard(table)] });
    expect(table.eventsOf('intruder-attack')).toHaveLength(2);
    expect(table.player('0').lightWounds).toBe(2);
    expect(table.player('0').room).toBe(6);
    // The move then resolves as usual: room 6 is empty, so a Noise roll.
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
  });

  it('a character killed escaping leaves the corpse in the room they tried to leave', () => {
    const table = combat('adult')
      .character('0', { seriousWounds: 2, carried: ['egg'] })
      .stackAttackCards(['bite-1'])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [firstCard(table)] });
    expect(table.player('0').status).toBe('dead');
    expect(table.player('0').room).toBe(11);
    expect(table.room(11).objects.sort()).toEqual(['corpse', 'egg']);
    expect(table.room(6).objects).toEqual([]);
    expectSound(table);
  });

  it('a Larva infests the escaping character instead of drawing a card', () => {
    const table = combat('larva').character('1', { room: 8 }).stackNoise(['silence']).build();
    table.take('0', { type: 'move', to: 6, cards: [firstCard(table)] });
    expect(table.player('0').larva).toBe(true);
    expect(table.intruders()).toHaveLength(0);
    expect(table.player('0').room).toBe(6);
    expect(table.state.attackDeck.discardPile).toHaveLength(0);
  });
});

describe('Destroying eggs', () => {
  it('each injury destroys one egg, and a Noise roll follows', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 6 })
      .character('0', { weapons: [rifle] })
      .room(11, { objects: ['egg', 'egg', 'egg'] })
      .stackCombat(['double'])
      .stackNoise(['silence'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 'eggs',
      cards: [firstCard(table)],
    });
    expect(table.room(11).objects).toEqual(['egg']);
    expect(table.state.eggsDestroyed).toBe(2);
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
  });

  it('a miss still makes a Noise roll', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 6 })
      .character('0', { weapons: [rifle] })
      .room(11, { objects: ['egg'] })
      .stackCombat(['blank'])
      .stackNoise(['silence'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 'eggs',
      cards: [firstCard(table)],
    });
    expect(table.room(11).objects).toEqual(['egg']);
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
  });

  it('in melee, eggs cost no Contamination card and a miss no wound', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 6 })
      .room(11, { objects: ['egg', 'egg'] })
      .stackCombat(['blank', 'double'])
      .stackNoise(['silence', 'silence'])
      .build();
    const [first, second] = table.player('0').hand;
    table.take('0', { type: 'melee', target: 'eggs', cards: [first!] });
    expect(table.player('0').seriousWounds).toHaveLength(0);
    table.take('0', { type: 'melee', target: 'eggs', cards: [second!] });
    // Two crosshairs in melee still break only one egg.
    expect(table.room(11).objects).toEqual(['egg']);
    expect(
      table.player('0').actionDeck.discardPile.filter((card) => card.startsWith('contamination')),
    ).toEqual([]);
    expect(table.eventsOf('noise-roll')).toHaveLength(2);
  });

  it('eggs carried by a character cannot be attacked', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 6 })
      .character('0', { carried: ['egg'] })
      .build();
    const outcome = table.tryTake('0', {
      type: 'melee',
      target: 'eggs',
      cards: [firstCard(table)],
    });
    // Nothing lies loose in the room: there is no target at all.
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('no-such-target');
    expect(table.legal('0')).not.toContainEqual({ type: 'melee' });
  });

  it('the Nest is destroyed when its last egg is', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'nest', explored: true })
      .character('0', { room: 6, weapons: [rifle] })
      .character('1', { room: 8 })
      .nestEggs(2)
      .stackCombat(['double'])
      .stackNoise(['silence'])
      .build();
    table.take('0', {
      type: 'shoot',
      weapon: 'energy-rifle',
      target: 'eggs',
      cards: [firstCard(table)],
    });
    expect(table.state.nestEggs).toBe(0);
    expect(table.state.eggsDestroyed).toBe(2);
    expect(table.eventsOf('nest-destroyed')).toHaveLength(1);
    expectSound(table);
  });
});

// Seat 0 (the Captain, with the Rifle) stands in room 11 with the Intruder; seat 1 waits in room 8.
// Room 11's exit 2 is the corridor to room 6.
type Kind = 'larva' | 'creeper' | 'adult' | 'breeder' | 'queen';
function combatWithOthersAway(kind: Kind, injuries = 0) {
  return scenario({ players: 2 })
    .explored(6, 8)
    .character('1', { room: 8 })
    .character('0', { weapons: [rifle] })
    .intruder(kind, 11, { injuries });
}

const card = (table: ScenarioTable) => table.player('0').hand[0]!;
const shoot = (table: ScenarioTable) =>
  table.take('0', { type: 'shoot', weapon: 'energy-rifle', target: 1, cards: [card(table)] });

describe('Shoot', () => {
  it('a missed shot costs the shooter nothing but the card and the ammo', () => {
    const table = combatWithOthersAway('adult').stackCombat(['blank']).build();
    shoot(table);
    expect(table.player('0').seriousWounds).toHaveLength(0);
    expect(table.player('0').weapons[0]!.ammo).toBe(3);
    expect(
      table.player('0').actionDeck.discardPile.filter((id) => id.startsWith('contamination')),
    ).toEqual([]);
  });

  it('the Adult face injures a Larva, which dies of it', () => {
    const table = combatWithOthersAway('larva').stackCombat(['adult']).build();
    shoot(table);
    expect(table.intruders()).toHaveLength(0);
    expect(table.eventsOf('intruder-dies')).toMatchObject([{ kind: 'larva', carcass: false }]);
  });
});

describe('Intruder injuries and death', () => {
  it('a Queen draws two Attack cards and adds their blood', () => {
    const dies = combatWithOthersAway('queen', 3)
      .stackCombat(['double'])
      .stackAttackCards(['scratch-1', 'scratch-2'])
      .build();
    shoot(dies);
    // 5 injuries against 2 + 3 blood.
    expect(dies.intruders()).toHaveLength(0);
    expect(dies.room(11).objects).toEqual(['carcass']);

    const lives = combatWithOthersAway('queen')
      .stackCombat(['single'])
      .stackAttackCards(['scratch-1', 'scratch-2'])
      .build();
    shoot(lives);
    expect(lives.intruders(11)).toMatchObject([{ kind: 'queen', injuries: 1 }]);
    expect(lives.state.attackDeck.discardPile.sort()).toEqual(['scratch-1', 'scratch-2']);
  });

  it('a Creeper that dies leaves a Carcass', () => {
    const table = combatWithOthersAway('creeper', 1)
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
    const table = combatWithOthersAway('adult')
      .stackContamination(['contamination-20'])
      .stackCombat(['blank'])
      .build();
    table.take('0', { type: 'melee', target: 1, cards: [card(table)] });
    const order = table.events.map((event) => event.type);
    expect(order.indexOf('contamination')).toBeLessThan(order.indexOf('melee'));
    expect(table.player('0').actionDeck.discardPile).toContain('contamination-20');
    expect(table.player('0').hand).not.toContain('contamination-20');
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });

  it('the Creeper face misses an Adult in melee and wounds the attacker', () => {
    const table = combatWithOthersAway('adult').stackCombat(['creeper']).build();
    table.take('0', { type: 'melee', target: 1, cards: [card(table)] });
    expect(table.intruders(11)[0]!.injuries).toBe(0);
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });
});

describe('Escape', () => {
  it('a character who survives escaping into an unexplored room explores it', () => {
    const table = combatWithOthersAway('adult')
      .room(6, { explored: false, explorationToken: 'fire-1' })
      .stackAttackCards(['transformation-1'])
      .stackNoise(['silence'])
      .build();
    const paid = card(table);
    table.take('0', { type: 'move', to: 6, cards: [paid] });
    expect(table.eventsOf('intruder-attack')).toMatchObject([{ seat: '0', hit: false }]);
    expect(table.player('0').room).toBe(6);
    expect(table.room(6)).toMatchObject({ explored: true, fire: true });
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
    expect(table.player('0').actionDeck.discardPile).toEqual([paid]);
  });

  it('a closed door blocks an Escape as it blocks any move', () => {
    const table = combatWithOthersAway('adult').door([6, 11], 'closed').build();
    const outcome = table.tryTake('0', { type: 'move', to: 6, cards: [card(table)] });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('door-closed');
    expect(table.eventsOf('intruder-attack')).toHaveLength(0);
  });

  it('the Intruders attack before the move: a character killed escaping never enters the room', () => {
    const table = combatWithOthersAway('adult')
      .room(6, { explored: false, explorationToken: 'fire-1' })
      .character('0', { seriousWounds: 3 })
      .stackAttackCards(['scratch-1'])
      .build();
    table.take('0', { type: 'move', to: 6, cards: [card(table)] });
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
      table.take('0', { type: 'pick-up', object, cards: [card(table)] });
      expect(table.player('0').carried).toEqual([object]);
      expect(table.room(11).objects).toEqual([]);
    },
  );

  it('two hand slots: a character carries two objects at most', () => {
    const table = scenario({ players: 2 })
      .character('1', { room: 8 })
      .room(11, { objects: ['egg', 'egg', 'carcass'] })
      .build();
    table.take('0', { type: 'pick-up', object: 'egg', cards: [card(table)] });
    table.take('0', { type: 'pick-up', object: 'egg', cards: [card(table)] });
    expect(table.player('0').carried).toEqual(['egg', 'egg']);
    table.take('1', { type: 'pass', discard: [] });
    // A third object means dropping one of the two: that is the next question.
    table.act('0', { type: 'pick-up' });
    table.act('0', { type: 'object', object: 'carcass' });
    expect(table.prompts()[0]!.text).toContain('your hands are full');
    expect(table.legal('0')).toEqual([{ type: 'object', object: 'egg' }]);
    expect(table.player('0').carried).toHaveLength(2);
  });
});
