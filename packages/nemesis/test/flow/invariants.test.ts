import { nemesisInvariants } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

type Table = ReturnType<ReturnType<typeof scenario>['build']>;
const violations = (table: Table) => nemesisInvariants(table.state, table.tables);
const fresh = (players = 2) => scenario({ players }).build();

describe('Nemesis invariants', () => {
  it('a game just set up breaks none', () => {
    expect(violations(fresh(5))).toEqual([]);
  });

  describe('components are conserved', () => {
    it('an Intruder token lost', () => {
      const table = fresh();
      const token = table.state.bag.tokens.pop()!;
      expect(violations(table)).toEqual([`intruder token ${token} is missing`]);
    });

    it('an Intruder token in two places', () => {
      const table = fresh();
      const token = table.state.bag.tokens[0]!;
      table.state.tokensOut.push(token);
      expect(violations(table)).toEqual([
        `intruder token ${token} appears 2 times (bag, out of the game)`,
      ]);
    });

    it('an Intruder token the pack does not have', () => {
      const table = fresh();
      table.state.tokensAside.push('martian-1');
      expect(violations(table)).toEqual(['intruder token martian-1 does not belong there (aside)']);
    });

    it('a token held by bag development under way is accounted for', () => {
      const table = fresh();
      const token = table.state.bag.tokens.pop()!;
      table.state.stack.unshift({ kind: 'bag-development', token, rolls: [] });
      expect(violations(table)).toEqual([]);
    });

    it('an Intruder Attack card twice', () => {
      const table = fresh();
      const card = table.state.attackDeck.drawPile[0]!;
      table.state.attackDeck.discardPile.push(card);
      expect(violations(table)).toEqual([
        `attack card ${card} appears 2 times (attack deck draw pile, attack deck discard pile)`,
      ]);
    });

    it('an Event card lost', () => {
      const table = fresh();
      const card = table.state.eventDeck.drawPile.pop()!;
      expect(violations(table)).toEqual([`event card ${card} is missing`]);
    });

    it('an Event card both removed and in the deck', () => {
      const table = fresh();
      const card = table.state.eventDeck.drawPile[0]!;
      table.state.eventsRemoved.push(card);
      expect(violations(table)).toEqual([
        `event card ${card} appears 2 times (event deck draw pile, removed events)`,
      ]);
    });

    it('an Event card under resolution is accounted for', () => {
      const table = fresh();
      const card = table.state.eventDeck.drawPile.pop()!;
      table.state.stack.unshift({ kind: 'event-card', card });
      expect(violations(table)).toEqual([]);
    });

    it('a Contamination card both in a hand and in its deck', () => {
      const table = fresh();
      const card = table.state.contaminationDeck.drawPile[0]!;
      table.player('1').hand.push(card);
      expect(violations(table)).toEqual([
        `contamination card ${card} appears 2 times (contamination deck draw pile, seat 1 hand)`,
      ]);
    });

    it('a Contamination card removed and still in an Action deck', () => {
      const table = fresh();
      const card = table.state.contaminationDeck.drawPile.pop()!;
      table.state.contaminationRemoved.push(card);
      table.player('0').actionDeck.discardPile.push(card);
      expect(violations(table)).toEqual([
        `contamination card ${card} appears 2 times (removed contamination, seat 0 action deck discard pile)`,
      ]);
    });

    it('a Serious Wound card both on a character and in the deck', () => {
      const table = scenario({ players: 2 }).character('0', { seriousWounds: 1 }).build();
      const card = table.player('0').seriousWounds[0]!.card;
      table.state.seriousWoundDeck.discardPile.push(card);
      expect(violations(table)).toEqual([
        `serious wound card ${card} appears 2 times (serious wound deck discard pile, seat 0 wounds)`,
      ]);
    });

    it('a Serious Wound kept without a card is not a component', () => {
      const table = fresh();
      table.player('0').seriousWounds.push({ card: 'untracked', dressed: false });
      expect(violations(table)).toEqual([]);
    });

    it("a player's Action card lost", () => {
      const table = fresh();
      const card = table.player('0').hand.pop()!;
      expect(violations(table)).toEqual([`seat 0 action card ${card} is missing`]);
    });

    it("another character's Action card in a hand", () => {
      const table = fresh();
      const card = table.player('1').hand.pop()!;
      table.player('0').hand.push(card);
      expect(violations(table)).toEqual([
        `seat 0 action card ${card} does not belong there (seat 0 hand)`,
        `seat 1 action card ${card} is missing`,
      ]);
    });
  });

  describe('supplies are not exceeded', () => {
    it('more miniatures of a kind than the box holds', () => {
      const table = scenario({ players: 1 })
        .intruder('creeper', 2)
        .intruder('creeper', 3)
        .intruder('creeper', 4)
        .intruder('creeper', 5)
        .build();
      expect(violations(table)).toEqual(['4 creeper miniatures in play, but the box holds 3']);
    });

    it('a Larva on a character board is one of the Larva miniatures', () => {
      let builder = scenario({ players: 1 }).character('0', { larva: true });
      for (let count = 0; count < 6; count++) builder = builder.intruder('larva', 2 + count);
      expect(violations(builder.build())).toEqual([
        '7 larva miniatures in play, but the box holds 6',
      ]);
    });

    it('a ninth Fire marker', () => {
      const table = fresh();
      for (const room of table.state.rooms.slice(0, 9)) room.fire = true;
      expect(violations(table)).toEqual(['9 Fire markers in play, but the box holds 8']);
    });

    it('a ninth Malfunction marker', () => {
      const table = fresh();
      for (const room of table.state.rooms.slice(0, 9)) room.malfunction = true;
      expect(violations(table)).toEqual(['9 Malfunction markers in play, but the box holds 8']);
    });

    it('a thirteenth Door token (closed or destroyed)', () => {
      const table = fresh();
      table.state.corridors.slice(0, 13).forEach((corridor, index) => {
        corridor.door = index % 2 === 0 ? 'closed' : 'destroyed';
      });
      expect(violations(table)).toEqual(['13 Door tokens in play, but the box holds 12']);
    });

    it('a ninth Carcass, counting those carried', () => {
      const table = fresh();
      table.room(2).objects.push(...Array.from({ length: 8 }, () => 'carcass' as const));
      table.player('0').carried.push('carcass');
      expect(violations(table)).toEqual(['9 Carcass tokens in play, but the box holds 8']);
    });

    it('a seventh Corpse', () => {
      const table = fresh();
      table.room(2).objects.push(...Array.from({ length: 7 }, () => 'corpse' as const));
      expect(violations(table)).toEqual(['7 Corpse tokens in play, but the box holds 6']);
    });

    it('more Eggs than the box holds, counting the Nest, rooms, carried and destroyed', () => {
      const table = fresh();
      table.state.nestEggs = 5;
      table.room(2).objects.push('egg');
      table.player('1').carried.push('egg');
      table.state.eggsDestroyed = 2;
      expect(violations(table)).toEqual([
        '9 Egg tokens (Nest, rooms, carried, destroyed) in play, but the box holds 8',
      ]);
    });
  });

  describe('the board', () => {
    it('a corridor out of place', () => {
      const table = fresh();
      table.state.corridors[3]!.index = 4;
      expect(violations(table)).toEqual(['corridor 3 says it is corridor 4']);
    });

    it('a corridor index that is not on the board', () => {
      const table = fresh();
      table.state.stack.unshift({
        kind: 'move',
        seat: '0',
        to: 2,
        careful: true,
        noiseCorridor: 99,
      });
      expect(violations(table)).toEqual([
        'a move step names corridor 99, which is not on the board',
      ]);
    });

    it('an Intruder outside rooms 1 to 21', () => {
      const table = scenario({ players: 1 }).intruder('adult', 22).intruder('adult', 0).build();
      expect(violations(table)).toEqual([
        'Intruder #1 is in room 22, which is not on the board',
        'Intruder #2 is in room 0, which is not on the board',
      ]);
    });

    it('two Intruders with one id', () => {
      const table = scenario({ players: 1 }).intruder('adult', 2).intruder('adult', 3).build();
      table.state.intruders[1]!.id = 1;
      expect(violations(table)).toEqual(['two Intruders share id 1']);
    });
  });

  describe('characters', () => {
    it('negative ammo', () => {
      const table = scenario({ players: 1 })
        .character('0', { weapons: [{ id: 'six-shooter', ammo: -1 }] })
        .build();
      expect(violations(table)).toEqual(["seat 0's six-shooter has -1 ammo"]);
    });

    it('more ammo than the weapon holds', () => {
      const table = scenario({ players: 1 })
        .character('0', { weapons: [{ id: 'shotgun', ammo: 3 }] })
        .build();
      expect(violations(table)).toEqual(["seat 0's shotgun has 3 ammo, over its capacity of 2"]);
    });

    it('a dead character still holding cards, objects and weapons', () => {
      const table = scenario({ players: 2 })
        .character('1', { status: 'dead', carried: ['egg'] })
        .build();
      expect(violations(table)).toEqual([
        'seat 1 is dead but holds 5 card(s)',
        'seat 1 is dead but carries egg',
        'seat 1 is dead but holds 1 weapon(s)',
      ]);
    });

    it('three Light Wounds on a character board', () => {
      const table = scenario({ players: 1 }).character('0', { lightWounds: 3 }).build();
      expect(violations(table)).toEqual(['seat 0 has 3 light wounds (0 to 2)']);
    });
  });

  describe('whoever is asked can answer', () => {
    it('a dead character asked to act', () => {
      const table = fresh();
      const player = table.player('0');
      player.actionDeck.discardPile.push(...player.hand);
      player.hand = [];
      player.weapons = [];
      player.status = 'dead';
      expect(violations(table)).toEqual([
        'the player-turn step asks seat 0, whose character is dead',
      ]);
    });

    it('steps left on the stack of a game that is over', () => {
      const table = fresh();
      table.state.over = {
        reason: 'jump',
        summary: 'test',
        victory: {
          engines: [],
          coordinates: table.state.coordinates,
          destination: table.state.destination,
          reached: null,
          shipDestroyed: false,
          fates: [],
          team: null,
        },
      };
      expect(violations(table)).toEqual(['the game is over but 1 step(s) remain on the stack']);
    });

    it('nothing under way in a game that is not over', () => {
      const table = fresh();
      table.state.stack.length = 0;
      expect(violations(table)).toEqual(['the game is not over but nothing is under way']);
    });

    it('a step on top that asks nobody', () => {
      const table = fresh();
      table.state.stack.push({ kind: 'time-track' });
      expect(violations(table)).toEqual(['the step on top (time-track) waits for nobody']);
    });
  });

  it('an action under way names only cards in its player’s hand, each once', () => {
    const table = fresh();
    table.act('0', { type: 'pass' });
    const card = table.player('0').hand[0]!;
    table.act('0', { type: 'card', card });
    expect(violations(table)).toEqual([]);
    table.player('0').hand.splice(0, 1);
    table.player('0').actionDeck.discardPile.push(card);
    expect(violations(table)).toEqual(["seat 0's pass names cards not in hand, or one twice"]);
  });
});
