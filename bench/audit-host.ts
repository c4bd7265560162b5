import { parseArgs } from 'node:util';
import { startServer } from '@tabletop/server';

/**
 * The server for `bench:audit`, in a process of its own: the same server as
 * `main.ts`, on a free port, with a chosen memory bound. With `--limits
 * lifted` every rate limit is lifted, since one machine plays every seat of
 * every match; with `--limits default` the server keeps its own. Prints one
 * JSON line with its port once it listens; SIGTERM closes it.
 */
const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    'cache-mb': { type: 'string' },
    'snapshot-every': { type: 'string' },
    limits: { type: 'string', default: 'lifted' },
  },
  strict: true,
});
if (!values.db || !['lifted', 'default'].includes(values.limits)) {
  process.stderr.write(
    'usage: audit-host.ts --db FILE [--cache-mb N] [--snapshot-every N] [--limits lifted|default]\n',
  );
  process.exit(2);
}
const unlimited = 1_000_000_000;
const lifted = {
  rateMax: unlimited,
  socketRateMax: unlimited,
  addressRateMax: unlimited,
  createPerMinute: unlimited,
  socketsPerAddress: unlimited,
};
const cacheMegabytes = values['cache-mb'] === undefined ? undefined : Number(values['cache-mb']);
const snapshotEvery =
  values['snapshot-every'] === undefined ? undefined : Number(values['snapshot-every']);
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  db: values.db,
  ...(values.limits === 'lifted' ? { limits: lifted } : {}),
  ...(cacheMegabytes === undefined ? {} : { cacheBytes: cacheMegabytes * 1024 * 1024 }),
  ...(snapshotEvery === undefined ? {} : { snapshotEvery }),
});
process.stdout.write(`${JSON.stringify({ port: server.port, pid: process.pid })}\n`);
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
