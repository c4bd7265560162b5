import { join } from 'node:path';
import { pick, seedRandom } from '@tabletop/engine';
import {
  call,
  createAndJoin,
  eachWithin,
  expectStatus,
  fiveSeatsFourBots,
  type Host,
  pause,
  readMetrics,
  startHost,
} from './audit-wire.js';

/**
 * Memory: many five-player Nemesis matches (a person in seat 0 making a few
 * moves, random bots in the other seats answering), then every one of them
 * read again, with the server's default memory bound and with a small one.
 * `/metrics` shows what the matches in memory weigh, by the server's
 * estimate, and the process's resident memory.
 */

export interface MemoryRun {
  cache_mb: number | 'default';
  matches: number;
  moves: number;
  /** The bound in bytes the server reports keeping within, as `--cache-mb` sets it. */
  bound_bytes: number;
  cache_bytes: number;
  cache_bytes_peak: number;
  evictions: number;
  matches_in_memory: number;
  rss_bytes: number;
  rss_bytes_peak: number;
  heap_used_bytes: number;
  /**
   * The lowest resident memory and heap used seen while the server sat idle
   * afterwards: what stays once the collector has run, garbage from the
   * matches dropped and loaded again no longer counted.
   */
  rss_bytes_settled: number;
  heap_used_bytes_settled: number;
  /** The cache once the server sat idle: no match at work holds it above its bound. */
  cache_bytes_settled: number;
  within_bound: boolean;
  elapsed_s: number;
}

export interface MemoryFigures {
  runs: MemoryRun[];
}

/** The server's default bound (1024 MiB), as its README and `--help` state. */
const defaultCacheMb = 1024;

interface Peaks {
  cacheBytes: number;
  rssBytes: number;
}

async function sample(host: Host, peaks: Peaks): Promise<Map<string, number>> {
  const figures = await readMetrics(host.url);
  peaks.cacheBytes = Math.max(peaks.cacheBytes, figures.get('tabletop_cache_bytes') ?? 0);
  peaks.rssBytes = Math.max(peaks.rssBytes, residentBytes(figures));
  return figures;
}

function residentBytes(figures: Map<string, number>): number {
  return figures.get('tabletop_process_process_resident_memory_bytes') ?? 0;
}

function heapUsed(figures: Map<string, number>): number {
  return figures.get('tabletop_process_nodejs_heap_size_used_bytes') ?? 0;
}

/** Samples the idle server each second for `milliseconds`; keeps the lowest figures. */
async function settle(
  host: Host,
  milliseconds: number,
): Promise<{ rssBytes: number; heapBytes: number; cacheBytes: number }> {
  let rssBytes = Number.POSITIVE_INFINITY;
  let heapBytes = Number.POSITIVE_INFINITY;
  let cacheBytes = 0;
  const deadline = Date.now() + milliseconds;
  do {
    await pause(Math.min(1_000, milliseconds));
    const figures = await readMetrics(host.url);
    rssBytes = Math.min(rssBytes, residentBytes(figures));
    heapBytes = Math.min(heapBytes, heapUsed(figures));
    cacheBytes = figures.get('tabletop_cache_bytes') ?? 0;
  } while (Date.now() < deadline);
  return { rssBytes, heapBytes, cacheBytes };
}

/** Seat 0 plays `moves` random legal actions, each once the bots have answered. */
async function playSome(host: Host, index: number, moves: number): Promise<string> {
  const created = await createAndJoin(host.url, fiveSeatsFourBots, ['0']);
  const random = seedRandom(`audit/memory/${index}`);
  const token = created.tokens['0']!;
  for (let move = 0; move < moves; move++) {
    const view = await waitForTurn(host, created.id, token);
    if (!view) break;
    await call(host.url, 'POST', `/matches/${created.id}/actions`, {
      token,
      body: { seq: view.seq, key: `move-${move}`, action: pick(random, view.actions) },
    });
  }
  return created.id;
}

/** Reads seat 0's view until it has actions (the bots play in between); null once over. */
async function waitForTurn(
  host: Host,
  matchId: string,
  token: string,
): Promise<{ seq: number; actions: unknown[] } | null> {
  for (let tries = 0; tries < 200; tries++) {
    const view = await expectStatus(200, host.url, 'GET', `/matches/${matchId}/view`, { token });
    if (view.over) return null;
    if (view.actions.length > 0) return view;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return null;
}

async function runOne(
  folder: string,
  cacheMb: number | undefined,
  { matches, moves, settleMs }: Sizes,
): Promise<MemoryRun> {
  const started = performance.now();
  const host = await startHost({
    db: join(folder, `memory-${cacheMb ?? 'default'}.db`),
    limits: 'lifted',
    ...(cacheMb === undefined ? {} : { cacheMb }),
  });
  const peaks: Peaks = { cacheBytes: 0, rssBytes: 0 };
  const sampler = setInterval(() => void sample(host, peaks).catch(() => {}), 1_000);
  try {
    const ids: string[] = [];
    await eachWithin(Array.from({ length: matches }), 8, async (_, index) => {
      ids.push(await playSome(host, index, moves));
    });
    // Every match read again: those dropped from memory are loaded back.
    await eachWithin(ids, 16, async (id) => {
      await expectStatus(200, host.url, 'GET', `/matches/${id}/view`);
    });
    const figures = await sample(host, peaks);
    const settled = await settle(host, settleMs);
    const bound = (cacheMb ?? defaultCacheMb) * 1024 * 1024;
    return {
      cache_mb: cacheMb ?? 'default',
      matches,
      moves,
      bound_bytes: bound,
      cache_bytes: figures.get('tabletop_cache_bytes') ?? 0,
      cache_bytes_peak: peaks.cacheBytes,
      evictions: figures.get('tabletop_cache_evictions_total') ?? 0,
      matches_in_memory: figures.get('tabletop_matches_in_memory') ?? 0,
      rss_bytes: residentBytes(figures),
      rss_bytes_peak: peaks.rssBytes,
      heap_used_bytes: heapUsed(figures),
      rss_bytes_settled: settled.rssBytes,
      heap_used_bytes_settled: settled.heapBytes,
      cache_bytes_settled: settled.cacheBytes,
      // A match at work (a move being stored, its bots thinking, a socket on it) is never dropped,
      // so the peak may pass the bound for a moment; once the work is done the bound holds.
      within_bound: settled.cacheBytes <= bound,
      elapsed_s: Number(((performance.now() - started) / 1000).toFixed(1)),
    };
  } finally {
    clearInterval(sampler);
    await host.stop();
  }
}

interface Sizes {
  matches: number;
  moves: number;
  /** How long the server sits idle after the load, sampled, before its memory is read settled. */
  settleMs: number;
}

export interface MemoryOptions extends Sizes {
  /** The bounds to run with, in MiB; undefined for the server's default. */
  bounds: (number | undefined)[];
  folder: string;
}

export async function runMemory(options: MemoryOptions): Promise<MemoryFigures> {
  const runs: MemoryRun[] = [];
  for (const bound of options.bounds) {
    runs.push(await runOne(options.folder, bound, options));
  }
  return { runs };
}
