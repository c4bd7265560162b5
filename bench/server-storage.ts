import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** The PostgreSQL the server benches use unless told: TABLETOP_BENCH_POSTGRES, or the local one. */
export function benchPostgresUrl(given: string | undefined): string {
  return given ?? process.env.TABLETOP_BENCH_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';
}

/** A client of the PostgreSQL at `url`, or a failure saying it is not reachable (and how to skip it). */
export async function connectPostgres(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new Error(
      `PostgreSQL is not reachable at ${url}: ${(error as Error).message} (start it, or pass --no-postgres)`,
    );
  }
  return client;
}

/** A schema of its own for this run, dropped afterwards. */
export async function withPostgresSchema<T>(
  url: string,
  work: (db: string) => Promise<T>,
): Promise<T> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const client = await connectPostgres(url);
  try {
    const separator = url.includes('?') ? '&' : '?';
    return await work(`${url}${separator}schema=${schema}`);
  } finally {
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await client.end();
  }
}

/** A SQLite file in a folder of its own, removed afterwards. */
export async function withSqliteFile<T>(work: (db: string) => Promise<T>): Promise<T> {
  const folder = mkdtempSync(join(tmpdir(), 'bench-server-'));
  try {
    return await work(join(folder, 'tabletop.db'));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
