import { type ScenarioBuilder, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Characters start in room 11 (the Hibernatorium); room 6 and room 8 are its neighbours.

/** The Weakness card lies revealed on the first slot of the Intruder board. */
function revealed(card: string, builder: ScenarioBuilder = scenario({ players: 2 })) {
  return builder.with((state) => {
    state.weaknessDeck = state.weaknessDeck.filter((candidate) => candidate !== card);
    state.weaknesses[0] = { card, revealed: true };
  });
}

/** The same card, face down: it changes nothing. */
function faceDown(card: string, builder: ScenarioBuilder = scenario({ players: 2 })) {
  return revealed(card, builder).with((state) => {
    state.weaknesses[0]!.revealed = false;
  });
}

describe('Weaknesses: Species on the Brink of Extinction', () => {
  const adultWithTwoInjuries = (with_: typeof revealed) =>
    with_('species-on-the-brink-of-extinction')
      .intruder('adult', 6, { injuries: 2 })
      .stackAttackCards(['scratch-2'])
      .build();

  it('revealed, an Intruder dies with 1 blood more than its injuries', () => {
    // Scratch shows blood 3 against 2 injuries: one short, which the Weakness forgives.
    const table = adultWithTwoInjuries(revealed);
    table.resolve({ kind: 'intruder-injured', intruder: 1 });
    expect(table.intruders()).toHaveLength(0);
  });

  it('face down, the same check lets the Intruder live', () => {
    const table = adultWithTwoInjuries(faceDown);
    table.resolve({ kind: 'intruder-injured', intruder: 1 });
    expect(table.intruders()).toHaveLength(1);
  });
});

describe('Weaknesses: Vulnerability to Fire', () => {
  it('revealed, Fire deals 2 Injuries to each Intruder in a burning room', () => {
    const table = revealed('vulnerability-to-fire')
      .room(6, { fire: true })
      .intruder('breeder', 6)
      .stackAttackCards(['bite-3', 'bite-4'])
      .build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.intruders()[0]!.injuries).toBe(2);
  });

  it('face down, Fire deals 1', () => {
    const table = faceDown('vulnerability-to-fire')
      .room(6, { fire: true })
      .intruder('breeder', 6)
      .stackAttackCards(['bite-3', 'bite-4'])
      .build();
    table.resolve({ kind: 'fire-damage' });
    expect(table.intruders()[0]!.injuries).toBe(1);
  });
});

describe('Weaknesses: Reaction to Danger', () => {
  // Adult token 10 shows 4; a hand of 3 escapes it only when the number drops to 3.
  const encounter = (with_: typeof revealed) => {
    const table = with_('reaction-to-danger')
      .character('0', { hand: 3 })
      .stackBag(['adult-10'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 11 });
    return table;
  };

  it('revealed, the token number counts 1 lower: no Surprise Attack on a hand of 3 against 4', () => {
    const number = scenario().build().tables.intruderTokens.get('adult-10')?.number;
    expect(number).toBe(4);
    expect(encounter(revealed).eventsOf('surprise-attack')).toHaveLength(0);
  });

  it('face down, the same hand is surprised', () => {
    expect(encounter(faceDown).eventsOf('surprise-attack')).toHaveLength(1);
  });
});

describe('Weaknesses: The Way of Moving', () => {
  it('revealed, an Adult meeting a closed door is stopped and the door holds', () => {
    const table = revealed('the-way-of-moving').intruder('adult', 6).door([6, 7], 'closed').build();
    table.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['adult'] });
    expect(table.intruders()[0]!.room).toBe(6);
    expect(table.state.corridors[table.corridor(6, 7)]!.door).toBe('closed');
  });

  it('revealed, a Breeder still breaks the door', () => {
    const table = revealed('the-way-of-moving')
      .intruder('breeder', 6)
      .door([6, 7], 'closed')
      .build();
    table.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['breeder'] });
    expect(table.state.corridors[table.corridor(6, 7)]!.door).toBe('destroyed');
  });

  it('revealed, a retreating Adult is stopped by a closed door too', () => {
    const table = revealed('the-way-of-moving')
      .intruder('adult', 6)
      .door([6, 7], 'closed')
      .stackEventCards(['damaging-fire'])
      .build();
    table.resolve({ kind: 'retreat', intruder: 1 });
    expect(table.intruders()[0]!.room).toBe(6);
    expect(table.state.corridors[table.corridor(6, 7)]!.door).toBe('closed');
  });
});

describe('Weaknesses: Susceptibility to Phosphates', () => {
  it('revealed, the Fire Control System drives the Intruders off and hurts each one', () => {
    const table = revealed('susceptibility-to-phosphates')
      .room(6, { tile: 'fire-control-system', explored: true, explorationToken: null })
      .character('0', { room: 6 })
      .intruder('breeder', 2)
      .stackAttackCards(['bite-3', 'bite-4'])
      .build();
    const hand = table.player('0').hand;
    table.act('0', { type: 'room-action' });
    table.act('0', { type: 'card', card: hand[0]! });
    table.act('0', { type: 'card', card: hand[1]! });
    table.act('0', { type: 'room', room: 2 });
    const breeder = table.state.intruders[0]!;
    expect(breeder.injuries).toBe(1);
    expect(breeder.room).not.toBe(2);
  });

  it('face down, the Intruders flee unhurt', () => {
    const table = faceDown('susceptibility-to-phosphates')
      .room(6, { tile: 'fire-control-system', explored: true, explorationToken: null })
      .character('0', { room: 6 })
      .intruder('breeder', 2)
      .build();
    const hand = table.player('0').hand;
    table.act('0', { type: 'room-action' });
    table.act('0', { type: 'card', card: hand[0]! });
    table.act('0', { type: 'card', card: hand[1]! });
    table.act('0', { type: 'room', room: 2 });
    expect(table.state.intruders[0]!.injuries).toBe(0);
  });
});

describe('Weaknesses: The Way of Fighting', () => {
  const bitten = (with_: typeof revealed, kind: 'adult' | 'breeder') => {
    const table = with_('the-way-of-fighting')
      .explored(6)
      .character('1', { room: 6 })
      .character('0', { seriousWounds: 2 })
      .intruder(kind, 11)
      .stackAttackCards(['bite-1'])
      .build();
    table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
    return table.player('0');
  };

  it("revealed, an Adult's Bite gives a Light Wound and does not kill", () => {
    const target = bitten(revealed, 'adult');
    expect(target.status).toBe('active');
    expect(target.lightWounds).toBe(1);
    expect(target.seriousWounds).toHaveLength(2);
  });

  it("revealed, a Breeder's Bite still kills", () => {
    expect(bitten(revealed, 'breeder').status).toBe('dead');
  });

  it("face down, an Adult's Bite kills a target with two Serious Wounds", () => {
    expect(bitten(faceDown, 'adult').status).toBe('dead');
  });
});

describe('Weaknesses in a shot', () => {
  // Seat 0 shoots from room 11 at the Intruder there; seat 1 waits in room 8.
  const shot = (
    with_: typeof revealed,
    card: string,
    weapon: string,
    kind: 'adult' | 'creeper',
    face: 'blank' | 'single',
  ) => {
    const table = with_(card)
      .explored(8)
      .character('1', { room: 8 })
      .character('0', { weapons: [{ id: weapon, ammo: 2 }] })
      .intruder(kind, 11)
      .stackCombat([face])
      .stackAttackCards(['bite-3', 'scratch-4'])
      .build();
    table.take('0', { type: 'shoot', weapon, target: 1, cards: [table.player('0').hand[0]!] });
    return table.intruders(11)[0]?.injuries ?? 0;
  };

  it('Vital Places: revealed, a blank hits an Adult as a single crosshair', () => {
    expect(shot(revealed, 'vital-places', 'energy-rifle', 'adult', 'blank')).toBe(1);
    expect(shot(faceDown, 'vital-places', 'energy-rifle', 'adult', 'blank')).toBe(0);
  });

  it('Vital Places: against a Creeper a blank still misses', () => {
    expect(shot(revealed, 'vital-places', 'energy-rifle', 'creeper', 'blank')).toBe(0);
  });

  it('Vulnerability to Energy: revealed, an energy weapon that wounds deals 1 more Injury; a classic one does not', () => {
    expect(shot(revealed, 'vulnerability-to-energy', 'energy-rifle', 'adult', 'single')).toBe(2);
    expect(shot(faceDown, 'vulnerability-to-energy', 'energy-rifle', 'adult', 'single')).toBe(1);
    expect(shot(revealed, 'vulnerability-to-energy', 'six-shooter', 'adult', 'single')).toBe(1);
  });
});

describe('Weaknesses in a Melee', () => {
  // Seat 0 fights hand to hand in room 11; seat 1 waits in room 8.
  const melee = (with_: typeof revealed, kind: 'adult' | 'creeper') => {
    const table = with_('vital-places')
      .explored(8)
      .character('1', { room: 8 })
      .character('0', { seriousWounds: 0 })
      .intruder(kind, 11)
      .stackCombat(['blank'])
      .stackAttackCards(['bite-3', 'scratch-4'])
      .build();
    table.take('0', { type: 'melee', target: 1, cards: [table.player('0').hand[0]!] });
    return {
      injuries: table.intruders(11)[0]?.injuries ?? 0,
      wounds: table.player('0').seriousWounds.length,
      log: table.log(),
    };
  };

  it('Vital Places: revealed, a blank in a Melee hits an Adult as a single crosshair, and costs no wound', () => {
    const fought = melee(revealed, 'adult');
    expect(fought.injuries).toBe(1);
    expect(fought.wounds).toBe(0);
    expect(fought.log.some((line) => line.includes('a blank counts as one crosshair'))).toBe(true);
  });

  it('Vital Places: face down, a blank in a Melee misses an Adult and wounds the attacker', () => {
    const fought = melee(faceDown, 'adult');
    expect(fought.injuries).toBe(0);
    expect(fought.wounds).toBe(1);
  });

  it('Vital Places: in a Melee against a Creeper a blank still misses', () => {
    const fought = melee(revealed, 'creeper');
    expect(fought.injuries).toBe(0);
    expect(fought.wounds).toBe(1);
  });
});

describe('A Weakness is told to the table where it changes an outcome', () => {
  const told = (table: { eventsOf(type: string): unknown[] }) =>
    table.eventsOf('weakness-applies').map((event) => (event as { weakness: string }).weakness);

  it('Species on the Brink of Extinction: told when it kills an Intruder that would have lived', () => {
    const build = (with_: typeof revealed, injuries: number) =>
      with_('species-on-the-brink-of-extinction')
        .intruder('adult', 6, { injuries })
        .stackAttackCards(['scratch-2'])
        .build();
    const killed = build(revealed, 2);
    killed.resolve({ kind: 'intruder-injured', intruder: 1 });
    expect(told(killed)).toEqual(['species-on-the-brink-of-extinction']);
    expect(killed.eventsOf('weakness-applies')[0]!.audience).toBe('all');
    // With 3 injuries against blood 3 it dies anyway: the Weakness changed nothing.
    const anyway = build(revealed, 3);
    anyway.resolve({ kind: 'intruder-injured', intruder: 1 });
    expect(told(anyway)).toEqual([]);
    const hidden = build(faceDown, 2);
    hidden.resolve({ kind: 'intruder-injured', intruder: 1 });
    expect(told(hidden)).toEqual([]);
  });

  it('Vulnerability to Fire: told when Fire burns an Intruder, not when the burning room is empty', () => {
    const burning = revealed('vulnerability-to-fire')
      .room(6, { fire: true })
      .intruder('breeder', 6)
      .stackAttackCards(['bite-3', 'bite-4'])
      .build();
    burning.resolve({ kind: 'fire-damage' });
    expect(told(burning)).toEqual(['vulnerability-to-fire']);
    const empty = revealed('vulnerability-to-fire').room(6, { fire: true }).build();
    empty.resolve({ kind: 'fire-damage' });
    expect(told(empty)).toEqual([]);
  });

  it('Reaction to Danger: told when it spares a hand from a Surprise Attack, not when the hand is surprised anyway', () => {
    const encounter = (hand: number) => {
      const table = revealed('reaction-to-danger')
        .character('0', { hand })
        .stackBag(['adult-10'])
        .firstEncounterDone()
        .build();
      table.resolve({ kind: 'encounter', seat: '0', room: 11 });
      return table;
    };
    expect(told(encounter(3))).toEqual(['reaction-to-danger']);
    expect(told(encounter(1))).toEqual([]);
  });

  it('The Way of Moving: told when an Adult is stopped by a door, whether moving or retreating; not for a Breeder', () => {
    const moving = revealed('the-way-of-moving')
      .intruder('adult', 6)
      .door([6, 7], 'closed')
      .build();
    moving.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['adult'] });
    expect(told(moving)).toEqual(['the-way-of-moving']);
    const retreating = revealed('the-way-of-moving')
      .intruder('adult', 6)
      .door([6, 7], 'closed')
      .stackEventCards(['damaging-fire'])
      .build();
    retreating.resolve({ kind: 'retreat', intruder: 1 });
    expect(told(retreating)).toEqual(['the-way-of-moving']);
    const breeder = revealed('the-way-of-moving')
      .intruder('breeder', 6)
      .door([6, 7], 'closed')
      .build();
    breeder.resolve({ kind: 'intruder-movement', corridor: 1, movers: ['breeder'] });
    expect(told(breeder)).toEqual([]);
  });

  it('Susceptibility to Phosphates: told when the Fire Control System drives Intruders off', () => {
    const table = revealed('susceptibility-to-phosphates')
      .room(6, { tile: 'fire-control-system', explored: true, explorationToken: null })
      .character('0', { room: 6 })
      .intruder('breeder', 2)
      .stackAttackCards(['bite-3', 'bite-4'])
      .build();
    const hand = table.player('0').hand;
    table.act('0', { type: 'room-action' });
    table.act('0', { type: 'card', card: hand[0]! });
    table.act('0', { type: 'card', card: hand[1]! });
    table.act('0', { type: 'room', room: 2 });
    expect(told(table)).toEqual(['susceptibility-to-phosphates']);
  });

  it("The Way of Fighting: told when an Adult's Bite is blunted, not for a Breeder's", () => {
    const bitten = (kind: 'adult' | 'breeder') => {
      const table = revealed('the-way-of-fighting')
        .explored(6)
        .character('1', { room: 6 })
        .character('0', { seriousWounds: 2 })
        .intruder(kind, 11)
        .stackAttackCards(['bite-1'])
        .build();
      table.resolve({ kind: 'intruder-attack', intruder: 1, target: '0', surprise: false });
      return told(table);
    };
    expect(bitten('adult')).toEqual(['the-way-of-fighting']);
    expect(bitten('breeder')).toEqual([]);
  });

  it('Vital Places and Vulnerability to Energy: told when they change a shot, not when they leave it as it was', () => {
    const shot = (card: string, weapon: string, face: 'blank' | 'single' | 'double') => {
      const table = revealed(card)
        .explored(8)
        .character('1', { room: 8 })
        .character('0', { weapons: [{ id: weapon, ammo: 2 }] })
        .intruder('adult', 11)
        .stackCombat([face])
        .stackAttackCards(['bite-3', 'scratch-4'])
        .build();
      table.take('0', { type: 'shoot', weapon, target: 1, cards: [table.player('0').hand[0]!] });
      return told(table);
    };
    expect(shot('vital-places', 'energy-rifle', 'blank')).toEqual(['vital-places']);
    expect(shot('vital-places', 'energy-rifle', 'single')).toEqual([]);
    expect(shot('vulnerability-to-energy', 'energy-rifle', 'single')).toEqual([
      'vulnerability-to-energy',
    ]);
    expect(shot('vulnerability-to-energy', 'six-shooter', 'single')).toEqual([]);
    expect(shot('vulnerability-to-energy', 'energy-rifle', 'blank')).toEqual([]);
  });

  it('Vital Places: told when it turns a blank into a hit in a Melee', () => {
    const table = revealed('vital-places')
      .explored(8)
      .character('1', { room: 8 })
      .character('0', { seriousWounds: 0 })
      .intruder('adult', 11)
      .stackCombat(['blank'])
      .stackAttackCards(['bite-3', 'scratch-4'])
      .build();
    table.take('0', { type: 'melee', target: 1, cards: [table.player('0').hand[0]!] });
    expect(told(table)).toEqual(['vital-places']);
  });
});
