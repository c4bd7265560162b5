import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SqliteStorage } from '../../src/storage/sqlite.js';
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
});
