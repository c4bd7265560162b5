import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '@tabletop/server';
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

/** One line on what went wrong, and exit 1: a host reads why, not a stack. */
function fail(message: string): never {
  process.stderr.write(`tabletop: ${message}\n`);
  process.exit(1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = portOf(process.env.PORT);
  if (typeof port === 'string') fail(port);
  await buildIfNeeded();
  const server = await startServer({
    port,
    host: process.env.HOST ?? '127.0.0.1',
    data: process.env.TABLETOP_DATA ?? 'data',
    web: dist,
  }).catch((error: Error) => fail(error.message));
  process.stdout.write(
    `tabletop is at ${server.url}/ (open it in a browser; matches kept in ${server.storage})\n`,
  );
  const stop = () => server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
