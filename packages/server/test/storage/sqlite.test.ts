import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteStorage, sqliteMigrations } from '../../src/storage/sqlite.js';
import { storageSuite } from '../storage-suite.js';

storageSuite('SQLite', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'tabletop-sqlite-'));
  return {
    open: () => SqliteStorage.open(join(folder, 'tabletop.db')),
    destroy: async () => rmSync(folder, { recursive: true, force: true }),
  };
});

describe('SQLite storage files', () => {
  it('the data folder is created when missing, and the database is in WAL mode', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tabletop-sqlite-'));
    try {
      const file = join(folder, 'deeper', 'still', 'tabletop.db');
      const storage = await SqliteStorage.open(file);
      await storage.close();
      expect(existsSync(file)).toBe(true);
      const Database = (await import('better-sqlite3')).default;
      const db = new Database(file, { readonly: true });
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      db.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('matches stored before invitations stay listed and joinable without one, and keep their latest snapshot only', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'tabletop-sqlite-'));
    try {
      const file = join(folder, 'tabletop.db');
      // A database as the server left it before invitations: migrations 1 and 2, one match.
      const Database = (await import('better-sqlite3')).default;
      const db = new Database(file);
      db.exec(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
      );
      for (const migration of sqliteMigrations.filter((each) => each.version <= 2)) {
        db.exec(migration.sql);
        db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(
          migration.version,
          migration.name,
        );
      }
      db.prepare(
        "INSERT INTO matches (id, ruleset, version, options, seed, generator, created_at) VALUES ('old', 'duel', '1', '{}', 's', 'crypto', 1)",
      ).run();
      db.prepare(
        "INSERT INTO seats (match_id, position, seat, kind, bot, token_hash) VALUES ('old', 0, '0', 'human', NULL, NULL)",
      ).run();
      // A snapshot with every undo, as the server stored them then.
      for (const seq of [0, 3, 4, 7])
        db.prepare("INSERT INTO snapshots (match_id, seq, state) VALUES ('old', ?, ?)").run(
          seq,
          JSON.stringify({ at: seq }),
        );
      db.close();
      const storage = await SqliteStorage.open(file);
      try {
        const old = await storage.getMatch('old');
        expect(old?.open).toBe(true);
        expect(old?.seats[0]?.invitationHash).toBeNull();
        expect((await storage.listMatches()).map((match) => match.id)).toEqual(['old']);
        expect(await storage.latestSnapshot('old')).toEqual({ seq: 7, state: { at: 7 } });
        const migrated = new Database(file, { readonly: true });
        expect(migrated.prepare('SELECT seq FROM snapshots').all()).toEqual([{ seq: 7 }]);
        migrated.close();
        await storage.saveSnapshot('old', { seq: 9, state: { at: 9 } });
      } finally {
        await storage.close();
      }
      const after = new Database(file, { readonly: true });
      expect(after.prepare('SELECT seq FROM snapshots').all()).toEqual([{ seq: 9 }]);
      after.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
