import type { Pool } from 'pg'
import type { Data, Org, StoredContact, User } from '../../shared/data.ts'
import type { NamedSnapshots, Repositories, StorageEngine } from '../repositories.ts'
import { codeOf, StoreError } from '../store-error.ts'
import { clearData, insertData } from './load-data.ts'
import { inTransaction } from './pool-client.ts'
import { createPostgresRepositories, relationshipTypesOf } from './postgres-repositories.ts'
import { docsOf, sqlOf, type DocRow, type Sql } from './sql.ts'

export interface PostgresEngineOptions {
  searchTextOf: (contact: StoredContact) => string
  tokenTtlMs?: number | undefined
  snapshots: NamedSnapshots
  /** The database, as the banner may show it (no password). */
  where: string
}

// Deadlock and serialization failure: PostgreSQL took the whole transaction back, and running it
// again is how it asks to be answered (two writes adding the same new search words in opposite
// orders can deadlock; one is chosen to fail).
const RETRIED = new Set(['40P01', '40001'])
const ATTEMPTS = 3

/**
 * Runs `work` in a transaction; resolves once COMMIT has returned (so a 2xx means committed). A
 * transaction PostgreSQL took back as a deadlock or a serialization failure is run again.
 */
async function inRetriedTransaction<T>(pool: Pool, work: (sql: Sql) => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await inTransaction(pool, work)
    } catch (error) {
      // the handler's own errors (an HttpError) are answered as they are
      const retried = error instanceof StoreError && RETRIED.has(codeOf(error.cause) ?? '')
      if (!retried || tries >= ATTEMPTS) throw error
    }
  }
}

/**
 * The PostgreSQL engine: every instance on one database sees every other's committed writes, and
 * a write is answered only once PostgreSQL has committed it (with its default synchronous_commit,
 * once it is on disk).
 */
export function createPostgresEngine(pool: Pool, options: PostgresEngineOptions): StorageEngine {
  const { searchTextOf, tokenTtlMs } = options
  const repositoriesOf = (sql: Sql): Repositories =>
    createPostgresRepositories({ sql, searchTextOf, tokenTtlMs })
  const sql = sqlOf(pool, 'read')
  const reading = repositoriesOf(sql)
  const all = async <T>(table: string): Promise<T[]> =>
    docsOf(await sql<DocRow<T>>(`SELECT doc FROM ${table} ORDER BY seq`))
  return {
    snapshots: options.snapshots,
    read: (work) => work(reading),
    write: (work) => inRetriedTransaction(pool, (sql) => work(repositoriesOf(sql))),
    // TRUNCATE waits for the requests in flight on other instances and holds the next ones until
    // the new data is committed: no request sees half of it
    reset: (data) =>
      inRetriedTransaction(pool, async (sql) => {
        await clearData(sql)
        await insertData(sql, data, searchTextOf)
      }),
    async describe() {
      const [counted] = await sql<{ count: string | null }>(
        'SELECT sum(total) AS count FROM contact_counts',
      )
      return {
        orgs: await all<Org>('orgs'),
        users: await all<User>('users'),
        contacts: Number(counted?.count ?? 0),
        where: options.where,
      }
    },
    async exportData(): Promise<Data> {
      return {
        version: 1,
        orgs: await all('orgs'),
        users: await all('users'),
        relationship_types: await relationshipTypesOf(sql),
        contacts: await all('contacts'),
        user_relationships: await all('user_relationships'),
      }
    },
  }
}
