import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { recommendedLevel } from '@tabletop/nemesis';
import { buildServer, SqliteStorage } from '@tabletop/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const folder = mkdtempSync(join(tmpdir(), 'tabletop-seats-'));
let app: FastifyInstance;
let storage: SqliteStorage;

beforeAll(async () => {
  storage = await SqliteStorage.open(join(folder, 'tabletop.db'));
  app = await buildServer({ storage });
});

afterAll(async () => {
  await app?.close();
  await storage?.close();
  rmSync(folder, { recursive: true, force: true });
});

const seats = (ruleset: string, options: unknown) =>
  app.inject({ method: 'POST', url: `/rulesets/${ruleset}/seats`, payload: { options } });

describe('the seats a lobby offers, from the server', () => {
  it('gives one seat per Nemesis player, as the match would have them', async () => {
    const reply = await seats('nemesis', { players: 4 });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().seats).toEqual(['0', '1', '2', '3']);
  });

  it('offers first the strongest Nemesis level, and in the cooperative variant the level the hard one plays as there, saying so', async () => {
    const standard = (await seats('nemesis', { players: 4 })).json();
    expect(standard.defaultBot).toBe(recommendedLevel(2));
    expect(standard.botLabels.hard).toBe('Hard (up to 2 s a move)');
    const team = (await seats('nemesis', { players: 4, mode: 'cooperative' })).json();
    expect(team.defaultBot).toBe('normal');
    expect(team.botLabels).toEqual({
      easy: 'Easy (instant)',
      normal: 'Normal (instant)',
      hard: 'Hard (in a team, plays as Normal: instant)',
    });
  });

  it('gives the Director and a seat per hero of an Outgunned scene', async () => {
    const scene = await app.inject({ url: '/rulesets/outgunned/scenes/bar-brawl' });
    const reply = await seats('outgunned', { scene: scene.json() });
    expect(reply.json().seats).toEqual(['director', 'hero-1', 'hero-2', 'hero-3']);
  });

  it('lists each problem of bad options by its path, and refuses an unknown ruleset', async () => {
    const reply = await seats('outgunned', { scene: { heroes: 'nobody' } });
    expect(reply.statusCode).toBe(400);
    const { problems } = reply.json() as { problems: string[] };
    expect(problems.length).toBeGreaterThan(0);
    for (const problem of problems) expect(problem).toMatch(/^options\.scene/);
    expect((await seats('chess', {})).statusCode).toBe(404);
  });
});
