import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

type Builder = ReturnType<typeof scenario>;
type Table = ReturnType<Builder['build']>;

// The board: room 6 joins 2, 5, 7 and 11; room 11 (the Hibernatorium) joins 6, 8, 14 and 15;
// room 7 joins 3, 6 and 8. Rooms 2, 4, 5, 9, 14, 15, 19 and 21 open onto the Technical Corridors.

/** Resolves one Event card's effect alone (no Intruder movement), as step 4 does after the movement. */
function effectOf(table: Table, card: string) {
  const facts = table.tables.eventCards.get(card);
  if (!facts) throw new Error(`no Event card ${card}`);
  return table.resolve({ kind: 'event-effect', card, effect: facts.effect });
}

const burning = (table: Table) =>
  table.state.rooms.filter((room) => room.fire).map((room) => room.number);
const malfunctioning = (table: Table) =>
  table.state.rooms.filter((room) => room.malfunction).map((room) => room.number);
const noisy = (table: Table) =>
  table.state.corridors
    .filter((corridor) => corridor.noise)
    .map((corridor) => table.tables.corridors[corridor.index]!.ends.join('-'));

describe('Event cards: fire', () => {
  it('Damaging Fire: every burning room malfunctions, then Fire spreads to its neighbours but not through a closed door', () => {
    const table = scenario({ players: 1 })
      .room(6, { tile: 'cabins', fire: true })
      .door([6, 7], 'closed')
      .build();
    effectOf(table, 'damaging-fire');
    expect(malfunctioning(table)).toEqual([6]);
    expect(burning(table)).toEqual([2, 5, 6, 11]);
  });

  it('Damaging Fire: a room set alight by the spread does not spread again', () => {
    const table = scenario({ players: 1 }).room(7, { fire: true }).build();
    effectOf(table, 'damaging-fire');
    // 7 reaches 3, 6 and 8; 6 would reach 2, 5 and 11, but it only just caught fire.
    expect(burning(table)).toEqual([3, 6, 7, 8]);
  });

  it('Consuming Fire: burning rooms lose their items, then Fire spreads', () => {
    const table = scenario({ players: 1 })
      .room(7, { fire: true, itemCounter: 3 })
      .room(8, { itemCounter: 2 })
      .build();
    effectOf(table, 'consuming-fire');
    expect(table.room(7).itemCounter).toBe(0);
    expect(table.room(8).itemCounter).toBe(2);
    expect(burning(table)).toEqual([3, 6, 7, 8]);
    expect(malfunctioning(table)).toEqual([]);
  });

  it('Flammable Compounds: Fire in the Hibernatorium', () => {
    const table = scenario({ players: 1 }).build();
    effectOf(table, 'flammable-compounds');
    expect(burning(table)).toEqual([11]);
  });

  it('Flammable Compounds: with the Hibernatorium already burning, Fire in each neighbour instead', () => {
    const table = scenario({ players: 1 })
      .room(11, { fire: true })
      .door([11, 15], 'closed')
      .build();
    effectOf(table, 'flammable-compounds');
    expect(burning(table)).toEqual([6, 8, 11, 14]);
  });
});

describe('Event cards: Malfunctions', () => {
  it('Short Circuit: every explored Yellow room with a Computer malfunctions', () => {
    const table = scenario({ players: 1 })
      .room(2, { tile: 'comms-room', explored: true })
      .room(3, { tile: 'airlock-control', explored: true })
      .room(4, { tile: 'generator', explored: false })
      .build();
    effectOf(table, 'short-circuit');
    // The Airlock has no Computer; the unexplored Generator's tile is face down.
    expect(malfunctioning(table)).toEqual([2]);
  });

  it('Life Support Failure: every explored Green room malfunctions', () => {
    const table = scenario({ players: 1 })
      .room(2, { tile: 'surgery', explored: true })
      .room(3, { tile: 'laboratory', explored: true })
      .room(4, { tile: 'emergency-room', explored: false })
      .room(5, { tile: 'armory', explored: true })
      .build();
    effectOf(table, 'life-support-failure');
    expect(malfunctioning(table)).toEqual([2, 3]);
  });

  it('Damage: every room holding an Adult, a Breeder or the Queen malfunctions, not one with a Creeper alone', () => {
    const table = scenario({ players: 1 })
      .room(6, { tile: 'cabins' })
      .room(7, { tile: 'canteen' })
      .room(8, { tile: 'shower-room' })
      .intruder('adult', 6)
      .intruder('breeder', 7)
      .intruder('creeper', 8)
      .build();
    effectOf(table, 'damage');
    expect(malfunctioning(table)).toEqual([6, 7]);
  });

  it('Malfunction: the lowest-numbered explored room malfunctions (the Cockpit)', () => {
    const table = scenario({ players: 1 }).build();
    effectOf(table, 'malfunction');
    expect(malfunctioning(table)).toEqual([1]);
  });

  it('Malfunction: a room already malfunctioning passes it on to the next explored room that can take one', () => {
    const table = scenario({ players: 1 })
      .room(1, { malfunction: true })
      .room(3, { tile: 'nest', explored: true })
      .room(5, { tile: 'armory', explored: true })
      .build();
    effectOf(table, 'malfunction');
    expect(malfunctioning(table)).toEqual([1, 5]);
  });
});

describe('Event cards: Intruders', () => {
  it('Regeneration: every Intruder on the board heals 2 Injuries', () => {
    const table = scenario({ players: 1 })
      .intruder('adult', 6, { injuries: 3 })
      .intruder('breeder', 7, { injuries: 1 })
      .build();
    effectOf(table, 'regeneration');
    expect(table.intruders().map((intruder) => intruder.injuries)).toEqual([1, 0]);
  });

  it('Hunt (both cards): an Adult not in Combat steps into a neighbouring room with a character', () => {
    for (const card of ['hunt-1', 'hunt-2']) {
      const table = scenario({ players: 1 })
        .explored(7)
        .character('0', { room: 7 })
        .intruder('adult', 6)
        .intruder('creeper', 8)
        .build();
      effectOf(table, card);
      expect(table.intruders().map((intruder) => intruder.room)).toEqual([7, 8]);
    }
  });

  it('Hunt: with prey in two neighbouring rooms the Adult picks the lower number; an Adult in Combat stays', () => {
    const table = scenario({ players: 3 })
      .explored(5, 7, 12)
      .character('0', { room: 7 })
      .character('1', { room: 5 })
      .character('2', { room: 12 })
      .intruder('adult', 6)
      .intruder('adult', 12)
      .build();
    effectOf(table, 'hunt-1');
    expect(table.intruders().map((intruder) => intruder.room)).toEqual([5, 12]);
  });

  it('Hunt: a closed door stops the hunter, which breaks it', () => {
    const table = scenario({ players: 1 })
      .explored(7)
      .character('0', { room: 7 })
      .intruder('adult', 6)
      .door([6, 7], 'closed')
      .build();
    effectOf(table, 'hunt-1');
    expect(table.intruders()[0]!.room).toBe(6);
    expect(table.state.corridors[table.corridor(6, 7)]!.door).toBe('destroyed');
  });

  it('Lurking: every Intruder with no character in its room leaves the board and its token returns to the bag', () => {
    const table = scenario({ players: 1 })
      .explored(7)
      .character('0', { room: 7 })
      .intruder('adult', 7)
      .intruder('adult', 6)
      .with((state) => {
        state.tokensInReserve = state.tokensInReserve.filter((token) => token !== 'adult-01');
        state.tokensAside.push('adult-01');
      })
      .build();
    effectOf(table, 'lurking');
    expect(table.intruders().map((intruder) => intruder.room)).toEqual([7]);
    expect(table.state.bag.tokens).toContain('adult-01');
  });
});

describe('Event cards: noise', () => {
  it('Scent of Prey: noise in every empty corridor of a room where a Slimed character stands', () => {
    const table = scenario({ players: 2 })
      .explored(7, 12)
      .character('0', { room: 7, slime: true })
      .character('1', { room: 12, slime: false })
      .noise([6, 7])
      .build();
    const events = effectOf(table, 'scent-of-prey');
    expect(noisy(table).sort()).toEqual(['3-7', '6-7', '7-8']);
    // Each marker placed is a line of the log; the one already there is not.
    const told = events
      .filter((event) => event.type === 'noise')
      .map((event) => table.tables.corridors[event.corridor as number]!.ends.join('-'));
    expect(told.sort()).toEqual(['3-7', '7-8']);
  });

  it('Nest: noise in every corridor of the explored Nest', () => {
    const table = scenario({ players: 1 }).room(7, { tile: 'nest', explored: true }).build();
    effectOf(table, 'nest');
    expect(noisy(table).sort()).toEqual(['3-7', '6-7', '7-8']);
  });

  it('Nest: an unexplored Nest gets no noise (its tile is still face down)', () => {
    const table = scenario({ players: 1 }).room(7, { tile: 'nest', explored: false }).build();
    effectOf(table, 'nest');
    expect(noisy(table)).toEqual([]);
  });

  it('Noise in Technical Corridors: noise there when there was none', () => {
    const table = scenario({ players: 1 }).build();
    effectOf(table, 'noise-in-technical-corridors');
    expect(table.state.technicalCorridorNoise).toBe(true);
    expect(table.eventsOf('noise-roll')).toHaveLength(0);
  });

  it('Noise in Technical Corridors: when there was, each character at an entrance makes a Noise roll', () => {
    const table = scenario({ players: 2 })
      .explored(2, 7)
      .character('0', { room: 2 })
      .character('1', { room: 7 })
      .noise('technical')
      .stackNoise(['silence'])
      .build();
    effectOf(table, 'noise-in-technical-corridors');
    const rolls = table.eventsOf('noise-roll');
    expect(rolls).toHaveLength(1);
    expect(rolls[0]!.seat).toBe('0');
  });
});

describe('Event cards: the ship', () => {
  it('Bulkheads Open: every closed door opens; a destroyed door stays destroyed', () => {
    const table = scenario({ players: 1 }).door([6, 7], 'closed').door([7, 8], 'destroyed').build();
    effectOf(table, 'bulkheads-open');
    expect(table.state.corridors[table.corridor(6, 7)]!.door).toBe('open');
    expect(table.state.corridors[table.corridor(7, 8)]!.door).toBe('destroyed');
  });

  it('Coolant Leak: a Malfunction in the Generator starts the Self-Destruct sequence', () => {
    const table = scenario({ players: 1 })
      .room(4, { tile: 'generator', explored: true, malfunction: true })
      .build();
    effectOf(table, 'coolant-leak');
    expect(table.state.selfDestruct).toBe(0);
  });

  it('Coolant Leak: a working Generator starts nothing', () => {
    const table = scenario({ players: 1 }).room(4, { tile: 'generator', explored: true }).build();
    effectOf(table, 'coolant-leak');
    expect(table.state.selfDestruct).toBeNull();
  });

  it('Evacuation Pod Ejection: the lowest-numbered pod still aboard leaves, its occupant escaping', () => {
    const table = scenario({ players: 4 })
      .character('1', { status: 'in-pod', room: 2 })
      .with((state) => {
        state.pods[0]!.launched = true;
        state.players[1]!.pod = 2;
        state.pods[1]!.occupants = ['1'];
      })
      .build();
    effectOf(table, 'evacuation-pod-ejection');
    expect(table.state.pods.map((pod) => pod.launched).slice(0, 3)).toEqual([true, true, false]);
    expect(table.player('1').status).toBe('escaped');
  });
});

describe('Event cards: Larvae and Eggs', () => {
  it('Eclosion: a character carrying a Larva dies and a Creeper takes their place', () => {
    const table = scenario({ players: 2 })
      .explored(7, 12)
      .character('0', { room: 7, larva: true })
      .character('1', { room: 12 })
      .build();
    effectOf(table, 'eclosion');
    expect(table.player('0').status).toBe('dead');
    expect(table.intruders(7).map((intruder) => intruder.kind)).toEqual(['creeper']);
  });

  it('Eclosion: the others draw 4 cards, scan the Contamination among them, and discard the 4', () => {
    const table = scenario({ players: 1 }).explored(7).character('0', { room: 7 }).build();
    const player = table.player('0');
    const infected = table.state.infectedContamination[0]!;
    const top = [infected, ...player.actionDeck.drawPile.slice(0, 3)];
    player.actionDeck.drawPile = [
      ...player.actionDeck.drawPile.filter((card) => !top.includes(card)),
      ...top,
    ];
    player.actionDeck.top = [...top];
    effectOf(table, 'eclosion');
    expect(player.actionDeck.discardPile).toEqual(expect.arrayContaining(top));
    expect(player.scanned).toContain(infected);
    expect(player.larva).toBe(true);
  });

  it('Egg Protection: a character in the Nest and one carrying an Egg each meet an Intruder', () => {
    const table = scenario({ players: 3 })
      .room(7, { tile: 'nest', explored: true })
      .explored(12, 16)
      .character('0', { room: 7 })
      .character('1', { room: 12, carried: ['egg'] })
      .character('2', { room: 16 })
      .stackBag(['adult-05', 'adult-06'])
      .firstEncounterDone()
      .build();
    effectOf(table, 'egg-protection');
    expect(
      table
        .intruders()
        .map((intruder) => intruder.room)
        .sort(),
    ).toEqual([12, 7]);
  });

  it('Hatching: an Egg leaves the Intruder board; with nobody empty-handed in the Nest a Larva token joins the bag', () => {
    const table = scenario({ players: 1 }).nestEggs(3).build();
    const larvae = () =>
      table.state.bag.tokens.filter(
        (token) => table.tables.intruderTokens.get(token)?.kind === 'larva',
      ).length;
    const before = larvae();
    effectOf(table, 'hatching');
    expect(table.state.nestEggs).toBe(2);
    expect(larvae()).toBe(before + 1);
  });

  it('Hatching: a character in the Nest with an empty hand gets a Larva and a Contamination card', () => {
    const table = scenario({ players: 1 })
      .nestEggs(2)
      .room(7, { tile: 'nest', explored: true })
      .character('0', { room: 7, hand: [] })
      .build();
    const discarded = table.player('0').actionDeck.discardPile.length;
    effectOf(table, 'hatching');
    expect(table.player('0').larva).toBe(true);
    expect(table.player('0').actionDeck.discardPile).toHaveLength(discarded + 1);
  });

  it('Hatching: with no Egg left on the Intruder board nothing hatches', () => {
    const table = scenario({ players: 1 }).nestEggs(0).build();
    const bag = [...table.state.bag.tokens];
    effectOf(table, 'hatching');
    expect(table.state.bag.tokens).toEqual(bag);
  });
});

describe('Event card: the effect follows the Intruder movement', () => {
  it('the card drawn moves its Intruders first, then its effect resolves, then it goes to its pile', () => {
    const table = scenario({ players: 1 })
      .explored(7)
      .character('0', { room: 7 })
      .intruder('adult', 6, { injuries: 3 })
      .stackEventCards(['regeneration'])
      .build();
    table.resolve({ kind: 'event-card' });
    expect(table.intruders()[0]!.injuries).toBe(1);
    expect(table.state.eventDeck.discardPile).toEqual(['regeneration']);
    expect(table.eventsOf('event-card')[0]!.text).toContain('every Intruder');
  });
});
