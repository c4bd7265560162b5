import { type CharacterSpec, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Seat 0 (the Captain) stands in room 6, whose tile is the room under test.
function inRoom(tile: string, spec: CharacterSpec = {}, build = scenario({ players: 2 })) {
  return build
    .room(6, { tile, explored: true, explorationToken: null })
    .character('0', { room: 6, ...spec })
    .build();
}

function offered(table: ReturnType<typeof inRoom>): boolean {
  return table.legal('0').some((action) => action.type === 'room-action');
}

function roomAction(table: ReturnType<typeof inRoom>) {
  const hand = table.player('0').hand;
  return table.take('0', { type: 'room-action', cards: [hand[0]!, hand[1]!] });
}

describe('Room Action', () => {
  it('costs 2 Action cards', () => {
    const table = inRoom('comms-room');
    const [first, second] = table.player('0').hand;
    roomAction(table);
    expect(table.player('0').actionDeck.discardPile).toEqual([first, second]);
    expect(table.player('0').hand).toHaveLength(3);
  });

  it('cannot be taken with fewer than 2 Action cards to pay', () => {
    const table = inRoom('comms-room', { hand: 1 });
    expect(offered(table)).toBe(false);
    const outcome = table.tryAct('0', { type: 'room-action' });
    expect(outcome.ok).toBe(false);
  });

  it('is never taken in Combat', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
      .character('0', { room: 6 })
      .intruder('adult', 6)
      .build();
    expect(offered(table)).toBe(false);
    const outcome = table.tryAct('0', { type: 'room-action' });
    expect(outcome.ok).toBe(false);
  });

  it('a Malfunction marker switches off the room action', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'comms-room', explored: true, explorationToken: null, malfunction: true })
      .character('0', { room: 6 })
      .build();
    expect(offered(table)).toBe(false);
    const outcome = table.tryAct('0', { type: 'room-action' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(outcome.rejection.code).toBe('malfunction');
  });

  it('Fire does not switch off the room action', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'comms-room', explored: true, explorationToken: null, fire: true })
      .character('0', { room: 6 })
      .build();
    expect(offered(table)).toBe(true);
  });

  it('a room without an action offers none (the Cabins)', () => {
    expect(offered(inRoom('cabins'))).toBe(false);
  });

  it('the Nest and the Room with Slime never take a Malfunction marker', async () => {
    const { placeMalfunction } = await import('../../src/markers/markers.js');
    const table = scenario({ players: 2 })
      .room(6, { tile: 'nest', explored: true, explorationToken: null })
      .room(7, { tile: 'room-with-slime', explored: true, explorationToken: null })
      .room(8, { tile: 'storage', explored: true, explorationToken: null })
      .build();
    for (const number of [6, 7, 8]) placeMalfunction(table.game(), number);
    expect([6, 7, 8].map((number) => table.room(number).malfunction)).toEqual([false, false, true]);
  });
});

describe('Armory: recharge your Energy Weapon', () => {
  it('adds 2 Ammo to an Energy Weapon', () => {
    const table = inRoom('armory', { weapons: [{ id: 'assault-rifle', ammo: 1 }] });
    roomAction(table);
    expect(table.player('0').weapons[0]!.ammo).toBe(3);
  });

  it('a weapon never exceeds its Ammo capacity', () => {
    const table = inRoom('armory', { weapons: [{ id: 'assault-rifle', ammo: 4 }] });
    roomAction(table);
    expect(table.player('0').weapons[0]!.ammo).toBe(5);
  });

  it('does not reload Classic Weapons', () => {
    const table = inRoom('armory', { weapons: [{ id: 'six-shooter', ammo: 0 }] });
    expect(offered(table)).toBe(false);
  });

  it('with two Energy Weapons short of ammo, the player names one', () => {
    const table = inRoom('armory', {
      weapons: [
        { id: 'assault-rifle', ammo: 1 },
        { id: 'pistol', ammo: 0 },
      ],
    });
    roomAction(table);
    expect(table.legal('0')).toEqual([
      { type: 'weapon', weapon: 'assault-rifle' },
      { type: 'weapon', weapon: 'pistol' },
    ]);
    table.act('0', { type: 'weapon', weapon: 'pistol' });
    expect(table.player('0').weapons.map((weapon) => weapon.ammo)).toEqual([1, 2]);
  });
});

describe('Comms Room: send a Signal', () => {
  it('places the Signal marker on the character', () => {
    const table = inRoom('comms-room');
    roomAction(table);
    expect(table.player('0').signal).toBe(true);
  });

  it('is not offered once the Signal is sent', () => {
    expect(offered(inRoom('comms-room', { signal: true }))).toBe(false);
  });
});

describe('Emergency Room: treat your wounds', () => {
  it('offers only the treatments that change something', () => {
    const table = inRoom('emergency-room', { lightWounds: 2 });
    roomAction(table);
    expect(table.legal('0')).toEqual([{ type: 'option', option: 2 }]);
  });

  it('heals all Light Wounds', () => {
    const table = inRoom('emergency-room', { lightWounds: 2 });
    roomAction(table);
    table.act('0', { type: 'option', option: 2 });
    expect(table.player('0').lightWounds).toBe(0);
  });

  it('dresses all Serious Wounds', () => {
    const table = inRoom('emergency-room', { seriousWounds: 2 });
    roomAction(table);
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('0').seriousWounds.map((wound) => wound.dressed)).toEqual([true, true]);
  });

  it('heals 1 dressed Serious Wound', () => {
    const table = inRoom('emergency-room', { seriousWounds: 2 });
    table.player('0').seriousWounds.forEach((wound) => {
      wound.dressed = true;
    });
    roomAction(table);
    table.act('0', { type: 'option', option: 1 });
    expect(table.player('0').seriousWounds).toHaveLength(1);
  });

  it('is not offered to a character with nothing to treat', () => {
    expect(offered(inRoom('emergency-room'))).toBe(false);
  });
});

describe('Fire Control System', () => {
  it('removes the Fire from any chosen room and all Intruders there retreat', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'fire-control-system', explored: true, explorationToken: null })
      .character('0', { room: 6 })
      .room(2, { fire: true })
      .intruder('adult', 2)
      .intruder('creeper', 2)
      .build();
    roomAction(table);
    table.act('0', { type: 'room', room: 2 });
    expect(table.room(2).fire).toBe(false);
    expect(table.intruders(2)).toHaveLength(0);
  });

  it('works on a room without Fire, to drive the Intruders off', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'fire-control-system', explored: true, explorationToken: null })
      .character('0', { room: 6 })
      .intruder('adult', 2)
      .build();
    roomAction(table);
    table.act('0', { type: 'room', room: 2 });
    expect(table.intruders(2)).toHaveLength(0);
  });
});

describe('Nest: take one egg', () => {
  it('takes an Egg from the Intruder board, then a Noise roll', () => {
    const table = inRoom('nest', {}, scenario({ players: 2 }).stackNoise(['silence']));
    const eggs = table.state.nestEggs;
    roomAction(table);
    expect(table.player('0').carried).toEqual(['egg']);
    expect(table.state.nestEggs).toBe(eggs - 1);
    expect(table.eventsOf('noise-roll')).toHaveLength(1);
  });

  it('is not offered with both hands full', () => {
    expect(offered(inRoom('nest', { carried: ['corpse', 'carcass'] }))).toBe(false);
  });
});
