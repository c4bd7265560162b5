import { botChoice, seedRandom } from '@tabletop/engine';
import {
  createNemesis,
  type NemesisAction,
  type NemesisBot,
  sensibleBot,
  sensibleBotWithoutCards,
} from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { sensibleAction, unlockPods } from './sensible-action.js';

const nemesis = createNemesis();
const sensible = sensibleBot(nemesis);
const withoutCards = sensibleBotWithoutCards(nemesis);

// Characters start in room 11, the Hibernatorium. Room 2 opens on rooms 1 and 6; room 6 on
// rooms 2, 5, 7 and 11; room 5 on rooms 6 and 10 among others.

const played = (card: string): NemesisAction[] => [{ type: 'play-card' }, { type: 'card', card }];

describe('the sensible bot mends its way out with its Action cards', () => {
  it('plays Repairs to mend the Evac Section it needs, paying with a card it has no use for, then boards', () => {
    const table = scenario({ players: 2, characters: ['pilot', 'scientist'] })
      .room(2, { tile: 'evac-section-a', explored: true, malfunction: true })
      .character('0', {
        room: 2,
        hand: [
          'pilot-search-1',
          'pilot-repairs',
          'pilot-demolition',
          'pilot-knowledge-of-the-ship',
        ],
      })
      .firstEncounterDone()
      .with(unlockPods)
      .build(nemesis);
    const answers = sensibleAction(table);
    expect(answers.slice(0, 2)).toEqual(played('pilot-repairs'));
    // The Search card is worth keeping; Demolition pays.
    expect(answers).toContainEqual({ type: 'card', card: 'pilot-demolition' });
    expect(table.room(2).malfunction).toBe(false);
    expect(sensibleAction(table)[0]).toEqual({ type: 'room-action' });
  });

  it('walks to a malfunctioning Evac Section when it holds a repair card', () => {
    const table = scenario({ players: 2, characters: ['mechanic', 'scientist'] })
      .room(2, { tile: 'evac-section-a', explored: true, malfunction: true })
      .explored(6)
      .character('0', {
        room: 6,
        hand: [
          'mechanic-fast-repairs',
          'mechanic-demolition',
          'mechanic-rest',
          'mechanic-search-1',
        ],
      })
      .firstEncounterDone()
      .with(unlockPods)
      .build(nemesis);
    expect(sensibleAction(table)).toContainEqual({ type: 'room', room: 2 });
  });

  it('boards its pod with Old Friend, a free Room Action, rather than paying two cards', () => {
    const table = scenario({ players: 2, characters: ['pilot', 'scientist'] })
      .room(2, { tile: 'evac-section-a', explored: true })
      .character('0', {
        room: 2,
        hand: ['pilot-old-friend', 'pilot-demolition', 'pilot-interruption'],
      })
      .firstEncounterDone()
      .with(unlockPods)
      .build(nemesis);
    expect(sensibleAction(table).slice(0, 2)).toEqual(played('pilot-old-friend'));
    const player = table.state.players[0]!;
    expect(player.hand).toEqual(['pilot-demolition', 'pilot-interruption']);
    expect(table.state.pods.some((pod) => pod.occupants.includes('0'))).toBe(true);
  });
});

describe('the sensible bot plays its cards in a fight', () => {
  it('badly wounded, it leaves unharmed with Suppressive Fire rather than Escape', () => {
    const table = scenario({ players: 1, characters: ['captain'] })
      .explored(5, 6)
      .character('0', {
        room: 5,
        seriousWounds: 2,
        weapons: [{ id: 'six-shooter', ammo: 3 }],
        hand: ['captain-suppressive-fire', 'captain-demolition', 'captain-order'],
      })
      .intruder('adult', 5)
      .firstEncounterDone()
      .build(nemesis);
    const answers = sensibleAction(table);
    expect(answers.slice(0, 2)).toEqual(played('captain-suppressive-fire'));
    const player = table.state.players[0]!;
    expect(player.room).not.toBe(5);
    expect(player.seriousWounds).toHaveLength(2);
    expect(player.lightWounds).toBe(0);
    expect(player.weapons[0]!.ammo).toBe(2);
  });

  it('shoots with Taking Aim, a shot with a reroll, rather than a plain Shoot', () => {
    const table = scenario({ players: 1, characters: ['soldier'] })
      .explored(5, 6)
      .character('0', {
        room: 5,
        weapons: [{ id: 'assault-rifle', ammo: 3 }],
        hand: ['soldier-taking-aim', 'soldier-demolition', 'soldier-rest'],
      })
      .intruder('adult', 5)
      .firstEncounterDone()
      .build(nemesis);
    const answers = sensibleAction(table);
    expect(answers.slice(0, 2)).toEqual(played('soldier-taking-aim'));
    expect(answers).toContainEqual({ type: 'target', target: 1 });
    expect(table.state.players[0]!.weapons[0]!.ammo).toBeLessThan(3);
  });
});

describe('the sensible bot reloads and looks ahead with its cards', () => {
  it('with its Revolver empty in a fight worth fighting, it plays Reload (the Revolver takes no other refill)', () => {
    const table = scenario({ players: 1, characters: ['captain'] })
      .explored(5, 6)
      .character('0', {
        room: 5,
        weapons: [{ id: 'six-shooter', ammo: 0 }],
        hand: ['captain-reload', 'captain-demolition', 'captain-order'],
      })
      .intruder('adult', 5)
      .firstEncounterDone()
      .build(nemesis);
    expect(sensibleAction(table).slice(0, 2)).toEqual(played('captain-reload'));
    expect(table.state.players[0]!.weapons[0]!.ammo).toBe(1);
  });

  it('knowing no Evac Section, it looks at an unexplored room with Knowledge of the Ship while it waits', () => {
    const table = scenario({ players: 1, characters: ['pilot'] })
      .character('0', {
        hand: ['pilot-knowledge-of-the-ship', 'pilot-demolition', 'pilot-interruption'],
      })
      .firstEncounterDone()
      .time(nemesis.tables.time.hibernationOpensAfter - 1)
      .build(nemesis);
    expect(sensibleAction(table).slice(0, 2)).toEqual(played('pilot-knowledge-of-the-ship'));
    expect(nemesis.view(table.state, '0').you!.peeked).toHaveLength(1);
  });
});

describe('the sensible bot plays its cards out of a fight', () => {
  it('plays Rest with Contamination in hand while it waits, and the clean card leaves its hand', () => {
    const table = scenario({ players: 1, characters: ['captain'] })
      .character('0', {
        hand: ['captain-rest', 'contamination-08', 'captain-order', 'captain-demolition'],
      })
      .firstEncounterDone()
      .time(nemesis.tables.time.hibernationOpensAfter - 1)
      .build(nemesis);
    expect(sensibleAction(table).slice(0, 1)).toEqual([{ type: 'play-card' }]);
    const hand = table.state.players[0]!.hand;
    expect(hand).not.toContain('captain-rest');
    expect(hand).not.toContain('contamination-08');
  });

  it('keeps Rest when it holds no Contamination', () => {
    const table = scenario({ players: 1, characters: ['captain'] })
      .character('0', { hand: ['captain-rest', 'captain-order', 'captain-demolition'] })
      .firstEncounterDone()
      .time(nemesis.tables.time.hibernationOpensAfter - 1)
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'pass' });
    expect(table.state.players[0]!.hand).toContain('captain-rest');
  });

  it('steps with Reconnaissance rather than Careful Movement: no Noise roll, no noise left', () => {
    const table = scenario({ players: 1, characters: ['scout'] })
      .explored(2, 5, 6, 7)
      .character('0', {
        room: 5,
        hand: ['scout-reconnaissance', 'scout-demolition', 'scout-interruption', 'scout-search-1'],
      })
      .firstEncounterDone()
      .build(nemesis);
    const noiseBefore = table.state.corridors.filter((corridor) => corridor.noise).length;
    expect(sensibleAction(table).slice(0, 2)).toEqual(played('scout-reconnaissance'));
    expect(table.state.players[0]!.room).not.toBe(5);
    expect(table.state.corridors.filter((corridor) => corridor.noise)).toHaveLength(noiseBefore);
  });

  it('does not scavenge where nothing can be found (the Hibernatorium has no item counter), nor plays Demolition instead', () => {
    const table = scenario({ players: 1, characters: ['scout'] })
      .character('0', {
        hand: ['scout-scavenging', 'scout-demolition', 'scout-interruption', 'scout-search-2'],
      })
      .firstEncounterDone()
      .time(nemesis.tables.time.hibernationOpensAfter - 1)
      .build(nemesis);
    expect(sensibleAction(table)[0]).toEqual({ type: 'pass' });
    expect(table.state.players[0]!.hand).toContain('scout-demolition');
  });

  it('scavenges a room whose items ran out', () => {
    const table = scenario({ players: 1, characters: ['scout'] })
      .room(5, { tile: 'cabins', explored: true, itemCounter: 0 })
      .explored(6)
      .character('0', {
        room: 5,
        hand: ['scout-scavenging', 'scout-demolition', 'scout-interruption', 'scout-rest'],
      })
      .firstEncounterDone()
      .stackItems('green', ['synthetic-food', 'medkit'])
      .build(nemesis);
    expect(sensibleAction(table).slice(0, 2)).toEqual(played('scout-scavenging'));
    expect(table.state.players[0]!.items).toEqual(['medkit']);
  });
});

describe("the cards' effects keep four sensible bots alive more often", () => {
  function survivors(bot: NemesisBot, games: number): number {
    let alive = 0;
    for (let game = 0; game < games; game++) {
      const seed = `cards-${game}`;
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

  it('over the same 100 four-player games, more survive playing cards than paying with them only', () => {
    expect(survivors(sensible, 100)).toBeGreaterThan(survivors(withoutCards, 100));
  });
});

describe('the sensible bot at an interrupt window', () => {
  it('plays Nerves of Steel against a Surprise Attack on itself, and is left unhurt', () => {
    const table = scenario({ players: 2, characters: ['captain', 'soldier'], interrupts: true })
      .character('0', { room: 8 })
      .character('1', { hand: ['soldier-nerves-of-steel', 'soldier-rest'] })
      .intruder('adult', 11)
      .stackAttackCards(['bite-1'])
      .build(nemesis);
    const intruder = table.intruders(11)[0]!.id;
    table.resolve({ kind: 'intruder-attack', intruder, target: '1', surprise: true });
    const answer = botChoice(nemesis, sensible, table.state, '1', seedRandom('window'));
    expect(answer).toEqual({ type: 'card', card: 'soldier-nerves-of-steel' });
    table.act('1', answer);
    expect(table.player('1').seriousWounds).toHaveLength(0);
  });

  it("lets another player's action go on, keeping its Interruption for later", () => {
    const table = scenario({ players: 2, characters: ['captain', 'soldier'], interrupts: true })
      .character('0', { hand: ['captain-basic-repairs', 'captain-rest', 'captain-order'] })
      .character('1', { hand: ['soldier-interruption', 'soldier-rest', 'soldier-search-1'] })
      .room(11, { malfunction: true })
      .build(nemesis);
    table.act('0', { type: 'play-card' });
    for (const card of ['captain-basic-repairs', 'captain-rest', 'captain-order'])
      table.act('0', { type: 'card', card });
    expect(table.state.stack.at(-1)?.kind).toBe('interrupt-window');
    const answer = botChoice(nemesis, sensible, table.state, '1', seedRandom('window'));
    expect(answer).toEqual({ type: 'done' });
    table.act('1', answer);
    expect(table.player('1').hand).toContain('soldier-interruption');
  });
});
