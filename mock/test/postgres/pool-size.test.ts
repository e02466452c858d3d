// --pool-size: an instance never holds more connections to the database than it was given.
import { describe, expect, test } from '@jest/globals'
import pg from 'pg'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { useOwnCluster } from '../../../test-support/postgres/own-cluster.ts'

const CLIENTS = 24
const search = `/api/v1/orgs/${ACME_ORG_ID}/contacts?search=a`
const auth = { Authorization: `Bearer ${ALICE.token}` }

const cluster = useOwnCluster()

/** The sessions open on the database, besides the one asking. */
async function sessionsOn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    )
    return Number(rows[0]?.count)
  } finally {
    await client.end()
  }
}

describe('--pool-size', () => {
  test.each([2, 5])(
    'When %i connections are allowed and many searches arrive at once, then the instance holds that many',
    async (size) => {
      // Arrange
      const url = await cluster.createDatabase()
      const mock = await cluster.startInstance([
        '--store',
        url,
        '--quiet',
        '--pool-size',
        String(size),
      ])

      // Act
      const statuses = await Promise.all(
        Array.from({ length: CLIENTS * 4 }, async () => {
          const res = await fetch(`${mock.url}${search}`, { headers: auth })
          await res.arrayBuffer()
          return res.status
        }),
      )

      // Assert: idle connections stay in the pool for a while, so they are still counted
      expect(new Set(statuses)).toEqual(new Set([200]))
      expect(await sessionsOn(url)).toBe(size)
    },
  )
})
