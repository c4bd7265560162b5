import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

/** Starts the next Player Phase: everyone draws up to their hand size. */
function drawForNewRound(table: ReturnType<ReturnType<typeof scenario>['build']>) {
  table.resolve({ kind: 'player-phase' });
}

// Seat 0 (the Captain) starts the round in the Cabins, room 6, with an empty hand.
function inCabins(build = scenario({ players: 2 })) {
  return build
    .room(6, { tile: 'cabins', explored: true, explorationToken: null })
    .character('0', { room: 6, hand: 0 })
    .character('1', { hand: 0 })
    .build();
}

describe('Cabins: catch a breath', () => {
  it('starting a round here with no Intruder, the character draws up to 6 instead of 5', () => {
    const table = inCabins();
    drawForNewRound(table);
    expect(table.player('0').hand).toHaveLength(6);
    expect(table.player('1').hand).toHaveLength(5);
  });

  it('with an Intruder here, the usual 5', () => {
    const table = inCabins(scenario({ players: 2 }).intruder('adult', 6));
    drawForNewRound(table);
    expect(table.player('0').hand).toHaveLength(5);
  });

  it('a Malfunction marker here switches it off', () => {
    const table = inCabins(scenario({ players: 2 }).room(6, { malfunction: true }));
    drawForNewRound(table);
    expect(table.player('0').hand).toHaveLength(5);
  });

  it('it adds its one card to a hand a Body wound has lowered', () => {
    const table = inCabins(scenario({ players: 2 }).character('0', { seriousWounds: ['body-1'] }));
    drawForNewRound(table);
    expect(table.player('0').hand).toHaveLength(5);
  });
});

// Seat 0 (the Captain) starts in the Hibernatorium, room 11, next to room 6.
function slimeNextDoor(build = scenario({ players: 2 })) {
  return build
    .room(6, { tile: 'room-with-slime', explored: true, explorationToken: null })
    .turn('0')
    .build();
}

describe('Room with Slime: whoever enters gets a Slime marker', () => {
  it('moving in', () => {
    const table = slimeNextDoor(scenario({ players: 2 }).stackNoise([1]));
    const [card] = table.player('0').hand;
    table.take('0', { type: 'move', to: 6, cards: [card!] });
    expect(table.player('0').room).toBe(6);
    expect(table.player('0').slime).toBe(true);
  });

  it('moving in carefully', () => {
    const table = slimeNextDoor();
    const [first, second] = table.player('0').hand;
    const noise = table.corridor(5, 6);
    table.take('0', { type: 'careful-move', to: 6, noise, cards: [first!, second!] });
    expect(table.player('0').slime).toBe(true);
  });

  it('escaping into it', () => {
    const table = slimeNextDoor(scenario({ players: 2 }).intruder('larva', 11).stackNoise([1]));
    const [card] = table.player('0').hand;
    table.take('0', { type: 'move', to: 6, cards: [card!] });
    expect(table.player('0').room).toBe(6);
    expect(table.player('0').slime).toBe(true);
  });

  it('exploring it: the tile is turned face up, its token resolved, then the Slime', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'room-with-slime', explored: false, explorationToken: 'fire-1' })
      .turn('0')
      .stackNoise([1])
      .build();
    const [card] = table.player('0').hand;
    table.take('0', { type: 'move', to: 6, cards: [card!] });
    expect(table.room(6).explored).toBe(true);
    expect(table.room(6).fire).toBe(true);
    expect(table.player('0').slime).toBe(true);
  });

  it('passing through another room gives none', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'storage', explored: true, explorationToken: null })
      .turn('0')
      .stackNoise([1])
      .build();
    const [card] = table.player('0').hand;
    table.take('0', { type: 'move', to: 6, cards: [card!] });
    expect(table.player('0').slime).toBe(false);
  });

  it('the Nest and the Room with Slime never take a Malfunction, even from an Exploration token', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'room-with-slime', explored: false, explorationToken: 'malfunction-1' })
      .turn('0')
      .stackNoise([1])
      .build();
    const [card] = table.player('0').hand;
    table.take('0', { type: 'move', to: 6, cards: [card!] });
    expect(table.room(6).explored).toBe(true);
    expect(table.room(6).malfunction).toBe(false);
  });
});

describe('Room passives are read from the pack', () => {
  it('no rule names the Cabins or the Room with Slime by id', () => {
    const source = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
    const files = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)],
      );
    const naming = files(source).filter((file) => {
      if (file.includes(`${join('src', 'testing')}`) || file.includes(`${join('src', 'bots')}`))
        return false;
      const text = readFileSync(file, 'utf8');
      return text.includes("'cabins'") || text.includes("'room-with-slime'");
    });
    expect(naming).toEqual([]);
  });
});
