import type { Pool, PoolClient } from 'pg'
import type { Data, Org, RelationshipType, StoredContact, User } from '../../shared/data.ts'
import type { NamedSnapshots, Repositories, StorageEngine } from '../repositories.ts'
import { StoreError, writeFailure } from '../store-error.ts'
import { clearData, insertData } from './load-data.ts'
import { checkOut, type CheckedOut } from './pool-client.ts'
import { createPostgresRepositories } from './postgres-repositories.ts'
import { docsOf, isStoreError, sqlOf, type DocRow } from './sql.ts'

export interface PostgresEngineOptions {
  searchTextOf: (contact: StoredContact) => string
  tokenTtlMs?: number | undefined
  snapshots: NamedSnapshots
  /** The database, as the banner may show it (no password). */
  where: string
}

/** A read the database could not answer: to retry, not the mock's bug (nothing is wrong with it). */
function toReadError(error: unknown): unknown {
  return isStoreError(error) ? new StoreError('unavailable', 'read', error) : error
}

// Deadlock and serialization failure: PostgreSQL took the whole transaction back, and running it
// again is how it asks to be answered (two writes adding the same new search words in opposite
// orders can deadlock; one is chosen to fail).
const RETRIED = new Set(['40P01', '40001'])
const ATTEMPTS = 3

/** One attempt: `work` in a transaction on a client of its own, rolled back when anything throws. */
async function attempt<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  let checkedOut: CheckedOut
  try {
    checkedOut = await checkOut(pool)
  } catch (error) {
    throw writeFailure(error)
  }
  const { client } = checkedOut
  let broken = false
  const sql = sqlOf(client)
  try {
    await sql('BEGIN')
    const result = await work(client)
    await sql('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true
    })
    throw error
  } finally {
    checkedOut.release(broken)
  }
}

/**
 * Runs `work` in a transaction; resolves once COMMIT has returned (so a 2xx means committed). A
 * transaction PostgreSQL took back as a deadlock or a serialization failure is run again.
 */
async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(pool, work)
    } catch (error) {
      if (!isStoreError(error)) throw error
      if (tries < ATTEMPTS && RETRIED.has(error.code ?? '')) continue
      throw writeFailure(error)
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
  const repositoriesOf = (db: Pool | PoolClient): Repositories =>
    createPostgresRepositories({ sql: sqlOf(db), searchTextOf, tokenTtlMs })
  const reading = repositoriesOf(pool)
  const all = async <T>(table: string): Promise<T[]> =>
    docsOf(await sqlOf(pool)<DocRow<T>>(`SELECT doc FROM ${table} ORDER BY seq`))
  return {
    snapshots: options.snapshots,
    async read(work) {
      try {
        return await work(reading)
      } catch (error) {
        throw toReadError(error)
      }
    },
    write: (work) => inTransaction(pool, (client) => work(repositoriesOf(client))),
    // TRUNCATE waits for the requests in flight on other instances and holds the next ones until
    // the new data is committed: no request sees half of it
    reset: (data) =>
      inTransaction(pool, async (client) => {
        const sql = sqlOf(client)
        await clearData(sql)
        await insertData(sql, data, searchTextOf)
      }),
    async describe() {
      const sql = sqlOf(pool)
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
      const [meta] = await sqlOf(pool)<DocRow<{ relationship_types: RelationshipType[] }>>(
        'SELECT doc FROM meta WHERE id = 1',
      )
      return {
        version: 1,
        orgs: await all('orgs'),
        users: await all('users'),
        relationship_types: meta?.doc.relationship_types ?? [],
        contacts: await all('contacts'),
        user_relationships: await all('user_relationships'),
      }
    },
  }
}
