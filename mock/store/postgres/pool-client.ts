import type { Pool } from 'pg'
import { writeFailure } from '../store-error.ts'
import { sqlOf, type Sql } from './sql.ts'

/**
 * Runs `work` in a transaction on a client of the pool of its own: committed once it resolves,
 * rolled back when anything throws.
 *
 * pg's client emits `error` when its connection breaks (the database stopped or restarted), even
 * in the middle of a query, and the pool listens only while the client is idle in it: a client
 * checked out without a listener of its own turns a database outage into an unhandled `error`
 * event that ends the process. The query in flight, and every later one on the client, fails
 * anyway: that failure is what the request answers (a 503).
 */
export async function inTransaction<T>(pool: Pool, work: (sql: Sql) => Promise<T>): Promise<T> {
  const client = await pool.connect().catch((error: unknown) => {
    throw writeFailure(error)
  })
  let broken = false
  const onError = (): void => {
    broken = true
  }
  client.on('error', onError)
  const sql = sqlOf(client, 'write')
  try {
    await sql('BEGIN')
    const result = await work(sql)
    await sql('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true
    })
    throw error
  } finally {
    // the pool puts its own listener back before this one goes: never a moment without one
    client.release(broken)
    client.off('error', onError)
  }
}
