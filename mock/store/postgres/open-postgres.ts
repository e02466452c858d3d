import { availableParallelism } from 'node:os'
import { Pool } from 'pg'
import { searchFieldsOf, type OpenApiDocument } from '../../../openapi/document.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import type { Data, StoredContact } from '../../shared/data.ts'
import type { OpenEngine } from '../open-engine.ts'
import { createSearchText } from '../memory/search-text.ts'
import { StartupError } from '../../shared/startup-error.ts'
import { insertData } from './load-data.ts'
import { applyMigrations, SCHEMA_LOCK } from './migrate.ts'
import { inTransaction } from './pool-client.ts'
import { createPostgresEngine } from './postgres-engine.ts'
import { createPostgresSnapshots } from './postgres-snapshots.ts'
import { StoreError } from '../store-error.ts'

export type OpenPostgres = OpenEngine

export interface OpenPostgresOptions {
  document?: OpenApiDocument
  tokenTtlMs?: number | undefined
  /** Connections per instance; undefined for `defaultPoolSize()`. */
  poolSize?: number | undefined
}

/**
 * Twice the cores, PostgreSQL's rule of thumb for a pool (its wiki, "Number Of Database
 * Connections"): more queries at once than the cores can run only queue inside the database,
 * where they share the cores and slow each other down. On two cores at 1M contacts, a pool of 16
 * gave the search a p99 of 91 to 115 ms where 4 gave 61 to 85 ms, and durable creates 1,512/s
 * where 4 gave about 2,300/s.
 */
export const defaultPoolSize = (): number => 2 * availableParallelism()

/** The store's URL as it may be shown: its password hidden. */
export function describeStore(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password !== '') parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'postgres://(unparsable URL)'
  }
}

/**
 * Migrates the schema and, when the database holds no data yet, loads the seed: in one
 * transaction under an advisory lock, so of several instances starting at once exactly one does
 * it, and a start that fails leaves nothing half done.
 */
async function prepareDatabase(
  pool: Pool,
  createData: () => Data | Promise<Data>,
  searchTextOf: (contact: StoredContact) => string,
): Promise<string[]> {
  return inTransaction(pool, async (sql) => {
    await sql('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK])
    const applied = await applyMigrations(sql)
    const [seeded] = await sql('SELECT 1 FROM meta WHERE id = 1')
    const notes = applied.map((version) => `Applied migration ${String(version)} to the database.`)
    if (!seeded) {
      await insertData(sql, await createData(), searchTextOf)
      notes.push('The database was empty: it now holds the seed data.')
    }
    return notes
  })
}

/** Opens the PostgreSQL store at `url` (`--store postgres://…` or DATABASE_URL). */
export async function openPostgresStore(
  url: string,
  createData: () => Data | Promise<Data>,
  options: OpenPostgresOptions = {},
): Promise<OpenPostgres> {
  const pool = new Pool({
    connectionString: url,
    max: options.poolSize ?? defaultPoolSize(),
    connectionTimeoutMillis: 10_000,
  })
  // an idle connection that breaks (a database restart) is dropped; the next query opens another
  pool.on('error', () => undefined)
  const searchTextOf = createSearchText(searchFieldsOf(options.document ?? loadDocument()))
  let notes: string[]
  try {
    notes = await prepareDatabase(pool, createData, searchTextOf)
  } catch (error) {
    await pool.end()
    // what the database or the connection said, not the StoreError around it
    const cause = error instanceof StoreError ? error.cause : error
    throw new StartupError(
      `The database ${describeStore(url)} cannot be used (${(cause as Error).message}). ` +
        'Check that it runs and that the URL names a database this user may create tables in.',
      { cause: error },
    )
  }
  return {
    engine: createPostgresEngine(pool, {
      searchTextOf,
      tokenTtlMs: options.tokenTtlMs,
      snapshots: createPostgresSnapshots(pool),
      where: describeStore(url),
    }),
    notes,
    close: () => pool.end(),
  }
}
