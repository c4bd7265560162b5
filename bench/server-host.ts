import { parseArgs } from 'node:util';
import { startServer } from '@tabletop/server';

/**
 * Our server in a process of its own for `bench:server` and
 * `bench:server-nemesis`: the same server as `main.ts` (its bot threads
 * by `--bot-threads`), on a free port, with the rate limits (per token, per socket,
 * per address) lifted, since one machine plays every seat of every match. Prints one JSON
 * line with its port once it listens; SIGTERM closes it.
 */
const { values } = parseArgs({
  options: { db: { type: 'string' }, 'bot-threads': { type: 'string' } },
  strict: true,
});
const threadsText = values['bot-threads'];
if (!values.db || (threadsText !== undefined && !/^[0-9]{1,3}$/.test(threadsText))) {
  process.stderr.write('usage: server-host.ts --db FILE|postgres://... [--bot-threads N]\n');
  process.exit(2);
}
const unlimited = 1_000_000_000;
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  db: values.db,
  ...(threadsText !== undefined ? { botThreads: Number(threadsText) } : {}),
  limits: {
    rateMax: unlimited,
    socketRateMax: unlimited,
    addressRateMax: unlimited,
    createPerMinute: unlimited,
    socketsPerAddress: unlimited,
    // A player may wait minutes while the others play: the bench sends no pings.
    idleSocketMs: 3_600_000,
    // With bots on the event loop (--bot-threads 0) a request may wait many seconds for it:
    // it is measured, not cut off, and its connection kept.
    requestTimeoutMs: 600_000,
    keepAliveMs: 600_000,
  },
});
process.stdout.write(`${JSON.stringify({ port: server.port })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
