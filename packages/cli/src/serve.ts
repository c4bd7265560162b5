import { type RunningServer, startServer, type TrustProxy } from '@tabletop/server';

export interface ServeFlags {
  port: number;
  host: string;
  /** A SQLite file or a postgres:// URL. */
  db?: string;
  /** The data folder of the default SQLite file. */
  data?: string;
  /** The bound on the estimated memory of the matches kept in memory, in MiB. */
  cacheMb?: number;
  /** Days a finished match is kept after its last entry; for good when absent. */
  retainFinishedDays?: number;
  /** Whose X-Forwarded-For to believe: a reverse proxy's. */
  trustProxy?: TrustProxy;
  /** Worker threads the bots think in; 0 runs them on the event loop. */
  botThreads?: number;
}

/**
 * `tabletop serve`: the online table. Starts the server, says where it
 * listens and where matches are kept, and returns it running.
 */
export async function serve(
  output: NodeJS.WritableStream,
  flags: ServeFlags,
): Promise<RunningServer> {
  const server = await startServer({
    port: flags.port,
    host: flags.host,
    ...(flags.db ? { db: flags.db } : {}),
    ...(flags.data ? { data: flags.data } : {}),
    ...(flags.cacheMb ? { cacheBytes: flags.cacheMb * 1024 * 1024 } : {}),
    ...(flags.retainFinishedDays
      ? { retainFinishedMs: flags.retainFinishedDays * 86_400_000 }
      : {}),
    ...(flags.trustProxy !== undefined ? { trustProxy: flags.trustProxy } : {}),
    ...(flags.botThreads !== undefined ? { botThreads: flags.botThreads } : {}),
  });
  output.write(`tabletop server listening on ${server.url} (${server.storage})\n`);
  output.write(
    `Create a match with: tabletop join ${server.url} --create <ruleset>; players join with their seat's link: tabletop join '<link>'\n`,
  );
  return server;
}

/** Serves until the process is asked to stop (Ctrl-C or SIGTERM), then closes the server and its storage. */
export async function serveUntilStopped(
  output: NodeJS.WritableStream,
  flags: ServeFlags,
): Promise<void> {
  // Listened for before the server says where it listens: whoever waits
  // for that line may send SIGTERM at once, and it must drain, not kill.
  let stop = () => {};
  const stopAsked = new Promise<void>((resolve) => {
    stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
  });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  let server: RunningServer;
  try {
    server = await serve(output, flags);
  } catch (error) {
    stop();
    throw error;
  }
  await stopAsked;
  await server.close();
  output.write('tabletop server stopped\n');
}
