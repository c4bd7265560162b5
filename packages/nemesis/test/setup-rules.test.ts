import { Match } from '@tabletop/engine';
import { createNemesis } from '@tabletop/nemesis';
import { describe, expect, it } from 'vitest';

const nemesis = createNemesis();
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
