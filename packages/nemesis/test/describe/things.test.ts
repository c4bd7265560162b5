import { botChoice, seedRandom } from '@tabletop/engine';
import { createNemesis, randomBot } from '@tabletop/nemesis';
import { scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';
import { jump } from '../../src/end-of-game/end-of-game.js';

const nemesis = createNemesis();
const things = (view: ReturnType<typeof nemesis.view>) => nemesis.describe.things!(view);

// Seat 0 (the Captain) and seat 1 (the Soldier) stand in the Hibernatorium (room 11).
describe('The words about the things a player sees', () => {
  it('my Revolver reads "the Revolver" with its ammo, and an Item weapon of mine with its own', () => {
    const table = scenario({ players: 2 })
      .character('0', {
        items: ['prototype-pistol'],
        weapons: [
          { id: 'six-shooter', ammo: 4 },
          { id: 'prototype-pistol', ammo: 1 },
        ],
      })
      .build();
    const mine = things(table.view('0'));
    expect(mine['weapon:six-shooter']?.name).toBe('the Revolver');
    expect(mine['weapon:six-shooter']?.state).toBe('4/6 ammo');
    expect(mine['weapon:prototype-pistol']?.state).toBe('1/3 ammo');
    expect(mine['item:prototype-pistol']?.state).toBe('in your inventory');
  });

  it('the item action tells me which of my items I can use and what each costs', () => {
    const table = scenario({ players: 2 })
      .character('0', { items: ['bandages', 'medkit'] })
      .build();
    expect(things(table.view('0'))['action:use-item']?.state).toBe(
      'Use an item: Bandages (1 card), Medkit (1 card)',
    );
    expect(things(table.view('0'))['action:use-item']?.cost).toBeUndefined();
    expect(things(table.view('1'))['action:use-item']?.state).toBe('Use an item');
  });

  it('a Hand Wound adds its card to the cost of each item, as I read it before choosing', () => {
    const table = scenario({ players: 2 })
      .character('0', { items: ['bandages'], seriousWounds: ['hand-1'] })
      .build();
    expect(things(table.view('0'))['action:use-item']?.state).toBe(
      'Use an item: Bandages (2 cards)',
    );
  });

  it('another player’s hidden items never appear in my words', () => {
    const table = scenario({ players: 2 })
      .character('1', { items: ['medkit', 'bandages'] })
      .character('0', { items: ['tools'] })
      .build();
    const mine = JSON.stringify(things(table.view('0')));
    expect(mine).not.toContain('Medkit');
    expect(mine).not.toContain('Bandages');
    expect(mine).toContain('Tools');
    const theirs = things(table.view('1'));
    expect(theirs['item:medkit']?.state).toBe('in your inventory');
    // What the table sees of them: how many items they hold.
    expect(things(table.view('0'))['seat:1']?.state).toContain('2 items');
  });

  it('what the table sees of another player reads with them: their Heavy Item and their weapon', () => {
    const table = scenario({ players: 2 })
      .character('1', { items: ['fire-extinguisher', 'medkit'] })
      .build();
    const mine = things(table.view('0'));
    expect(mine['item:fire-extinguisher']?.state).toBe('held by Player 2 (Soldier)');
    expect(mine['weapon:assault-rifle']?.state).toBe('Player 2 (Soldier): 5/5 ammo');
    expect(mine['item:medkit']).toBeUndefined();
  });

  it('a Contamination card I scanned reads as what the scan showed, to me alone', () => {
    const table = scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', 'contamination-01'] })
      .build();
    expect(things(table.view('0'))['card:contamination-01']).toBeUndefined();
    table.player('0').scanned.push('contamination-01');
    const infected = table.state.infectedContamination.includes('contamination-01');
    const entry = things(table.view('0'))['card:contamination-01']!;
    expect(entry.name).toBe(`Contamination (${infected ? 'INFECTED' : 'clean'})`);
    expect(entry.state).toBe(`scanned: ${infected ? 'INFECTED' : 'clean'}`);
    expect(things(table.view('1'))['card:contamination-01']).toBeUndefined();
  });

  it('an unexplored room another player looked at shows no tile in my words, but its tile in theirs', () => {
    const table = scenario({ players: 2 })
      .room(6, { tile: 'storage', explored: false })
      .with((state) => {
        state.players[1]!.peeked.push({ room: 6, token: false });
      })
      .build();
    const mine = things(table.view('0'))['room:6']!;
    expect(mine.name).toBe('Room 6: Unexplored room');
    expect(JSON.stringify(mine)).not.toContain('Storage');
    expect(mine.state).toContain('looked at by Player 2 (Soldier)');
    const theirs = things(table.view('1'))['room:6']!;
    expect(theirs.name).toBe('Room 6: Unexplored room');
    expect(theirs.state).toContain('you looked: it is the Storage');
  });

  it('a player is named "Player N (Character)", counted from 1', () => {
    const table = scenario({ players: 2 }).build();
    const mine = things(table.view('0'));
    expect(mine['seat:0']?.name).toBe('Player 1 (Captain), you');
    expect(mine['seat:1']?.name).toBe('Player 2 (Soldier)');
    expect(mine['room:11']?.state).toContain('Player 1 (Captain), Player 2 (Soldier)');
  });

  it('an Intruder reads as its kind and its injuries', () => {
    const table = scenario({ players: 2 }).intruder('adult', 11, { injuries: 1 }).build();
    const [adult] = table.intruders(11);
    const entry = things(table.view('0'))[`intruder:${adult!.id}`]!;
    expect(entry.state).toMatch(/^Adult, 1 injury, in room 11/);
  });

  it('my Objective ticks "You sent the Signal" once the Signal is sent, and counts the rooms explored', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        state.players[0]!.objectives = ['relentless-investigator'];
      })
      .build();
    const before = things(table.view('0'))['objective:relentless-investigator']!;
    expect(before.parts?.[0]).toEqual({ text: 'You sent the Signal', holds: false });
    const explored = table.view('0').rooms.filter((room) => room.explored).length;
    expect(before.parts?.[1]).toEqual({
      text: `Every room is explored (${explored}/21 explored so far)`,
      holds: false,
    });
    table.player('0').signal = true;
    const after = things(table.view('0'))['objective:relentless-investigator']!;
    expect(after.parts?.[0]).toEqual({ text: 'You sent the Signal', holds: true });
    // The other player never reads my Objective.
    expect(things(table.view('1'))['objective:relentless-investigator']).toBeUndefined();
  });

  it('in a team, a card’s Signal reads as the team’s Signals, counted against those the cards need', () => {
    // Two team cards need a Signal each: two senders.
    const table = scenario({ players: 2, mode: 'cooperative' })
      .with((state) => {
        state.players[0]!.objectives = ['no-man-left-behind'];
        state.players[1]!.objectives = ['clean-up-crew'];
      })
      .build();
    const signal = () => things(table.view('0'))['objective:no-man-left-behind']!.parts![0]!;
    expect(signal()).toEqual({ text: 'Signals sent by the team: 0 of 2 needed', holds: false });
    // My teammate's Signal counts for the card dealt to me.
    table.player('1').signal = true;
    expect(signal()).toEqual({ text: 'Signals sent by the team: 1 of 2 needed', holds: false });
    table.player('0').signal = true;
    expect(signal()).toEqual({ text: 'Signals sent by the team: 2 of 2 needed', holds: true });
  });

  it('in a team, Special Delivery reads as any survivor carrying the Egg', () => {
    const table = scenario({ players: 2, mode: 'cooperative' })
      .character('1', { status: 'escaped', carried: ['egg'] })
      .with((state) => {
        state.players[0]!.objectives = ['special-delivery'];
        state.players[1]!.objectives = ['destination-earth'];
      })
      .build();
    // Seat 0 holds the card and carries nothing; its teammate left in a pod with an Egg.
    expect(things(table.view('0'))['objective:special-delivery']!.parts).toEqual([
      { text: 'A character survives in an Escape Pod or in hibernation', holds: true },
      { text: 'A survivor carries an Intruder Egg', holds: true },
    ]);
  });

  it('at the end a team card reads the verdict’s Signals', () => {
    const table = scenario({ players: 2, mode: 'cooperative' })
      .character('0', { status: 'hibernating' })
      .character('1', { status: 'dead', signal: true })
      .with((state) => {
        state.players[0]!.objectives = ['no-man-left-behind'];
        state.players[1]!.objectives = ['destination-earth'];
      })
      .build();
    table.perform((game) => jump(game));
    const parts = things(table.view('0'))['objective:no-man-left-behind']!.parts!;
    expect(parts[0]).toEqual({ text: 'Signals sent by the team: 1 of 1 needed', holds: true });
  });

  it('another player’s Objective shows in my words only once I have looked at it', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        state.players[1]!.objectives = ['best-friends-forever'];
      })
      .build();
    expect(things(table.view('0'))['objective:best-friends-forever']).toBeUndefined();
    table.player('0').objectivesSeen.push({ seat: '1', held: 1 });
    const seen = things(table.view('0'))['objective:best-friends-forever']!;
    expect(seen.state).toBe('an Objective of Player 2 (Soldier), as you saw it');
    // Whose it is decides who the others are: Player 1 (Captain) lives, so it holds so far.
    expect(seen.parts).toEqual([
      { text: 'At least 1 other character survives (1 alive so far)', holds: true },
    ]);
  });

  it('an Objective naming another player reads "alive so far" while their character lives', () => {
    const table = scenario({ players: 2 })
      .with((state) => {
        state.players[0]!.objectives = ['greener-pastures'];
      })
      .build();
    const parts = things(table.view('0'))['objective:greener-pastures']!.parts!;
    expect(parts[0]).toEqual({
      text: 'The character of Player 2 does not survive (alive so far)',
      holds: false,
    });
    table.player('1').status = 'dead';
    const after = things(table.view('0'))['objective:greener-pastures']!.parts!;
    expect(after[0]).toEqual({
      text: 'The character of Player 2 does not survive (dead)',
      holds: true,
    });
  });

  it('the time track says where it stands and when hibernation opens, from the pack', () => {
    const table = scenario({ players: 2 }).time(3).build();
    const time = things(table.view('0'))['track:time']!;
    const { spaces, hibernationOpensAfter } = nemesis.tables.time;
    expect(time.state).toContain(`3 of ${spaces} spaces moved`);
    expect(time.state).toContain(`open in ${hibernationOpensAfter - 3} more moves`);
  });

  it('a corridor is named by the rooms it joins, with its door', () => {
    const table = scenario({ players: 2 }).door([8, 11], 'closed').build();
    const index = table.corridor(8, 11);
    const entry = things(table.view('0'))[`corridor:${index}`]!;
    expect(entry.name).toBe('corridor 8-11');
    expect(entry.state).toContain('a closed door');
  });

  it('tells nothing a player cannot see: two games alike to a seat give that seat the same words', () => {
    let compared = 0;
    for (const seed of ['words-a', 'words-b', 'words-c']) {
      const state = nemesis.setup(nemesis.options.parse({ players: 3 }), seed);
      const random = seedRandom(`${seed}/bot`);
      const dealer = seedRandom(`${seed}/deal`);
      for (let step = 0; step < 300 && state.over === null; step++) {
        if (step % 10 === 0)
          for (const seat of nemesis.seats(state)) {
            const twin = nemesis.determinize(state, seat, dealer);
            expect(JSON.stringify(things(nemesis.view(twin, seat)))).toBe(
              JSON.stringify(things(nemesis.view(state, seat))),
            );
            compared++;
          }
        const seat = nemesis.prompts(state)[0]!.seats[0]!;
        expect(
          nemesis.apply(state, seat, botChoice(nemesis, randomBot, state, seat, random)).ok,
        ).toBe(true);
      }
    }
    expect(compared).toBeGreaterThan(30);
  });
});
