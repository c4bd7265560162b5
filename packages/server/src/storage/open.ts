import { join } from 'node:path';
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

/** Opens the storage and applies its pending migrations. */
export async function openStorage(location: StorageLocation): Promise<Storage> {
  if (location.db && /^postgres(ql)?:\/\//.test(location.db)) {
    // Loaded only when asked for, so that SQLite users never load pg.
    const { PostgresStorage } = await import('./postgres.js');
    return PostgresStorage.open(location.db);
  }
  return SqliteStorage.open(location.db ?? join(location.data ?? defaultDataFolder, 'tabletop.db'));
}
