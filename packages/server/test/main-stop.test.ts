import { describe, expect, it } from 'vitest';
import { spawnServer, temporaryFolder } from './helpers/server-process.js';

/** `main.ts` on SIGTERM: a host reading its output sees the stop asked for and done. */
describe('main.ts, stopped', () => {
  it('says when SIGTERM comes and once it has stopped, and exits 0', async () => {
    const data = temporaryFolder();
    try {
      const server = await spawnServer(data.path);
      let printed = '';
      server.child.stdout!.on('data', (chunk) => {
        printed += chunk;
      });
      const exitCode = new Promise<string>((resolve) =>
        server.child.once('exit', (code, signal) => resolve(`${code} ${signal}`)),
      );
      await server.stop();
      expect(await exitCode).toBe('0 null');
      expect(printed).toMatch(/SIGTERM: finishing what it stores, then stopping\n(.|\n)*stopped\n/);
    } finally {
      data.remove();
    }
  });
});
