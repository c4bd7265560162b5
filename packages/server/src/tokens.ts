import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A seat's secret: 32 bytes from the operating system's cryptographic source. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What storage keeps of a token: its SHA-256, in hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares two hashes in constant time (both are SHA-256 hex, so of equal length). */
export function sameHash(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/** A new match id: unguessable, so a match is not found by counting. */
export function newMatchId(): string {
  return `m_${randomBytes(12).toString('base64url')}`;
}
