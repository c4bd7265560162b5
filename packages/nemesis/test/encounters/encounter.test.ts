import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

describe('Encounter', () => {
  it('discards every Noise marker of the room, Technical Corridors included', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .noise([1, 2], [2, 6], 'technical', [6, 7])
      .stackBag(['adult-12'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.state.corridors[table.corridor(1, 2)]!.noise).toBe(false);
    expect(table.state.corridors[table.corridor(2, 6)]!.noise).toBe(false);
    expect(table.state.technicalCorridorNoise).toBe(false);
    expect(table.state.corridors[table.corridor(6, 7)]!.noise).toBe(true);
  });

  it('places the Intruder of the drawn token in the room and sets the token aside', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .stackBag(['adult-05'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.intruders(2).map((intruder) => intruder.kind)).toEqual(['adult']);
    expect(table.state.tokensAside).toEqual(['adult-05']);
    expect(table.state.bag.tokens).not.toContain('adult-05');
  });

  it('Surprise Attack when the cards in hand are fewer than the token number', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: ['captain-rest', 'contamination-01'] })
      .stackBag(['adult-05'])
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.eventsOf('surprise-attack')).toHaveLength(1);
  });

  it('no Surprise Attack when the cards in hand equal the token number (Contamination cards count)', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: ['captain-rest', 'captain-order', 'contamination-01'] })
      .stackBag(['adult-05'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.eventsOf('surprise-attack')).toHaveLength(0);
  });

  it('the Blank token puts noise in every corridor of the room and goes back in the bag', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .stackBag(['blank'])
      .build();
    const bagSize = table.state.bag.tokens.length;
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.intruders()).toHaveLength(0);
    expect(table.state.corridors[table.corridor(1, 2)]!.noise).toBe(true);
    expect(table.state.corridors[table.corridor(2, 6)]!.noise).toBe(true);
    expect(table.state.technicalCorridorNoise).toBe(true);
    expect(table.state.bag.tokens).toHaveLength(bagSize);
    expect(table.state.bag.tokens).toContain('blank');
  });

  it('the Blank token as the last one in the bag brings an Adult token into the bag', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .with((state) => {
        state.tokensInReserve.push(...state.bag.tokens.filter((token) => token !== 'blank'));
        state.bag.tokens = ['blank'];
      })
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    const kinds = table.state.bag.tokens
      .map((token) => table.tables.intruderTokens.get(token)!.kind)
      .sort();
    expect(kinds).toEqual(['adult', 'blank']);
  });

  it('with all eight Adults on the board, every Adult not in Combat returns to the bag before the new one is placed', () => {
    let build = scenario({ players: 1 })
      .explored(2, 3, 4)
      .character('0', { room: 2, hand: 5 })
      .firstEncounterDone();
    build = build.intruder('adult', 2);
    for (let count = 0; count < 7; count++) build = build.intruder('adult', count < 4 ? 3 : 4);
    build = build.with((state) => {
      // The tokens of the Adults on the board were set aside when they appeared.
      const adults = state.tokensInReserve.filter((token) => token.startsWith('adult')).slice(0, 8);
      state.tokensInReserve = state.tokensInReserve.filter((token) => !adults.includes(token));
      state.tokensAside.push(...adults);
    });
    const table = build.stackBag(['adult-01']).build();
    const bagBefore = table.state.bag.tokens.length;
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.intruders(2)).toHaveLength(2);
    expect(table.intruders(3)).toHaveLength(0);
    expect(table.intruders(4)).toHaveLength(0);
    expect(table.state.bag.tokens).toHaveLength(bagBefore - 1 + 7);
  });

  it('First Encounter: when the first Intruder appears, every player keeps one Objective and discards the other', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .stackBag(['larva-1'])
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    const [prompt] = table.prompts();
    expect(prompt).toMatchObject({
      mode: 'simultaneous',
      answer: 'choose-objective',
      seats: ['0', '1'],
    });
    const keep = table.player('1').objectives[1]!;
    table.act('1', { type: 'choose-objective', keep });
    expect(table.player('1').objectives).toEqual([keep]);
    expect(table.view('0').players[1]!.objectives).toBe(1);
    expect(JSON.stringify(table.view('0'))).not.toContain(keep);
    expect(table.prompts()[0]!.seats).toEqual(['0']);
    table.act('0', { type: 'choose-objective', keep: table.player('0').objectives[0]! });
    expect(table.prompts()[0]!.answer).toBe('choose-action');
  });

  it("an Intruder moving into a character's room is Combat, not an Encounter: no Surprise Attack", () => {
    const table = scenario({ players: 1 })
      .explored(2, 6)
      .character('0', { room: 2, hand: 0 })
      .intruder('adult', 6)
      .firstEncounterDone()
      .stackNoise(['danger'])
      .build();
    table.resolve({ kind: 'noise-roll', seat: '0', room: 2 });
    expect(table.intruders(2)).toHaveLength(1);
    expect(table.eventsOf('surprise-attack')).toHaveLength(0);
  });
});

// Room 2 has two corridors (to 1 and to 6) and a Technical Corridor entrance.
describe('Encounter', () => {
  it('the Surprise Attack strikes the character who set off the Encounter, not the one holding the fewest cards', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 0 })
      .character('1', { room: 2, hand: 1 })
      .stackBag(['adult-05'])
      .stackAttackCards(['scratch-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'encounter', seat: '1', room: 2 });
    expect(table.eventsOf('intruder-attack')).toMatchObject([{ seat: '1', surprise: true }]);
    expect(table.player('1').lightWounds).toBe(1);
    expect(table.player('0').lightWounds).toBe(0);
  });

  it('a Surprise Attack by a Larva infests the character', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2, hand: 0 })
      .stackBag(['larva-2'])
      .stackAttackCards(['bite-1'])
      .firstEncounterDone()
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.eventsOf('surprise-attack')).toHaveLength(1);
    expect(table.player('0').larva).toBe(true);
    expect(table.intruders()).toHaveLength(0);
    expect(table.state.attackDeck.top).toEqual(['bite-1']);
  });

  it('the Blank token last in the bag with no Adult token left beside the board: nothing is added', () => {
    const table = scenario({ players: 1 })
      .explored(2)
      .character('0', { room: 2 })
      .with((state, tables) => {
        const others = state.bag.tokens.filter((token) => token !== 'blank');
        state.bag.tokens = ['blank'];
        const adults = state.tokensInReserve.filter(
          (token) => tables.intruderTokens.get(token)?.kind === 'adult',
        );
        state.tokensInReserve = [
          ...state.tokensInReserve.filter((token) => !adults.includes(token)),
          ...others.filter((token) => tables.intruderTokens.get(token)?.kind !== 'adult'),
        ];
        state.tokensOut.push(
          ...adults,
          ...others.filter((token) => tables.intruderTokens.get(token)?.kind === 'adult'),
        );
      })
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.state.bag.tokens).toEqual(['blank']);
    expect(table.intruders()).toHaveLength(0);
  });

  it('the First Encounter comes once: every player keeps one Objective, and a later Intruder asks nothing', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .character('1', { room: 2, hand: 5 })
      .stackBag(['larva-1', 'larva-2'])
      .build();
    const dealt = table.state.players.map((player) => [...player.objectives]);
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    expect(table.prompts()[0]).toMatchObject({ answer: 'choose-objective', seats: ['0', '1'] });
    table.act('0', { type: 'choose-objective', keep: dealt[0]![1]! });
    table.act('1', { type: 'choose-objective', keep: dealt[1]![0]! });
    expect(table.player('0').objectives).toEqual([dealt[0]![1]]);
    expect(table.player('1').objectives).toEqual([dealt[1]![0]]);
    expect(table.state.objectivesDiscarded.sort()).toEqual([dealt[0]![0], dealt[1]![1]].sort());
    table.resolve({ kind: 'encounter', seat: '1', room: 2 });
    expect(table.intruders(2)).toHaveLength(2);
    expect(table.prompts()[0]!.answer).toBe('choose-action');
  });

  it('an Objective not dealt to the player cannot be kept', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .stackBag(['larva-1'])
      .build();
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    const theirs = table.player('1').objectives[0]!;
    const outcome = table.tryAct('0', { type: 'choose-objective', keep: theirs });
    expect(outcome.ok ? '' : outcome.rejection.code).toBe('not-your-objective');
    expect(table.player('0').objectives).toHaveLength(2);
  });
});
