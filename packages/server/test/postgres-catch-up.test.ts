import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { PostgresStorage } from '../src/storage/postgres.js';
import { type FollowMessage, Tables } from '../src/tables.js';
import { reachedState } from './helpers/client.js';
import { dropSchema, freshSchemaName, postgresUrl, requirePostgres } from './postgres-fixture.js';

/**
 * Two server processes (two `Tables`, each on its own connections) on one
 * PostgreSQL schema. The listening connection of one is cut by the database
 * (`pg_terminate_backend`, as a restart or a failover would) while the other
 * stores an action: the notice of that action is never delivered, and the
 * first must still catch up once it listens again.
 */

async function until(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let tries = 0; tries < 500; tries++) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The backends listening on the schema's append channel, by process id. */
async function listeners(admin: pg.Client, schema: string): Promise<number[]> {
  const rows = await admin.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE query = $1 AND state <> 'disabled' ORDER BY pid",
    [`LISTEN "tabletop_append_${schema}"`],
  );
  return rows.rows.map((row) => row.pid);
}

describe('a process whose LISTEN connection dropped on PostgreSQL', () => {
  const opened: { storage: PostgresStorage; tables: Tables }[] = [];
  const schemas: string[] = [];
  const admins: pg.Client[] = [];

  afterEach(async () => {
    for (const { storage, tables } of opened.splice(0)) {
      await tables.close();
      await storage.close();
    }
    for (const admin of admins.splice(0)) await admin.end();
    for (const schema of schemas.splice(0)) await dropSchema(schema);
  });

  async function open(schema: string): Promise<Tables> {
    const storage = await PostgresStorage.open(postgresUrl, { schema });
    const tables = new Tables({ storage, report: () => {} });
    await tables.start();
    opened.push({ storage, tables });
    return tables;
  }

  it('catches up every cached match once it listens again: its sockets get the missed entry, and it takes the next move', async () => {
    await requirePostgres();
    const schema = freshSchemaName();
    schemas.push(schema);
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    admins.push(admin);

    const stale = await open(schema);
    const [staleListener] = await listeners(admin, schema);
    expect(staleListener, 'the first process listens').toBeDefined();
    const writer = await open(schema);
    const writerListeners = (await listeners(admin, schema)).filter((pid) => pid !== staleListener);
    expect(writerListeners).toHaveLength(1);

    const { id, invitations } = await writer.create({
      ruleset: 'duel',
      options: { health: 1000 },
    });
    await writer.join(id, '0', invitations[0]!.invitation);
    await writer.join(id, '1', invitations[1]!.invitation);
    const received: FollowMessage[] = [];
    await stale.follow(id, '0', 0, (message) => received.push(message));
    const stateAt = (seq: number) => reachedState(received, seq);
    await until(() => stateAt(0), 'the first state');

    await writer.submit(id, '0', { seq: 0, key: 'first', action: { type: 'roll' } });
    await until(() => stateAt(1), 'the notice of entry 1');

    // The cut and the write must fall between the drop and the new LISTEN; if the
    // process listened again before the write was announced, the round is tried again.
    let seq = 1;
    let missed = false;
    for (let round = 0; round < 5 && !missed; round++) {
      const cut = (await listeners(admin, schema)).filter((pid) => !writerListeners.includes(pid));
      expect(cut).toHaveLength(1);
      await admin.query('SELECT pg_terminate_backend($1)', [cut[0]]);
      const seat = seq % 2 === 0 ? '0' : '1';
      await writer.submit(id, seat, { seq, key: `cut-${round}`, action: { type: 'roll' } });
      seq++;
      const back = (await listeners(admin, schema)).filter(
        (pid) => !writerListeners.includes(pid) && pid !== cut[0],
      );
      missed = back.length === 0;
      await until(
        async () =>
          (await listeners(admin, schema)).filter((pid) => !writerListeners.includes(pid))
            .length === 1,
        'the first process to listen again',
      );
      if (!missed) await until(() => stateAt(seq), `entry ${seq} heard`);
    }
    expect(missed, 'an entry was stored while the first process was not listening').toBe(true);

    await until(() => stateAt(seq), `the socket of the first process to reach entry ${seq}`);
    expect(
      received.filter((message) => message.type === 'entry').map((message) => message.seq),
    ).toEqual(Array.from({ length: seq }, (_, index) => index + 1));
    expect((await stale.view(id, '0')).seq).toBe(seq);
    const mover = seq % 2 === 0 ? '0' : '1';
    expect((await stale.view(id, mover)).actions).toEqual([{ type: 'roll' }]);
    const answer = await stale.submit(id, mover, {
      seq,
      key: 'after-the-cut',
      action: { type: 'roll' },
    });
    expect(answer).toMatchObject({ seq: seq + 1, replayed: false });
    await until(async () => (await writer.view(id, '0')).seq === seq + 1, 'the writer to hear');
  }, 60_000);
});
