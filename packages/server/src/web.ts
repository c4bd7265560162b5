import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
};

interface WebFile {
  type: string;
  body: Buffer;
  gzipped: Buffer;
}

function load(path: string): WebFile {
  const body = readFileSync(path);
  return {
    type: types[extname(path)] ?? 'application/octet-stream',
    body,
    gzipped: gzipSync(body, { level: 9 }),
  };
}

/**
 * Serves the built web table (the folder `vite build` writes): `/` is its
 * index.html and `/assets/*` its files, read once at start and kept gzipped
 * in memory. Asset names carry a content hash, so they are cached for good.
 */
export function serveWeb(app: FastifyInstance, folder: string): void {
  const index = load(join(folder, 'index.html'));
  const assets = new Map<string, WebFile>();
  const assetFolder = join(folder, 'assets');
  for (const name of readdirSync(assetFolder)) {
    if (statSync(join(assetFolder, name)).isFile()) assets.set(name, load(join(assetFolder, name)));
  }
  const send = (
    file: WebFile,
    acceptEncoding: string | undefined,
    cache: string,
  ): { headers: Record<string, string>; body: Buffer } => {
    const gzip = /\bgzip\b/.test(acceptEncoding ?? '');
    return {
      headers: {
        'content-type': file.type,
        'cache-control': cache,
        vary: 'accept-encoding',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      },
      body: gzip ? file.gzipped : file.body,
    };
  };
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    const { headers, body } = send(index, request.headers['accept-encoding'], 'no-cache');
    return reply.headers(headers).send(body);
  });
  app.get('/assets/:name', { schema: { hide: true } }, async (request, reply) => {
    const file = assets.get((request.params as { name: string }).name);
    if (!file) {
      return reply.code(404).send({ code: 'not-found', message: 'no such file in the web table' });
    }
    const { headers, body } = send(
      file,
      request.headers['accept-encoding'],
      'public, max-age=31536000, immutable',
    );
    return reply.headers(headers).send(body);
  });
}
