// kill -9 of one of two instances on one database during a create burst: every create answered
// 201 is readable from the other instance (a 2xx means committed).
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import type { RunningMock } from '../../../test-support/spawn-mock.ts'
import { useOwnCluster } from '../../../test-support/postgres/own-cluster.ts'

const CLIENTS = 12
const contacts = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const auth = { Authorization: `Bearer ${ALICE.token}` }

const cluster = useOwnCluster()

/** Creates contacts from many clients until the process dies; returns the ids answered 201. */
async function burst(mock: RunningMock): Promise<string[]> {
  const acknowledged: string[] = []
  const client = async (index: number): Promise<void> => {
    for (let n = 0; n < 2000; n++) {
      try {
        const res = await fetch(`${mock.url}${contacts}`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            contact: { first_name: `Burst-${String(index)}-${String(n)}`, relationship_type: 1 },
          }),
        })
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id)
      } catch {
        return // the connection died with the process: this request was never acknowledged
      }
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))
  return acknowledged
}

describe('kill -9 of one instance on a shared database', () => {
  test('When an instance is killed during a create burst, then every 201 it sent is readable from the other', async () => {
    // Arrange
    const url = await cluster.createDatabase()
    const victim = await cluster.startInstance(['--store', url, '--quiet'])
    const survivor = await cluster.startInstance(['--store', url, '--quiet'])

    // Act
    const acknowledged = burst(victim)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    victim.child.kill('SIGKILL')
    const ids = await acknowledged

    // Assert
    expect(ids.length).toBeGreaterThan(0)
    const statuses = await Promise.all(
      ids.map(
        async (id) => (await fetch(`${survivor.url}${contacts}/${id}`, { headers: auth })).status,
      ),
    )
    expect(statuses.filter((status) => status !== 200)).toEqual([])
  })
})
