import { type CharacterSpec, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Which Contamination cards are INFECTED is dealt by the seed: a first table tells.
const probe = scenario({ players: 2 }).build();
const infected = probe.state.infectedContamination[0]!;
const clean = [...probe.tables.contamination.keys()].find(
  (card) => !probe.state.infectedContamination.includes(card),
)!;

function inRoom(tile: string, spec: CharacterSpec = {}) {
  return scenario({ players: 2 })
    .room(6, { tile, explored: true, explorationToken: null })
    .character('0', { room: 6, ...spec })
    .build();
}

function roomAction(table: ReturnType<typeof inRoom>) {
  const payable = table.player('0').hand.filter((card) => !table.tables.contamination.has(card));
  return table.take('0', { type: 'room-action', cards: [payable[0]!, payable[1]!] });
}

function actionCards(table: ReturnType<typeof inRoom>, count: number): string[] {
  return table
    .player('0')
    .hand.filter((card) => !table.tables.contamination.has(card))
    .slice(0, count);
}

describe('Surgery', () => {
  it('scans every Contamination card, removes the INFECTED ones and the Larva, then 1 Light Wound, a reshuffle and a pass', () => {
    const start = inRoom('surgery');
    const hand = [...actionCards(start, 3), infected, clean];
    const table = inRoom('surgery', { hand, larva: true });
    roomAction(table);
    const player = table.player('0');
    expect(table.state.contaminationRemoved).toEqual([infected]);
    expect(player.larva).toBe(false);
    expect(player.lightWounds).toBe(1);
    expect(player.hand).toEqual([]);
    expect(player.actionDeck.drawPile).toContain(clean);
    expect(player.passed).toBe(true);
  });
});

describe('Canteen: have a snack', () => {
  it("heals 1 Light Wound; the scan of the hand is the player's choice", () => {
    const table = inRoom('canteen', { lightWounds: 2 });
    roomAction(table);
    expect(table.player('0').lightWounds).toBe(1);
    expect(table.legal('0')).toEqual([{ type: 'option', option: 0 }, { type: 'done' }]);
    table.act('0', { type: 'done' });
    expect(table.eventsOf('scan')).toHaveLength(0);
  });

  it('the scan removes the clean cards; an INFECTED card stays and places a Larva; the owner alone learns which', () => {
    const start = inRoom('canteen');
    const table = inRoom('canteen', { hand: [...actionCards(start, 2), infected, clean] });
    roomAction(table);
    table.act('0', { type: 'option', option: 0 });
    const player = table.player('0');
    expect(player.hand).toEqual([infected]);
    expect(table.state.contaminationRemoved).toEqual([clean]);
    expect(player.larva).toBe(true);
    expect(table.view('0').you?.infected).toEqual([infected]);
    expect(JSON.stringify(table.view('1'))).not.toContain(infected);
    expect(table.eventsOf('scan-result')[0]!.audience).toEqual(['0']);
  });

  it('an INFECTED card found with a Larva already on the board kills the character and leaves a Creeper', () => {
    const start = inRoom('canteen');
    const table = inRoom('canteen', { hand: [...actionCards(start, 2), infected], larva: true });
    roomAction(table);
    table.act('0', { type: 'option', option: 0 });
    expect(table.player('0').status).toBe('dead');
    expect(table.intruders(6).map((intruder) => intruder.kind)).toEqual(['creeper']);
  });
});

describe('Shower Room', () => {
  it('washes off the Slime; the scan may be declined', () => {
    const table = inRoom('shower-room', { slime: true });
    roomAction(table);
    table.act('0', { type: 'done' });
    expect(table.player('0').slime).toBe(false);
  });
});
