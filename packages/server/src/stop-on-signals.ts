/**
 * Drains a running server on Ctrl-C or SIGTERM, once: it says when the
 * signal comes, closes (in-flight commits finish, sockets are told to
 * reconnect), says once it has stopped and exits 0, or 1 if closing failed.
 * Installed before the server says where it listens, since whoever waits
 * for that line may send SIGTERM at once.
 */
export function stopOnSignals(server: { close(): Promise<void> }, name: string): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    process.stdout.write(`${name}: ${signal}: finishing what it stores, then stopping\n`);
    server.close().then(
      () => {
        process.stdout.write(`${name} stopped\n`);
        process.exit(0);
      },
      (error: Error) => {
        process.stderr.write(`${name}: stopping: ${error.message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
