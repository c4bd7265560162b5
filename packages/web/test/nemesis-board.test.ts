/// <reference lib="dom" />
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createNemesis, type NemesisState } from '@tabletop/nemesis';
import { ScenarioBuilder } from '@tabletop/nemesis/testing';
import type { Browser, Page } from 'playwright-core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStorage } from '../../server/src/storage/sqlite.ts';
import { hashToken } from '../../server/src/tokens.ts';
import { buildIfNeeded } from '../scripts/start.ts';
import {
  launch,
  type ServerProcess,
  screenshot,
  screenshots,
  seqOf,
  spawnServer,
} from './browser.ts';

const data = mkdtempSync(join(tmpdir(), 'tabletop-board-'));
let server: ServerProcess;
let browser: Browser;

beforeAll(async () => {
  await buildIfNeeded(true);
  server = await spawnServer(data);
  browser = await launch();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(data, { recursive: true, force: true });
});

/**
 * A five-player table at the Captain's turn: the Scout and the Scientist
 * (whose names share their first two letters) at the table, a crowded room,
 * fire, a malfunction, objects, an item counter, Noise, and the Captain
 * holding items, a weapon and wounds.
 */
async function plantTable(
  late = false,
  calm = false,
): Promise<{ id: string; invitation: string; state: NemesisState }> {
  // Calm: the Intruders of the Captain's room wait in room 11 instead, so that the Captain may Search.
  const lair = calm ? 11 : 6;
  const nemesis = createNemesis();
  const builder = new ScenarioBuilder({
    players: 5,
    seed: 'web-board',
    characters: ['captain', 'scout', 'scientist', 'soldier', 'pilot'],
  })
    .explored(2, 3, 5, 6, 7, 8, 11)
    .room(6, { fire: true, malfunction: true, objects: ['egg', 'corpse'], itemCounter: 2 })
    .room(7, { itemCounter: 1, objects: ['carcass'] })
    .character('0', {
      room: 6,
      hand: 5,
      items: ['medkit', 'grenade'],
      lightWounds: 1,
      seriousWounds: 1,
      slime: true,
    })
    .character('1', { room: 6 })
    .character('2', { room: 7 })
    .character('3', { room: 11 })
    .character('4', { room: 3 })
    .intruder('adult', lair, { injuries: 2 })
    .intruder('creeper', lair)
    .intruder('larva', lair)
    .intruder('queen', lair)
    .intruder('breeder', 7, { injuries: 1 })
    .noise([6, 7], [3, 7]);
  if (late)
    // Late in the game: the blue zone, the self-destruct running, one dead, one in a pod, Heavy Items taped.
    builder
      .time(9)
      .selfDestruct(4)
      .character('0', {
        items: ['fire-extinguisher', 'prototype-rifle', 'duct-tape'],
        taped: [['fire-extinguisher', 'prototype-rifle']],
        signal: true,
        larva: true,
      })
      .character('3', { status: 'dead' })
      .with((state) => {
        state.players[3]!.death = { cause: 'killed by an Adult', room: 11, round: 4 };
        state.players[4]!.status = 'in-pod';
        state.players[4]!.pod = 1;
        state.pods[0]!.occupants = ['4'];
        state.airlock = 5;
        state.players[0]!.peeked = [{ room: 10, token: false }];
        state.players[0]!.objectivesSeen = [
          { seat: '1', held: state.players[1]!.objectives.length },
        ];
      });
  const state: NemesisState = builder.build(nemesis).state;
  const id = `board-${Date.now().toString(36)}`;
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
          // Seat 0 waits for its link; the others are taken.
          tokenHash: player.seat === '0' ? null : hashToken(`${id}-other-${player.seat}`),
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
  return { id, invitation, state };
}

async function open(id: string, invitation: string, width: number, height: number): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.setViewportSize({ width, height });
  await page.goto(`${server.url}/#/join/${id}/0/${invitation}`);
  await page.waitForSelector('.ship [data-room="6"]');
  return page;
}

/** Hovers a thing and returns the hover card's text once it shows. */
async function hoverCard(page: Page, selector: string): Promise<string> {
  // Scrolling closes a hover card: the thing comes into view first.
  await page.locator(selector).first().scrollIntoViewIfNeeded();
  await page.waitForTimeout(50);
  await page.locator(selector).first().hover();
  const card = page.locator('#hover-card');
  await card.waitFor({ state: 'visible', timeout: 5_000 });
  return (await card.textContent()) ?? '';
}

describe('the Nemesis board', () => {
  it('draws full room names, unique markers with a legend, the tracks, your items and hover cards', async () => {
    const { id, invitation, state } = await plantTable();
    const page = await open(id, invitation, 1400, 900);

    // Full room names: never cut with an ellipsis.
    const names = await page.locator('.ship .room-name').allTextContents();
    expect(names.length).toBe(state.rooms.length);
    for (const name of names) expect(name).not.toContain('…');

    // A marker per character, unique at the table, with its legend; the Scout and the Scientist differ.
    const markers = await page
      .locator('.ship .character')
      .evaluateAll((all) =>
        all.map((marker) => [marker.getAttribute('data-seat'), marker.getAttribute('data-marker')]),
      );
    const bySeat = new Map(markers as [string, string][]);
    expect(bySeat.size).toBe(5);
    expect(new Set(bySeat.values()).size).toBe(5);
    expect(bySeat.get('1')).not.toBe(bySeat.get('2'));
    const legend = await page.locator('.ship-legend li[data-seat]').allTextContents();
    expect(legend).toHaveLength(5);
    expect(legend[0]).toContain('Player 1');
    expect(legend[0]).toContain(bySeat.get('0')!);
    // The Captain must act: ringed on the map, marked in the legend and among the players.
    expect(await page.locator('.ship .character.acting[data-seat="0"]').count()).toBe(1);
    expect(await page.locator('.others [data-seat="0"][data-acting="yes"]').count()).toBe(1);

    // The crowded room: six occupants in five slots, the rest as "+N"; nothing drawn over the frame's text.
    const crowded = await page.locator('.ship .more').allTextContents();
    expect(crowded).toEqual(['+2']);
    // Intruders by kind, with their injuries.
    expect(await page.locator('.ship [data-intruder][data-kind="breeder"]').count()).toBe(1);
    // The tokens of room 6 in their slots.
    for (const token of ['token:fire', 'token:malfunction', 'token:item-counter', 'token:egg']) {
      expect(await page.locator(`.ship [data-token="${token}"]`).count()).toBeGreaterThan(0);
    }

    // The tracks: time with its cells, self-destruct off, the Intruder board.
    expect(await page.locator('.tracks .time .cell').count()).toBeGreaterThan(5);
    expect(await page.locator('.tracks [data-self-destruct="off"]').count()).toBe(1);

    // Your items as cards, your weapon with its ammo.
    await page.waitForSelector('.you .inventory [data-item="medkit"]');
    expect(await page.locator('.you .inventory [data-item="grenade"]').count()).toBe(1);
    expect(await page.locator('.you-hand .hand .card').count()).toBe(5);
    expect(await page.locator('.you .weapons .weapon-card').count()).toBeGreaterThan(0);

    await screenshot(page, 'nemesis-board-1400');
    await page.locator('.map').screenshot({ path: join(screenshots, 'nemesis-board-map.png') });
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.waitForTimeout(100);
    await screenshot(page, 'nemesis-board-1280');
    // At 1280x720, before any scrolling: the question, your hand and the map are in the window.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(screenshots, 'nemesis-board-1280-window.png') });
    const inWindow = async (selector: string) => {
      const box = (await page.locator(selector).first().boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 720 && box.height > 0;
    };
    expect(await inWindow('.prompt')).toBe(true);
    expect(await inWindow('.you-hand .hand .card')).toBe(true);
    const map = (await page.locator('.map .pan-zoom-box').boundingBox())!;
    expect(map.y).toBeLessThan(400);
    expect(map.y + map.height * 0.6).toBeLessThan(720);

    // Hover cards with words: a room, an Intruder, a card in hand, a track.
    const room = await hoverCard(page, '.ship [data-room="6"]');
    expect(room.length).toBeGreaterThan(10);
    await page.screenshot({ path: join(screenshots, 'nemesis-board-hover.png') });
    const intruder = await hoverCard(page, '.ship [data-intruder][data-kind="adult"]');
    expect(intruder.length).toBeGreaterThan(5);
    const card = await hoverCard(page, '.you-hand .hand .card');
    expect(card.length).toBeGreaterThan(10);
    const track = await hoverCard(page, '.tracks .time');
    expect(track.length).toBeGreaterThan(10);
    await page.mouse.move(0, 0);

    // The keyboard: the map is one stop of Tab; the arrow keys move among its things, each with its card.
    await page.locator('.ship').focus();
    // Focusing the map may scroll the page, and a scroll closes a hover card: it settles first.
    await page.waitForTimeout(100);
    await page.keyboard.press('ArrowRight');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-thing'));
    expect(focused).toMatch(/^(corridor|room):/);
    await page.locator('#hover-card').waitFor({ state: 'visible' });
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.closest('.ship') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.context().close();
  }, 120_000);

  it('highlights the rooms a Move may go to and answers with a click on the map', async () => {
    const { id, invitation } = await plantTable();
    const page = await open(id, invitation, 1400, 900);
    const seq = await seqOf(page);
    await page.locator('.prompt .choices button[data-action*="\\"move\\""]').first().click();
    await page.waitForFunction((before) => {
      const table = document.querySelector('.table');
      return Number(table?.getAttribute('data-seq')) > before;
    }, seq);
    await page.waitForSelector('.ship .room.offered');
    // The rooms not offered are dimmed; the offered ones are buttons reached by the keyboard.
    expect(await page.locator('.ship .room.dim').count()).toBeGreaterThan(0);
    const offered = page.locator('.ship .room.offered').first();
    expect(await offered.getAttribute('role')).toBe('button');
    expect(await offered.getAttribute('tabindex')).toBe('0');
    await screenshot(page, 'nemesis-board-move');
    const before = await seqOf(page);
    await offered.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(
      (previous) => Number(document.querySelector('.table')?.getAttribute('data-seq')) > previous,
      before,
    );
    await page.context().close();
  }, 120_000);

  it('shows an item in the inventory after a Search', async () => {
    const { id, invitation } = await plantTable(false, true);
    const page = await open(id, invitation, 1400, 900);
    const before = await page.locator('.you .inventory [data-item]').count();
    const seq = await seqOf(page);
    await page.locator('.prompt .choices button[data-action*="\\"search\\""]').first().click();
    await page.waitForFunction(
      (previous) => Number(document.querySelector('.table')?.getAttribute('data-seq')) > previous,
      seq,
    );
    // The Search's choices (a card to pay, a deck, the card to keep): the first each time.
    for (let step = 0; step < 8; step += 1) {
      if ((await page.locator('.you .inventory [data-item]').count()) > before) break;
      const buttons = page.locator('.prompt .choices button');
      if ((await buttons.count()) === 0) break;
      const now = await seqOf(page);
      await buttons.first().click();
      await page.waitForFunction(
        (previous) =>
          Number(document.querySelector('.table')?.getAttribute('data-seq')) > previous ||
          document.querySelector('.table')?.getAttribute('data-pending') === 'no',
        now,
      );
      await page.waitForTimeout(50);
    }
    expect(await page.locator('.you .inventory [data-item]').count()).toBe(before + 1);
    await page.context().close();
  }, 120_000);

  it('highlights the Intruders a Shoot may aim at, the others dimmed', async () => {
    const { id, invitation } = await plantTable();
    const page = await open(id, invitation, 1400, 900);
    const seq = await seqOf(page);
    await page.locator('.prompt .choices button[data-action*="\\"shoot\\""]').first().click();
    await page.waitForFunction(
      (before) => Number(document.querySelector('.table')?.getAttribute('data-seq')) > before,
      seq,
    );
    // A weapon to pick first, if the prompt asks: then the targets.
    for (let step = 0; step < 3; step += 1) {
      if ((await page.locator('.ship .intruder.offered').count()) > 0) break;
      const before = await seqOf(page);
      await page.locator('.prompt .choices button').first().click();
      await page.waitForFunction(
        (previous) =>
          Number(document.querySelector('.table')?.getAttribute('data-seq')) > previous ||
          document.querySelector('.ship .intruder.offered') !== null,
        before,
      );
    }
    await page.waitForSelector('.ship .intruder.offered');
    // The Breeder in the next room is not a target here.
    expect(await page.locator('.ship .intruder.dim[data-kind="breeder"]').count()).toBe(1);
    await screenshot(page, 'nemesis-board-shoot');
    await page.context().close();
  }, 120_000);

  it('draws a late game: blue zone, self-destruct, the dead and the escaped, taped items', async () => {
    const { id, invitation } = await plantTable(true);
    const page = await open(id, invitation, 1400, 900);
    expect(await page.locator('.tracks [data-self-destruct="4"]').count()).toBe(1);
    expect(await page.locator('.tracks .time .cell.now.blue').count()).toBe(1);
    expect(await page.locator('.others [data-seat="3"]').textContent()).toContain('killed');
    expect(await page.locator('.tracks [data-pod="1"] .marker').count()).toBe(1);
    expect(await page.locator('.you .inventory [data-item="duct-tape"]').count()).toBe(1);
    expect(await page.locator('.ship [data-token="token:airlock"]').count()).toBe(1);
    // The Objectives this seat looked at, shown with the player who holds them; no one else's.
    expect(await page.locator('.others [data-seat="1"] .objective-card').count()).toBeGreaterThan(
      0,
    );
    expect(await page.locator('.others [data-seat="2"] .objective-card').count()).toBe(0);
    // The room this seat looked at shows its tile to this seat.
    const peeked = await page.locator('.ship [data-room="10"].peeked .room-name').textContent();
    expect(peeked).not.toContain('Unexplored');
    await screenshot(page, 'nemesis-board-late');
    await page.context().close();
  }, 120_000);

  it('fits a phone: no sideways scroll, the map pans and zooms', async () => {
    const { id, invitation } = await plantTable();
    const page = await open(id, invitation, 390, 844);
    await page.waitForFunction(() => document.documentElement.scrollWidth <= 390);
    const box = page.locator('.pan-zoom-box');
    const scale = async () => Number(await page.locator('.pan-zoom').getAttribute('data-scale'));
    const transform = () =>
      page.locator('.pan-zoom-content').evaluate((element) => getComputedStyle(element).transform);
    // Opens zoomed in so that the names are readable; zooms in and out with the buttons.
    const first = await scale();
    expect(first).toBeGreaterThan(1);
    await page.locator('[data-zoom="in"]').click();
    expect(await scale()).toBeGreaterThan(first);
    await page.locator('[data-zoom="out"]').click();
    await page.locator('[data-zoom="out"]').click();
    expect(await scale()).toBeLessThan(first);
    await page.locator('[data-zoom="reset"]').click();
    expect(await scale()).toBeCloseTo(first, 1);
    // A drag pans the map.
    const before = await transform();
    const rect = (await box.boundingBox())!;
    await page.mouse.move(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await page.mouse.down();
    await page.mouse.move(rect.x + rect.width / 2 - 80, rect.y + rect.height / 2 - 30, {
      steps: 5,
    });
    await page.mouse.up();
    expect(await transform()).not.toBe(before);
    // The wheel zooms a map already zoomed in.
    const beforeWheel = await scale();
    await page.mouse.move(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await page.mouse.wheel(0, -240);
    await page.waitForFunction(
      (previous) =>
        Number(document.querySelector('.pan-zoom')?.getAttribute('data-scale')) > previous,
      beforeWheel,
    );
    // The keyboard zooms too.
    await page.locator('.ship').focus();
    const beforeKey = await scale();
    await page.keyboard.press('-');
    expect(await scale()).toBeLessThan(beforeKey);
    await page.keyboard.press('+');
    expect(await scale()).toBeCloseTo(beforeKey, 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.locator('[data-zoom="reset"]').click();
    await screenshot(page, 'nemesis-board-390');
    // Nor at a tablet's widths.
    for (const width of [768, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction((limit) => document.documentElement.scrollWidth <= limit, width);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    for (const part of ['map', 'you', 'tracks', 'others'])
      await page
        .locator(`.nemesis .${part}`)
        .screenshot({ path: join(screenshots, `nemesis-board-390-${part}.png`) });
    await page.context().close();
  }, 120_000);

  it('draws the rules reference: every entry a card at #ref-<key>, the focused one marked', async () => {
    // The page's own module (JSX, outside the test project's compiler settings), loaded as the browser would.
    const module = '../src/Reference.tsx';
    const { RulesReference } = (await import(module)) as {
      RulesReference: (props: { sections: unknown[]; focus?: string }) => null;
    };
    const sections = [
      {
        id: 'items',
        title: 'Items',
        entries: [
          { key: 'item:medkit', name: 'Medkit', kind: 'Item', cost: '1 card', text: 'Heals.' },
          { key: 'item:grenade', name: 'Grenade', kind: 'Item', tags: ['one use'], text: 'Boom.' },
        ],
      },
    ];
    const html = renderToStaticMarkup(
      createElement(RulesReference, { sections, focus: 'item:grenade' }),
    );
    expect(html).toContain('id="ref-item:medkit"');
    expect(html).toContain('id="ref-item:grenade"');
    expect(html).toMatch(/class="ref-entry focused"[^>]*id="ref-item:grenade"/);
    expect(html).toContain('1 card');
    expect(html).toContain('one use');
    expect(html).toContain('type="search"');
  });
});
