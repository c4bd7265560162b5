import { Match } from '@tabletop/engine';
import { createNemesis } from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const nemesis = createNemesis();
const setup = (players: number, seed = 'setup') =>
  nemesis.setup({ players, characters: [], firstPlayer: null }, seed);

describe('Setup', () => {
  it('room tiles lie face down in their slots: all eleven basic tiles and five additional ones', () => {
    const state = setup(3);
    const dealt = state.rooms.filter((room) => !room.explored);
    expect(dealt).toHaveLength(16);
    const groups = dealt.map((room) => nemesis.tables.roomTiles.get(room.tile)!.group);
    expect(groups.filter((group) => group === 'basic')).toHaveLength(11);
    expect(groups.filter((group) => group === 'additional')).toHaveLength(5);
    expect(new Set(dealt.map((room) => room.tile)).size).toBe(16);
    for (const room of dealt) {
      const slot = nemesis.tables.rooms.find((candidate) => candidate.number === room.number)!.slot;
      expect(nemesis.tables.roomTiles.get(room.tile)!.group).toBe(slot);
    }
  });

  it('every unexplored room holds an exploration token; special rooms start explored', () => {
    const state = setup(2);
    for (const room of state.rooms) {
      if (room.explored) expect(room.explorationToken).toBeNull();
      else expect(room.explorationToken).not.toBeNull();
    }
    expect(state.rooms.filter((room) => room.explored).map((room) => room.number)).toEqual([
      1, 11, 19, 20, 21,
    ]);
  });

  it('the bag holds a Blank, 4 Larvae, a Creeper, the Queen and 3 Adults plus one Adult per player', () => {
    for (const players of [1, 3, 5]) {
      const kinds = setup(players)
        .bag.tokens.map((token) => nemesis.tables.intruderTokens.get(token)!.kind)
        .sort();
      const adults = kinds.filter((kind) => kind === 'adult').length;
      expect(adults).toBe(3 + players);
      expect(kinds.filter((kind) => kind === 'larva')).toHaveLength(4);
      expect(kinds.filter((kind) => kind === 'creeper')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'queen')).toHaveLength(1);
      expect(kinds.filter((kind) => kind === 'blank')).toHaveLength(1);
      expect(kinds).toHaveLength(7 + 3 + players);
    }
  });

  it('five eggs and three face-down weaknesses on the Intruder board', () => {
    const state = setup(2);
    expect(state.nestEggs).toBe(5);
    expect(state.weaknesses).toHaveLength(3);
    expect(state.weaknesses.every((weakness) => !weakness.revealed)).toBe(true);
  });

  it('escape pods: 2 for 1-2 players, 3 for 3-4, 4 for 5, all locked', () => {
    expect(setup(2).pods).toHaveLength(2);
    expect(setup(4).pods).toHaveLength(3);
    expect(setup(5).pods.map((pod) => pod.section)).toEqual(['A', 'B', 'A', 'B']);
    expect(setup(5).pods.every((pod) => pod.locked)).toBe(true);
  });

  it('each engine is a Working and a Damaged token in random order', () => {
    const tops = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      for (const engine of setup(1, `engines-${seed}`).engines) {
        expect([engine.top, engine.bottom].sort()).toEqual(['damaged', 'working']);
        tops.add(engine.top);
      }
    }
    expect(tops.size).toBe(2);
  });

  it('each player is dealt one Corporate and one Personal Objective that fit the player count', () => {
    const state = setup(4);
    for (const player of state.players) {
      const types = player.objectives.map((objective) => nemesis.tables.objectives.get(objective)!);
      expect(types.map((objective) => objective.type).sort()).toEqual(['corporate', 'personal']);
      for (const objective of types)
        expect(objective.minPlayers <= 4 && 4 <= objective.maxPlayers).toBe(true);
    }
  });

  it('the draft deals two characters to each player in turn, who keeps one', () => {
    const match = Match.create(nemesis, { players: 2, firstPlayer: 1 }, 'draft');
    const [prompt] = match.prompts();
    expect(prompt!.seats).toEqual(['1']);
    expect(prompt!.choices).toHaveLength(2);
    const chosen = prompt!.choices![0]!.action;
    expect(match.submit('0', chosen).ok).toBe(false);
    expect(match.submit('1', chosen).ok).toBe(true);
    const next = match.prompts()[0]!;
    expect(next.seats).toEqual(['0']);
    expect(next.choices!.map((choice) => choice.action)).not.toContainEqual(chosen);
    expect(match.submit('0', next.choices![1]!.action).ok).toBe(true);
    const view = match.view('0');
    expect(view.players.every((player) => player.character !== null)).toBe(true);
    expect(view.players.every((player) => player.room === 11 && player.weapons.length === 1)).toBe(
      true,
    );
    expect(view.you!.hand).toHaveLength(5);
    expect(view.players.every((player) => player.handSize + player.deckSize === 10)).toBe(true);
  });

  it('characters can be chosen in the options instead of drafted', () => {
    const match = Match.create(
      nemesis,
      { players: 2, characters: ['scout', 'pilot'], firstPlayer: 0 },
      's',
    );
    expect(match.view('0').players.map((player) => player.character)).toEqual(['scout', 'pilot']);
    expect(match.prompts()[0]!.answer).toBe('choose-action');
  });

  it('bad options are refused with a message naming the option', () => {
    expect(() => Match.create(nemesis, { players: 6 }, 's')).toThrow(/players/);
    expect(() => Match.create(nemesis, { players: 2, characters: ['scout'] }, 's')).toThrow(
      /characters.*one character per player/,
    );
    expect(() =>
      Match.create(nemesis, { players: 2, characters: ['scout', 'scout'] }, 's'),
    ).toThrow(/one player only/);
    expect(() =>
      Match.create(nemesis, { players: 2, characters: ['ripley', 'scout'] }, 's'),
    ).toThrow(/characters/);
    expect(() => Match.create(nemesis, { players: 2, firstPlayer: 3 }, 's')).toThrow(/firstPlayer/);
  });
});

const { tables } = nemesis;
const allCharacters = ['captain', 'soldier', 'scout', 'pilot', 'mechanic'];
const podsFor = (players: number) => (players <= 2 ? 2 : players <= 4 ? 3 : 4);
const kindOf = (token: string) => tables.intruderTokens.get(token)!.kind;

describe('Setup for 1 to 5 players', () => {
  it.each([1, 2, 3, 4, 5])(
    'with %i player(s) the whole ship is laid out: tiles and tokens, bag, eggs, weaknesses, engines, coordinates, pods',
    (players) => {
      const state = nemesis.setup(
        { players, characters: [], firstPlayer: null },
        `players-${players}`,
      );
      const hidden = state.rooms.filter((room) => !room.explored);
      expect(hidden).toHaveLength(16);
      expect(new Set(hidden.map((room) => room.tile)).size).toBe(16);
      expect(new Set(hidden.map((room) => room.explorationToken)).size).toBe(16);
      expect(hidden.every((room) => tables.explorationTokens.has(room.explorationToken!))).toBe(
        true,
      );
      expect(state.bag.tokens).toHaveLength(10 + players);
      expect(state.bag.tokens.filter((token) => kindOf(token) === 'adult')).toHaveLength(
        3 + players,
      );
      expect(state.nestEggs).toBe(5);
      expect(new Set(state.weaknesses.map((weakness) => weakness.card)).size).toBe(3);
      expect(state.engines).toHaveLength(3);
      expect(tables.coordinates.has(state.coordinates)).toBe(true);
      expect(state.pods).toHaveLength(podsFor(players));
      expect(state.pods.every((pod) => pod.locked && pod.occupants.length === 0)).toBe(true);
      expect(state.players).toHaveLength(players);
      expect(state.players.every((player) => player.objectives.length === 2)).toBe(true);
    },
  );

  it('no game for 0 or 6 players', () => {
    expect(() => Match.create(nemesis, { players: 0 }, 's')).toThrow(/players/);
    expect(() => Match.create(nemesis, { players: 6 }, 's')).toThrow(/players/);
  });

  it('the Intruder tokens left out of the bag wait beside the board', () => {
    const state = nemesis.setup({ players: 2, characters: [], firstPlayer: 0 }, 'reserve');
    const everywhere = [...state.bag.tokens, ...state.tokensInReserve].sort();
    expect(everywhere).toEqual([...tables.intruderTokens.keys()].sort());
    expect(state.tokensAside).toEqual([]);
    expect(state.tokensOut).toEqual([]);
  });

  it('the three Weaknesses are drawn at random from the eight and lie face down', () => {
    const drawn = new Set<string>();
    for (let seed = 0; seed < 10; seed++) {
      const state = nemesis.setup({ players: 1, characters: [], firstPlayer: 0 }, `weak-${seed}`);
      for (const weakness of state.weaknesses) {
        expect(weakness.revealed).toBe(false);
        expect(tables.weaknesses).toContain(weakness.card);
        drawn.add(weakness.card);
      }
      expect(state.weaknessDeck).toHaveLength(5);
    }
    expect(drawn.size).toBeGreaterThan(3);
  });

  it('one Coordinates card lies face down, drawn at random; the Destination marker starts on its first space', () => {
    const cards = new Set<string>();
    for (let seed = 0; seed < 12; seed++) {
      const state = nemesis.setup({ players: 2, characters: [], firstPlayer: 0 }, `coord-${seed}`);
      expect(tables.coordinates.has(state.coordinates)).toBe(true);
      expect(state.destination).toBe(tables.destination.start);
      cards.add(state.coordinates);
    }
    expect(cards.size).toBeGreaterThan(1);
  });

  it('every character starts in the Hibernatorium with its shuffled Action deck, five cards in hand and its starting weapon', () => {
    const hands = new Set<string>();
    for (const seed of ['a', 'b', 'c']) {
      const state = nemesis.setup({ players: 5, characters: allCharacters, firstPlayer: 0 }, seed);
      for (const player of state.players) {
        const character = tables.characters.get(player.character!)!;
        expect(player.room).toBe(11);
        expect(player.status).toBe('active');
        expect(player.hand).toHaveLength(5);
        expect([...player.hand, ...player.actionDeck.drawPile].sort()).toEqual(
          [...character.actionDeck].sort(),
        );
        expect(player.weapons.map((weapon) => weapon.id)).toEqual([character.startingWeapon]);
      }
      hands.add(state.players[0]!.hand.slice().sort().join());
    }
    expect(hands.size).toBeGreaterThan(1);
  });

  it('by default the characters are drafted, and the offer is random', () => {
    const options = nemesis.options.parse({ players: 3 });
    expect(options.characters).toEqual([]);
    const offers = new Set<string>();
    for (let seed = 0; seed < 8; seed++) {
      const match = Match.create(nemesis, options, `draft-${seed}`);
      expect(match.state.phase).toBe('draft');
      expect(match.state.players.every((player) => player.character === null)).toBe(true);
      const [prompt] = match.prompts();
      expect(prompt!.answer).toBe('choose-character');
      offers.add(prompt!.choices!.map((choice) => choice.label).join());
    }
    expect(offers.size).toBeGreaterThan(1);
  });

  it('the draft gives every player a different character and then the first Player Phase begins', () => {
    const match = Match.create(nemesis, { players: 3, firstPlayer: 2 }, 'full-draft');
    for (const seat of ['2', '0', '1']) {
      const [prompt] = match.prompts();
      expect(prompt!.seats).toEqual([seat]);
      expect(match.submit(seat, prompt!.choices![0]!.action).ok).toBe(true);
    }
    const chosen = match.state.players.map((player) => player.character);
    expect(new Set(chosen).size).toBe(3);
    expect(match.state.phase).toBe('player');
    expect(match.prompts()[0]).toMatchObject({ answer: 'choose-action', seats: ['2'] });
  });
});
