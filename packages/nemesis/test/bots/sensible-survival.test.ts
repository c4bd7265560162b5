import { botChoice, seedRandom } from '@tabletop/engine';
import { createNemesis, type NemesisBot, randomBot, sensibleBot } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { captainHand, sensibleAction, soloScenario, unlockPods } from './sensible-action.js';

const nemesis = createNemesis();
const sensible = sensibleBot(nemesis);

// Characters start in room 11, the Hibernatorium (exits to 6, 8, 14 and 15). Room 2 opens on
// rooms 1 and 6; room 6 on rooms 2, 5, 7 and 11.

describe('the sensible bot looks after itself', () => {
  it('a wounded bot with a healing item uses it: it dresses its Serious Wound', () => {
    const table = soloScenario()
      .explored(5, 6)
      .character('0', { room: 5, seriousWounds: 1, items: ['bandages'], hand: captainHand })
      .firstEncounterDone()
      .build(nemesis);
    const answers = sensibleAction(table);
    expect(answers[0]).toEqual({ type: 'use-item' });
    expect(answers).toContainEqual({ type: 'item', item: 'bandages' });
    expect(table.state.players[0]!.seriousWounds.map((wound) => wound.dressed)).toEqual([true]);
  });

  it('an unhurt bot keeps its healing item for later', () => {
    const table = soloScenario()
      .explored(5, 6)
      .character('0', { room: 5, items: ['bandages'], hand: captainHand })
      .firstEncounterDone()
      .build(nemesis);
    expect(sensibleAction(table)[0]).not.toEqual({ type: 'use-item' });
  });

  it('treats its wounds in the Emergency Room', () => {
    const table = soloScenario()
      .room(5, { tile: 'emergency-room', explored: true })
      .explored(6)
      .character('0', { room: 5, seriousWounds: 1, hand: captainHand })
      .firstEncounterDone()
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'room-action' });
    expect(table.state.players[0]!.seriousWounds.map((wound) => wound.dressed)).toEqual([true]);
  });

  it('does not end a round in a burning room when it could leave', () => {
    // Waiting in the Hibernatorium for the chambers to open, until the room catches fire.
    const table = soloScenario()
      .explored(6, 8, 14, 15)
      .room(11, { fire: true })
      .character('0', { room: 11, hand: captainHand })
      .firstEncounterDone()
      .time(nemesis.tables.time.hibernationOpensAfter - 1)
      .build(nemesis);
    const first = sensibleAction(table);
    expect(['move', 'careful-move']).toContain(first[0]!.type);
    // Its second action does not take it back into the fire before the chambers open.
    sensibleAction(table);
    const player = table.state.players[0]!;
    expect(player.room).not.toBe(11);
    expect(table.room(player.room).fire).toBe(false);
  });

  it('searches a room that still holds items; unhurt and without a healing item, it picks one from the medical deck', () => {
    const table = soloScenario()
      .room(5, { tile: 'cabins', explored: true, itemCounter: 2 })
      .explored(6)
      .character('0', {
        room: 5,
        hand: ['captain-search-1', ...captainHand.slice(0, 4)],
      })
      .firstEncounterDone()
      .stackItems('green', ['synthetic-food', 'medkit'])
      .build(nemesis);
    const answers = sensibleAction(table);
    expect(answers[0]).toEqual({ type: 'search' });
    expect(table.state.players[0]!.items).toEqual(['medkit']);
  });

  it('escapes a fight with an item that sends the Intruder away rather than by running', () => {
    const table = soloScenario()
      .explored(5, 6)
      .character('0', {
        room: 5,
        seriousWounds: 2,
        items: ['fire-extinguisher'],
        weapons: [{ id: 'six-shooter', ammo: 0 }],
        hand: captainHand,
      })
      .intruder('adult', 5)
      .firstEncounterDone()
      .build(nemesis);
    const answers = sensibleAction(table);
    expect(answers[0]).toEqual({ type: 'use-item' });
    expect(table.state.intruders.filter((intruder) => intruder.room === 5)).toEqual([]);
  });
});

describe('the sensible bot heads for a way off the ship', () => {
  it('once it knows an Evac Section it waits by its locked pod rather than explore', () => {
    const table = scenario({ players: 2 })
      .room(2, { tile: 'evac-section-a', explored: true })
      .explored(6)
      .character('0', { room: 6, hand: captainHand })
      .firstEncounterDone()
      .build(nemesis);
    // Rooms 5 and 7, next to it, are unexplored; the Evac Section is next to it too.
    expect(sensibleAction(table).slice(0, 2)).toEqual([
      { type: 'careful-move' },
      { type: 'room', room: 2 },
    ]);
  });

  it('mends a malfunctioning Evac Section, then boards an open pod', () => {
    const table = scenario({ players: 2 })
      .room(2, { tile: 'evac-section-a', explored: true, malfunction: true })
      .character('0', { room: 2, items: ['tools'], hand: captainHand })
      .firstEncounterDone()
      .with(unlockPods)
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'use-item' });
    expect(table.room(2).malfunction).toBe(false);
    expect(sensibleAction(table)[0]).toEqual({ type: 'room-action' });
  });

  it('with the self-destruct running, leaves the Cockpit for an open pod instead of checking the Coordinates', () => {
    const atTheCockpit = (selfDestruct: number | null) =>
      scenario({ players: 3 })
        .room(1, { tile: 'cockpit', explored: true })
        .room(3, { tile: 'evac-section-b', explored: true })
        .character('0', { room: 1, hand: captainHand.slice(0, 3) })
        .firstEncounterDone()
        .with(unlockPods)
        .with((state) => {
          state.selfDestruct = selfDestruct;
        })
        .build(nemesis);
    // Without the countdown, the Coordinates it has never seen are worth its two cards.
    expect(sensibleAction(atTheCockpit(null))[0]).toEqual({ type: 'room-action' });
    const answers = sensibleAction(atTheCockpit(4));
    expect(answers[0]).not.toEqual({ type: 'room-action' });
    expect(answers).toContainEqual({ type: 'room', room: 3 });
  });

  it('does not walk to a malfunctioning Evac Section it cannot mend', () => {
    const table = scenario({ players: 2 })
      .room(2, { tile: 'evac-section-a', explored: true, malfunction: true })
      .explored(6)
      .character('0', { room: 6, hand: captainHand })
      .firstEncounterDone()
      .with(unlockPods)
      .build(nemesis);
    expect(sensibleAction(table)).not.toContainEqual({ type: 'room', room: 2 });
  });

  it('unlocks a locked pod from the Hatch Control System', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'hatch-control-system', explored: true })
      .character('0', { room: 6, hand: captainHand })
      .firstEncounterDone()
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'room-action' });
    expect(table.state.pods.some((pod) => !pod.locked)).toBe(true);
  });

  it('reads the Coordinates in the Cockpit, then steers for Earth', () => {
    const table = soloScenario()
      .explored(2)
      .character('0', { room: 1, hand: captainHand })
      .firstEncounterDone()
      .headedFor('mars')
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'room-action' });
    expect(nemesis.view(table.state, '0').you!.coordinates).not.toBeNull();
    expect(sensibleAction(table)[0]).toEqual({ type: 'room-action' });
    const card = nemesis.tables.coordinates.get(table.state.coordinates)!;
    expect(card.destinations[table.state.destination]).toBe('earth');
  });

  it('keeps a corporate Objective naming another seat over one naming its own', () => {
    const wanted = ['the-right-moment-to-strike', 'greener-pastures'];
    const table = scenario({ players: 2 })
      .with((state) => {
        const player = state.players[0]!;
        state.objectiveDeck = [...state.objectiveDeck, ...player.objectives].filter(
          (objective) => !wanted.includes(objective),
        );
        player.objectives = [...wanted];
      })
      .build(nemesis);
    table.resolve({ kind: 'first-encounter', waiting: ['0'] });
    // Player 1 is seat 0 itself: that Objective could be met only as the sole survivor.
    expect(botChoice(nemesis, sensible, table.state, '0', seedRandom('objective'))).toEqual({
      type: 'choose-objective',
      keep: 'greener-pastures',
    });
  });
});

describe('four sensible bots survive more often than four random bots', () => {
  function survivors(bot: NemesisBot, games: number): number {
    let alive = 0;
    for (let game = 0; game < games; game++) {
      const seed = `four-seats-${game}`;
      const state = nemesis.setup(nemesis.options.parse({ players: 4 }), seed);
      const random = seedRandom(`bot:${seed}`);
      for (let actions = 0; state.over === null; actions++) {
        if (actions > 5_000) throw new Error(`game ${seed} does not end`);
        const seat = nemesis.prompts(state)[0]!.seats[0]!;
        const outcome = nemesis.apply(state, seat, botChoice(nemesis, bot, state, seat, random));
        if (!outcome.ok) throw new Error(`${bot.name} bot refused in game ${seed}`);
      }
      for (const player of state.players)
        if (player.status === 'hibernating' || player.status === 'escaped') alive++;
    }
    return alive;
  }

  it('over the same 80 four-player games, hibernating or in a pod at the end', () => {
    const random = survivors(randomBot, 80);
    const sensibles = survivors(sensible, 80);
    // Both counted on the same seeds; the sensible bot must do clearly better, not just as well.
    expect(sensibles).toBeGreaterThan(2 * random + 10);
  });
});
