/// <reference lib="dom" />
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { spawnServer as spawnServerProcess } from '../../server/test/helpers/server-process.js';

const here = dirname(fileURLToPath(import.meta.url));
export const dist = join(here, '..', 'dist');
export const screenshots = join(here, '..', 'screenshots');

/** The server as its own process on 127.0.0.1, serving the built table. */
export interface ServerProcess {
  url: string;
  port: number;
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function spawnServer(data: string, port = 0): Promise<ServerProcess> {
  const server = await spawnServerProcess(data, ['--web', dist], port);
  return {
    url: server.url,
    port: Number(new URL(server.url).port),
    kill: server.kill,
    stop: server.stop,
  };
}

/** Debian's Chromium, headless; never a downloaded browser. */
export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-gpu',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: join(screenshots, `${name}.png`), fullPage: true });
}

/** The table's sequence number as the page shows it. */
export async function seqOf(page: Page): Promise<number> {
  return Number(await page.locator('.table').getAttribute('data-seq'));
}

/**
 * Clicks one button and waits for the table to update: for a button that
 * submits an action, until the server's next state is drawn; for one that
 * narrows the choice, until the page has redrawn. Returns the milliseconds
 * from the click to the update, and whether an action was sent.
 */
export async function clickAndWait(
  page: Page,
  selector: string,
  index: number,
): Promise<{ ms: number; sent: boolean }> {
  return page.evaluate(
    ([selector, index]) =>
      new Promise<{ ms: number; sent: boolean }>((resolve, reject) => {
        const table = document.querySelector('.table') as HTMLElement;
        const button = document.querySelectorAll(selector)[index] as HTMLElement | undefined;
        if (!button) {
          // The table changed between reading the buttons and clicking one.
          resolve({ ms: 0, sent: false });
          return;
        }
        const seq = table.dataset.seq;
        const started = performance.now();
        let sent = false;
        const observer = new MutationObserver(() => {
          if (table.dataset.pending === 'yes') sent = true;
          if (
            sent
              ? table.dataset.seq !== seq ||
                (table.dataset.pending === 'no' && document.querySelector('.refusal'))
              : true
          ) {
            observer.disconnect();
            clearTimeout(timer);
            resolve({ ms: performance.now() - started, sent });
          }
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`the table did not update after clicking ${button.textContent}`));
        }, 15_000);
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        button.click();
      }),
    [selector, index] as const,
  );
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** A serious or critical accessibility violation axe-core finds, in short. */
export interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Runs axe-core in the page (injected as a script) and returns its serious and critical violations. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  const { default: axe } = await import('axe-core');
  // Evaluated through the browser's debugging protocol: the page's own CSP forbids inline scripts.
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const run = (window as unknown as { axe: typeof import('axe-core') }).axe.run;
    const results = await run(document, { resultTypes: ['violations'] });
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? '',
        help: violation.help,
        nodes: violation.nodes
          .slice(0, 6)
          .map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
      }));
  });
}
