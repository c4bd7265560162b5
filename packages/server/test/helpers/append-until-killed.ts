import { openStorage } from '../../src/storage/open.js';
import { SqliteStorage } from '../../src/storage/sqlite.js';
import { entry, newMatch } from '../storage-suite.js';

/**
 * Run by group-commit.test.ts: creates `matches` matches in the storage at
 * `location` (a SQLite file or a PostgreSQL URL), then appends to all of
 * them at once, round after round, printing "match seq" for each append
 * once it is acknowledged, until the test kills the process. With
 * `--server-thread`, SQLite commits on this process's thread, not a writer's.
 */
const [location, count, flag] = process.argv.slice(2);
if (!location || !count || (flag !== undefined && flag !== '--server-thread')) {
  process.stderr.write('usage: append-until-killed.ts LOCATION MATCHES [--server-thread]\n');
  process.exit(2);
}
const storage = flag
  ? await SqliteStorage.open(location, { writerThread: false })
  : await openStorage({ db: location });
const ids = Array.from({ length: Number(count) }, (_, index) => `m${index}`);
for (const id of ids) await storage.createMatch(newMatch(id));
for (let seq = 1; ; seq++) {
  await Promise.all(
    ids.map(async (id) => {
      const result = await storage.append(id, entry(seq, `${id}-${seq}`));
      if (!result.ok) throw new Error(`${id} at ${seq}: ${JSON.stringify(result)}`);
      process.stdout.write(`${id} ${seq}\n`);
    }),
  );
}
