import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app.js';
import { parseTrustProxy, type TrustProxy } from '../src/proxy.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import { temporaryFolder } from './helpers/server-process.js';

let folder: ReturnType<typeof temporaryFolder>;
let storage: SqliteStorage;

beforeEach(async () => {
  folder = temporaryFolder();
  storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
});

afterEach(async () => {
  await storage.close();
  folder.remove();
});

/**
 * Three requests each from two players behind one proxy at 127.0.0.1, with
 * an allowance of four per address: the status of each, in order.
 */
async function throughProxy(trustProxy?: TrustProxy): Promise<number[]> {
  const app = await buildServer({
    storage,
    report: () => {},
    limits: { addressRateMax: 4, rateWindowMs: 60_000 },
    ...(trustProxy === undefined ? {} : { trustProxy }),
  });
  try {
    const statuses: number[] = [];
    for (const player of ['203.0.113.7', '198.51.100.20']) {
      for (let request = 0; request < 3; request++) {
        const reply = await app.inject({
          url: '/rulesets',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': player },
        });
        statuses.push(reply.statusCode);
      }
    }
    return statuses;
  } finally {
    await app.close();
  }
}

describe('limits by client address behind a reverse proxy', () => {
  it('count every player as the proxy when its forwarded address is not believed', async () => {
    expect(await throughProxy()).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it("count each player on their own once the proxy's address is trusted", async () => {
    expect(await throughProxy(['127.0.0.1'])).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await throughProxy(true)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('a forwarded address from a proxy not trusted is ignored: a client cannot pick its own', async () => {
    expect(await throughProxy(['10.0.0.0/8'])).toEqual([200, 200, 200, 200, 429, 429]);
  });
});

describe('--trust-proxy / TABLETOP_TRUST_PROXY', () => {
  it('takes true, false, or addresses and CIDR ranges', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it('refuses anything else, naming the part that is wrong', () => {
    expect(() => parseTrustProxy('127.0.0.1,proxy.local')).toThrow(
      '"proxy.local" is not an address or CIDR range',
    );
    expect(() => parseTrustProxy('10.0.0.0/33')).toThrow('"10.0.0.0/33"');
    // A hop count would be believed by nobody (Fastify cannot check the nearest peer with one).
    expect(() => parseTrustProxy('1')).toThrow('"1" is not an address or CIDR range');
  });
});
