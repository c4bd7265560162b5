import { eventsFor, type GameEvent, seedRandom } from '@tabletop/engine';
import type { NemesisState, Tables } from '@tabletop/nemesis';
import {
  redealNemesis,
  type ScenarioBuilder,
  type ScenarioTable,
  scenario,
} from '@tabletop/nemesis/testing';
import { describe, expect, it } from 'vitest';

/**
 * Hidden information (DESIGN.md): hands, inventories, objectives, the
 * Coordinates card, engine tokens, face-down room tiles and exploration
 * tokens, the order of every deck and of the bag, whether a Contamination
 * card is INFECTED, the generator's state. Each secret is checked two ways:
 * its id never appears in what a seat receives, and changing it changes
 * nothing a seat receives.
 */
const viewers = ['0', '1', 'spectator'] as const;
const json = (value: unknown) => JSON.stringify(value);

/** Every string value in a payload, keys excluded. */
function strings(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, found);
  else if (value !== null && typeof value === 'object')
    for (const item of Object.values(value)) strings(item, found);
  return found;
}

/** The secrets that appear in a payload: as a whole value, or as a whole word of a text. */
function leaked(payload: unknown, secrets: Iterable<string>): string[] {
  const values = strings(payload);
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return [...new Set(secrets)].filter((secret) => {
    const word = new RegExp(`(^|[^\\w-])${literal(secret)}($|[^\\w-])`);
    return values.some((value) => value === secret || word.test(value));
  });
}

function expectSameViews(
  first: ScenarioTable,
  second: ScenarioTable,
  seats: readonly string[] = viewers,
) {
  for (const viewer of seats) expect(json(second.view(viewer))).toBe(json(first.view(viewer)));
}

const unexplored = (state: NemesisState) => state.rooms.filter((room) => !room.explored);

/** Turns the hidden tiles round within each group, and the tokens among hidden rooms, sparing some rooms. */
function rotateHiddenRooms(state: NemesisState, tables: Tables, spare: readonly number[] = []) {
  const hidden = unexplored(state).filter((room) => !spare.includes(room.number));
  for (const group of ['basic', 'additional'] as const) {
    const rooms = hidden.filter((room) => tables.roomTiles.get(room.tile)?.group === group);
    const tiles = rooms.map((room) => room.tile);
    tiles.push(tiles.shift()!);
    rooms.forEach((room, index) => {
      room.tile = tiles[index]!;
    });
  }
  const tokens = hidden.map((room) => room.explorationToken);
  tokens.push(tokens.shift()!);
  hidden.forEach((room, index) => {
    room.explorationToken = tokens[index]!;
  });
}

/** A Bag token of a kind swapped for one of the same kind beside the board (not one stacked to come next). */
function swapBagToken(state: NemesisState, tables: Tables) {
  const kind = (token: string) => tables.intruderTokens.get(token)?.kind;
  const inBag = state.bag.tokens.findIndex(
    (token) => kind(token) === 'adult' && !state.bag.next.includes(token),
  );
  const beside = state.tokensInReserve.findIndex((token) => kind(token) === 'adult');
  const token = state.bag.tokens[inBag]!;
  state.bag.tokens[inBag] = state.tokensInReserve[beside]!;
  state.tokensInReserve[beside] = token;
  state.tokensInReserve.sort();
}

/** Secrets that no seat may receive. */
function sharedSecrets(table: ScenarioTable): string[] {
  const { state, tables } = table;
  return [
    state.coordinates,
    ...state.weaknesses.filter((weakness) => !weakness.revealed).map((weakness) => weakness.card),
    ...unexplored(state).flatMap((room) => [room.tile, room.explorationToken ?? '']),
    ...[...state.bag.tokens, ...state.tokensInReserve].filter((token) => token !== 'blank'),
    ...[...tables.contamination.keys()].filter(
      (card) => !state.players.some((player) => player.scanned.includes(card)),
    ),
  ].filter((secret) => secret !== '');
}

/** Secrets of one seat: its hand and its Objectives. */
function seatSecrets(table: ScenarioTable, seat: string, dealt: string[] = []): string[] {
  const player = table.player(seat);
  return [...player.hand, ...player.objectives, ...dealt];
}

describe('Views: hands', () => {
  it('another player’s hand never shows, only how many cards it holds', () => {
    const table = scenario({ players: 3 }).build();
    const hand = table.player('0').hand;
    for (const viewer of ['1', '2', 'spectator']) {
      const view = table.view(viewer);
      expect(leaked(view, hand)).toEqual([]);
      expect(view.players[0]!.handSize).toBe(5);
    }
    expect(table.view('0').you!.hand).toEqual(hand);
  });

  it('swapping the cards in another player’s hand changes nothing that player sees', () => {
    const base = scenario({ players: 2 }).build();
    const other = scenario({ players: 2 })
      .with((state) => {
        const player = state.players[0]!;
        const swap = player.hand.splice(0, 2, ...player.actionDeck.drawPile.splice(0, 2));
        player.actionDeck.drawPile.push(...swap);
      })
      .build();
    expect(other.player('0').hand).not.toEqual(base.player('0').hand);
    expectSameViews(base, other, ['1', 'spectator']);
  });
});

describe('Views: Objectives', () => {
  it('Objectives are dealt face down: the others see only how many a player holds', () => {
    const table = scenario({ players: 3 }).build();
    const objectives = table.player('0').objectives;
    for (const viewer of ['1', '2', 'spectator']) {
      expect(leaked(table.view(viewer), objectives)).toEqual([]);
      expect(table.view(viewer).players[0]!.objectives).toBe(2);
    }
    expect(table.view('0').you!.objectives).toEqual(objectives);
  });

  it('the Objective kept at the First Encounter and the one discarded stay hidden from the others', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .stackBag(['larva-1'])
      .build();
    const dealt = [...table.player('0').objectives];
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    table.act('0', { type: 'choose-objective', keep: dealt[1]! });
    expect(leaked(table.view('1'), dealt)).toEqual([]);
    expect(leaked(eventsFor(table.events, '1'), dealt)).toEqual([]);
    expect(leaked(eventsFor(table.events, '0'), dealt)).toEqual([dealt[1]]);
    expect(table.view('0').you!.objectives).toEqual([dealt[1]]);
  });
});

describe('Views: refusals', () => {
  it('naming another seat’s card or Objective is refused exactly as naming one that does not exist', () => {
    const table = scenario({ players: 2 })
      .explored(2)
      .character('0', { room: 2, hand: 5 })
      .stackBag(['larva-1'])
      .build();
    const card = table.player('0').hand[0]!;
    const objective = table.player('0').objectives[0]!;
    table.resolve({ kind: 'encounter', seat: '0', room: 2 });
    const refusal = (action: unknown, secret: string) => {
      const outcome = table.tryAct('1', action);
      return outcome.ok ? 'accepted' : json(outcome.rejection).replace(secret, 'X');
    };
    expect(refusal({ type: 'choose-objective', keep: objective }, objective)).toBe(
      refusal({ type: 'choose-objective', keep: 'no-such-objective' }, 'no-such-objective'),
    );
    table.act('0', { type: 'choose-objective', keep: objective });
    table.act('1', { type: 'choose-objective', keep: table.player('1').objectives[0]! });
    table.take('0', { type: 'pass', discard: [] });
    expect(refusal({ type: 'pass', discard: [card] }, card)).toBe(
      refusal({ type: 'pass', discard: ['no-such-card'] }, 'no-such-card'),
    );
  });
});

describe('Views: the ship’s secrets', () => {
  it('the Coordinates card shows to nobody', () => {
    const base = scenario({ players: 2 }).build();
    const other = scenario({ players: 2 })
      .with((state, tables) => {
        state.coordinates = [...tables.coordinates.keys()].find(
          (card) =>
            tables.coordinates.get(card)!.earth !==
            tables.coordinates.get(state.coordinates)!.earth,
        )!;
      })
      .build();
    expect(other.state.coordinates).not.toBe(base.state.coordinates);
    for (const viewer of viewers)
      expect(leaked(base.view(viewer), [base.state.coordinates])).toEqual([]);
    expectSameViews(base, other);
  });

  it('the engine tokens show to nobody', () => {
    const base = scenario({ players: 2 }).build();
    const other = scenario({ players: 2 })
      .with((state) => {
        for (const engine of state.engines)
          [engine.top, engine.bottom] = [engine.bottom, engine.top];
      })
      .build();
    expect(other.state.engines).not.toEqual(base.state.engines);
    for (const viewer of viewers) {
      expect(Object.keys(base.view(viewer))).not.toContain('engines');
      expect(leaked(base.view(viewer), ['working', 'damaged'])).toEqual([]);
    }
    expectSameViews(base, other);
  });

  it('face-down room tiles and their Exploration tokens show to nobody; an explored tile shows to all', () => {
    const base = scenario({ players: 2 }).explored(6).build();
    const hidden = unexplored(base.state).flatMap((room) => [room.tile, room.explorationToken!]);
    for (const viewer of viewers) {
      const view = base.view(viewer);
      expect(leaked(view, hidden)).toEqual([]);
      for (const room of view.rooms) expect(room.tile === null).toBe(!room.explored);
      expect(view.rooms[5]!.tile).toBe(base.room(6).tile);
    }
    const other = scenario({ players: 2 })
      .explored(6)
      .with((state, tables) => rotateHiddenRooms(state, tables))
      .build();
    expect(other.room(2).tile).not.toBe(base.room(2).tile);
    expectSameViews(base, other);
  });

  it('face-down Weaknesses show to nobody; a revealed one shows to all', () => {
    const base = scenario({ players: 2 }).build();
    const cards = base.state.weaknesses.map((weakness) => weakness.card);
    for (const viewer of viewers) {
      expect(base.view(viewer).weaknesses).toEqual([null, null, null]);
      expect(leaked(base.view(viewer), [...cards, ...base.state.weaknessDeck])).toEqual([]);
    }
    const other = scenario({ players: 2 })
      .with((state) => {
        state.weaknesses.forEach((weakness, index) => {
          [weakness.card, state.weaknessDeck[index]] = [state.weaknessDeck[index]!, weakness.card];
        });
      })
      .build();
    expectSameViews(base, other);
    base.state.weaknesses[1]!.revealed = true;
    expect(base.view('spectator').weaknesses).toEqual([null, cards[1], null]);
  });

  it('the bag shows how many tokens it holds and the kinds beside the board, never which tokens or their order', () => {
    const base = scenario({ players: 2 }).build();
    const tokens = [...base.state.bag.tokens, ...base.state.tokensInReserve].filter(
      (token) => token !== 'blank',
    );
    for (const viewer of viewers) {
      const view = base.view(viewer);
      expect(view.bagSize).toBe(base.state.bag.tokens.length);
      expect(leaked(view, tokens)).toEqual([]);
    }
    const other = scenario({ players: 2 })
      .with((state, tables) => swapBagToken(state, tables))
      .with((state) => {
        state.bag.tokens.reverse();
        state.bag.next.push(state.bag.tokens[3]!, state.bag.tokens[0]!);
      })
      .build();
    expect(other.state.bag.tokens).not.toEqual(base.state.bag.tokens);
    expectSameViews(base, other);
  });

  it('no deck shows its order: cards known to lie on top change no view', () => {
    const base = scenario({ players: 2 }).build();
    const other = scenario({ players: 2 })
      .stackAttackCards(['bite-2', 'frenzy-1'])
      .stackEventCards(['hatching'])
      .stackContamination(['contamination-02'])
      .stackSeriousWounds(['leg-3'])
      .with((state) => {
        for (const player of state.players) {
          player.actionDeck.top.push(player.actionDeck.drawPile.pop()!);
          player.actionDeck.drawPile.reverse();
        }
      })
      .build();
    expectSameViews(base, other);
    expect(leaked(other.view('0'), ['bite-2', 'frenzy-1', 'hatching', 'leg-3'])).toEqual([]);
  });

  it('the generator’s state shows to nobody', () => {
    const base = scenario({ players: 2, seed: 'a-secret-seed' }).build();
    const numbers = Object.values(base.state.random).map(String);
    for (const viewer of viewers) {
      const text = json(base.view(viewer));
      expect(numbers.filter((number) => text.includes(number))).toEqual([]);
      expect(text).not.toContain('a-secret-seed');
    }
    const other = scenario({ players: 2, seed: 'a-secret-seed' })
      .with((state) => {
        state.random = [1, 2, 3, 4];
      })
      .build();
    expectSameViews(base, other);
  });
});

describe('Views: INFECTED Contamination cards', () => {
  const build = (card: string, scanned = false) =>
    scenario({ players: 2 })
      .character('0', { hand: ['captain-rest', card] })
      .with((state) => {
        const player = state.players[0]!;
        const other = card === 'contamination-01' ? 'contamination-02' : 'contamination-09';
        state.contaminationDeck.drawPile.splice(state.contaminationDeck.drawPile.indexOf(other), 1);
        player.actionDeck.discardPile.push(other);
        if (scanned) player.scanned.push(card);
      })
      .build();

  it('an unscanned Contamination card hides whether it is INFECTED, even from its owner', () => {
    const infected = build('contamination-01');
    const clean = build('contamination-01');
    infected.state.infectedContamination = ['contamination-01'];
    clean.state.infectedContamination = ['contamination-02'];
    expect(infected.view('0').you!.hand).toEqual(['captain-rest', 'contamination']);
    expect(infected.view('0').players[0]!.discardPile).toEqual(['contamination']);
    expectSameViews(infected, clean);
    expect(infected.legal('0')).toEqual(clean.legal('0'));
    infected.act('0', { type: 'pass' });
    clean.act('0', { type: 'pass' });
    expect(infected.legal('0')).toEqual(clean.legal('0'));
    expectSameViews(infected, clean);
  });

  it('legal actions name an unscanned Contamination card as the view shows it, never by its id', () => {
    const table = build('contamination-01');
    table.act('0', { type: 'pass' });
    expect(table.legal('0')).toContainEqual({ type: 'card', card: 'contamination' });
    expect(JSON.stringify(table.legal('0'))).not.toContain('contamination-0');
    // Discarding it by the view's name discards the card in hand.
    table.act('0', { type: 'card', card: 'contamination' });
    expect(table.legal('0')).not.toContainEqual({ type: 'card', card: 'contamination' });
    table.act('0', { type: 'done' });
    expect(table.player('0').hand).toEqual(['captain-rest']);
    expect(table.player('0').actionDeck.discardPile).toContain('contamination-01');
  });

  it('a scanned Contamination card is named by its id in its owner’s legal actions', () => {
    const table = build('contamination-01', true);
    table.act('0', { type: 'pass' });
    expect(table.legal('0')).toContainEqual({ type: 'card', card: 'contamination-01' });
  });

  it('which Contamination cards are INFECTED is dealt anew for each game', () => {
    const games = ['a', 'b', 'c', 'd'].map(
      (seed) => scenario({ players: 1, seed }).build().state.infectedContamination,
    );
    for (const infected of games) expect(infected).toHaveLength(7);
    expect(new Set(games.map((infected) => infected.join())).size).toBeGreaterThan(1);
  });

  it('once scanned, its owner sees which card it is; nobody else does', () => {
    const table = build('contamination-01', true);
    table.state.infectedContamination = ['contamination-01'];
    expect(table.view('0').you!.hand).toEqual(['captain-rest', 'contamination-01']);
    expect(table.view('0').you!.infected).toEqual(['contamination-01']);
    expect(table.view('1').you!.infected).toEqual([]);
    expect(leaked(table.view('1'), ['contamination-01'])).toEqual([]);
    expect(leaked(table.view('spectator'), ['contamination-01'])).toEqual([]);
  });
});

/**
 * A short game: seat 0 explores room 6 (Fire), rolls the noise of the corridor it came by, meets an
 * Adult with a Surprise Attack, chooses an Objective, fights hand to hand and burns; seat 1 passes;
 * the Event Phase runs; the next round begins.
 */
function shortGame(hideDifferently: boolean) {
  let build: ScenarioBuilder = scenario({ players: 2, seed: 'views' })
    .room(6, { explorationToken: 'fire-1' })
    .noise([6, 11])
    .character('0', { hand: 2 })
    .stackNoise([2])
    .stackBag(['adult-05', 'blank'])
    .stackCombat(['single'])
    .stackAttackCards(['claw-1', 'scratch-2', 'bite-3', 'scratch-4'])
    .stackEventCards(['lurking']);
  if (hideDifferently) {
    build = build.with((state, tables) => {
      for (const engine of state.engines) [engine.top, engine.bottom] = [engine.bottom, engine.top];
      state.coordinates = [...tables.coordinates.keys()].find(
        (card) => card !== state.coordinates,
      )!;
      state.weaknesses.forEach((weakness, index) => {
        [weakness.card, state.weaknessDeck[index]] = [state.weaknessDeck[index]!, weakness.card];
      });
      const player = state.players[0]!;
      player.objectives = player.objectives.map((objective) => {
        const type = tables.objectives.get(objective)!.type;
        const index = state.objectiveDeck.findIndex(
          (candidate) => tables.objectives.get(candidate)!.type === type,
        );
        const replacement = state.objectiveDeck[index]!;
        state.objectiveDeck[index] = objective;
        return replacement;
      });
      rotateHiddenRooms(state, tables, [6]);
      swapBagToken(state, tables);
    });
  }
  const table = build.build();
  const dealt = [...table.player('0').objectives];
  // Each answer on its own, as the rules ask them: the action, then its choices one by one.
  const steps: { seat: string; act: () => Parameters<ScenarioTable['act']>[1] }[] = [
    { seat: '0', act: () => ({ type: 'move' }) },
    { seat: '0', act: () => ({ type: 'room', room: 6 }) },
    { seat: '0', act: () => ({ type: 'card', card: table.player('0').hand[0]! }) },
    {
      seat: '0',
      act: () => ({ type: 'choose-objective', keep: table.player('0').objectives[0]! }),
    },
    {
      seat: '1',
      act: () => ({ type: 'choose-objective', keep: table.player('1').objectives[1]! }),
    },
    { seat: '0', act: () => ({ type: 'melee' }) },
    { seat: '0', act: () => ({ type: 'target', target: 1 }) },
    { seat: '0', act: () => ({ type: 'card', card: table.player('0').hand[0]! }) },
    { seat: '1', act: () => ({ type: 'pass' }) },
    { seat: '1', act: () => ({ type: 'card', card: table.player('1').hand[0]! }) },
    { seat: '1', act: () => ({ type: 'done' }) },
    // Seat 0's hand is empty by now: passing has nothing to ask.
    { seat: '0', act: () => ({ type: 'pass' }) },
  ];
  const batches: { seat: string; events: GameEvent[]; hand: string[] }[] = [];
  for (const step of steps) {
    const events = table.act(step.seat, step.act());
    batches.push({ seat: step.seat, events, hand: [...table.player('0').hand] });
  }
  return { table, dealt, batches };
}

describe('Views: the log', () => {
  it('the short game goes as scripted', () => {
    const { table } = shortGame(false);
    expect(table.room(6).fire).toBe(true);
    expect(table.eventsOf('surprise-attack')).toHaveLength(1);
    expect(table.eventsOf('objective-kept')).toHaveLength(2);
    expect(table.eventsOf('melee')).toHaveLength(1);
    expect(table.eventsOf('event-card')).toHaveLength(1);
    expect(table.state.round).toBe(2);
    expect(table.player('0').status).toBe('active');
    expect(table.intruders(6)).toHaveLength(1);
  });

  it('the events a seat receives hold no secret of another seat, of the ship, of the bag or of a Contamination card', () => {
    const { table, dealt, batches } = shortGame(false);
    for (const batch of batches) {
      expect(leaked(eventsFor(batch.events, '1'), batch.hand)).toEqual([]);
      expect(leaked(eventsFor(batch.events, 'spectator'), batch.hand)).toEqual([]);
    }
    const secrets = [...sharedSecrets(table), ...seatSecrets(table, '0', dealt)];
    expect(leaked(eventsFor(table.events, '1'), secrets)).toEqual([]);
    expect(leaked(eventsFor(table.events, 'spectator'), secrets)).toEqual([]);
    expect(leaked(eventsFor(table.events, '0'), sharedSecrets(table))).toEqual([]);
    expect(leaked(table.view('1'), secrets)).toEqual([]);
    expect(table.eventsOf('objective-kept').map((event) => event.audience)).toEqual([['0'], ['1']]);
    // Seat 0 received Contamination cards it has not scanned: their ids reach nobody.
    expect(
      table.player('0').actionDeck.discardPile.filter((card) => card.startsWith('contamination-'))
        .length +
        table.player('0').hand.filter((card) => card.startsWith('contamination-')).length +
        table.player('0').actionDeck.drawPile.filter((card) => card.startsWith('contamination-'))
          .length,
    ).toBe(2);
  });

  it('what a seat receives is the same whatever the secrets it cannot see', () => {
    const first = shortGame(false);
    const second = shortGame(true);
    expect(second.dealt).not.toEqual(first.dealt);
    expect(second.table.state.coordinates).not.toBe(first.table.state.coordinates);
    for (const viewer of ['1', 'spectator']) {
      expect(json(eventsFor(second.table.events, viewer))).toBe(
        json(eventsFor(first.table.events, viewer)),
      );
    }
    expectSameViews(first.table, second.table, ['1', 'spectator']);
  });

  it('after the short game, re-dealing everything a seat cannot see leaves its view byte-identical', () => {
    const { table } = shortGame(false);
    for (const viewer of viewers) {
      for (const seed of ['r1', 'r2', 'r3']) {
        const state = structuredClone(table.state);
        redealNemesis(table.tables, state, viewer, seedRandom(seed));
        expect(json(table.ruleset.view(state, viewer))).toBe(json(table.view(viewer)));
      }
    }
  });
});
