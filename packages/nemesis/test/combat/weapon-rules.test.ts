import { pick, seedRandom } from '@tabletop/engine';
import { type CombatFace, createNemesis, nemesisInvariants } from '@tabletop/nemesis';
import { type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Seat 0 stands in room 11 (the Hibernatorium) with the Intruder; seat 1 waits in room 8,
// so nobody else is in the fight. Each shot is taken with the weapon named.
type Kind = 'larva' | 'creeper' | 'adult' | 'breeder' | 'queen';
const ruleset = createNemesis();
const tables = ruleset.tables;

function armed(weapon: string, kind: Kind, faces: CombatFace[], ammo?: number) {
  return scenario({ players: 2 })
    .explored(6, 8)
    .character('1', { room: 8 })
    .character('0', {
      weapons: [{ id: weapon, ammo: ammo ?? tables.weapons.get(weapon)!.capacity }],
    })
    .intruder(kind, 11)
    .stackCombat(faces)
    .stackAttackCards(['bite-3', 'scratch-4']);
}

function shoot(table: ScenarioTable, weapon: string, target: number | 'eggs' = 1) {
  table.take('0', { type: 'shoot', weapon, target, cards: [table.player('0').hand[0]!] });
}

function injuries(table: ScenarioTable): number {
  return table.intruders(11)[0]?.injuries ?? 0;
}

/** The last shot's event: the faces, the Injuries and what the weapon's rules did. */
function lastShot(table: ScenarioTable) {
  return table.eventsOf('shoot').at(-1) as unknown as {
    text: string;
    face: CombatFace;
    counted: CombatFace;
    injuries: number;
    rules: string[];
  };
}

/** Shoots with blood-6 cards on top of the Attack deck, so the target survives its death check. */
function injuriesDealt(weapon: string, kind: Kind, face: CombatFace): number {
  const table = armed(weapon, kind, [face]).build();
  shoot(table, weapon);
  return lastShot(table).injuries;
}

function waitingShot(table: ScenarioTable) {
  const top = table.state.stack.at(-1);
  return top?.kind === 'shoot' && top.asking !== undefined ? top : null;
}

const yes = { type: 'option', option: 0 } as const;
const no = { type: 'done' } as const;

describe('Weapons: starting weapons’ rules in Shoot', () => {
  it('the Assault Rifle deals one more Injury on a shot that wounds', () => {
    expect(injuriesDealt('assault-rifle', 'breeder', 'single')).toBe(2);
    expect(injuriesDealt('assault-rifle', 'breeder', 'double')).toBe(3);
    expect(injuriesDealt('assault-rifle', 'breeder', 'adult')).toBe(0);
  });

  it('the Shotgun deals one more Injury on a shot that wounds, and nothing on a miss', () => {
    expect(injuriesDealt('shotgun', 'breeder', 'single')).toBe(2);
    expect(injuriesDealt('shotgun', 'adult', 'creeper')).toBe(0);
    expect(injuriesDealt('shotgun', 'adult', 'blank')).toBe(0);
  });

  it('the Revolver deals one more Injury on two crosshairs only', () => {
    expect(injuriesDealt('six-shooter', 'breeder', 'double')).toBe(3);
    expect(injuriesDealt('six-shooter', 'breeder', 'single')).toBe(1);
  });

  it('the Sawed-off Shotgun counts one crosshair as two, before the Injuries are counted', () => {
    const table = armed('sawed-off', 'breeder', ['single']).build();
    shoot(table, 'sawed-off');
    expect(lastShot(table)).toMatchObject({ face: 'single', counted: 'double', injuries: 2 });
    expect(injuries(table)).toBe(2);
  });

  it('the Pistol counts two crosshairs as one', () => {
    const table = armed('pistol', 'breeder', ['double']).build();
    shoot(table, 'pistol');
    expect(lastShot(table)).toMatchObject({ face: 'double', counted: 'single', injuries: 1 });
  });

  it('the Rifle has no rule: the die reads bare', () => {
    expect(injuriesDealt('energy-rifle', 'breeder', 'double')).toBe(2);
    expect(injuriesDealt('energy-rifle', 'breeder', 'adult')).toBe(0);
  });
});

describe('Weapons: item weapons’ rules in Shoot', () => {
  it('the Prototype Shotgun: any face but a blank deals at least 1 Injury', () => {
    expect(injuriesDealt('prototype-shotgun', 'breeder', 'creeper')).toBe(1);
    expect(injuriesDealt('prototype-shotgun', 'queen', 'adult')).toBe(1);
    expect(injuriesDealt('prototype-shotgun', 'breeder', 'blank')).toBe(0);
  });

  it('the Prototype Shotgun adds an Injury on a rolled crosshair', () => {
    expect(injuriesDealt('prototype-shotgun', 'breeder', 'single')).toBe(2);
    expect(injuriesDealt('prototype-shotgun', 'breeder', 'double')).toBe(3);
  });

  it('the Flamethrower: any face but a blank deals at least 1 Injury', () => {
    expect(injuriesDealt('flamethrower', 'queen', 'creeper')).toBe(1);
    expect(injuriesDealt('flamethrower', 'queen', 'blank')).toBe(0);
    expect(injuriesDealt('flamethrower', 'queen', 'double')).toBe(2);
  });

  it('the Flamethrower’s two crosshairs put Fire in the shooter’s room', () => {
    const table = armed('flamethrower', 'breeder', ['double']).build();
    shoot(table, 'flamethrower');
    expect(table.room(11).fire).toBe(true);
    expect(table.eventsOf('fire')).toMatchObject([{ room: 11 }]);
    const single = armed('flamethrower', 'breeder', ['single']).build();
    shoot(single, 'flamethrower');
    expect(single.room(11).fire).toBe(false);
  });

  it('the Prototype Pistol: the shooter may roll again once, and the new face counts', () => {
    const table = armed('prototype-pistol', 'breeder', ['blank', 'double']).build();
    shoot(table, 'prototype-pistol');
    expect(waitingShot(table)).toMatchObject({ rolled: 'blank', asking: 'reroll' });
    expect(table.legal('0')).toEqual([yes, no]);
    table.act('0', yes);
    expect(table.eventsOf('reroll')).toMatchObject([{ from: 'blank', face: 'double' }]);
    // One re-roll per shot: the second face stands.
    expect(waitingShot(table)).toBeNull();
    expect(injuries(table)).toBe(2);
    expect(table.player('0').weapons[0]!.ammo).toBe(2);
  });

  it('the Prototype Pistol: the shooter may keep the roll', () => {
    const table = armed('prototype-pistol', 'breeder', ['single', 'double']).build();
    shoot(table, 'prototype-pistol');
    table.act('0', no);
    expect(injuries(table)).toBe(1);
    expect(table.eventsOf('reroll')).toHaveLength(0);
    expect(table.state.stackedRolls.combat).toEqual(['double']);
  });

  it('a weapon with no re-roll asks nothing after the roll', () => {
    const table = armed('shotgun', 'breeder', ['blank']).build();
    shoot(table, 'shotgun');
    expect(waitingShot(table)).toBeNull();
    expect(table.prompts()[0]!.answer).not.toBe('choose-option');
  });

  it('the Prototype Rifle: on a rolled double the shooter may spend one more ammo for +1 Injury', () => {
    const table = armed('prototype-rifle', 'breeder', ['double'], 4).build();
    shoot(table, 'prototype-rifle');
    expect(waitingShot(table)).toMatchObject({ rolled: 'double', asking: 'overcharge' });
    table.act('0', yes);
    expect(table.player('0').weapons[0]!.ammo).toBe(2);
    expect(injuries(table)).toBe(3);
    expect(lastShot(table).text).toContain('one more ammo spent for +1 Injury');
  });

  it('the Prototype Rifle: declining keeps the ammo and the Injuries of the face', () => {
    const table = armed('prototype-rifle', 'breeder', ['double'], 4).build();
    shoot(table, 'prototype-rifle');
    table.act('0', no);
    expect(table.player('0').weapons[0]!.ammo).toBe(3);
    expect(injuries(table)).toBe(2);
  });

  it('the Prototype Rifle asks nothing on another face, or with no ammo left to spend', () => {
    const single = armed('prototype-rifle', 'breeder', ['single'], 4).build();
    shoot(single, 'prototype-rifle');
    expect(waitingShot(single)).toBeNull();
    const last = armed('prototype-rifle', 'breeder', ['double'], 1).build();
    shoot(last, 'prototype-rifle');
    expect(waitingShot(last)).toBeNull();
    expect(injuries(last)).toBe(2);
  });
});

describe('Weapons: the shooter’s choices', () => {
  it('a wrong answer, or another seat’s, is refused and changes nothing', () => {
    const table = armed('prototype-pistol', 'breeder', ['blank', 'double']).build();
    shoot(table, 'prototype-pistol');
    const before = JSON.stringify(table.state);
    const wrong = table.tryAct('0', { type: 'weapon', weapon: 'prototype-pistol' });
    expect(wrong.ok ? '' : wrong.rejection.code).toBe('choose-option');
    expect(table.tryAct('0', { type: 'option', option: 1 }).ok).toBe(false);
    expect(table.tryAct('1', yes).ok).toBe(false);
    expect(JSON.stringify(table.state)).toBe(before);
  });

  it('the question reads as the rules ask it, and each answer names its choice', () => {
    const table = armed('prototype-pistol', 'breeder', ['blank', 'double']).build();
    shoot(table, 'prototype-pistol');
    expect(table.prompts()[0]!.text).toMatch(
      /rolled a blank with the Prototype Pistol: roll again/,
    );
    const view = table.view('0');
    expect(view.you!.shot).toEqual({
      weapon: 'prototype-pistol',
      rolled: 'blank',
      asking: 'reroll',
    });
    const describe = ruleset.describe!;
    expect(describe.action(yes, view)).toBe(
      'Roll again with the Prototype Pistol (it shows a blank)',
    );
    expect(describe.action(no, view)).toBe('Keep a blank');
    // The roll is public; the question is the shooter's alone.
    expect(table.view('1').you!.shot).toBeNull();

    const rifle = armed('prototype-rifle', 'breeder', ['double']).build();
    shoot(rifle, 'prototype-rifle');
    expect(describe.action(yes, rifle.view('0'))).toBe(
      'Spend one more ammo of the Prototype Rifle for +1 Injury',
    );
  });

  it('the shot’s words say what the weapon’s rules did', () => {
    const table = armed('prototype-shotgun', 'breeder', ['creeper']).build();
    shoot(table, 'prototype-shotgun');
    expect(lastShot(table).text).toMatch(
      /with the Prototype Shotgun: the Creeper face, 1 injury \(the Prototype Shotgun: any face but a blank deals at least 1 Injury\)/,
    );
    const sawed = armed('sawed-off', 'breeder', ['single']).build();
    shoot(sawed, 'sawed-off');
    expect(lastShot(sawed).text).toContain('one crosshair counts as two crosshairs');
  });
});

describe('Weapons: where their rules reach', () => {
  it('a weapon’s rules hold for a shot at the eggs: each Injury breaks one', () => {
    const table = scenario({ players: 2 })
      .explored(6, 8)
      .character('1', { room: 8 })
      .character('0', { weapons: [{ id: 'shotgun', ammo: 2 }] })
      .room(11, { objects: ['egg', 'egg', 'egg', 'egg'] })
      .stackCombat(['single'])
      .stackNoise([1])
      .build();
    shoot(table, 'shotgun', 'eggs');
    expect(lastShot(table).injuries).toBe(2);
    expect(table.room(11).objects.filter((object) => object === 'egg')).toHaveLength(2);
  });

  it('Melee is the same whatever weapon is in hand', () => {
    const table = armed('sawed-off', 'breeder', ['single']).build();
    table.take('0', { type: 'melee', target: 1, cards: [table.player('0').hand[0]!] });
    expect(injuries(table)).toBe(1);
  });

  it('every state along the way stays sound', () => {
    const table = armed('flamethrower', 'breeder', ['double']).build();
    shoot(table, 'flamethrower');
    expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
  });
});

describe('Weapons: random play with every weapon of the pack', () => {
  it('every legal answer is taken, a refused one changes nothing, and the state stays sound', () => {
    const arsenal = ['prototype-pistol', 'prototype-rifle', 'prototype-shotgun', 'flamethrower'];
    let asked = 0;
    for (const seed of ['a', 'b', 'c', 'd', 'e', 'f']) {
      const random = seedRandom(`weapons:${seed}`);
      const table = scenario({ players: 3, seed })
        .explored(6, 8, 14, 15)
        // One copy of each prototype is in the deck: the two seats share the arsenal out.
        .character('0', { weapons: arsenal.slice(0, 2).map((id) => ({ id, ammo: 2 })) })
        .character('1', { weapons: arsenal.slice(2).map((id) => ({ id, ammo: 1 })) })
        .intruder('adult', 11)
        .intruder('breeder', 11)
        .intruder('creeper', 11)
        .build();
      for (let action = 0; action < 150 && table.state.over === null; action++) {
        const prompt = table.prompts()[0];
        if (!prompt) break;
        const seat = prompt.seats[0]!;
        if (table.state.stack.at(-1)?.kind === 'shoot') asked++;
        const before = JSON.stringify(table.state);
        expect(table.tryAct(seat, { type: 'weapon', weapon: 'laser' }).ok).toBe(false);
        expect(JSON.stringify(table.state)).toBe(before);
        const legal = table.legal(seat);
        table.act(seat, pick(random, legal));
        expect(nemesisInvariants(table.state, table.tables)).toEqual([]);
      }
    }
    // The re-roll and overcharge questions came up along the way.
    expect(asked).toBeGreaterThan(0);
  });
});
