import { type Seat, seedRandom } from '@tabletop/engine';
import { redealNemesis, type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Seats 0-4: the Captain, the Soldier, the Scout, the Pilot, the Mechanic
// (the Scientist where a test names her). Everyone starts in the
// Hibernatorium (room 11), whose neighbours are rooms 6, 8, 14 and 15.

/** Plays a card as an action: the action, the card, then each card paying its cost. */
function play(table: ScenarioTable, seat: Seat, card: string, cost: string[] = []): void {
  table.act(seat, { type: 'play-card' });
  table.act(seat, { type: 'card', card });
  for (const paying of cost) table.act(seat, { type: 'card', card: paying });
}

/** Why the card is refused; the state is the same afterwards. */
function refusal(table: ScenarioTable, seat: Seat, card: string): string | undefined {
  const started = table.tryAct(seat, { type: 'play-card' });
  if (!started.ok) return started.rejection.code;
  expect(table.legal(seat)).not.toContainEqual({ type: 'card', card });
  const before = JSON.stringify(table.state);
  const outcome = table.tryAct(seat, { type: 'card', card });
  expect(JSON.stringify(table.state)).toBe(before);
  return outcome.ok ? undefined : outcome.rejection.code;
}

function optionsNow(table: ScenarioTable, seat: Seat): unknown[] {
  return table.legal(seat);
}

// Which Contamination cards are INFECTED is dealt by the seed: a first table tells.
const probe = scenario({ players: 2 }).build();
const clean = [...probe.tables.contamination.keys()].find(
  (card) => !probe.state.infectedContamination.includes(card),
)!;

describe('Action cards: playing one', () => {
  it('a card is an action of its own: it is discarded with its cost, and the action counts', () => {
    const table = scenario({ players: 2 })
      .character('0', {
        hand: ['captain-basic-repairs', 'captain-rest', 'captain-order', 'captain-search-1'],
      })
      .room(11, { malfunction: true })
      .build();
    play(table, '0', 'captain-basic-repairs', ['captain-rest', 'captain-order']);
    table.act('0', { type: 'option', option: 0 });
    const player = table.player('0');
    expect(player.hand).toEqual(['captain-search-1']);
    expect(player.actionDeck.discardPile).toEqual([
      'captain-basic-repairs',
      'captain-rest',
      'captain-order',
    ]);
    const turn = table.state.stack.find((step) => step.kind === 'player-turn');
    expect(turn?.kind === 'player-turn' && turn.actionsTaken).toBe(1);
  });

  it('a card being played is shown: dealing the hidden cards anew keeps it in its player’s hand', () => {
    const table = scenario({ players: 2 })
      .character('0', {
        hand: ['captain-basic-repairs', 'captain-rest', 'captain-order', 'captain-search-1'],
      })
      .room(11, { malfunction: true })
      .build();
    table.act('0', { type: 'play-card' });
    table.act('0', { type: 'card', card: 'captain-basic-repairs' });
    table.act('0', { type: 'card', card: 'captain-rest' });
    for (const seed of ['a', 'b', 'c']) {
      const copy = structuredClone(table.state);
      redealNemesis(table.tables, copy, '1', seedRandom(seed));
      const hand = copy.players[0]!.hand;
      expect(hand).toContain('captain-basic-repairs');
      const top = copy.stack.at(-1);
      expect(
        top?.kind === 'action-choice' && top.chosen.cards.every((card) => hand.includes(card)),
      ).toBe(true);
      expect(top?.kind === 'action-choice' && top.chosen.cards).not.toContain(
        'captain-basic-repairs',
      );
    }
  });

  it('the Search cards and the interrupts are never played this way', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-search-1', 'captain-interruption', 'captain-motivation'] })
      .build();
    table.act('0', { type: 'play-card' });
    expect(optionsNow(table, '0')).toEqual([{ type: 'card', card: 'captain-motivation' }]);
    expect(table.tryAct('0', { type: 'card', card: 'captain-interruption' })).toMatchObject({
      ok: false,
      rejection: { code: 'interrupt' },
    });
    expect(table.tryAct('0', { type: 'card', card: 'captain-search-1' })).toMatchObject({
      ok: false,
      rejection: { code: 'search-card' },
    });
  });
});

describe('Action cards: the shared cards', () => {
  it('Rest scans the Contamination cards in hand: the clean ones are removed', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', clean, 'captain-order'] })
      .build();
    play(table, '0', 'captain-rest');
    expect(table.state.contaminationRemoved).toEqual([clean]);
    expect(table.player('0').hand).toEqual(['captain-order']);
  });

  it('Rest is never played in Combat', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', 'captain-motivation'] })
      .intruder('adult', 11)
      .firstEncounterDone()
      .build();
    expect(refusal(table, '0', 'captain-rest')).toBe('in-combat');
  });

  it('Demolition destroys a closed door of a corridor touching your room', () => {
    const build = scenario({ players: 2 }).character('0', {
      hand: ['captain-demolition', 'captain-rest'],
    });
    const corridor = build.build().corridor(11, 14);
    const table = build.door(corridor, 'closed').build();
    play(table, '0', 'captain-demolition');
    table.act('0', { type: 'option', option: 0 });
    expect(optionsNow(table, '0')).toEqual([{ type: 'corridor', corridor }]);
    table.act('0', { type: 'corridor', corridor });
    expect(table.state.corridors[corridor]!.door).toBe('destroyed');
  });

  it('Demolition puts a Malfunction marker in your room', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-demolition', 'captain-rest'] })
      .build();
    play(table, '0', 'captain-demolition');
    // No closed door here: the only option left is the Malfunction.
    expect(optionsNow(table, '0')).toEqual([{ type: 'option', option: 1 }]);
    table.act('0', { type: 'option', option: 1 });
    expect(table.room(11).malfunction).toBe(true);
  });

  it('Demolition is refused where no door is closed and the room already malfunctions', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-demolition', 'captain-motivation'] })
      .room(11, { malfunction: true })
      .build();
    expect(refusal(table, '0', 'captain-demolition')).toBe('no-door');
  });

  it('Basic Repairs (2 more cards) removes the Malfunction from your room', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-basic-repairs', 'captain-rest', 'captain-order'] })
      .room(11, { malfunction: true })
      .build();
    play(table, '0', 'captain-basic-repairs', ['captain-rest', 'captain-order']);
    table.act('0', { type: 'option', option: 0 });
    expect(table.room(11).malfunction).toBe(false);
  });

  it('Basic Repairs is refused with nothing to repair, or a hand that cannot pay', () => {
    const working = scenario({ players: 2 })
      .character('0', {
        hand: ['captain-basic-repairs', 'captain-rest', 'captain-order', 'captain-motivation'],
      })
      .build();
    expect(refusal(working, '0', 'captain-basic-repairs')).toBe('no-malfunction');
    const poor = scenario({ players: 2 })
      .character('0', { hand: ['captain-basic-repairs', 'captain-motivation'] })
      .room(11, { malfunction: true })
      .build();
    expect(refusal(poor, '0', 'captain-basic-repairs')).toBe('wrong-cost');
  });

  it('Repairs (1 more card) repairs the engine of the Engine room you stand in', () => {
    const table = scenario({ players: 4 })
      .engines('damaged', 'working', 'working')
      .room(21, { tile: 'engine-01', explored: true, explorationToken: null })
      .character('3', { room: 21, hand: ['pilot-repairs', 'pilot-rest'] })
      .turn('3')
      .build();
    play(table, '3', 'pilot-repairs', ['pilot-rest']);
    // Nothing malfunctions: the engine is the only option.
    expect(optionsNow(table, '3')).toEqual([{ type: 'option', option: 1 }]);
    table.act('3', { type: 'option', option: 1 });
    table.act('3', { type: 'option', option: 0 });
    expect(table.state.engines[0]).toEqual({ top: 'working', bottom: 'damaged' });
  });

  it('Fast Repairs costs nothing more and removes the Malfunction', () => {
    const table = scenario({ players: 5 })
      .character('4', { hand: ['mechanic-fast-repairs', 'mechanic-rest'] })
      .room(11, { malfunction: true })
      .turn('4')
      .build();
    play(table, '4', 'mechanic-fast-repairs');
    table.act('4', { type: 'option', option: 0 });
    expect(table.room(11).malfunction).toBe(false);
    expect(table.player('4').hand).toEqual(['mechanic-rest']);
  });

  it('Computer Skills takes the Room Action of a working Computer room for no card', () => {
    const table = scenario({ players: 5 })
      .room(6, { tile: 'monitoring-room', explored: true, explorationToken: null })
      .character('4', { room: 6, hand: ['mechanic-computer-skills', 'mechanic-rest'] })
      .turn('4')
      .build();
    play(table, '4', 'mechanic-computer-skills');
    table.act('4', { type: 'option', option: 1 });
    table.act('4', { type: 'room', room: 7 });
    expect(table.player('4').peeked).toEqual([{ room: 7, token: true }]);
    expect(table.player('4').hand).toEqual(['mechanic-rest']);
  });

  it('Computer Skills opens or closes a door; a Malfunction switches its Room Action off', () => {
    const table = scenario({ players: 5 })
      .room(6, {
        tile: 'monitoring-room',
        explored: true,
        explorationToken: null,
        malfunction: true,
      })
      .character('4', { room: 6, hand: ['mechanic-computer-skills', 'mechanic-rest'] })
      .turn('4')
      .build();
    play(table, '4', 'mechanic-computer-skills');
    expect(optionsNow(table, '4')).toEqual([{ type: 'option', option: 0 }]);
    expect(table.tryAct('4', { type: 'option', option: 1 }).ok).toBe(false);
    table.act('4', { type: 'option', option: 0 });
    const corridor = table.corridor(6, 7);
    table.act('4', { type: 'corridor', corridor });
    expect(table.state.corridors[corridor]!.door).toBe('closed');
  });
});

/** Seat 0 and seat `other` in Combat with an Adult in the Hibernatorium. */
function inCombat(players: number, seat: Seat, hand: string[]) {
  return scenario({ players })
    .character(seat, { hand })
    .intruder('adult', 11)
    .firstEncounterDone()
    .explored(6)
    .turn(seat);
}

describe('Action cards: the Captain', () => {
  it('Motivation: every character in your room, you included, draws an Action card', () => {
    const table = scenario({ players: 3 })
      .character('0', { hand: ['captain-motivation', 'captain-rest'] })
      .character('1', { hand: 2 })
      .character('2', { room: 6, hand: 2 })
      .build();
    play(table, '0', 'captain-motivation');
    expect(table.player('0').hand).toHaveLength(2);
    expect(table.player('1').hand).toHaveLength(3);
    expect(table.player('2').hand).toHaveLength(2);
  });

  it('Order sends another character in your room to the neighbouring room you choose, without asking them', () => {
    const table = scenario({ players: 2 })
      .explored(6)
      .character('0', { hand: ['captain-order', 'captain-rest'] })
      .build();
    play(table, '0', 'captain-order');
    expect(optionsNow(table, '0')).toEqual([{ type: 'option', option: 2 }]);
    table.act('0', { type: 'option', option: 2 });
    expect(table.prompts()[0]!.seats).toEqual(['0']);
    table.act('0', { type: 'room', room: 6 });
    expect(table.player('1').room).toBe(6);
    expect(table.player('0').room).toBe(11);
  });

  it('with the Intercom active, Motivation and Order also reach the characters in every Computer room', () => {
    const build = () =>
      scenario({ players: 3 })
        .room(8, { tile: 'comms-room', explored: true, explorationToken: null })
        .explored(4)
        .character('0', {
          hand: ['captain-motivation', 'captain-order', 'captain-rest'],
          items: ['intercom'],
        })
        .character('1', { room: 8, hand: 2 })
        .character('2', { room: 6, hand: 2 });
    const motivated = build().build();
    play(motivated, '0', 'captain-motivation');
    expect(motivated.player('1').hand).toHaveLength(3);
    expect(motivated.player('2').hand).toHaveLength(2);
    const ordered = build().build();
    play(ordered, '0', 'captain-order');
    expect(optionsNow(ordered, '0')).toEqual([{ type: 'option', option: 2 }]);
    ordered.act('0', { type: 'option', option: 2 });
    // The Soldier goes to a neighbour of the Comms Room, room 8.
    expect(optionsNow(ordered, '0')).toContainEqual({ type: 'room', room: 4 });
    ordered.act('0', { type: 'room', room: 4 });
    expect(ordered.player('1').room).toBe(4);
  });

  it('without the Intercom, Motivation reaches only your room', () => {
    const table = scenario({ players: 2 })
      .room(8, { tile: 'comms-room', explored: true, explorationToken: null })
      .character('0', { hand: ['captain-motivation', 'captain-rest'] })
      .character('1', { room: 8, hand: 2 })
      .build();
    play(table, '0', 'captain-motivation');
    expect(table.player('1').hand).toHaveLength(2);
  });

  it('Order is refused with nobody else in your room', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-order', 'captain-motivation'] })
      .character('1', { room: 6 })
      .build();
    expect(refusal(table, '0', 'captain-order')).toBe('nobody-here');
  });

  it('Reload puts one more round in the Revolver, and nothing else reloads it', () => {
    const table = scenario({ players: 2 })
      .character('0', {
        hand: ['captain-reload', 'captain-rest'],
        weapons: [{ id: 'six-shooter', ammo: 3 }],
      })
      .build();
    play(table, '0', 'captain-reload');
    expect(table.player('0').weapons[0]!.ammo).toBe(4);
  });

  it('Reload is refused while the Revolver is full', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-reload', 'captain-motivation'] })
      .build();
    expect(refusal(table, '0', 'captain-reload')).toBe('nothing-to-reload');
  });

  it('Suppressive Fire: 1 ammo, and you slip out of Combat with no Intruder attacking', () => {
    const table = inCombat(2, '0', ['captain-suppressive-fire', 'captain-rest']).build();
    play(table, '0', 'captain-suppressive-fire');
    table.act('0', { type: 'option', option: 0 });
    table.act('0', { type: 'room', room: 6 });
    expect(table.player('0').room).toBe(6);
    expect(table.player('0').weapons[0]!.ammo).toBe(5);
    expect(table.eventsOf('intruder-attack')).toHaveLength(0);
    expect(table.player('0').lightWounds + table.player('0').seriousWounds.length).toBe(0);
  });

  it('Suppressive Fire covers another character only if they agree, asked at their own seat', () => {
    const table = inCombat(2, '0', ['captain-suppressive-fire', 'captain-rest']).build();
    play(table, '0', 'captain-suppressive-fire');
    table.act('0', { type: 'option', option: 2 });
    expect(table.prompts()[0]!.seats).toEqual(['1']);
    expect(table.tryAct('0', { type: 'option', option: 0 }).ok).toBe(false);
    table.act('1', { type: 'option', option: 0 });
    table.act('0', { type: 'room', room: 6 });
    expect(table.player('1').room).toBe(6);
    expect(table.player('0').room).toBe(11);
  });

  it('Suppressive Fire: a character who refuses stays, and nobody leaves', () => {
    const table = inCombat(2, '0', ['captain-suppressive-fire', 'captain-rest']).build();
    play(table, '0', 'captain-suppressive-fire');
    table.act('0', { type: 'option', option: 2 });
    table.act('1', { type: 'done' });
    expect(table.player('1').room).toBe(11);
    expect(table.player('0').room).toBe(11);
    expect(table.eventsOf('nobody-leaves')).toHaveLength(1);
  });

  it('Suppressive Fire is played only in Combat, and needs a round to spend', () => {
    const calm = scenario({ players: 2 })
      .character('0', { hand: ['captain-suppressive-fire', 'captain-motivation'] })
      .build();
    expect(refusal(calm, '0', 'captain-suppressive-fire')).toBe('not-in-combat');
    const empty = inCombat(2, '0', ['captain-suppressive-fire', 'captain-reload'])
      .character('0', {
        hand: ['captain-suppressive-fire', 'captain-reload'],
        weapons: [{ id: 'six-shooter', ammo: 0 }],
      })
      .build();
    expect(refusal(empty, '0', 'captain-suppressive-fire')).toBe('condition');
  });
});

describe('Action cards: the Soldier', () => {
  it('Covering Fire: you and a willing character leave together, unattacked', () => {
    const table = inCombat(2, '1', ['soldier-covering-fire', 'soldier-rest']).build();
    play(table, '1', 'soldier-covering-fire');
    table.act('1', { type: 'option', option: 1 });
    table.act('0', { type: 'option', option: 0 });
    table.act('1', { type: 'option', option: 0 });
    table.act('1', { type: 'room', room: 6 });
    expect(table.player('0').room).toBe(6);
    expect(table.player('1').room).toBe(6);
    expect(table.player('1').weapons[0]!.ammo).toBe(4);
    expect(table.eventsOf('intruder-attack')).toHaveLength(0);
  });

  it('Covering Fire is played only in Combat', () => {
    const table = scenario({ players: 2 })
      .character('1', { hand: ['soldier-covering-fire', 'soldier-demolition'] })
      .turn('1')
      .build();
    expect(refusal(table, '1', 'soldier-covering-fire')).toBe('not-in-combat');
  });

  it('Full Auto empties the Assault Rifle into one shot: +1 Injury per 2 rounds, even on a miss', () => {
    const table = inCombat(2, '1', ['soldier-full-auto', 'soldier-rest'])
      .stackCombat(['blank'])
      .build();
    play(table, '1', 'soldier-full-auto');
    table.act('1', { type: 'weapon', weapon: 'assault-rifle' });
    const [adult] = table.intruders(11);
    table.act('1', { type: 'target', target: adult!.id });
    expect(table.player('1').weapons[0]!.ammo).toBe(0);
    expect(table.eventsOf('shoot')[0]).toMatchObject({ face: 'blank', injuries: 2 });
  });

  it('Taking Aim shoots an energy weapon and lets the die be rolled once more', () => {
    const table = inCombat(2, '1', ['soldier-taking-aim', 'soldier-rest'])
      .stackCombat(['blank', 'double'])
      .build();
    play(table, '1', 'soldier-taking-aim');
    table.act('1', { type: 'weapon', weapon: 'assault-rifle' });
    const [adult] = table.intruders(11);
    table.act('1', { type: 'target', target: adult!.id });
    table.act('1', { type: 'option', option: 0 });
    expect(table.eventsOf('reroll')).toHaveLength(1);
    expect(table.eventsOf('shoot')[0]).toMatchObject({ face: 'double' });
    expect(table.player('1').weapons[0]!.ammo).toBe(4);
  });

  it('Taking Aim is refused with no energy weapon loaded', () => {
    const table = inCombat(2, '1', ['soldier-taking-aim', 'soldier-demolition'])
      .character('1', {
        hand: ['soldier-taking-aim', 'soldier-demolition'],
        weapons: [{ id: 'assault-rifle', ammo: 0 }],
      })
      .build();
    expect(refusal(table, '1', 'soldier-taking-aim')).toBe('no-ammo');
  });
});

describe('Action cards: the Scout', () => {
  it('Adrenaline: a Shoot in place of the basic action, then draw an Action card', () => {
    const table = inCombat(3, '2', ['scout-adrenaline', 'scout-rest'])
      .stackCombat(['single'])
      .build();
    play(table, '2', 'scout-adrenaline');
    table.act('2', { type: 'option', option: 0 });
    table.act('2', { type: 'weapon', weapon: 'energy-rifle' });
    const [adult] = table.intruders(11);
    table.act('2', { type: 'target', target: adult!.id });
    expect(table.eventsOf('shoot')).toHaveLength(1);
    expect(table.player('2').weapons[0]!.ammo).toBe(3);
    expect(table.player('2').hand).toHaveLength(2);
  });

  it('Adrenaline: an Escape in place of the basic action, with its attacks, then draw an Action card', () => {
    const table = inCombat(3, '2', ['scout-adrenaline', 'scout-rest'])
      .stackAttackCards(['scratch-4'])
      .build();
    play(table, '2', 'scout-adrenaline');
    table.act('2', { type: 'option', option: 1 });
    table.act('2', { type: 'room', room: 6 });
    expect(table.eventsOf('escape')).toHaveLength(1);
    expect(table.player('2').room).toBe(6);
    expect(table.player('2').hand).toHaveLength(2);
  });

  it('Adrenaline is played only in Combat', () => {
    const table = scenario({ players: 3 })
      .character('2', { hand: ['scout-adrenaline', 'scout-demolition'] })
      .turn('2')
      .build();
    expect(refusal(table, '2', 'scout-adrenaline')).toBe('not-in-combat');
  });

  it('Scavenging (1 more card) searches even a room whose item counter is at 0', () => {
    const table = scenario({ players: 3 })
      .stackItems('red', ['grenade', 'decoy'])
      .room(6, { tile: 'storage', explored: true, explorationToken: null, itemCounter: 0 })
      .character('2', { room: 6, hand: ['scout-scavenging', 'scout-rest'] })
      .turn('2')
      .build();
    play(table, '2', 'scout-scavenging', ['scout-rest']);
    table.act('2', { type: 'item', item: 'grenade' });
    expect(table.player('2').items).toEqual(['grenade']);
    expect(table.room(6).itemCounter).toBe(0);
  });

  it('Scavenging is refused where nothing is ever searched', () => {
    const table = scenario({ players: 3 })
      .character('2', { hand: ['scout-scavenging', 'scout-rest', 'scout-demolition'] })
      .turn('2')
      .build();
    expect(refusal(table, '2', 'scout-scavenging')).toBe('no-search');
  });

  it('Reconnaissance (1 more card) moves to a neighbouring room with no Noise roll', () => {
    const table = scenario({ players: 3 })
      .explored(6)
      .character('2', { hand: ['scout-reconnaissance', 'scout-rest'] })
      .turn('2')
      .build();
    play(table, '2', 'scout-reconnaissance', ['scout-rest']);
    table.act('2', { type: 'room', room: 6 });
    expect(table.player('2').room).toBe(6);
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
    expect(table.state.corridors.some((corridor) => corridor.noise)).toBe(false);
  });

  it('Reconnaissance is never played in Combat', () => {
    const table = inCombat(3, '2', [
      'scout-reconnaissance',
      'scout-rest',
      'scout-demolition',
    ]).build();
    expect(refusal(table, '2', 'scout-reconnaissance')).toBe('in-combat');
  });
});

describe('Action cards: the Mechanic', () => {
  it('Technical Corridors (1 more card) goes to another room with an entrance, then you pass', () => {
    const table = scenario({ players: 5 })
      .explored(2, 4)
      .character('4', { room: 2, hand: ['mechanic-technical-corridors', 'mechanic-rest'] })
      .turn('4')
      .build();
    play(table, '4', 'mechanic-technical-corridors', ['mechanic-rest']);
    table.act('4', { type: 'room', room: 4 });
    expect(table.player('4').room).toBe(4);
    expect(table.player('4').passed).toBe(true);
  });

  it('Technical Corridors is refused in a room with no entrance', () => {
    const table = scenario({ players: 5 })
      .character('4', { hand: ['mechanic-technical-corridors', 'mechanic-rest'] })
      .turn('4')
      .build();
    expect(refusal(table, '4', 'mechanic-technical-corridors')).toBe('condition');
  });

  it('Pyrotechnics (1 more card) burns an item of yours to start a Fire in your room', () => {
    const table = scenario({ players: 5 })
      .character('4', {
        hand: ['mechanic-pyrotechnics', 'mechanic-rest'],
        items: ['duct-tape'],
      })
      .turn('4')
      .build();
    play(table, '4', 'mechanic-pyrotechnics', ['mechanic-rest']);
    table.act('4', { type: 'option', option: 0 });
    table.act('4', { type: 'item', item: 'duct-tape' });
    expect(table.player('4').items).toEqual([]);
    expect(table.room(11).fire).toBe(true);
  });

  it('Pyrotechnics puts out the Fire in your room; no fire is started where one burns', () => {
    const table = scenario({ players: 5 })
      .character('4', { hand: ['mechanic-pyrotechnics', 'mechanic-rest'], items: ['duct-tape'] })
      .room(11, { fire: true })
      .turn('4')
      .build();
    play(table, '4', 'mechanic-pyrotechnics', ['mechanic-rest']);
    expect(optionsNow(table, '4')).toEqual([{ type: 'option', option: 1 }]);
    table.act('4', { type: 'option', option: 1 });
    expect(table.room(11).fire).toBe(false);
    expect(table.player('4').items).toEqual(['duct-tape']);
  });

  it('Pyrotechnics is refused with no item to burn and no Fire to put out', () => {
    const table = scenario({ players: 5 })
      .character('4', { hand: ['mechanic-pyrotechnics', 'mechanic-rest', 'mechanic-demolition'] })
      .turn('4')
      .build();
    expect(refusal(table, '4', 'mechanic-pyrotechnics')).toBe('condition');
  });

  it('Ingenuity crafts an item where any Yellow item gives the Tool icon', () => {
    const table = scenario({ players: 5 })
      .character('4', {
        hand: ['mechanic-ingenuity', 'mechanic-rest'],
        items: ['energy-charge-yellow', 'duct-tape'],
      })
      .turn('4')
      .build();
    // The Duct Tape shows no Tool icon: the Craft action cannot make the Taser.
    expect(table.legal('4')).not.toContainEqual({ type: 'craft' });
    play(table, '4', 'mechanic-ingenuity');
    expect(optionsNow(table, '4')).toEqual([{ type: 'option', option: 2 }]);
    table.act('4', { type: 'option', option: 2 });
    expect(optionsNow(table, '4')).toEqual([{ type: 'item', item: 'taser' }]);
    table.act('4', { type: 'item', item: 'taser' });
    table.act('4', { type: 'item', item: 'energy-charge-yellow' });
    expect(optionsNow(table, '4')).toEqual([{ type: 'item', item: 'duct-tape' }]);
    table.act('4', { type: 'item', item: 'duct-tape' });
    expect(table.player('4').items).toEqual(['taser']);
    expect(table.player('4').hand).toEqual(['mechanic-rest']);
  });

  it('Ingenuity removes the Malfunction from your room', () => {
    const table = scenario({ players: 5 })
      .character('4', { hand: ['mechanic-ingenuity', 'mechanic-rest'] })
      .room(11, { malfunction: true })
      .turn('4')
      .build();
    play(table, '4', 'mechanic-ingenuity');
    expect(optionsNow(table, '4')).toEqual([{ type: 'option', option: 0 }]);
    table.act('4', { type: 'option', option: 0 });
    expect(table.room(11).malfunction).toBe(false);
  });

  it('Ingenuity is refused with nothing to repair here', () => {
    const table = scenario({ players: 5 })
      .character('4', { hand: ['mechanic-ingenuity', 'mechanic-demolition'] })
      .turn('4')
      .build();
    expect(refusal(table, '4', 'mechanic-ingenuity')).toBe('no-malfunction');
  });
});

describe('Action cards: the Pilot', () => {
  it('Piloting takes the Cockpit’s Room Action for free', () => {
    const table = scenario({ players: 4 })
      .character('3', { room: 1, hand: ['pilot-piloting', 'pilot-rest'] })
      .turn('3')
      .build();
    play(table, '3', 'pilot-piloting');
    // The Cockpit has no Computer: checking the Coordinates from a Computer room is not on offer.
    expect(optionsNow(table, '3')).toEqual([{ type: 'option', option: 0 }]);
    table.act('3', { type: 'option', option: 0 });
    table.act('3', { type: 'option', option: 0 });
    expect(table.player('3').checkedCoordinates).toBe(true);
    expect(table.player('3').hand).toEqual(['pilot-rest']);
  });

  it('Piloting checks the Coordinates from a room with a working Computer', () => {
    const table = scenario({ players: 4 })
      .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
      .character('3', { room: 6, hand: ['pilot-piloting', 'pilot-rest'] })
      .turn('3')
      .build();
    play(table, '3', 'pilot-piloting');
    table.act('3', { type: 'option', option: 1 });
    expect(table.player('3').checkedCoordinates).toBe(true);
  });

  it('Piloting is refused away from the Cockpit and the Computers', () => {
    const table = scenario({ players: 4 })
      .character('3', { hand: ['pilot-piloting', 'pilot-demolition'] })
      .turn('3')
      .build();
    expect(refusal(table, '3', 'pilot-piloting')).toBe('condition');
  });

  it('Knowledge of the Ship secretly shows you one unexplored room, without its token', () => {
    const table = scenario({ players: 4 })
      .character('3', { hand: ['pilot-knowledge-of-the-ship', 'pilot-rest'] })
      .turn('3')
      .build();
    play(table, '3', 'pilot-knowledge-of-the-ship');
    table.act('3', { type: 'option', option: 1 });
    table.act('3', { type: 'room', room: 6 });
    expect(table.player('3').peeked).toEqual([{ room: 6, token: false }]);
  });

  it('Knowledge of the Ship opens or closes a door next to your room', () => {
    const table = scenario({ players: 4 })
      .character('3', { hand: ['pilot-knowledge-of-the-ship', 'pilot-rest'] })
      .turn('3')
      .build();
    play(table, '3', 'pilot-knowledge-of-the-ship');
    table.act('3', { type: 'option', option: 0 });
    const corridor = table.corridor(11, 6);
    table.act('3', { type: 'corridor', corridor });
    expect(table.state.corridors[corridor]!.door).toBe('closed');
  });

  it('Old Friend takes the Room Action of a working room with no Computer for free', () => {
    const table = scenario({ players: 4 })
      .room(6, { tile: 'canteen', explored: true, explorationToken: null })
      .character('3', { room: 6, lightWounds: 1, hand: ['pilot-old-friend', 'pilot-rest'] })
      .turn('3')
      .build();
    play(table, '3', 'pilot-old-friend');
    expect(table.player('3').lightWounds).toBe(0);
    expect(table.player('3').hand).toEqual(['pilot-rest']);
  });

  it('Old Friend is refused in a Computer room, and in a room that malfunctions', () => {
    const computer = scenario({ players: 4 })
      .room(6, { tile: 'comms-room', explored: true, explorationToken: null })
      .character('3', { room: 6, hand: ['pilot-old-friend', 'pilot-demolition'] })
      .turn('3')
      .build();
    expect(refusal(computer, '3', 'pilot-old-friend')).toBe('condition');
    const broken = scenario({ players: 4 })
      .room(6, { tile: 'canteen', explored: true, explorationToken: null, malfunction: true })
      .character('3', { room: 6, lightWounds: 1, hand: ['pilot-old-friend', 'pilot-rest'] })
      .turn('3')
      .build();
    expect(refusal(broken, '3', 'pilot-old-friend')).toBe('malfunction');
  });
});

/** The Scientist alone, in the Monitoring Room (room 6, a Computer room); the Comms Room is room 8. */
function scientist(hand: string[]) {
  return scenario({ players: 1, characters: ['scientist'] })
    .room(6, { tile: 'monitoring-room', explored: true, explorationToken: null })
    .room(8, { tile: 'comms-room', explored: true, explorationToken: null })
    .character('0', { room: 6, hand });
}

describe('Action cards: the Scientist', () => {
  it('Blocking Access takes the Room Action of your Computer room for free', () => {
    const table = scientist(['scientist-blocking-access', 'scientist-rest']).build();
    play(table, '0', 'scientist-blocking-access');
    table.act('0', { type: 'option', option: 0 });
    table.act('0', { type: 'room', room: 7 });
    expect(table.player('0').peeked).toEqual([{ room: 7, token: true }]);
  });

  it('Blocking Access puts a Malfunction in any room with a working Computer', () => {
    const table = scientist(['scientist-blocking-access', 'scientist-rest']).build();
    play(table, '0', 'scientist-blocking-access');
    table.act('0', { type: 'option', option: 1 });
    expect(optionsNow(table, '0')).toEqual([
      { type: 'room', room: 6 },
      { type: 'room', room: 8 },
    ]);
    table.act('0', { type: 'room', room: 8 });
    expect(table.room(8).malfunction).toBe(true);
  });

  it('Blocking Access is refused outside a Computer room', () => {
    const table = scientist(['scientist-blocking-access', 'scientist-demolition'])
      .character('0', { room: 11, hand: ['scientist-blocking-access', 'scientist-demolition'] })
      .build();
    expect(refusal(table, '0', 'scientist-blocking-access')).toBe('condition');
  });

  it('Intranet (1 more card) takes the Room Action of another working Computer room from yours', () => {
    const table = scientist(['scientist-intranet', 'scientist-rest']).build();
    play(table, '0', 'scientist-intranet', ['scientist-rest']);
    expect(optionsNow(table, '0')).toEqual([{ type: 'room', room: 8 }]);
    table.act('0', { type: 'room', room: 8 });
    expect(table.player('0').signal).toBe(true);
  });

  it('Intranet is refused when the other Computer room malfunctions', () => {
    const table = scientist(['scientist-intranet', 'scientist-rest', 'scientist-demolition'])
      .room(8, { tile: 'comms-room', explored: true, explorationToken: null, malfunction: true })
      .build();
    expect(refusal(table, '0', 'scientist-intranet')).toBe('no-room');
  });

  it('Risk Assessment shows the top Event card to the Scientist alone; she may leave it on top', () => {
    const table = scientist(['scientist-risk-assessment', 'scientist-rest'])
      .stackEventCards(['regeneration'])
      .build();
    play(table, '0', 'scientist-risk-assessment');
    expect(table.eventsOf('event-seen')[0]).toMatchObject({
      card: 'regeneration',
      audience: ['0'],
    });
    expect(table.view('0').you!.eventsSeen).toEqual(['regeneration']);
    table.act('0', { type: 'option', option: 0 });
    expect(table.state.eventDeck.top).toEqual(['regeneration']);
  });

  it('Risk Assessment may put the top Event card at the bottom of the deck', () => {
    const table = scientist(['scientist-risk-assessment', 'scientist-rest'])
      .stackEventCards(['regeneration'])
      .build();
    play(table, '0', 'scientist-risk-assessment');
    table.act('0', { type: 'option', option: 1 });
    expect(table.state.eventDeck.top).toEqual([]);
    expect(table.state.eventDeck.bottom).toEqual(['regeneration']);
    expect(table.view('0').you!.eventsSeen).toEqual(['regeneration']);
  });

  it('Risk Assessment: the card seen stays known to the Scientist alone when the hidden cards are dealt anew', () => {
    const table = scenario({ players: 2, characters: ['scientist', 'captain'] })
      .room(6, { tile: 'monitoring-room', explored: true, explorationToken: null })
      .character('0', { room: 6, hand: ['scientist-risk-assessment', 'scientist-rest'] })
      .stackEventCards(['regeneration'])
      .build();
    play(table, '0', 'scientist-risk-assessment');
    table.act('0', { type: 'option', option: 0 });
    const dealtFor = (viewer: Seat, seed: string) => {
      const copy = structuredClone(table.state);
      redealNemesis(table.tables, copy, viewer, seedRandom(seed));
      return copy.eventDeck.top[0];
    };
    const seeds = ['a', 'b', 'c', 'd', 'e', 'f'];
    expect(seeds.map((seed) => dealtFor('0', seed))).toEqual(seeds.map(() => 'regeneration'));
    expect(seeds.map((seed) => dealtFor('1', seed)).some((card) => card !== 'regeneration')).toBe(
      true,
    );
  });

  it('with the Holo Computer active, Intranet and Risk Assessment work from a room with no Computer', () => {
    const table = scientist(['scientist-intranet', 'scientist-risk-assessment', 'scientist-rest'])
      .character('0', {
        room: 11,
        hand: ['scientist-intranet', 'scientist-risk-assessment', 'scientist-rest'],
        items: ['holo-computer'],
      })
      .build();
    table.act('0', { type: 'play-card' });
    expect(optionsNow(table, '0')).toContainEqual({ type: 'card', card: 'scientist-intranet' });
    expect(optionsNow(table, '0')).toContainEqual({
      type: 'card',
      card: 'scientist-risk-assessment',
    });
    table.act('0', { type: 'card', card: 'scientist-intranet' });
    table.act('0', { type: 'card', card: 'scientist-rest' });
    table.act('0', { type: 'room', room: 8 });
    expect(table.player('0').signal).toBe(true);
  });

  it('Risk Assessment is refused outside a Computer room', () => {
    const table = scientist(['scientist-risk-assessment', 'scientist-demolition'])
      .character('0', { room: 11, hand: ['scientist-risk-assessment', 'scientist-demolition'] })
      .build();
    expect(refusal(table, '0', 'scientist-risk-assessment')).toBe('condition');
  });
});
