import type { Pool, PoolClient } from 'pg'

export interface CheckedOut {
  client: PoolClient
  /** Gives the client back to the pool, or closes it when its connection broke or `broken`. */
  release: (broken?: boolean) => void
}

/**
 * A client of the pool for one transaction. pg's client emits `error` when its connection breaks
 * (the database stopped or restarted), even in the middle of a query, and the pool listens only
 * while the client is idle in it: a client checked out without a listener of its own turns a
 * database outage into an unhandled `error` event that ends the process. The query in flight, and
 * every later one on the client, fails anyway: that failure is what the request answers (a 503).
 */
export async function checkOut(pool: Pool): Promise<CheckedOut> {
  const client = await pool.connect()
  let lost = false
  const onError = (): void => {
    lost = true
  }
  client.on('error', onError)
  return {
    client,
    release(broken = false) {
      // the pool puts its own listener back before this one goes: never a moment without one
      client.release(broken || lost)
      client.off('error', onError)
    },
  }
}
