import { join } from 'node:path';
import { clonePlain, Match, randomMove, seedRandom } from '@tabletop/engine';
import {
  attackDeckWith,
  baseContent,
  combatOdds,
  createNemesis,
  encounterOdds,
  escapeOdds,
  type NemesisState,
  noiseRollOdds,
} from '@tabletop/nemesis';
import { ScenarioBuilder } from '@tabletop/nemesis/testing';
import { adviseReroll } from '@tabletop/outgunned';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import type { NemesisOdds } from '../src/nemesis-odds.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { NewMatch } from '../src/storage/storage.js';
import { hashToken } from '../src/tokens.js';
import { temporaryFolder } from './helpers/server-process.js';

describe('the odds of each re-roll choice, over HTTP', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  let storage: SqliteStorage;
  let app: FastifyInstance;

  beforeAll(async () => {
    folder = temporaryFolder();
    storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    app = await buildServer({ storage });
  });

  afterAll(async () => {
    await app.close();
    await storage.close();
    folder.remove();
  });

  const ask = (query: string) => app.inject({ url: `/odds/outgunned/reroll?${query}` });

  it("are the advisor's figures for the dice showing, without a match or a token", async () => {
    const answer = await ask('showing=1,1,3,5,6&difficulty=critical&freeRerolls=1');
    expect(answer.statusCode).toBe(200);
    const expected = adviseReroll({
      dice: [1, 1, 3, 5, 6],
      difficulty: { tier: 'critical', double: false },
      freeRerolls: 1,
    });
    expect(answer.json()).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(answer.headers['cache-control']).toBe('public, max-age=86400');
    const again = await ask('showing=1,1,3,5,6&difficulty=critical&freeRerolls=1');
    expect(again.json()).toEqual(answer.json());
    expect(answer.json().choices.map((choice: { choice: string }) => choice.choice)).toEqual([
      'stop',
      'reroll',
      'free-reroll',
    ]);
  });

  it('offer All In only after a better Re-roll, and no Re-roll twice', async () => {
    const better = (await ask('showing=2,2,4,6&difficulty=extreme&rerolled=better')).json();
    expect(better.choices.map((choice: { choice: string }) => choice.choice)).toEqual([
      'stop',
      'all-in',
    ]);
    const expected = adviseReroll({
      dice: [2, 2, 4, 6],
      difficulty: { tier: 'extreme', double: false },
      rerolled: 'better',
    });
    expect(better).toEqual(JSON.parse(JSON.stringify(expected)));
    const worse = (await ask('showing=2,2,4,6&difficulty=extreme&rerolled=worse')).json();
    expect(worse.choices.map((choice: { choice: string }) => choice.choice)).toEqual(['stop']);
  });

  it('follow the dice rule that three Extremes make an Impossible when the fight says so', async () => {
    const answer = (
      await ask(
        'showing=6,6,6,5,5,5,4,4,1&difficulty=impossible&freeRerolls=1&threeExtremesMakeImpossible=true',
      )
    ).json();
    const expected = adviseReroll({
      dice: [6, 6, 6, 5, 5, 5, 4, 4, 1],
      difficulty: { tier: 'impossible', double: false },
      freeRerolls: 1,
      rules: { threeExtremesMakeImpossible: true },
    });
    expect(answer).toEqual(JSON.parse(JSON.stringify(expected)));
  });

  it.each([
    ['difficulty=basic', 'query.showing:'],
    ['showing=1,7&difficulty=basic', 'query.showing: die faces 1 to 6'],
    ['showing=1,2,3,4,5,6,1,2,3,4&difficulty=basic', 'query.showing: at most 9 dice'],
    ['showing=1,2', 'query.difficulty:'],
    ['showing=1,2&difficulty=hard', 'query.difficulty:'],
    [
      'showing=1,2&difficulty=impossible&double=true',
      'query.double: there is no double Impossible',
    ],
    ['showing=1,2&difficulty=basic&double=yes', 'query.double:'],
    ['showing=1,2&difficulty=basic&rerolled=twice', 'query.rerolled:'],
    ['showing=1,2&difficulty=basic&freeRerolls=10', 'query.freeRerolls: a whole number 0 to 9'],
    ['showing=1,2&difficulty=basic&freeRerolls=-1', 'query.freeRerolls:'],
    ['showing=1,2&difficulty=basic&seat=a', 'unrecognized key "seat"'],
    ['showing=1,2&showing=3&difficulty=basic', 'query.showing:'],
  ])('refuse %s with a 400 naming the parameter', async (query, words) => {
    const answer = await ask(query);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('bad-request');
    expect(answer.json().message).toContain(words);
  });

  it('are declared in the OpenAPI document with their query', async () => {
    const document = (await app.inject({ url: '/openapi.json' })).json();
    const route = document.paths['/odds/outgunned/reroll'].get;
    const names = route.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(
      expect.arrayContaining(['showing', 'difficulty', 'rerolled', 'freeRerolls']),
    );
    expect(Object.keys(route.responses)).toEqual(expect.arrayContaining(['200', '400']));
  });
});

/**
 * The Nemesis odds panel: figures for the reader's character computed from
 * that seat's view alone. Checked against the odds module asked directly
 * with the situation the scenario set up, and for secrets: two states with
 * one view for the seat (the second re-dealt: bag, decks, hands, tiles) give
 * the same bytes.
 */
describe("the Nemesis odds of a seat's character, over HTTP", () => {
  const nemesis = createNemesis();
  const { tables } = nemesis;
  const pack = baseContent();
  let folder: ReturnType<typeof temporaryFolder>;
  let storage: SqliteStorage;
  let app: FastifyInstance;

  beforeAll(async () => {
    folder = temporaryFolder();
    storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    app = await buildServer({ storage });
  });

  afterAll(async () => {
    await app.close();
    await storage.close();
    folder.remove();
  });

  /** Stores a match in this state, each seat opened by the token `token-<seat>`. */
  async function store(id: string, state: NemesisState, ruleset = 'nemesis'): Promise<void> {
    const match: NewMatch = {
      id,
      ruleset,
      version: nemesis.version,
      options: state.options,
      seed: id,
      generator: 'fast',
      seats: state.players.map((player) => ({
        seat: player.seat,
        kind: 'human',
        bot: null,
        tokenHash: hashToken(`token-${player.seat}`),
        invitationHash: null,
      })),
      createdAt: 1,
      open: false,
    };
    await storage.createMatch(match, { seq: 0, state });
  }

  const oddsOf = (id: string, seat?: string) =>
    app.inject({
      url: `/matches/${id}/odds`,
      headers: seat === undefined ? {} : { authorization: `Bearer token-${seat}` },
    });

  /**
   * The captain in room 6 with two Intruders (an Adult with an injury, a
   * Creeper), a loaded pistol and an empty shotgun; Noise in two of the
   * room's corridors; two Attack cards discarded; an Adult token drawn aside.
   */
  function scenario(seed: string): NemesisState {
    return new ScenarioBuilder({ players: 2, seed })
      .explored(5, 6, 7)
      .character('0', {
        room: 6,
        hand: 3,
        lightWounds: 1,
        seriousWounds: 1,
        weapons: [
          { id: 'pistol', ammo: 2 },
          { id: 'shotgun', ammo: 0 },
        ],
      })
      .character('1', { room: 11 })
      .intruder('adult', 6, { injuries: 1 })
      .intruder('creeper', 6)
      .intruder('adult', 5)
      .noise([6, 7], [6, 11])
      .with((state) => {
        for (const card of ['bite-1', 'claw-2']) {
          state.attackDeck.drawPile.splice(state.attackDeck.drawPile.indexOf(card), 1);
          state.attackDeck.discardPile.push(card);
        }
        const adult = state.bag.tokens.find(
          (token) => tables.intruderTokens.get(token)?.kind === 'adult',
        )!;
        state.bag.tokens.splice(state.bag.tokens.indexOf(adult), 1);
        state.tokensAside.push(adult);
      })
      .build(nemesis).state;
  }

  it('are the odds module’s figures for the situation in the reader’s room', async () => {
    const state = scenario('odds-panel');
    await store('panel', state);
    const answer = await oddsOf('panel', '0');
    expect(answer.statusCode).toBe(200);
    const odds = answer.json() as NemesisOdds;
    expect(odds).toMatchObject({ seq: 0, seat: '0', character: 'captain', room: 6 });
    const deck = attackDeckWith(tables, ['bite-1', 'claw-2']);
    const intruders = state.intruders.filter((intruder) => intruder.room === 6);
    // Each Intruder here: a Shoot with the loaded pistol (not the empty shotgun), then a Melee.
    const expected = intruders.flatMap((intruder) =>
      [
        combatOdds(pack, tables, {
          attack: 'shoot',
          weapon: 'pistol',
          kind: intruder.kind,
          injuries: intruder.injuries,
          deck,
        }),
        combatOdds(pack, tables, {
          attack: 'melee',
          kind: intruder.kind,
          injuries: intruder.injuries,
          deck,
        }),
      ].map((attack) => ({
        attack: attack.attack,
        weapon: attack.weapon,
        intruder: intruder.id,
        kind: intruder.kind,
        p_dead: attack.p_dead,
        p_retreats: attack.p_retreats,
        p_serious_wound: attack.p_serious_wound,
      })),
    );
    expect(odds.attacks).toMatchObject(expected);
    expect(odds.attacks).toHaveLength(4);
    // Room 6's exits 1 and 2 lead to the corridors to rooms 7 and 11, which hold Noise.
    const here = noiseRollOdds(tables, { room: 6, marked: [1, 2], slime: false });
    expect(odds.noise[0]).toEqual({
      room: 6,
      here: true,
      marked: [1, 2],
      p_encounter: here.p_encounter,
      outcomes: here.outcomes,
    });
    expect(here.p_encounter).toBeGreaterThan(0);
    // Neighbours a Move reaches and rolls in: explored and without an Intruder (not 5; 2 is unexplored).
    expect(odds.noise.map((entry) => entry.room)).toEqual([6, 7, 11]);
    const survival = escapeOdds(tables, {
      intruders: ['adult', 'creeper'],
      seriousWounds: 1,
      lightWounds: 1,
      hand: 2,
      deck,
    });
    expect(odds.escape).toEqual({
      intruders: ['adult', 'creeper'],
      p_survives: survival.p_survives,
      p_dies: survival.p_dies,
      serious_wounds_after: survival.serious_wounds_after,
    });
    // The bag by kind, worked out from the tokens outside it, is the true bag's make-up.
    const truth = encounterOdds(tables, { tokens: state.bag.tokens }, 3);
    const byKind = (entries: { kind: string; p: number }[]) =>
      Object.fromEntries(entries.map((entry) => [entry.kind, entry.p]));
    expect(odds.encounter?.hand).toBe(3);
    expect(odds.encounter?.tokens_in_bag).toBe(state.bag.tokens.length);
    expect(byKind(odds.encounter!.appears)).toEqual(byKind(truth.appears));
    expect(odds.encounter?.surprise_by_hand.map((entry) => entry.hand)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(odds.encounter?.surprise_by_hand[3]?.p).toBe(odds.encounter?.p_surprise);
    expect(odds.left_out).toEqual([]);
  });

  it('give identical bytes for two states with the same view for the seat', async () => {
    const states: NemesisState[] = [scenario('twins')];
    // And states random play reaches, some with Intruders on board and tokens drawn.
    for (let game = 0; game < 4; game += 1) {
      const random = seedRandom(`odds-play-${game}`);
      const match = Match.create(nemesis, { players: 2 + game }, `odds-play-${game}`);
      for (let move = 0; move < 40 + 40 * game && match.result() === null; move += 1) {
        const next = randomMove(nemesis, match.state, random);
        if (!next) break;
        match.submit(next.seat, next.action);
      }
      if (match.result() === null) states.push(clonePlain(match.state));
    }
    let compared = 0;
    for (const [index, state] of states.entries()) {
      for (const player of state.players) {
        const random = seedRandom(`odds-twin-${index}-${player.seat}`);
        const twin = nemesis.determinize(state, player.seat, random);
        expect(JSON.stringify(nemesis.view(twin, player.seat))).toBe(
          JSON.stringify(nemesis.view(state, player.seat)),
        );
        await store(`real-${index}-${player.seat}`, state);
        await store(`twin-${index}-${player.seat}`, twin);
        const real = await oddsOf(`real-${index}-${player.seat}`, player.seat);
        const copy = await oddsOf(`twin-${index}-${player.seat}`, player.seat);
        expect(real.statusCode).toBe(200);
        expect(copy.body).toBe(real.body);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThanOrEqual(6);
  });

  it('differ when something the seat sees changes (the check is not blind)', async () => {
    const state = scenario('not-blind');
    const changed = clonePlain(state);
    changed.intruders[0]!.injuries += 1;
    await store('seen', state);
    await store('seen-changed', changed);
    const before = (await oddsOf('seen', '0')).json() as NemesisOdds;
    const after = (await oddsOf('seen-changed', '0')).json() as NemesisOdds;
    expect(after.attacks[0]!.p_dead).toBeGreaterThan(before.attacks[0]!.p_dead);
  });

  it('are for a seat: a spectator, a stranger’s token and another ruleset are refused', async () => {
    await store('refusals', scenario('refusals'));
    const spectator = await oddsOf('refusals');
    expect(spectator.statusCode).toBe(401);
    expect(spectator.json().code).toBe('missing-token');
    const stranger = await app.inject({
      url: '/matches/refusals/odds',
      headers: { authorization: 'Bearer token-9' },
    });
    expect(stranger.statusCode).toBe(403);
    expect((await oddsOf('no-such-match', '0')).statusCode).toBe(404);
    const duel = await app.inject({
      method: 'POST',
      url: '/matches',
      payload: { ruleset: 'duel' },
    });
    const other = await oddsOf(duel.json().id, '0');
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('no-odds');
    // The other seat gets its own character's odds: soldier in room 11, no Intruder there.
    const second = (await oddsOf('refusals', '1')).json() as NemesisOdds;
    expect(second).toMatchObject({ seat: '1', character: 'soldier', room: 11, attacks: [] });
    expect(second.escape).toBeNull();
  });

  it('leave out an Escape from more Intruders than the exact sum allows, saying so', async () => {
    const crowd = new ScenarioBuilder({ players: 2, seed: 'crowd' })
      .character('0', { room: 6 })
      .intruder('adult', 6)
      .intruder('adult', 6)
      .intruder('breeder', 6)
      .intruder('creeper', 6)
      .intruder('larva', 6)
      .build(nemesis).state;
    await store('crowd', crowd);
    const odds = (await oddsOf('crowd', '0')).json() as NemesisOdds;
    expect(odds.escape).toBeNull();
    expect(odds.left_out.join(' ')).toContain('escape: 4 Intruders would attack');
    expect(odds.attacks.length).toBeGreaterThan(0);
  });
});
