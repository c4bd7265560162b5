import { join } from 'node:path';
import { adviseReroll } from '@tabletop/outgunned';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
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
