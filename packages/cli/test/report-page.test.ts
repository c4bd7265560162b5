/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exampleScenePath } from '@tabletop/outgunned';
import type { ReportData } from '@tabletop/web/report';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch } from '../../web/test/browser.ts';
import { runCli } from './helpers.js';

const folder = mkdtempSync(join(tmpdir(), 'tabletop-report-'));
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});

afterAll(async () => {
  await browser?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The data a report carries, read from the file as it was written. */
function dataOf(file: string): ReportData {
  const html = readFileSync(file, 'utf8');
  const json = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html);
  if (!json) throw new Error(`no report data in ${file}`);
  return JSON.parse(json[1]!) as ReportData;
}

/** Bars each chart of the data should draw: a bar per row, and per series in a rates chart. */
function expectedBars(report: ReportData): Record<string, number> {
  return Object.fromEntries(
    report.sections
      .flatMap((section) => section.charts)
      .map((chart) => [
        chart.name,
        chart.kind === 'rates' ? chart.rows.length * chart.series.length : chart.rows.length,
      ]),
  );
}

interface Drawn {
  /** Requests the page tried to make beyond its own file. */
  requests: string[];
  errors: string[];
  /** Scripts or styles the page would load from elsewhere. */
  external: number;
  charts: {
    name: string;
    /** Bars drawn with a width and a height. */
    bars: number;
    /** Each bar's size in pixels, in the order drawn: its length is its width in a list of bars, its height in columns. */
    widths: number[];
    heights: number[];
    width: number;
    height: number;
  }[];
  settings: Record<string, string>;
}

/** Opens a report in Chromium with every network request refused, once its charts are drawn. */
async function openReport(file: string, expected: Record<string, number>): Promise<Drawn> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const requests: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url === `file://${file}`) return route.continue();
    requests.push(url);
    return route.abort();
  });
  try {
    await page.goto(`file://${file}`);
    await page
      .waitForFunction(
        (counts) =>
          Object.entries(counts).every(
            ([name, bars]) =>
              document.querySelectorAll(`[data-chart="${name}"] .recharts-bar-rectangle`).length ===
              bars,
          ),
        expected,
        { timeout: 20_000 },
      )
      // When the charts never come, the failure says what was drawn and what the page said.
      .catch(async (error: Error) => {
        const counts = await page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('figure[data-chart]')].map(
            (figure) =>
              `${figure.dataset.chart} ${figure.querySelectorAll('.recharts-bar-rectangle').length}`,
          ),
        );
        throw new Error(
          `${error.message}: ${JSON.stringify({ counts, expected, requests, errors })}`,
        );
      });
    const drawn = await page.evaluate(() => ({
      external: document.querySelectorAll('script[src], link[href], img[src]').length,
      charts: [...document.querySelectorAll<HTMLElement>('figure[data-chart]')].map((figure) => {
        // The chart's own drawing, not the legend's little swatches.
        const surface = figure
          .querySelector('.recharts-wrapper > svg.recharts-surface')!
          .getBoundingClientRect();
        const rectangles = [...figure.querySelectorAll('.recharts-bar-rectangle path')].map(
          (path) => path.getBoundingClientRect(),
        );
        return {
          name: figure.dataset.chart!,
          bars: rectangles.filter((box) => box.width > 0 && box.height > 0).length,
          widths: rectangles.map((box) => box.width),
          heights: rectangles.map((box) => box.height),
          width: surface.width,
          height: surface.height,
        };
      }),
      settings: Object.fromEntries(
        [...document.querySelectorAll('.settings dl div')].map((entry) => [
          entry.querySelector('dt')!.textContent!,
          entry.querySelector('dd')!.textContent!,
        ]),
      ),
    }));
    return { requests, errors, ...drawn };
  } finally {
    await page.close();
  }
}

/** Lengths in the same proportions as the counts, to a pixel or two (a zero still shows a sliver). */
function expectProportional(lengths: number[], counts: number[]): void {
  const largest = Math.max(...counts);
  const longest = Math.max(...lengths);
  expect(lengths).toHaveLength(counts.length);
  counts.forEach((count, index) => {
    expect(Math.abs(lengths[index]! - (count / largest) * longest)).toBeLessThan(2.5);
  });
}

describe("the designer's report page", () => {
  it('a Nemesis report opens offline and draws every chart from its data', async () => {
    const file = join(folder, 'nemesis.html');
    const run = await runCli([
      'simulate',
      'nemesis',
      '--games',
      '20',
      '--seed',
      'report-page',
      '--report',
      file,
    ]);
    expect(run.exitCode).toBe(0);
    expect(run.output).toContain(`report               ${file}`);
    const report = dataOf(file);
    const expected = expectedBars(report);
    expect(Object.keys(expected)).toEqual([
      'by-character',
      'by-seat',
      'by-players',
      'by-mode',
      'by-objective',
      'game-length',
      'endings',
      'causes-of-death',
      'cards-action-cards',
      'cards-items',
      'cards-event-cards',
      'cards-intruder-attack-cards',
      'cards-weaknesses',
    ]);
    const drawn = await openReport(file, expected);
    expect(drawn.requests).toEqual([]);
    expect(drawn.errors).toEqual([]);
    expect(drawn.external).toBe(0);
    expect(drawn.charts.map((chart) => chart.name)).toEqual(Object.keys(expected));
    for (const chart of drawn.charts) {
      expect(chart.bars, chart.name).toBe(expected[chart.name]);
      expect(chart.bars, chart.name).toBeGreaterThan(0);
      expect(chart.width, chart.name).toBeGreaterThan(300);
      expect(chart.height, chart.name).toBeGreaterThan(60);
    }
    // The bars stand for the figures: causes of death, most frequent first, and the game lengths.
    const charts = report.sections.flatMap((section) => section.charts);
    for (const name of ['causes-of-death', 'game-length']) {
      const chart = charts.find((candidate) => candidate.name === name);
      if (chart?.kind !== 'counts') throw new Error(`${name} counts`);
      const sizes = drawn.charts.find((drawnChart) => drawnChart.name === name)!;
      expectProportional(
        chart.layout === 'columns' ? sizes.heights : sizes.widths,
        chart.rows.map((row) => row.count),
      );
    }
    expect(drawn.settings.Seed).toContain('report-page');
    expect(drawn.settings.Games).toBe('20');
    expect(drawn.settings.Mode).toBe('standard');
  });

  it('an Outgunned report of two scenes opens offline and draws every chart', async () => {
    const file = join(folder, 'outgunned.html');
    const run = await runCli([
      'simulate',
      'outgunned',
      '--scene',
      exampleScenePath('bar-brawl'),
      '--scene',
      exampleScenePath('rooftop-boss'),
      '--fights',
      '30',
      '--seed',
      'report-page',
      '--report',
      file,
    ]);
    expect(run.exitCode).toBe(0);
    const report = dataOf(file);
    const expected = expectedBars(report);
    expect(Object.keys(expected)).toEqual([
      'by-scene',
      'by-hero',
      'grit-lost',
      'fight-length',
      'endings',
      'causes-of-defeat',
    ]);
    // Two scenes, three outcomes each; five Heroes between them.
    expect(expected['by-scene']).toBe(6);
    expect(expected['by-hero']).toBe(10);
    const drawn = await openReport(file, expected);
    expect(drawn.requests).toEqual([]);
    expect(drawn.errors).toEqual([]);
    expect(drawn.external).toBe(0);
    for (const chart of drawn.charts) {
      expect(chart.bars, chart.name).toBe(expected[chart.name]);
      expect(chart.width, chart.name).toBeGreaterThan(300);
    }
    expect(drawn.settings.Scenes).toBe('Bar brawl, Rooftop boss');
    expect(drawn.settings.Seed).toContain('report-page');
  });
});

describe('the --report flag', () => {
  it('refuses a file it could not write, in one line, before any game is played', async () => {
    for (const [args, words] of [
      [['--report', join(folder, 'no-such-folder', 'report.html')], 'no folder'],
      [['--report', folder], 'is a folder, not a file'],
      [['--report'], "option '--report <file>' argument missing"],
    ] as const) {
      for (const game of ['nemesis', 'outgunned']) {
        const run = await runCli(['simulate', game, ...args]);
        expect(run.exitCode).toBe(1);
        expect(run.output).toBe('');
        expect(run.error.split('\n')[0]).toContain(words);
      }
    }
  });
});
