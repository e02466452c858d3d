import { randomBytes } from 'node:crypto'
import { Client } from 'pg'

/**
 * Set by the PostgreSQL test run (jest.postgres.config.js) to its cluster's URL: each test app
 * then gets an empty database of its own there instead of a data file.
 */
export const TEST_POSTGRES_ENV = 'CONTACTS_TEST_POSTGRES'

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

/** A new empty database on the server of `serverUrl`, and its URL. */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `t_${randomBytes(6).toString('hex')}`
  await onServer(serverUrl, `CREATE DATABASE ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** Drops a database `createDatabase` made, closing what is still connected to it. */
export async function dropDatabase(serverUrl: string, databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1)
  if (!/^t_[0-9a-f]{12}$/.test(name)) throw new Error(`not a test database: ${name}`)
  await onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
}
