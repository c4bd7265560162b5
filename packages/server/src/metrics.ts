import { performance } from 'node:perf_hooks';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What a host watches, in Prometheus's text format at `/metrics`: moves
 * stored (their rate is moves per second), how long answers take, open
 * sockets, matches held in memory and their estimated bytes, evictions,
 * how long bots think and storage commits take, the bot threads and the
 * choices waiting for them, how long the event loop has been busy, and
 * the process's own figures. One registry per server, so two
 * servers in one process count apart. No label carries a match, a seat, a
 * token or a seed.
 */
export interface ServerMetrics {
  registry: Registry;
  /**
   * An entry stored: an action, an undo or a change of who plays a seat
   * (a stand-in bot, a player back), by a person, a bot, or the server's single answer.
   */
  committed(
    kind: 'action' | 'undo' | 'seat',
    by: 'person' | 'bot' | 'single-answer',
    seconds: number,
  ): void;
  botThought(ruleset: string, bot: string, seconds: number): void;
  answered(method: string, route: string, status: number, seconds: number): void;
  socketOpened(): void;
  socketClosed(): void;
  /** A match dropped from memory to stay within the cache's bound. */
  evicted(): void;
}

export function createMetrics(live: {
  matchesInMemory(): number;
  cacheBytes(): number;
  botThreads(): number;
  botQuestionsWaiting(): number;
}): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'tabletop_process_' });
  const entries = new Counter({
    name: 'tabletop_entries_total',
    help: 'Entries stored (actions, undos, seat changes); rate() of the actions gives moves per second',
    labelNames: ['kind', 'by'] as const,
    registers: [registry],
  });
  const commit = new Histogram({
    name: 'tabletop_storage_commit_seconds',
    help: 'Time to store one entry (the compare-and-set append)',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [registry],
  });
  const thinking = new Histogram({
    name: 'tabletop_bot_thinking_seconds',
    help: 'Time from asking a bot for an action to its answer (a wait for a free bot thread included)',
    labelNames: ['ruleset', 'bot'] as const,
    buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'tabletop_http_request_seconds',
    help: 'Time to answer an HTTP request, by route and status class',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const sockets = new Gauge({
    name: 'tabletop_open_sockets',
    help: 'WebSockets open now',
    registers: [registry],
  });
  new Gauge({
    name: 'tabletop_matches_in_memory',
    help: 'Matches held in memory now (live ones and the recently read)',
    registers: [registry],
    collect() {
      this.set(live.matchesInMemory());
    },
  });
  new Gauge({
    name: 'tabletop_cache_bytes',
    help: 'Estimated bytes of the matches held in memory (bounded by --cache-mb)',
    registers: [registry],
    collect() {
      this.set(live.cacheBytes());
    },
  });
  new Gauge({
    name: 'tabletop_bot_threads',
    help: 'Worker threads the bots think in (--bot-threads; 0: on the event loop)',
    registers: [registry],
    collect() {
      this.set(live.botThreads());
    },
  });
  new Gauge({
    name: 'tabletop_bot_questions_waiting',
    help: 'Bot choices asked of the bot threads and not yet answered (thinking or queued)',
    registers: [registry],
    collect() {
      this.set(live.botQuestionsWaiting());
    },
  });
  // The process's CPU time counts every thread (the SQLite writer, the bot threads); this is the
  // event loop's alone, where the engine, views, sockets and instant bots run.
  let busyUntilNow = performance.eventLoopUtilization().active;
  new Counter({
    name: 'tabletop_event_loop_busy_seconds_total',
    help: "Time the main thread spent running (not waiting for work): its rate() is the event loop's busy share",
    registers: [registry],
    collect() {
      const active = performance.eventLoopUtilization().active;
      this.inc(Math.max(0, active - busyUntilNow) / 1000);
      busyUntilNow = active;
    },
  });
  const evictions = new Counter({
    name: 'tabletop_cache_evictions_total',
    help: 'Matches dropped from memory to stay within the bound (loaded again when asked for)',
    registers: [registry],
  });
  return {
    registry,
    committed(kind, by, seconds) {
      entries.inc({ kind, by });
      commit.observe(seconds);
    },
    botThought: (ruleset, bot, seconds) => thinking.observe({ ruleset, bot }, seconds),
    answered(method, route, status, seconds) {
      latency.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, seconds);
    },
    socketOpened: () => sockets.inc(),
    socketClosed: () => sockets.dec(),
    evicted: () => evictions.inc(),
  };
}
