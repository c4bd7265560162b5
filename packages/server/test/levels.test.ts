import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TableError } from '../src/errors.js';
import { createTableRegistry } from '../src/registry.js';
import { SqliteStorage } from '../src/storage/sqlite.js';
import type { Storage } from '../src/storage/storage.js';
import { Tables } from '../src/tables.js';
import { temporaryFolder } from './helpers/server-process.js';

describe('Nemesis bot seats by level', () => {
  let folder: ReturnType<typeof temporaryFolder>;
  let storage: Storage;
  let tables: Tables;

  beforeEach(async () => {
    folder = temporaryFolder();
    storage = await SqliteStorage.open(join(folder.path, 'tabletop.db'));
    tables = new Tables({ storage, report: () => {}, snapshotEvery: 10 });
    await tables.start();
  });

  afterEach(async () => {
    await tables.close();
    await storage.close();
    folder.remove();
  });

  it('lists the levels, then the random bot, each level with its time per decision, and offers a level by default', () => {
    const nemesis = tables.rulesets().find((ruleset) => ruleset.id === 'nemesis')!;
    expect(nemesis.bots).toEqual(['easy', 'normal', 'hard', 'random']);
    expect(nemesis.botLabels).toEqual({
      easy: 'Easy (instant)',
      normal: 'Normal (instant)',
      hard: 'Hard (up to 2 s a move)',
    });
    expect(['easy', 'normal', 'hard']).toContain(nemesis.defaultBot);
  });

  it('answers with the levels measured instant and the random bot on the event loop, never a search', () => {
    const nemesis = createTableRegistry().get('nemesis')!;
    expect(nemesis.instant).toEqual(['easy', 'normal', 'sensible', 'random']);
    // The hard level plays games out, and ISMCTS searches: both think in bot threads.
    expect(nemesis.instant).not.toContain('hard');
    expect(nemesis.instant).not.toContain('ismcts');
  });

  it('takes each level and the old names for bot seats', async () => {
    const created = await tables.create({
      ruleset: 'nemesis',
      options: { players: 5 },
      bots: { '1': 'easy', '2': 'normal', '3': 'hard', '4': 'sensible' },
    });
    expect(created.invitations.map((invitation) => invitation.seat)).toEqual(['0']);
    const old = await tables.create({
      ruleset: 'nemesis',
      options: { players: 2 },
      bots: { '1': 'ismcts' },
    });
    expect(old.invitations.map((invitation) => invitation.seat)).toEqual(['0']);
  });

  it('refuses a name that is no bot, naming the levels and the old names it takes', async () => {
    const refusal = await tables
      .create({ ruleset: 'nemesis', options: { players: 2 }, bots: { '1': 'expert' } })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refusal).toBeInstanceOf(TableError);
    expect((refusal as TableError).code).toBe('no-such-bot');
    expect((refusal as TableError).message).toBe(
      'bots.1: no nemesis bot "expert"; the bots are easy, normal, hard, random (also ismcts, sensible)',
    );
  });
});
