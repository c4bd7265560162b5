import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The PostgreSQL the tests use: TABLETOP_TEST_POSTGRES, or the local one
 * (127.0.0.1:5432, user postgres, database test). Tests that need it fail,
 * and say how to start it, when it cannot be reached; they never skip.
 */
export const postgresUrl =
  process.env.TABLETOP_TEST_POSTGRES ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A schema name no other test run uses, so runs side by side never meet. */
export function freshSchemaName(): string {
  return `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

let reachable: Promise<void> | undefined;

/** Connects (once per test file) to fail with a message that says what to do. */
export function requirePostgres(): Promise<void> {
  reachable ??= connectOnce();
  return reachable;
}

async function connectOnce(): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `These tests need PostgreSQL at ${postgresUrl} (set TABLETOP_TEST_POSTGRES to use another), ` +
        `and it is not reachable: ${(error as Error).message}. ` +
        'Start it, e.g. pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    );
  } finally {
    await client.end().catch(() => {});
  }
}

export async function dropSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${schema.replaceAll('"', '""')}" CASCADE`);
  } finally {
    await client.end();
  }
}
