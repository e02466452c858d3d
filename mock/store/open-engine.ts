// The one place that knows which engines there are: the data file, or a PostgreSQL database.
import type { OpenApiDocument } from '../../openapi/document.ts'
import type { Data } from '../shared/data.ts'
import { openStore } from './memory/disk/open-store.ts'
import type { StorageEngine } from './repositories.ts'

export interface EngineOptions {
  /** The data file (`--db`), unless `store` names a database. */
  dbFile: string
  /** A PostgreSQL URL (`--store`): the store instead of `dbFile`, shared by every instance on it. */
  store?: string | undefined
  /** Connections to the database this instance keeps at most. */
  poolSize?: number | undefined
  /** Keep the intact entries of a damaged journal (the data file). */
  recover?: boolean | undefined
  tokenTtlMs?: number | undefined
  /** Where the searched fields are read from (`x-search-fields`). */
  document: OpenApiDocument
}

export interface OpenEngine<Engine extends StorageEngine = StorageEngine> {
  engine: Engine
  /** What the start had to say (what `recover` dropped from a damaged journal, migrations applied). */
  notes: string[]
  /** Writes what is left, and lets go of the store (the file's lock, the database's pool). */
  close: () => Promise<void>
}

/** Opens the store the options name; a new one starts from `createData`. */
export async function openEngine(
  createData: () => Data | Promise<Data>,
  options: EngineOptions,
): Promise<OpenEngine> {
  const { tokenTtlMs, document } = options
  if (options.store === undefined) {
    return openStore(options.dbFile, createData, { recover: options.recover, tokenTtlMs, document })
  }
  // loaded only for --store: the file store does not pay for pg at start
  const { openPostgresStore } = await import('./postgres/open-postgres.ts')
  return openPostgresStore(options.store, createData, {
    tokenTtlMs,
    poolSize: options.poolSize,
    document,
  })
}
