import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SqliteStorage } from './sqlite.js';
import type { Storage } from './storage.js';

/** Where matches are kept: a `postgres://` URL, or a SQLite file (by default in the data folder). */
export interface StorageLocation {
  /** A PostgreSQL URL or a SQLite file; wins over `data`. */
  db?: string;
  /** The data folder for the default SQLite file, `tabletop.db`. */
  data?: string;
}

export const defaultDataFolder = './data';

export function describeLocation(location: StorageLocation): string {
  if (location.db && /^postgres(ql)?:\/\//.test(location.db)) return 'PostgreSQL';
  return `SQLite ${location.db ?? join(location.data ?? defaultDataFolder, 'tabletop.db')}`;
}

/**
 * A consistent copy of the SQLite database at `destination`, taken while a
 * server may be writing to it (SQLite's online backup, page by page from
 * one snapshot). PostgreSQL has its own tools (pg_dump).
 */
export async function backupStorage(
  location: StorageLocation,
  destination: string,
): Promise<{ file: string; pages: number }> {
  if (location.db && /^postgres(ql)?:\/\//.test(location.db))
    throw new Error('a PostgreSQL database is backed up with its own tools, e.g. pg_dump');
  const file = resolve(location.db ?? join(location.data ?? defaultDataFolder, 'tabletop.db'));
  if (!existsSync(file)) throw new Error(`there is no database at ${file}`);
  if (existsSync(destination)) throw new Error(`${destination} exists already: name a new file`);
  const { default: Database } = await import('better-sqlite3');
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const progress = await source.backup(destination);
    return { file, pages: progress.totalPages };
  } finally {
    source.close();
  }
}

/** Opens the storage and applies its pending migrations. */
export async function openStorage(location: StorageLocation): Promise<Storage> {
  if (location.db && /^postgres(ql)?:\/\//.test(location.db)) {
    // Loaded only when asked for, so that SQLite users never load pg.
    const { PostgresStorage } = await import('./postgres.js');
    return PostgresStorage.open(location.db);
  }
  return SqliteStorage.open(location.db ?? join(location.data ?? defaultDataFolder, 'tabletop.db'));
}
