import type { FastifyInstance } from 'fastify';
import { buildServer, type ServerLimits } from './app.js';
import { defaultBotThreads } from './bot-pool.js';
import type { TrustProxy } from './proxy.js';
import { describeLocation, openStorage, type StorageLocation } from './storage/open.js';

export interface StartOptions extends StorageLocation {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  limits?: Partial<ServerLimits>;
  snapshotEvery?: number;
  /** The bound on the estimated bytes of the matches kept in memory (1 GiB by default). */
  cacheBytes?: number;
  /** How long finished matches are kept after their last entry, in milliseconds (for good by default). */
  retainFinishedMs?: number;
  logger?: boolean;
  /** The built web table to serve at `/`. */
  web?: string;
  /** Whose forwarded client addresses to believe (a reverse proxy's); none by default. */
  trustProxy?: TrustProxy;
  /** Worker threads the bots think in; 0 runs them on the event loop (`defaultBotThreads()` by default). */
  botThreads?: number;
}

export interface RunningServer {
  app: FastifyInstance;
  /** e.g. http://127.0.0.1:8080 */
  url: string;
  port: number;
  /** Where matches are stored, without secrets (no URL credentials). */
  storage: string;
  close(): Promise<void>;
}

/** Opens the storage, builds the server and listens; `close` stops both. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const storage = await openStorage(options);
  let app: FastifyInstance | undefined;
  try {
    app = await buildServer({
      storage,
      ...(options.limits ? { limits: options.limits } : {}),
      ...(options.snapshotEvery ? { snapshotEvery: options.snapshotEvery } : {}),
      ...(options.cacheBytes !== undefined ? { cacheBytes: options.cacheBytes } : {}),
      ...(options.retainFinishedMs !== undefined
        ? { retainFinishedMs: options.retainFinishedMs }
        : {}),
      ...(options.logger ? { logger: options.logger } : {}),
      ...(options.web ? { web: options.web } : {}),
      ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
      botThreads: options.botThreads ?? defaultBotThreads(),
    });
    app.addHook('onClose', async () => storage.close());
    await app.listen({ port: options.port ?? 8080, host: options.host ?? '127.0.0.1' });
  } catch (error) {
    // Closing the server closes its bot threads and the storage; without one, the storage alone.
    if (app) await app.close();
    else await storage.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : (options.port ?? 0);
  const host = options.host ?? '127.0.0.1';
  return {
    app,
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    storage: describeLocation(options),
    close: () => app.close(),
  };
}
