/// <reference lib="dom" />
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createNemesis, type NemesisState } from '@tabletop/nemesis';
import { ScenarioBuilder } from '@tabletop/nemesis/testing';
import { adviseReroll, builtInScene } from '@tabletop/outgunned';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStorage } from '../../server/src/storage/sqlite.ts';
import { hashToken } from '../../server/src/tokens.ts';
import { buildIfNeeded } from '../scripts/start.ts';
import {
  axeViolations,
  clickAndWait,
  dist,
  launch,
  percentile,
  type ServerProcess,
  screenshot,
  seqOf,
  spawnServer,
} from './browser.ts';

const data = mkdtempSync(join(tmpdir(), 'tabletop-web-'));
let server: ServerProcess;
let browser: Browser;
const latencies: number[] = [];

/** The base pack's room tiles other than the special rooms, wherever the pack keeps rooms.json. */
function findRooms(folder: string): string | null {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const found = findRooms(path);
      if (found) return found;
    } else if (entry.name === 'rooms.json') {
      return path;
    }
  }
  return null;
}
const roomsFile = findRooms(join(import.meta.dirname, '..', '..', 'nemesis', 'content'));
const roomTiles: string[] = roomsFile
  ? JSON.parse(readFileSync(roomsFile, 'utf8'))
      .rooms.filter((room: { group: string }) => room.group !== 'special')
      .map((room: { id: string }) => room.id)
  : [];

beforeAll(async () => {
  await buildIfNeeded(true);
  server = await spawnServer(data);
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(data, { recursive: true, force: true });
  if (latencies.length > 0) {
    process.stdout.write(
      `web table: click to updated table over ${latencies.length} submitted actions: p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms (goal at most 100 ms)\n`,
    );
  }
});

async function newPage(context?: BrowserContext, width = 1280, height = 720): Promise<Page> {
  const page = await (context ?? (await browser.newContext())).newPage();
  await page.setViewportSize({ width, height });
  return page;
}

/** Creates a match through the lobby; returns its join links by seat. */
async function createThroughLobby(
  page: Page,
  ruleset: string,
  seats: Record<string, string>,
  players?: number,
  prepare?: (page: Page) => Promise<void>,
): Promise<{ id: string; links: Record<string, string> }> {
  await page.goto(`${server.url}/#/`);
  await page.locator('select').first().selectOption(ruleset);
  if (players !== undefined) await page.getByLabel('Players').selectOption(String(players));
  await page.waitForSelector(`select[data-seat] option[value="random"]`, { state: 'attached' });
  for (const [seat, kind] of Object.entries(seats)) {
    await page.locator(`select[data-seat="${seat}"]`).selectOption(kind);
  }
  await prepare?.(page);
  await page.getByRole('button', { name: 'Create match' }).click();
  await page.waitForSelector('.created');
  const id = (await page.locator('.created').getAttribute('data-match'))!;
  const links: Record<string, string> = {};
  for (const anchor of await page.locator('a.join-link').all()) {
    links[(await anchor.getAttribute('data-seat'))!] = (await anchor.getAttribute('href'))!;
  }
  return { id, links };
}

/** Waits until this seat has a choice to make or the match is over. */
async function waitForTurn(page: Page): Promise<boolean> {
  await page.waitForFunction(
    () =>
      document.querySelector('.table')?.getAttribute('data-over') === 'yes' ||
      (document.querySelectorAll('.prompt .choices button').length > 0 &&
        document.querySelector('.table')?.getAttribute('data-pending') === 'no'),
    undefined,
    { timeout: 30_000 },
  );
  return (await page.locator('.table').getAttribute('data-over')) === 'yes';
}

/** One choice, picked at random, leaning to passing so that games end sooner. */
async function playOnce(page: Page, random: () => number): Promise<void> {
  const buttons = await page
    .locator('.prompt .choices button')
    .evaluateAll((all) =>
      all.map((b) => `${b.getAttribute('data-action') ?? ''}${b.getAttribute('data-value') ?? ''}`),
    );
  const passing = buttons.findIndex((b) => b.includes('"pass"'));
  const index = passing >= 0 && random() < 0.7 ? passing : Math.floor(random() * buttons.length);
  const { ms, sent } = await clickAndWait(page, '.prompt .choices button', index);
  if (sent) latencies.push(ms);
}

/** Whether the prompt offers a re-roll of the roll on the table. */
async function rerollOffered(page: Page): Promise<boolean> {
  const actions = await page
    .locator('.prompt .choices button')
    .evaluateAll((all) => all.map((b) => b.getAttribute('data-action') ?? ''));
  return actions.some((action) => action.includes('"type":"reroll"'));
}

const percentShown = (p: number) => `${(p * 100).toFixed(1)}%`;

/** One chart as drawn: its bars (SVG shapes), the percentages at their ends, which stand out. */
async function chartOf(page: Page, name: string) {
  const chart = `.odds-chart[data-chart="${name}"]`;
  await page.waitForSelector(`${chart} svg .recharts-label-list`);
  return page.locator(chart).evaluate((figure) => ({
    title: figure.querySelector('figcaption')?.textContent ?? '',
    bars: figure.querySelectorAll('svg .recharts-bar-rectangle').length,
    percents: Array.from(figure.querySelectorAll('svg .recharts-label-list text')).map(
      (text) => text.textContent,
    ),
    labels: Array.from(figure.querySelectorAll('svg .recharts-yAxis-tick-labels text')).map(
      (text) => text.textContent,
    ),
    highlighted: Array.from(figure.querySelectorAll('svg .recharts-bar-rectangle')).map(
      (bar) => bar.querySelector('.highlight') !== null,
    ),
  }));
}

/** Waits until the Nemesis odds panel, if the page has one, shows its charts for the state drawn. */
async function oddsDrawn(page: Page): Promise<void> {
  const drawn = () =>
    page.waitForFunction(() => {
      const panel = document.querySelector('.odds-panel');
      return (
        panel === null ||
        (panel.getAttribute('data-ready') === 'yes' && panel.querySelector('.drawing') === null)
      );
    });
  // Charts load lazily, one section after another: drawn twice, a moment apart, is settled.
  await drawn();
  await page.waitForTimeout(300);
  await drawn();
}

/** The odds beside each re-roll choice are the advisor's for the roll as any reader sees it. */
async function expectAdvisorOdds(page: Page, id: string): Promise<void> {
  await page.waitForSelector('table.odds tbody tr');
  const view = (await (await fetch(`${server.url}/matches/${id}/view`)).json()).view;
  const rolling = view.steps.at(-1).rolling;
  const roller = view.heroes.find((hero: { seat: string }) => hero.seat === rolling.hero);
  const advice = adviseReroll({
    dice: rolling.roll.dice,
    difficulty: rolling.difficulty,
    rerolled: rolling.roll.rerolled ? (rolling.roll.lastRerollBetter ? 'better' : 'worse') : 'no',
    freeRerolled: rolling.roll.freeRerolled,
    wentAllIn: rolling.roll.wentAllIn,
    freeRerolls: roller.freeRerolls,
    rules: view.rules,
  });
  const shown = await page.locator('table.odds tbody tr').evaluateAll((rows) =>
    rows.map((row) => ({
      choice: row.getAttribute('data-choice'),
      best: row.classList.contains('best'),
      success: row.querySelector('.p-success')?.textContent,
      playingOn: row.querySelector('.p-playing-on')?.textContent,
      gritLost: row.querySelector('.grit-lost')?.textContent ?? null,
    })),
  );
  expect(shown).toEqual(
    advice.choices.map((choice) => ({
      choice: choice.choice,
      best: choice.choice === advice.best,
      success: percentShown(choice.p_success),
      playingOn: percentShown(choice.p_success_playing_on),
      gritLost: rolling.dangerous
        ? choice.grit_lost.map((entry) => `${entry.lost}: ${percentShown(entry.p)}`).join(' · ')
        : null,
    })),
  );
  // Each choice the prompt offers has its row: stop and every re-roll kind.
  const offered = await page
    .locator('.prompt .choices button')
    .evaluateAll((all) => all.map((b) => JSON.parse(b.getAttribute('data-action') ?? '{}')));
  const kinds = offered.filter((action) => action.type === 'reroll').map((action) => action.kind);
  expect(shown.map((row) => row.choice)).toEqual(['stop', ...kinds]);
  // The chart: a bar per choice with its chance of success playing on, the best one highlighted.
  const success = await chartOf(page, 'reroll-success');
  expect(success.bars).toBe(advice.choices.length);
  expect(success.percents).toEqual(
    advice.choices.map((choice) => percentShown(choice.p_success_playing_on)),
  );
  expect(success.highlighted).toEqual(
    advice.choices.map((choice) => choice.choice === advice.best),
  );
  // A Dangerous roll: the Grit each choice would lose, a bar per choice and amount.
  const gritCharts = await page.locator('.odds-chart[data-chart="grit-lost"]').count();
  expect(gritCharts).toBe(rolling.dangerous ? 1 : 0);
  if (rolling.dangerous) {
    const losses = advice.choices.flatMap((choice) =>
      choice.grit_lost.map((entry) => ({ ...entry, best: choice.choice === advice.best })),
    );
    const grit = await chartOf(page, 'grit-lost');
    expect(grit.bars).toBe(losses.length);
    expect(grit.percents).toEqual(losses.map((entry) => percentShown(entry.p)));
    expect(grit.highlighted).toEqual(losses.map((entry) => entry.best));
  }
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function gzippedSize(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    request(`${server.url}${path}`, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
    })
      .on('error', reject)
      .end();
  });
}

/** The server's view and prompts for a seat, read with the token this page holds. */
async function serverView(page: Page, id: string, seat: string) {
  return page.evaluate(
    async ([id, seat]) => {
      const held = JSON.parse(localStorage.getItem('tabletop.matches') ?? '[]') as {
        id: string;
        seat: string;
        token: string;
      }[];
      const token = held.find((m) => m.id === id && m.seat === seat)?.token ?? '';
      const reply = await fetch(`/matches/${id}/view`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await reply.json();
      return JSON.stringify({ view: body.view, prompts: body.prompts, actions: body.actions });
    },
    [id, seat] as const,
  );
}

/**
 * When the prompt offers a Move: starts it, then presses Back, and checks
 * that the table is where it was before the Move began (the same view,
 * prompt and choices). False when no Move was offered.
 */
async function backCancelsAMove(page: Page, id: string): Promise<boolean> {
  const move = page.locator('.prompt .choices button[data-action=\'{"type":"move"}\']');
  if ((await move.count()) === 0) return false;
  const before = await serverView(page, id, '0');
  const promptBefore = await page.locator('.prompt .prompt-text').first().textContent();
  const seq = await seqOf(page);
  await move.click();
  await page.waitForFunction(
    (s) =>
      Number(document.querySelector('.table')?.getAttribute('data-seq')) > s &&
      document.querySelector('.table')?.getAttribute('data-pending') === 'no',
    seq,
  );
  // Two answers into the Move when it asks for a room: Back takes both back.
  const room = page.locator('.prompt .choices button[data-action^=\'{"type":"room"\']').first();
  if ((await room.count()) > 0) {
    const chosen = await seqOf(page);
    await room.click();
    await page.waitForFunction(
      (s) =>
        Number(document.querySelector('.table')?.getAttribute('data-seq')) > s &&
        document.querySelector('.table')?.getAttribute('data-pending') === 'no',
      chosen,
    );
  }
  const back = page.locator('.take-back .back-action');
  // A bot may have acted (an interrupt window): then the Move cannot be taken back.
  if ((await back.count()) === 0) return false;
  const started = await seqOf(page);
  await back.click();
  await page.waitForFunction(
    (s) =>
      Number(document.querySelector('.table')?.getAttribute('data-seq')) > s ||
      document.querySelector('.refusal') !== null,
    started,
  );
  if ((await page.locator('.refusal').count()) > 0) return false;
  await page.waitForFunction(
    () => document.querySelector('.table')?.getAttribute('data-pending') === 'no',
  );
  expect(await serverView(page, id, '0')).toBe(before);
  expect(await page.locator('.prompt .prompt-text').first().textContent()).toBe(promptBefore);
  return true;
}

describe('the web table', () => {
  it('serves a lobby that is interactive quickly, with little JavaScript', async () => {
    const page = await newPage();
    // The first load also starts the browser's renderer; the second is what a running browser sees.
    const loads: number[] = [];
    for (let load = 0; load < 2; load += 1) {
      await page.goto(load === 0 ? `${server.url}/` : `${server.url}/?again`);
      await page.waitForSelector('select[data-seat] option[value="normal"]', {
        state: 'attached',
      });
      loads.push(await page.evaluate(() => performance.now()));
    }
    const [cold, interactive] = loads as [number, number];
    // The rulesets are preloaded beside the script, and the lobby's own request reuses that one.
    const rulesetRequests = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname === '/rulesets')
        .map((entry) => ({
          by: (entry as PerformanceResourceTiming).initiatorType,
          at: Math.round(entry.startTime),
        })),
    );
    expect(rulesetRequests.map((request) => request.by)).toEqual(['link']);
    const scripts = await page
      .locator('script[src]')
      .evaluateAll((all) => all.map((s) => new URL((s as HTMLScriptElement).src).pathname));
    let javascript = 0;
    for (const script of scripts) javascript += await gzippedSize(script);
    process.stdout.write(
      `web table: JavaScript sent gzipped ${(javascript / 1024).toFixed(1)} KB (goal at most 250 KB); lobby interactive after ${interactive.toFixed(0)} ms (first load ${cold.toFixed(0)} ms; goal within 1000 ms); rulesets asked at ${rulesetRequests[0]!.at} ms\n`,
    );
    expect(javascript).toBeGreaterThan(10_000);
    expect(javascript).toBeLessThan(250 * 1024);
    // Every script the build holds, the chunks loaded later too (odds charts, the rules reference).
    const built = readdirSync(join(dist, 'assets')).filter((name) => name.endsWith('.js'));
    const everything = built.reduce(
      (sum, name) => sum + gzipSync(readFileSync(join(dist, 'assets', name))).length,
      0,
    );
    process.stdout.write(
      `web table: every built script gzipped ${(everything / 1024).toFixed(1)} KB in ${built.length} files (goal at most 250 KB)\n`,
    );
    expect(everything).toBeLessThan(250 * 1024);
    expect(interactive).toBeLessThan(1_000);
    await screenshot(page, 'lobby-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'lobby-390');
    await page.context().close();
  });

  let finishedNemesis = '';

  it('plays a 3-player Nemesis game through the page, one human seat and two bots, to its end', async () => {
    const page = await newPage();
    const { id, links } = await createThroughLobby(
      page,
      'nemesis',
      { '0': 'human', '1': 'normal', '2': 'random' },
      3,
    );
    // The creator's own seat is taken in this browser; no other seat is a person's.
    expect(Object.keys(links)).toEqual([]);
    expect(await page.locator('a.own-seat').getAttribute('href')).toBe(`#/play/${id}/0`);
    await screenshot(page, 'lobby-created');
    await page.goto(`${server.url}/#/play/${id}/0`);
    // The header names the game as a player reads it, not by its ruleset's id.
    await page.waitForSelector('.ruleset');
    expect(await page.locator('.ruleset').textContent()).toBe('Nemesis');
    const random = seeded(7);
    let clicks = 0;
    let shotTable = false;
    let titleOnTurn = '';
    let titleWaiting = '';
    let backChecked = false;
    while (!(await waitForTurn(page))) {
      // The tab's title says whose turn it is.
      if (!titleOnTurn) titleOnTurn = await page.title();
      if (!backChecked && (await backCancelsAMove(page, id))) backChecked = true;
      if ((await page.locator('.prompt .choices button').count()) === 0) continue;
      await playOnce(page, random);
      clicks += 1;
      // Read at one moment: while no question waits for this seat, the title is the plain one.
      titleWaiting ||= await page.evaluate(() =>
        document.querySelectorAll('.prompt .choices button').length === 0 &&
        document.querySelector('.table')?.getAttribute('data-pending') === 'no'
          ? document.title
          : '',
      );
      if (!shotTable && clicks >= 12) {
        await screenshot(page, 'nemesis-1280');
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, 'nemesis-390');
        await page.setViewportSize({ width: 1280, height: 720 });
        shotTable = true;
      }
      expect(clicks).toBeLessThan(3_000);
    }
    expect(titleOnTurn).toBe('\u25cf Your turn \u00b7 tabletop');
    if (titleWaiting) expect(titleWaiting).toBe('tabletop');
    expect(await page.title()).toBe('tabletop');
    expect(backChecked, 'a Move was started and taken back with Back').toBe(true);
    await expect(page.locator('.result').textContent()).resolves.toContain('Game over');
    // The status says the game is over, not "live".
    await expect(page.locator('.bar .status').textContent()).resolves.toBe('game over');
    // The victory check: every seat's fate with its cause, its Objectives revealed, and who wins.
    const fates = page.locator('.result .fate');
    await expect(fates.count()).resolves.toBe(3);
    for (const fate of await fates.all()) {
      const line = (await fate.locator('.fate-line').textContent()) ?? '';
      // A death says what killed the character, where and in which round.
      expect(line).toMatch(/^(Survived: .+|Died: .+, in .+, round \d+)$/);
      await expect(fate.locator('h3').textContent()).resolves.toMatch(/^Player [1-3]/);
    }
    await expect(page.locator('.result .ship-end').textContent()).resolves.toMatch(
      /Engines(working|damaged)/,
    );
    await expect(page.locator('.result .winners').textContent()).resolves.toMatch(
      /^(Nobody wins\.|Winners?: Player [1-3].*)/,
    );
    // The log holds the whole match: every event this seat saw, from the first entry.
    const events = await page.evaluate(async (id) => {
      const held = JSON.parse(localStorage.getItem('tabletop.matches') ?? '[]') as {
        id: string;
        token: string;
      }[];
      const token = held.find((m) => m.id === id)?.token ?? '';
      const reply = await fetch(`/matches/${id}/log?after=0&limit=1000`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await reply.json()) as { entries: { events: unknown[] }[] };
      return body.entries.reduce((sum, entry) => sum + entry.events.length, 0);
    }, id);
    expect(Number(await page.locator('.log-lines').getAttribute('data-lines'))).toBe(events);
    // Drawn a boxful at a time: a long log puts only the lines in sight (and a few more) in the page.
    if (events > 100) expect(await page.locator('.log-lines li').count()).toBeLessThan(60);
    const record = page.getByRole('link', { name: 'Download the match record' });
    expect(await record.getAttribute('href')).toBe(`/matches/${id}/record?download=1`);
    await screenshot(page, 'nemesis-over');
    process.stdout.write(
      `web table: the Nemesis game ended after ${clicks} clicks by the human seat\n`,
    );
    finishedNemesis = id;
    await page.context().close();
  }, 300_000);

  it('steps a replay of the finished game forward and back, as a seat and as a spectator', async () => {
    expect(finishedNemesis).not.toBe('');
    const page = await newPage();
    await page.goto(`${server.url}/#/replay/${finishedNemesis}/0`);
    const step = async () => Number(await page.locator('.replay').getAttribute('data-step'));
    await page.waitForFunction(
      () => document.querySelector('.replay')?.getAttribute('data-step') === '0',
    );
    for (let i = 1; i <= 5; i += 1) {
      await page.locator('button.forward').click();
      await page.waitForFunction(
        (n) => document.querySelector('.replay')?.getAttribute('data-step') === String(n),
        i,
      );
    }
    expect(await step()).toBe(5);
    await page.locator('button.back').click();
    await page.waitForFunction(
      () => document.querySelector('.replay')?.getAttribute('data-step') === '4',
    );
    const asSeat = await page.locator('.you').count();
    expect(asSeat).toBe(1);
    await page.getByLabel('as').selectOption('spectator');
    await page.waitForFunction(() => document.querySelector('.you') === null);
    await page.getByRole('button', { name: 'end »' }).click();
    await page.waitForSelector('.result');
    await screenshot(page, 'replay-end');
    await page.context().close();
  });

  it('gives a finished match’s view at any step, the last one as the live table showed it', async () => {
    const base = `${server.url}/matches/${finishedNemesis}`;
    const get = async (path: string, token?: string) => {
      const reply = await fetch(
        `${base}${path}`,
        token ? { headers: { authorization: `Bearer ${token}` } } : {},
      );
      return { status: reply.status, body: await reply.json() };
    };
    const last = await get('/replay?step=999999&seat=0');
    expect(last.status).toBe(200);
    expect(last.body.step).toBe(last.body.steps);
    expect(last.body.over).toBe(true);
    const spectator = await get('/view');
    const finalSpectator = await get(`/replay?step=${last.body.steps}`);
    expect(JSON.stringify(finalSpectator.body.view)).toBe(JSON.stringify(spectator.body.view));
    expect((await get('/replay?step=0&seat=0')).body.view.round).toBe(0);
    expect(await get('/replay?step=two')).toMatchObject({
      status: 400,
      body: { code: 'bad-request' },
    });
    expect(await get('/replay?step=1&seat=9')).toMatchObject({
      status: 404,
      body: { code: 'no-such-seat' },
    });
    const live = await fetch(`${server.url}/matches`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ruleset: 'nemesis', options: { players: 2 }, bots: {} }),
    }).then((reply) => reply.json());
    const early = await fetch(`${server.url}/matches/${live.id}/replay?step=1`);
    expect(early.status).toBe(409);
    expect((await early.json()).code).toBe('match-not-over');
  });

  it('answers prompts from the keyboard alone, tabbing to the choices', async () => {
    const page = await newPage();
    const { id } = await createThroughLobby(page, 'nemesis', { '0': 'human', '1': 'random' }, 2);
    await page.goto(`${server.url}/#/play/${id}/0`);
    for (let move = 0; move < 6; move += 1) {
      if (await waitForTurn(page)) break;
      const seq = await seqOf(page);
      // Tab from the top of the page to the first choice, then press Enter until an action is sent.
      await page.locator('.bar a').first().focus();
      for (let tries = 0; tries < 8 && (await seqOf(page)) === seq; tries += 1) {
        for (let tab = 0; tab < 40; tab += 1) {
          await page.keyboard.press('Tab');
          const focused = await page.evaluate(
            () => document.activeElement?.closest('.prompt .choices') !== null,
          );
          if (focused) break;
        }
        await page.keyboard.press('Enter');
        await page.waitForTimeout(100);
      }
      expect(await seqOf(page)).toBeGreaterThan(seq);
    }
    await page.context().close();
  });

  it('shows each seat its own hand, and neither page nor its frames hold the other seat’s hand, objectives or an unexplored tile', async () => {
    const first = await browser.newContext();
    const second = await browser.newContext();
    const pageA = await newPage(first);
    const framesA: string[] = [];
    const framesB: string[] = [];
    pageA.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => framesA.push(String(frame.payload))),
    );
    const { id, links } = await createThroughLobby(
      pageA,
      'nemesis',
      { '0': 'human', '1': 'human', '2': 'hard' },
      3,
    );
    const pageB = await newPage(second);
    pageB.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => framesB.push(String(frame.payload))),
    );
    await pageB.goto(links['1']!);
    await pageA.goto(`${server.url}/#/play/${id}/0`);
    // The draft: each seat picks a character and an Objective until both hold cards; the hard
    // bot at seat 2 plays its own choices out, which takes seconds on a slow machine.
    const random = seeded(3);
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const handA = await pageA.locator('.hand .card').count();
      const handB = await pageB.locator('.hand .card').count();
      if (handA > 0 && handB > 0) break;
      for (const page of [pageA, pageB]) {
        const buttons = await page.locator('.prompt .choices button').count();
        if (buttons > 0 && (await page.locator('.table').getAttribute('data-pending')) === 'no') {
          await clickAndWait(page, '.prompt .choices button', Math.floor(random() * buttons));
        }
      }
      await pageA.waitForTimeout(50);
    }
    const handOf = (page: Page) => page.locator('.hand .card').allTextContents();
    const handA = await handOf(pageA);
    const handB = await handOf(pageB);
    expect(handA.length).toBeGreaterThan(0);
    expect(handB.length).toBeGreaterThan(0);
    // The ids behind the words: read from each page's own last state frame.
    const lastState = (frames: string[]) =>
      JSON.parse(frames.filter((f) => f.includes('"type":"state"')).at(-1)!).view;
    const viewA = lastState(framesA);
    const viewB = lastState(framesB);
    expect(viewA.you.seat).toBe('0');
    expect(viewB.you.seat).toBe('1');
    // An item counts as secret unless the other seat's own view shows that card anyway (a Heavy
    // Item in hand, a quest or crafted item, a copy in a discard pile).
    const hiddenItems = (mine: { you: { items: string[] } }, other: Record<string, unknown>) => {
      const seen = JSON.stringify({ ...other, you: null });
      return mine.you.items.filter((item) => !seen.includes(`"${item}"`));
    };
    const secretsA = [
      ...viewA.you.hand,
      ...viewA.you.objectives,
      ...hiddenItems(viewA, viewB),
    ] as string[];
    const secretsB = [
      ...viewB.you.hand,
      ...viewB.you.objectives,
      ...hiddenItems(viewB, viewA),
    ] as string[];
    const explored = (view: { rooms: { explored: boolean; tile: string | null }[] }) =>
      new Set(view.rooms.filter((r) => r.explored).map((r) => r.tile));
    const hiddenTiles = roomTiles.filter(
      (tile) => !explored(viewA).has(tile) && !explored(viewB).has(tile),
    );
    expect(roomsFile, 'the Nemesis pack has a rooms.json').not.toBeNull();
    expect(hiddenTiles.length).toBeGreaterThan(0);
    const domA = await pageA.content();
    const domB = await pageB.content();
    const storageA = await pageA.evaluate(() => JSON.stringify({ ...localStorage }));
    const storageB = await pageB.evaluate(() => JSON.stringify({ ...localStorage }));
    for (const secret of secretsB) {
      expect(framesA.join('\n')).not.toContain(`"${secret}"`);
      expect(domA).not.toContain(secret);
      expect(storageA).not.toContain(secret);
    }
    for (const secret of secretsA) {
      expect(framesB.join('\n')).not.toContain(`"${secret}"`);
      expect(domB).not.toContain(secret);
      expect(storageB).not.toContain(secret);
    }
    for (const tile of hiddenTiles) {
      for (const text of [framesA.join('\n'), framesB.join('\n')])
        expect(text).not.toContain(`"${tile}"`);
    }
    // The page shows names, not ids: neither table holds the other seat's Objectives by name
    // (the rules reference lists every card, but it is closed here).
    const namesOf = (frames: string[], objectives: string[]) => {
      const things = JSON.parse(frames.filter((f) => f.includes('"type":"state"')).at(-1)!).words
        .things as Record<string, { name: string }>;
      return objectives.map((objective) => things[`objective:${objective}`]!.name);
    };
    const namesA = namesOf(framesA, viewA.you.objectives);
    const namesB = namesOf(framesB, viewB.you.objectives);
    expect(namesA.length + namesB.length).toBeGreaterThan(0);
    const tableA = (await pageA.locator('.table').textContent()) ?? '';
    const tableB = (await pageB.locator('.table').textContent()) ?? '';
    for (const name of namesB.filter((name) => !namesA.includes(name)))
      expect(tableA).not.toContain(name);
    for (const name of namesA.filter((name) => !namesB.includes(name)))
      expect(tableB).not.toContain(name);
    // Each browser keeps only its own seat's token.
    const keptB = JSON.parse(JSON.parse(storageB)['tabletop.matches']) as { seat: string }[];
    expect(keptB.map((kept) => kept.seat)).toEqual(['1']);
    // A spectator sees neither hand.
    const third = await browser.newContext();
    const watcher = await newPage(third);
    const framesWatcher: string[] = [];
    watcher.on('websocket', (socket) =>
      socket.on('framereceived', (frame) => framesWatcher.push(String(frame.payload))),
    );
    await watcher.goto(`${server.url}/#/watch/${id}`);
    await watcher.waitForFunction(
      (seq) => document.querySelector('.table')?.getAttribute('data-seq') === String(seq),
      await seqOf(pageA),
    );
    expect(await watcher.locator('.you').count()).toBe(0);
    const domWatcher = await watcher.content();
    for (const secret of [...secretsA, ...secretsB]) {
      expect(framesWatcher.join('\n')).not.toContain(`"${secret}"`);
      expect(domWatcher).not.toContain(secret);
    }
    await screenshot(watcher, 'spectator');
    await third.close();
    await screenshot(pageA, 'two-seats-a');
    await screenshot(pageB, 'two-seats-b');

    // Reloading mid-game comes back to the same state (its odds panel drawn, once the server answers).
    await oddsDrawn(pageA);
    const before = {
      seq: await seqOf(pageA),
      board: await pageA.locator('.board-area').textContent(),
    };
    await pageA.reload();
    await pageA.waitForFunction(
      (seq) => document.querySelector('.table')?.getAttribute('data-seq') === String(seq),
      before.seq,
    );
    await oddsDrawn(pageA);
    expect(await pageA.locator('.board-area').textContent()).toBe(before.board);

    // Killing and restarting the server: the page reconnects and play goes on.
    await server.kill();
    await pageA.waitForSelector('.status.offline');
    expect(await pageA.locator('.status.offline').textContent()).toContain('reconnecting');
    // A choice made while offline is not lost unheard: the page says it was not sent.
    const offlineMover =
      (await pageA.locator('.prompt .choices button').count()) > 0 ? pageA : pageB;
    for (
      let tries = 0;
      tries < 5 && (await offlineMover.locator('.refusal').count()) === 0;
      tries++
    ) {
      await offlineMover.locator('.prompt .choices button').first().click();
    }
    expect(await offlineMover.locator('.refusal').textContent()).toContain('offline');
    server = await spawnServer(data, server.port);
    await pageA.waitForSelector('.status.live', { timeout: 20_000 });
    await pageB.waitForSelector('.status.live', { timeout: 20_000 });
    expect(await seqOf(pageA)).toBe(before.seq);
    const mover = (await pageA.locator('.prompt .choices button').count()) > 0 ? pageA : pageB;
    await waitForTurn(mover);
    const seq = await seqOf(mover);
    for (let tries = 0; tries < 20 && (await seqOf(mover)) === seq; tries += 1) {
      await waitForTurn(mover);
      await playOnce(mover, random);
    }
    expect(await seqOf(mover)).toBeGreaterThan(seq);
    await first.close();
    await second.close();
  }, 120_000);

  it('gives the Director the controls when a person plays the Director', async () => {
    const page = await newPage();
    const { id } = await createThroughLobby(page, 'outgunned', {
      director: 'human',
      'hero-1': 'random',
      'hero-2': 'random',
    });
    await page.goto(`${server.url}/#/play/${id}/director`);
    const random = seeded(5);
    for (let move = 0; move < 5; move += 1) {
      if (await waitForTurn(page)) break;
      if (move === 0) await screenshot(page, 'outgunned-director');
      const seq = await seqOf(page);
      await playOnce(page, random);
      if ((await page.locator('.table').getAttribute('data-pending')) === 'no') continue;
      await page.waitForFunction(
        (s) => Number(document.querySelector('.table')?.getAttribute('data-seq')) > s,
        seq,
      );
    }
    expect(await seqOf(page)).toBeGreaterThan(0);
    await page.context().close();
  });

  it('shows beside each re-roll choice its exact chance of success, as the advisor gives it', async () => {
    // With Free Re-rolls from Feats, every roll of hero-1 with a loose die can be re-rolled.
    const scene = structuredClone(builtInScene) as { heroes: { freeRerolls?: number }[] };
    scene.heroes[0]!.freeRerolls = 9;
    const page = await newPage();
    const random = seeded(3);
    let checked = 0;
    // Each fight is dealt afresh; a few fights give the hero a roll to re-roll.
    for (let fight = 0; fight < 8 && checked < 2; fight += 1) {
      const created = await fetch(`${server.url}/matches`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          ruleset: 'outgunned',
          options: { scene },
          bots: { director: 'random', 'hero-2': 'random' },
        }),
      });
      const match = await created.json();
      expect(created.status, JSON.stringify(match)).toBe(201);
      const { link } = (match.invitations as { seat: string; link: string }[]).find(
        (invitation) => invitation.seat === 'hero-1',
      )!;
      await page.goto(`${server.url}${link}`);
      for (let move = 0; move < 80 && checked < 2; move += 1) {
        if (await waitForTurn(page)) break;
        if (await rerollOffered(page)) {
          await expectAdvisorOdds(page, match.id);
          checked += 1;
          if (checked === 1) await screenshot(page, 'outgunned-odds');
          // Take the first re-roll offered, so the next check may see a re-rolled roll.
          const index = await page
            .locator('.prompt .choices button')
            .evaluateAll((all) =>
              all.findIndex((b) =>
                (b.getAttribute('data-action') ?? '').includes('"type":"reroll"'),
              ),
            );
          await clickAndWait(page, '.prompt .choices button', index);
          continue;
        }
        await playOnce(page, random);
      }
    }
    expect(checked).toBeGreaterThan(0);
    await page.context().close();
  }, 120_000);

  it("draws the Nemesis odds panel for the seat's character: bars and percentages as the server computes them", async () => {
    // The captain in room 6 with an injured Adult and a Creeper, a loaded pistol, three
    // cards in hand, Noise in two of the room's corridors: every chart of the panel has bars.
    const nemesis = createNemesis();
    const state: NemesisState = new ScenarioBuilder({ players: 2, seed: 'web-odds' })
      .explored(5, 6, 7)
      .character('0', { room: 6, hand: 3, seriousWounds: 1, weapons: [{ id: 'pistol', ammo: 2 }] })
      .character('1', { room: 11 })
      .intruder('adult', 6, { injuries: 1 })
      .intruder('creeper', 6)
      .noise([6, 7], [6, 11])
      .build(nemesis).state;
    const id = `odds-panel-${Date.now().toString(36)}`;
    const invitation = `${id}-seat-0`;
    const storage = await SqliteStorage.open(join(data, 'tabletop.db'));
    try {
      await storage.createMatch(
        {
          id,
          ruleset: nemesis.id,
          version: nemesis.version,
          options: state.options,
          seed: id,
          generator: 'fast',
          seats: state.players.map((player) => ({
            seat: player.seat,
            kind: 'human' as const,
            bot: null,
            // Seat 0 waits for its link; the other is taken.
            tokenHash: player.seat === '0' ? null : hashToken(`${id}-other`),
            invitationHash: player.seat === '0' ? hashToken(invitation) : null,
          })),
          createdAt: Date.now(),
          open: false,
        },
        { seq: 0, state },
      );
    } finally {
      await storage.close();
    }
    const page = await newPage();
    await page.goto(`${server.url}/#/join/${id}/0/${invitation}`);
    await page.waitForSelector('.odds-panel[data-seq="0"]');
    await oddsDrawn(page);
    // The token the page was given for the seat, in exchange for the link's invitation.
    const token = await page.evaluate(
      (id) =>
        (
          JSON.parse(localStorage.getItem('tabletop.matches') ?? '[]') as {
            id: string;
            token: string;
          }[]
        ).find((held) => held.id === id)?.token ?? '',
      id,
    );
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const odds = await (
      await fetch(`${server.url}/matches/${id}/odds`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();

    const kill = await chartOf(page, 'kill');
    // Each Intruder here: a Shoot with the pistol and a Melee Attack.
    expect(odds.attacks).toHaveLength(4);
    expect(kill.bars).toBe(odds.attacks.length);
    expect(kill.percents).toEqual(
      odds.attacks.map((attack: { p_dead: number }) => percentShown(attack.p_dead)),
    );
    expect(kill.labels[0]).toContain('Shoot');
    const highest = Math.max(...odds.attacks.map((attack: { p_dead: number }) => attack.p_dead));
    expect(kill.highlighted).toEqual(
      odds.attacks.map((attack: { p_dead: number }) => attack.p_dead === highest),
    );

    const survival = await chartOf(page, 'escape');
    expect(survival.bars).toBe(odds.escape.serious_wounds_after.length + 1);
    expect(survival.percents).toEqual([
      ...odds.escape.serious_wounds_after.map((entry: { p: number }) => percentShown(entry.p)),
      percentShown(odds.escape.p_dies),
    ]);
    expect(survival.title).toContain(percentShown(odds.escape.p_survives));

    const noise = await chartOf(page, 'noise');
    expect(noise.bars).toBe(odds.noise.length);
    expect(noise.percents).toEqual(
      odds.noise.map((entry: { p_encounter: number }) => percentShown(entry.p_encounter)),
    );
    expect(noise.labels[0]).toMatch(/^room 6/);
    expect(noise.highlighted).toEqual(odds.noise.map((entry: { here: boolean }) => entry.here));

    const encounter = await chartOf(page, 'encounter');
    expect(encounter.bars).toBe(odds.encounter.appears.length);
    expect(encounter.percents).toEqual(
      odds.encounter.appears.map((entry: { p: number }) => percentShown(entry.p)),
    );
    const surprise = await chartOf(page, 'surprise');
    expect(surprise.bars).toBe(odds.encounter.surprise_by_hand.length);
    expect(surprise.percents).toEqual(
      odds.encounter.surprise_by_hand.map((entry: { p: number }) => percentShown(entry.p)),
    );
    expect(surprise.highlighted).toEqual(
      odds.encounter.surprise_by_hand.map((entry: { hand: number }) => entry.hand === 3),
    );
    // The figures are also there as text, for screen readers.
    const table = await page.locator('.odds-chart[data-chart="kill"] table').textContent();
    expect(table).toContain(percentShown(odds.attacks[0].p_dead));
    await screenshot(page, 'nemesis-odds');
    await page.setViewportSize({ width: 390, height: 844 });
    // On a phone the charts fit the width: the page does not scroll sideways.
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
    await screenshot(page, 'nemesis-odds-390');
    await page.context().close();
  });

  it('plays an Outgunned fight through the page to its end', async () => {
    const page = await newPage();
    const { id } = await createThroughLobby(
      page,
      'outgunned',
      { director: 'random', 'hero-1': 'human', 'hero-2': 'random' },
      undefined,
      (lobby) => lobby.getByLabel('the Director hides Enemy Grit').check(),
    );
    await page.goto(`${server.url}/#/play/${id}/hero-1`);
    await page.waitForSelector('.hidden-grit');
    const random = seeded(11);
    let clicks = 0;
    let shot = false;
    while (!(await waitForTurn(page))) {
      await playOnce(page, random);
      clicks += 1;
      if (!shot && (await page.locator('.roll').count()) > 0) {
        await screenshot(page, 'outgunned-roll-1280');
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, 'outgunned-roll-390');
        await page.setViewportSize({ width: 1280, height: 720 });
        shot = true;
      }
      expect(clicks).toBeLessThan(2_000);
    }
    await expect(page.locator('.result').textContent()).resolves.toContain('Game over');
    await screenshot(page, 'outgunned-over');
    await page.context().close();
  }, 180_000);

  it('carries a chat line from one seat to the other and to a spectator, and gives the history on arrival', async () => {
    const first = await browser.newContext();
    const second = await browser.newContext();
    const third = await browser.newContext();
    const pageA = await newPage(first);
    const { id, links } = await createThroughLobby(
      pageA,
      'nemesis',
      { '0': 'human', '1': 'human', '2': 'random' },
      3,
    );
    await pageA.goto(`${server.url}/#/play/${id}/0`);
    const pageB = await newPage(second);
    await pageB.goto(links['1']!);
    const watcher = await newPage(third);
    await watcher.goto(`${server.url}/#/watch/${id}`);
    for (const page of [pageA, pageB, watcher]) await page.waitForSelector('.status.live');
    const text = `<b>hello</b> from the first seat ${Date.now()}`;
    await pageA.getByLabel('Message').fill(text);
    await pageA.getByRole('button', { name: 'Send' }).click();
    for (const page of [pageA, pageB, watcher]) {
      const line = page.locator('.chat-lines li', { hasText: text });
      await line.waitFor();
      // Escaped: the markup arrives as text, never as an element.
      expect(await line.locator('b').count()).toBe(0);
      expect(await line.textContent()).toMatch(/^Player 1\b[^:]*: <b>hello<\/b>/);
    }
    await watcher.getByLabel('Message').fill('a word from the gallery');
    await watcher.getByRole('button', { name: 'Send' }).click();
    await pageB
      .locator('.chat-lines li', { hasText: 'Spectator: a word from the gallery' })
      .waitFor();
    // A reload brings the history back.
    await pageB.reload();
    await pageB.locator('.chat-lines li', { hasText: text }).waitFor();
    // The server's limit comes back as its own words.
    await pageA.getByLabel('Message').fill('x'.repeat(5_000));
    await pageA.getByRole('button', { name: 'Send' }).click();
    await pageA.locator('.chat-error').waitFor();
    await screenshot(pageB, 'chat');
    await first.close();
    await second.close();
    await third.close();
  }, 60_000);

  it('has no serious or critical accessibility violation on the lobby, a table, the end screen, a replay and the rules', async () => {
    expect(finishedNemesis).not.toBe('');
    const page = await newPage(undefined, 1400, 900);
    const found: Record<string, unknown[]> = {};
    const check = async (name: string) => {
      const violations = await axeViolations(page);
      if (violations.length > 0) found[name] = violations;
    };
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('select[data-seat] option[value="random"]', { state: 'attached' });
    await check('lobby');
    const { id } = await createThroughLobby(page, 'nemesis', { '0': 'human', '1': 'random' }, 2);
    await page.goto(`${server.url}/#/play/${id}/0`);
    await waitForTurn(page);
    await check('table');
    await page.goto(`${server.url}/#/watch/${finishedNemesis}`);
    await page.waitForSelector('.result .fate');
    await check('end screen');
    await page.goto(`${server.url}/#/replay/${finishedNemesis}/0`);
    await page.waitForFunction(
      () => document.querySelector('.replay')?.getAttribute('data-step') === '0',
    );
    await page.locator('button.forward').click();
    await page.waitForFunction(
      () => document.querySelector('.replay')?.getAttribute('data-step') === '1',
    );
    await check('replay');
    await page.goto(`${server.url}/#/rules/nemesis`);
    await page.waitForSelector('.rules-page .ref-entry');
    await check('rules');
    expect(found).toEqual({});
    await page.context().close();
  }, 60_000);

  it('opens the rules reference from the table, and at a log line’s name', async () => {
    const page = await newPage();
    const { id } = await createThroughLobby(page, 'nemesis', { '0': 'human', '1': 'random' }, 2);
    await page.goto(`${server.url}/#/play/${id}/0`);
    await waitForTurn(page);
    await page.getByRole('button', { name: 'Rules' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rules reference' });
    await dialog.locator('.ref-entry').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // The characters' names in the log link to their entries.
    const link = page.locator('.log .rule-link').first();
    if ((await link.count()) > 0) {
      await link.click();
      await dialog.waitFor();
      await page.keyboard.press('Escape');
    }
    await page.context().close();
  });

  it('takes screenshots of the lobby, a choice, the end screen, a replay and the rules at three sizes', async () => {
    expect(finishedNemesis).not.toBe('');
    const page = await newPage();
    const { id } = await createThroughLobby(page, 'nemesis', { '0': 'human', '1': 'random' }, 2);
    await page.goto(`${server.url}/#/play/${id}/0`);
    const random = seeded(5);
    for (let move = 0; move < 4; move += 1) {
      if (await waitForTurn(page)) break;
      await playOnce(page, random);
    }
    await waitForTurn(page);
    const sizes = [
      [1400, 900],
      [1280, 720],
      [390, 844],
    ] as const;
    const pages: [string, string, string][] = [
      ['lobby', `${server.url}/#/`, 'select[data-seat]'],
      ['choice', `${server.url}/#/play/${id}/0`, '.prompt .choices button'],
      ['end', `${server.url}/#/watch/${finishedNemesis}`, '.result .fate'],
      ['replay', `${server.url}/#/replay/${finishedNemesis}/0`, '.replay .layout'],
      ['rules', `${server.url}/#/rules/nemesis`, '.rules-page .ref-entry'],
    ];
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      for (const [name, url, ready] of pages) {
        await page.goto(url);
        await page.waitForSelector(ready);
        await page.waitForTimeout(150);
        await screenshot(page, `${name}-${width}`);
        // Nothing is cut off sideways.
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(wide, `${name} at ${width} px`).toBeLessThanOrEqual(width);
      }
    }
    await page.context().close();
  }, 90_000);

  it('offers the server’s recommended bot, creates an Outgunned match from an example scene or an uploaded file, and lists a bad file’s problems by path', async () => {
    const page = await newPage();
    const listing = (await (await fetch(`${server.url}/rulesets`)).json()) as {
      rulesets: { id: string; defaultBot: string; scenes?: { id: string }[] }[];
    };
    const outgunned = listing.rulesets.find((each) => each.id === 'outgunned')!;
    await page.goto(`${server.url}/#/`);
    await page.waitForSelector('select[data-seat] option[value="random"]', { state: 'attached' });
    const nemesis = listing.rulesets.find((each) => each.id === 'nemesis')!;
    expect(await page.locator('select[data-seat="1"]').inputValue()).toBe(nemesis.defaultBot);
    await page.locator('select').first().selectOption('outgunned');
    expect(outgunned.scenes?.map((scene) => scene.id)).toContain('bar-brawl');
    await page.getByLabel('Scene', { exact: true }).selectOption('bar-brawl');
    // Three heroes in the bar: the seats come from the server, the scene's own.
    await page.waitForSelector('select[data-seat="hero-3"]');
    expect(await page.locator('select[data-seat="director"]').inputValue()).toBe(
      outgunned.defaultBot,
    );
    // A file that is no scene: the server's problems, one per line, each by its path.
    await page.getByLabel('Scene', { exact: true }).selectOption('upload');
    await page.getByLabel('Scene file (JSON)').setInputFiles({
      name: 'broken.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify({ name: 7, heroes: 'nobody' })),
    });
    await page.locator('.errors li').first().waitFor();
    const problems = await page.locator('.errors li').allTextContents();
    expect(problems.length).toBeGreaterThan(1);
    for (const problem of problems) expect(problem).toMatch(/^options\.scene/);
    // Not JSON at all: said so in the browser.
    await page.getByLabel('Scene file (JSON)').setInputFiles({
      name: 'notes.json',
      mimeType: 'application/json',
      buffer: Buffer.from('heroes: two'),
    });
    await page.locator('.errors li', { hasText: 'notes.json is not a JSON file' }).waitFor();
    // A good file: the match is made from it.
    const scene = readFileSync(
      join(import.meta.dirname, '..', '..', 'outgunned', 'scenes', 'rooftop-boss.json'),
    );
    await page.getByLabel('Scene file (JSON)').setInputFiles({
      name: 'rooftop.json',
      mimeType: 'application/json',
      buffer: scene,
    });
    await page.locator('.uploaded').waitFor();
    await page.waitForFunction(() => document.querySelector('.errors') === null);
    await page.locator('select[data-seat="hero-2"]').selectOption('human');
    await page.getByRole('button', { name: 'Create match' }).click();
    await page.waitForSelector('.created');
    const id = (await page.locator('.created').getAttribute('data-match'))!;
    // Join by id: the match's seats; a free one of a match not listed is taken with its link only.
    await page.getByRole('textbox', { name: 'Link or match id' }).fill(id);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.waitForSelector(`.found[data-match="${id}"]`);
    expect(await page.locator('.found li').count()).toBeGreaterThan(1);
    expect(await page.locator('.found button').count()).toBe(0);
    await page.locator('.found li', { hasText: 'taken with its link' }).waitFor();
    await page.getByRole('textbox', { name: 'Link or match id' }).fill('no such match!');
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('alert').filter({ hasText: 'Paste a seat' }).waitFor();
    // A pasted seat link takes that seat, and leaves the address bar and the history.
    const seatLink = (await page.locator('a.join-link').first().getAttribute('href'))!;
    expect(seatLink).toContain(`#/join/${id}/hero-2/`);
    await page.getByRole('textbox', { name: 'Link or match id' }).fill(seatLink);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.waitForFunction(() => location.hash.startsWith('#/play/'));
    await page.waitForSelector('.table[data-seq]:not([data-seq="-1"])');
    expect(page.url()).toBe(`${server.url}/#/play/${id}/hero-2`);
    // The link works once: in another browser it says the seat is taken.
    const other = await newPage();
    await other.goto(seatLink);
    await other.getByRole('alert').filter({ hasText: 'taken this seat already' }).waitFor();
    expect(other.url()).not.toContain(seatLink.split('/').at(-1)!);
    await other.context().close();
    await page.context().close();
  });

  it('lets the creator choose the bot that stands in for a player who leaves, the seats’ recommended one first', async () => {
    const page = await newPage();
    const { id } = await createThroughLobby(
      page,
      'nemesis',
      { '0': 'human', '1': 'human' },
      2,
      async (lobby) => {
        const standIn = lobby.getByLabel('The bot that stands in');
        expect(await standIn.count()).toBe(0);
        await lobby.getByLabel('If a player leaves').selectOption('bot');
        expect(await standIn.inputValue()).toBe(
          await lobby
            .locator('select[data-seat="1"] option', { hasText: 'recommended' })
            .getAttribute('value'),
        );
        await standIn.selectOption('easy');
      },
    );
    const summary = (await (await fetch(`${server.url}/matches/${id}`)).json()) as {
      takeover: { awaySeconds: number | null; turnSeconds: number | null; bot: string | null };
    };
    expect(summary.takeover).toEqual({ awaySeconds: 60, turnSeconds: null, bot: 'easy' });
    await page.context().close();
  });

  it('lists a match created open under Open matches, where a stranger takes a free seat; a match not listed never shows', async () => {
    const first = await newPage();
    const hidden = await createThroughLobby(first, 'nemesis', { '0': 'human', '1': 'human' }, 2);
    await first.context().close();
    const page = await newPage();
    const listed = await createThroughLobby(
      page,
      'nemesis',
      { '0': 'human', '1': 'human' },
      2,
      async (lobby) => {
        await lobby.getByLabel(/List it under Open matches/).check();
      },
    );
    await page.locator('.created', { hasText: 'listed under Open matches' }).waitFor();
    const stranger = await newPage();
    await stranger.goto(`${server.url}/#/`);
    const entry = stranger.locator(`.open-matches li[data-match="${listed.id}"]`);
    await entry.waitFor();
    expect(await stranger.locator(`.open-matches li[data-match="${hidden.id}"]`).count()).toBe(0);
    await entry.getByRole('button', { name: /Take/ }).click();
    await stranger.waitForFunction(() => location.hash.startsWith('#/play/'));
    expect(stranger.url()).toBe(`${server.url}/#/play/${listed.id}/1`);
    await stranger.waitForSelector('.table[data-seq]:not([data-seq="-1"])');
    await stranger.context().close();
    await page.context().close();
  });

  it('offers the cooperative variant in the lobby, refuses it for one player, and shows the team’s Objectives face up to every seat', async () => {
    const lonely = await newPage();
    await lonely.goto(`${server.url}/#/`);
    await lonely.locator('select').first().selectOption('nemesis');
    await lonely.getByLabel('Players').selectOption('1');
    await lonely.getByLabel('Mode').selectOption('cooperative');
    await lonely
      .locator('.errors, [role="alert"]', { hasText: /2-5 players/ })
      .first()
      .waitFor();
    await lonely.context().close();
    const pageA = await newPage(await browser.newContext());
    const { id, links } = await createThroughLobby(
      pageA,
      'nemesis',
      { '0': 'human', '1': 'human', '2': 'normal' },
      3,
      async (lobby) => {
        await lobby.getByLabel('Mode').selectOption('cooperative');
      },
    );
    const pageB = await newPage(await browser.newContext());
    await pageB.goto(links['1']!);
    await pageA.goto(`${server.url}/#/play/${id}/0`);
    const random = seeded(7);
    const team = (page: Page) =>
      page.locator('.objectives', { hasText: "The team's Objectives" }).locator('.card-name');
    for (let round = 0; round < 20; round += 1) {
      if ((await team(pageA).count()) > 0 && (await team(pageB).count()) > 0) break;
      for (const page of [pageA, pageB]) {
        const buttons = await page.locator('.prompt .choices button').count();
        if (buttons > 0 && (await page.locator('.table').getAttribute('data-pending')) === 'no')
          await clickAndWait(page, '.prompt .choices button', Math.floor(random() * buttons));
      }
      await pageA.waitForTimeout(50);
    }
    const cardsA = await team(pageA).allTextContents();
    expect(cardsA).toHaveLength(3);
    expect(await team(pageB).allTextContents()).toEqual(cardsA);
    await screenshot(pageA, 'nemesis-cooperative');
    await pageA.context().close();
    await pageB.context().close();
  });

  it('keeps the turn sound off until the player turns it on, and remembers the choice', async () => {
    const context = await browser.newContext();
    // Counts the tones the page plays, without a sound card.
    await context.addInitScript(() => {
      const played = { tones: 0 };
      (window as unknown as { played: typeof played }).played = played;
      const Original = window.AudioContext;
      window.AudioContext = class extends Original {
        override createOscillator() {
          played.tones += 1;
          return super.createOscillator();
        }
      };
    });
    const page = await newPage(context);
    const { id } = await createThroughLobby(page, 'nemesis', { '0': 'human', '1': 'random' }, 2);
    await page.goto(`${server.url}/#/play/${id}/0`);
    await waitForTurn(page);
    const toggle = page.getByLabel('Sound on your turn');
    expect(await toggle.isChecked()).toBe(false);
    const tones = () =>
      page.evaluate(() => (window as unknown as { played: { tones: number } }).played.tones);
    expect(await tones()).toBe(0);
    await toggle.check();
    expect(await tones()).toBeGreaterThan(0);
    await page.reload();
    await waitForTurn(page);
    expect(await page.getByLabel('Sound on your turn').isChecked()).toBe(true);
    await context.close();
  });
});
