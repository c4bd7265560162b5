import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer, stopOnSignals } from '@tabletop/server';
import { build } from 'vite';

/**
 * `npm start`: builds the web table when its sources are newer than the
 * build, then starts the server on its embedded SQLite (./data) serving the
 * table at `/`, and prints the address to open.
 */
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, 'dist');

function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

export async function buildIfNeeded(force = false): Promise<void> {
  const built = existsSync(join(dist, 'index.html'))
    ? statSync(join(dist, 'index.html')).mtimeMs
    : 0;
  const sources = Math.max(
    newest(join(web, 'src')),
    newest(join(web, 'index.html')),
    newest(join(web, 'vite.config.ts')),
  );
  if (built >= sources && !force) return;
  process.stdout.write('building the web table…\n');
  // React's production build is chosen by NODE_ENV, which a test runner sets to "test".
  const environment = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: web, mode: 'production', logLevel: 'warn' });
  } finally {
    if (environment === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = environment;
  }
}

/** The port `PORT` names (8080 when unset), or why it names none. */
export function portOf(text: string | undefined): number | string {
  if (text === undefined) return 8080;
  if (!/^\d{1,5}$/.test(text.trim()) || Number(text) > 65_535)
    return `PORT must be a whole number from 0 to 65535, not "${text.slice(0, 20)}"`;
  return Number(text);
}

/** The bound on the matches kept in memory `TABLETOP_CACHE_MB` names, in bytes (the server's default when unset), or why it names none. */
export function cacheBytesOf(text: string | undefined): number | undefined | string {
  if (text === undefined || text === '') return undefined;
  if (!/^\d{1,7}$/.test(text.trim()) || Number(text) < 1 || Number(text) > 1_048_576)
    return `TABLETOP_CACHE_MB must be a whole number of MiB from 1 to 1048576, not "${text.slice(0, 20)}"`;
  return Number(text) * 1024 * 1024;
}

/** One line on what went wrong, and exit 1: a host reads why, not a stack. */
function fail(message: string): never {
  process.stderr.write(`tabletop: ${message}\n`);
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = portOf(process.env.PORT);
  if (typeof port === 'string') fail(port);
  const cacheBytes = cacheBytesOf(process.env.TABLETOP_CACHE_MB);
  if (typeof cacheBytes === 'string') fail(cacheBytes);
  await buildIfNeeded();
  const server = await startServer({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    data: process.env.TABLETOP_DATA ?? 'data',
    web: dist,
    ...(cacheBytes === undefined ? {} : { cacheBytes }),
  }).catch((error: Error) => fail(error.message));
  stopOnSignals(server, 'tabletop');
  // Said once a stop would drain: whoever waits for this line may send SIGTERM at once.
  process.stdout.write(
    `tabletop is at ${server.url}/ (open it in a browser; matches kept in ${server.storage})\n`,
  );
}
