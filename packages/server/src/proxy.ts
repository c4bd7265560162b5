import { isIP } from 'node:net';

/**
 * Which proxies' forwarded client addresses the server believes
 * (`X-Forwarded-For`), as Fastify's `trustProxy` takes it: `true` every
 * one (only when nothing but the proxy can reach the server), or the
 * proxies' addresses and CIDR ranges. Not a hop count: Fastify cannot
 * check the nearest peer with one, so it believes nobody.
 */
export type TrustProxy = boolean | string[];

/**
 * Reads `--trust-proxy` / `TABLETOP_TRUST_PROXY`: `true`, `false`, or
 * addresses and CIDR ranges joined by commas
 * (`127.0.0.1,10.0.0.0/8`). A value that is none of these is refused with
 * one line saying so, naming the part that is wrong.
 */
export function parseTrustProxy(text: string): TrustProxy {
  const value = text.trim();
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  const parts = value.split(',').map((part) => part.trim());
  for (const part of parts) {
    const [address, bits, ...more] = part.split('/');
    const family = isIP(address ?? '');
    const most = family === 6 ? 128 : 32;
    const rangeOk =
      bits === undefined ||
      (/^[0-9]{1,3}$/.test(bits) && Number(bits) <= most && more.length === 0);
    if (family === 0 || !rangeOk) {
      throw new Error(
        `"${part.slice(0, 60)}" is not an address or CIDR range: give true, false, or the proxies' addresses such as 127.0.0.1,10.0.0.0/8`,
      );
    }
  }
  return parts;
}
