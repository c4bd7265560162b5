import { botChoice, randomInt, type Seat, seedRandom } from '@tabletop/engine';
import { createNemesis, type NemesisAction, randomBot } from '@tabletop/nemesis';
import { type ScenarioBuilder, type ScenarioTable, scenario } from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

// Seats 0-2: the Captain, the Soldier, the Scout, all in the Hibernatorium
// (room 11) unless a test moves one; room 8 is a neighbour. Every deck
// holds one Interruption; the Soldier's also holds Nerves of Steel.

const pass: NemesisAction = { type: 'done' };
const passEvery: NemesisAction = { type: 'option', option: 0 };
const card = (id: string): NemesisAction => ({ type: 'card', card: id });

/** The Captain, in a malfunctioning room, about to repair it paying two cards. */
function repairing(build: (builder: ScenarioBuilder) => ScenarioBuilder = (b) => b): ScenarioTable {
  const builder = scenario({ players: 3, interrupts: true })
    .character('0', {
      hand: [
        'captain-basic-repairs',
        'captain-rest',
        'captain-order',
        'captain-interruption',
        'captain-demolition',
      ],
    })
    .character('1', { hand: ['soldier-interruption', 'soldier-rest', 'soldier-search-1'] })
    .character('2', { hand: ['scout-interruption', 'scout-rest', 'scout-search-1'] })
    .room(11, { malfunction: true });
  return build(builder).build();
}

/** The Captain plays Basic Repairs, paying with Rest and Order: the window opens. */
function repair(table: ScenarioTable): void {
  table.act('0', { type: 'play-card' });
  table.act('0', card('captain-basic-repairs'));
  table.act('0', card('captain-rest'));
  table.act('0', card('captain-order'));
}

function windowOnTop(table: ScenarioTable) {
  const top = table.state.stack.at(-1);
  return top?.kind === 'interrupt-window' ? top : undefined;
}

function actionsTaken(table: ScenarioTable): number | false {
  const turn = table.state.stack.find((step) => step.kind === 'player-turn');
  return turn?.kind === 'player-turn' && turn.actionsTaken;
}

/** Puts a card of the player's deck face up on their discard pile. */
function discarded(seat: Seat, id: string) {
  return (builder: ScenarioBuilder) =>
    builder.with((state) => {
      const player = state.players[Number(seat)]!;
      for (const pile of [player.hand, player.actionDeck.drawPile]) {
        const index = pile.indexOf(id);
        if (index >= 0) pile.splice(index, 1);
      }
      player.actionDeck.discardPile.push(id);
    });
}

const nemesis = createNemesis();
type State = ScenarioTable['state'];

/** What a seat sees of the game: its view, the prompts and its own legal actions, as text. */
function seen(state: State, viewer: Seat | 'spectator'): string {
  return JSON.stringify([
    nemesis.view(state, viewer),
    nemesis.prompts(state),
    viewer === 'spectator' ? [] : nemesis.legalActions(state, viewer),
  ]);
}

describe('Interruption', () => {
  it('Interruption cancels an action taken in your room, and the actor still pays its cost', () => {
    const table = repairing();
    repair(table);
    expect(windowOnTop(table)?.asking).toEqual(['1', '2']);
    expect(table.prompts()[0]).toMatchObject({ mode: 'window', seats: ['1', '2'] });
    expect(table.prompts()[0]!.text).toMatch(/^Captain is about to play an Action card in room 11/);
    table.act('1', card('soldier-interruption'));
    // The Captain and the Scout may answer the Interruption with their own.
    expect(windowOnTop(table)).toMatchObject({
      trigger: 'interruption-played',
      asking: ['0', '2'],
    });
    table.act('0', pass);
    table.act('2', pass);
    expect(table.room(11).malfunction).toBe(true);
    expect(table.player('0').hand).toEqual(['captain-interruption', 'captain-demolition']);
    expect(table.player('0').actionDeck.discardPile).toEqual([
      'captain-basic-repairs',
      'captain-rest',
      'captain-order',
    ]);
    expect(table.player('1').actionDeck.discardPile).toEqual(['soldier-interruption']);
    expect(actionsTaken(table)).toBe(1);
    // The window closed with the action: the Scout is not asked again.
    expect(windowOnTop(table)).toBeUndefined();
    expect(table.prompts()[0]).toMatchObject({ mode: 'single', seats: ['0'] });
    expect(table.eventsOf('action-cancelled')).toHaveLength(1);
  });

  it('an action nobody interrupts resolves once every seat asked has passed', () => {
    const table = repairing();
    repair(table);
    table.act('2', pass);
    expect(windowOnTop(table)?.asking).toEqual(['1']);
    table.act('1', pass);
    table.act('0', { type: 'option', option: 0 });
    expect(table.room(11).malfunction).toBe(false);
  });

  it('Interruption cancels another Interruption, and the action goes ahead', () => {
    const table = repairing();
    repair(table);
    table.act('1', card('soldier-interruption'));
    table.act('0', card('captain-interruption'));
    // Only the Scout can still answer: the Soldier's Interruption lies face up in his discard pile.
    expect(windowOnTop(table)).toMatchObject({ trigger: 'interruption-played', asking: ['2'] });
    table.act('2', pass);
    expect(table.eventsOf('interruption-cancelled')).toHaveLength(1);
    // Back at the action's window, the Scout had not answered yet.
    expect(windowOnTop(table)).toMatchObject({
      trigger: 'before-action-resolves',
      asking: ['2'],
    });
    table.act('2', pass);
    table.act('0', { type: 'option', option: 0 });
    expect(table.room(11).malfunction).toBe(false);
    expect(table.player('0').actionDeck.discardPile).toEqual([
      'captain-interruption',
      'captain-basic-repairs',
      'captain-rest',
      'captain-order',
    ]);
  });

  it('Interruption can be played after passing', () => {
    const table = repairing((builder) => builder.character('1', { passed: true }));
    repair(table);
    expect(windowOnTop(table)?.asking).toContain('1');
    table.act('1', card('soldier-interruption'));
    table.act('0', pass);
    table.act('2', pass);
    expect(table.room(11).malfunction).toBe(true);
  });

  it('Interruption cannot touch an action taken outside your room', () => {
    const table = repairing((builder) => builder.character('2', { room: 8 }));
    repair(table);
    expect(windowOnTop(table)?.asking).toEqual(['1']);
    const before = JSON.stringify(table.state);
    const refused = table.tryAct('2', card('scout-interruption'));
    expect(refused.ok ? undefined : refused.rejection.code).toBe('not-asked');
    expect(JSON.stringify(table.state)).toBe(before);
    expect(table.legal('2')).toEqual([]);
  });

  it('a card named to pay for your own action cannot answer an Interruption against it', () => {
    const table = scenario({ players: 2, interrupts: true })
      .character('0', {
        hand: ['captain-basic-repairs', 'captain-rest', 'captain-interruption'],
      })
      .character('1', { hand: ['soldier-interruption'] })
      .room(11, { malfunction: true })
      .build();
    table.act('0', { type: 'play-card' });
    table.act('0', card('captain-basic-repairs'));
    table.act('0', card('captain-rest'));
    table.act('0', card('captain-interruption'));
    table.act('1', card('soldier-interruption'));
    expect(table.legal('0')).not.toContainEqual(card('captain-interruption'));
    const refused = table.tryAct('0', card('captain-interruption'));
    expect(refused.ok ? undefined : refused.rejection.code).toBe('card-committed');
  });

  it('refused answers at a window change nothing', () => {
    const table = repairing();
    repair(table);
    const before = JSON.stringify(table.state);
    for (const [seat, answer] of [
      ['1', card('soldier-rest')],
      ['1', card('scout-interruption')],
      ['1', { type: 'room', room: 8 }],
      ['1', { type: 'option', option: 3 }],
      ['0', pass],
      ['1', { type: 'move' }],
    ] as [Seat, NemesisAction][]) {
      const outcome = table.tryAct(seat, answer);
      expect(outcome.ok).toBe(false);
      expect(JSON.stringify(table.state)).toBe(before);
    }
  });

  it('a seat may pass every window for the rest of the game, in view of all', () => {
    const table = repairing();
    repair(table);
    table.act('1', passEvery);
    expect(table.view('2').players[1]!.declinesInterrupts).toBe(true);
    table.act('2', pass);
    table.act('0', { type: 'option', option: 0 });
    // The Captain's second action: only the Scout is asked now.
    table.act('0', { type: 'play-card' });
    table.act('0', card('captain-demolition'));
    expect(windowOnTop(table)?.asking).toEqual(['2']);
    expect(table.legal('1')).toEqual([]);
  });
});

describe('Nerves of Steel', () => {
  function surprised(hand: string[]): ScenarioTable {
    const table = scenario({ players: 2, interrupts: true })
      .character('0', { room: 8 })
      .character('1', { hand })
      .intruder('adult', 11)
      .stackAttackCards(['bite-1'])
      .build();
    const intruder = table.intruders(11)[0]!.id;
    table.resolve({ kind: 'intruder-attack', intruder, target: '1', surprise: true });
    return table;
  }

  it('Nerves of Steel ignores a Surprise Attack that has struck you', () => {
    const table = surprised(['soldier-nerves-of-steel', 'soldier-rest']);
    expect(windowOnTop(table)).toMatchObject({ trigger: 'surprise-attack-on-you', asking: ['1'] });
    expect(table.legal('1')).toContainEqual(card('soldier-nerves-of-steel'));
    table.act('1', card('soldier-nerves-of-steel'));
    expect(table.player('1').seriousWounds).toHaveLength(0);
    expect(table.player('1').actionDeck.discardPile).toEqual(['soldier-nerves-of-steel']);
    expect(table.eventsOf('attack-ignored')).toHaveLength(1);
  });

  it('passing the window lets the Surprise Attack strike', () => {
    const table = surprised(['soldier-nerves-of-steel', 'soldier-rest']);
    table.act('1', pass);
    expect(table.player('1').seriousWounds).toHaveLength(1);
  });

  it('an ordinary attack opens no window, nor does one whose card is face up in the discard pile', () => {
    const table = scenario({ players: 2, interrupts: true })
      .character('0', { room: 8 })
      .character('1', { hand: ['soldier-nerves-of-steel'] })
      .intruder('adult', 11)
      .stackAttackCards(['bite-1'])
      .build();
    table.resolve({
      kind: 'intruder-attack',
      intruder: table.intruders(11)[0]!.id,
      target: '1',
      surprise: false,
    });
    expect(windowOnTop(table)).toBeUndefined();
    expect(table.player('1').seriousWounds).toHaveLength(1);

    const shown = discarded(
      '1',
      'soldier-nerves-of-steel',
    )(
      scenario({ players: 2, interrupts: true })
        .character('0', { room: 8 })
        .intruder('adult', 11)
        .stackAttackCards(['bite-1']),
    ).build();
    shown.resolve({
      kind: 'intruder-attack',
      intruder: shown.intruders(11)[0]!.id,
      target: '1',
      surprise: true,
    });
    expect(windowOnTop(shown)).toBeUndefined();
    expect(shown.player('1').seriousWounds).toHaveLength(1);
  });

  it('Interruption does not answer a Surprise Attack', () => {
    const table = surprised(['soldier-interruption', 'soldier-rest']);
    expect(table.legal('1')).toEqual([pass, passEvery]);
    const refused = table.tryAct('1', card('soldier-interruption'));
    expect(refused.ok ? undefined : refused.rejection.code).toBe('wrong-window');
  });
});

describe('Interrupt windows keep secrets', () => {
  it('the window asks the same seats whether or not they hold the card', () => {
    const holding = repairing();
    const without = repairing((builder) =>
      builder.character('2', { hand: ['scout-rest', 'scout-search-1', 'scout-search-2'] }),
    );
    repair(holding);
    repair(without);
    expect(without.prompts()).toEqual(holding.prompts());
    expect(without.view('0')).toEqual(holding.view('0'));
    // Only the holder's own choices differ: the card is offered to whoever holds it.
    expect(holding.legal('2')).toContainEqual(card('scout-interruption'));
    expect(without.legal('2')).toEqual([pass, passEvery]);
    // A seat whose Interruption lies face up in its discard pile is not asked.
    const shown = repairing(discarded('2', 'scout-interruption'));
    repair(shown);
    expect(windowOnTop(shown)?.asking).toEqual(['1']);
  });

  it('the window closes the same way whether or not the seats asked hold the card', () => {
    const holding = repairing();
    const without = repairing((builder) =>
      builder.character('1', { hand: ['soldier-rest', 'soldier-search-1', 'soldier-search-2'] }),
    );
    for (const table of [holding, without]) {
      repair(table);
      table.act('1', pass);
      table.act('2', pass);
    }
    expect(without.prompts()).toEqual(holding.prompts());
    expect(without.view('2').interruptWindow).toBeNull();
  });

  it('a Search waiting at a window keeps its Search card when the others deal the hidden cards anew', () => {
    const table = scenario({ players: 3, interrupts: true })
      .room(6, { tile: 'comms-room', explored: true, explorationToken: null, itemCounter: 2 })
      .character('0', {
        room: 6,
        hand: ['captain-search-1', 'captain-rest', 'captain-order', 'captain-motivation'],
      })
      .character('1', { room: 6, hand: ['soldier-interruption', 'soldier-rest'] })
      .character('2', { room: 6, hand: ['scout-interruption', 'scout-rest'] })
      .build();
    table.act('0', { type: 'search' });
    expect(windowOnTop(table)).toBeDefined();
    for (let deal = 0; deal < 20; deal++) {
      const redealt = nemesis.determinize(table.state, '1', seedRandom(`search-window/${deal}`));
      expect(redealt.players[0]!.hand).toContain('captain-search-1');
      // Everyone asked passes: the Search goes ahead with the card the table knows is there.
      for (
        let answer = 0;
        answer < 4 && redealt.stack.at(-1)?.kind === 'interrupt-window';
        answer++
      ) {
        const seat = nemesis.prompts(redealt)[0]!.seats[0]!;
        expect(nemesis.apply(redealt, seat, pass).ok).toBe(true);
      }
      expect(redealt.players[0]!.actionDeck.discardPile).toContain('captain-search-1');
    }
  });

  it('dealing the hidden cards anew at a window changes no seat’s view, prompts or legal actions', () => {
    let windows = 0;
    let opened = 0;
    for (const seed of ['window-a', 'window-b', 'window-c']) {
      const state = nemesis.setup(nemesis.options.parse({ players: 4 }), seed);
      const random = seedRandom(`${seed}/bot`);
      const dealer = seedRandom(`${seed}/deal`);
      for (let step = 0; step < 400 && state.over === null && windows < 60; step++) {
        const top = state.stack.at(-1);
        if (top?.kind === 'interrupt-window') {
          windows++;
          for (const viewer of [...nemesis.seats(state), 'spectator' as const]) {
            const before = seen(state, viewer);
            expect(seen(nemesis.determinize(state, viewer, dealer), viewer)).toBe(before);
          }
        }
        const seat = nemesis.prompts(state)[0]!.seats[0]!;
        const legal = nemesis.legalActions(state, seat);
        // At a window, never pass them all, so that many windows are reached.
        const choices = legal.filter((action) => action.type !== 'option');
        const action =
          top?.kind === 'interrupt-window'
            ? choices[randomInt(random, 0, choices.length - 1)]!
            : botChoice(nemesis, randomBot, state, seat, random);
        // Who a window asks is settled as it opens: the same answer given where
        // the others' hands are dealt anew must open the same window.
        const redealt = nemesis.determinize(state, seat, dealer);
        expect(nemesis.apply(state, seat, action).ok).toBe(true);
        const next = state.stack.at(-1);
        if (next?.kind !== 'interrupt-window' || next.trigger === 'surprise-attack-on-you')
          continue;
        opened++;
        expect(nemesis.apply(redealt, seat, action).ok).toBe(true);
        for (const viewer of [seat, 'spectator' as const])
          expect(seen(redealt, viewer)).toBe(seen(state, viewer));
      }
    }
    expect(windows).toBeGreaterThan(10);
    expect(opened).toBeGreaterThan(10);
  });
});
