import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'

const ROUNDS = 3
const CLIENTS = 16
const auth = { Authorization: `Bearer ${ALICE.token}` }
const dir = mkdtempSync(join(tmpdir(), 'mock-crash-'))
const file = join(dir, 'db.json')

const started: RunningMock[] = []

afterAll(() => {
  for (const mock of started) mock.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

/** Creates contacts from many clients until stopped; `acknowledged` grows with each 201. */
function burst(
  mock: RunningMock,
  round: number,
  stop: { now: boolean },
): { acknowledged: string[]; done: Promise<void> } {
  const acknowledged: string[] = []
  const client = async (clientIndex: number): Promise<void> => {
    for (let n = 0; !stop.now && n < 500; n++) {
      try {
        const res = await fetch(`${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`, {
          method: 'POST',
          headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: `contact[first_name]=Crash${String(round)}-${String(clientIndex)}-${String(n)}&contact[relationship_type]=1`,
        })
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id)
      } catch {
        return // the connection died with the process: this request was never acknowledged
      }
    }
  }
  const done = Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))
  return { acknowledged, done: done.then(() => undefined) }
}

async function listAllIds(mock: RunningMock): Promise<Set<string>> {
  const ids = new Set<string>()
  for (let page = 1; ; page++) {
    const res = await fetch(
      `${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts?limit=100&page=${String(page)}&include[]=deleted`,
      { headers: auth },
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as { contacts: { id: string }[] }
    if (body.contacts.length === 0) return ids
    for (const contact of body.contacts) ids.add(contact.id)
  }
}

describe('kill -9 during a burst of creates', () => {
  test('When the mock is killed mid-burst and restarted, then every create answered 201 is there', async () => {
    const acknowledged: string[] = []
    for (let round = 1; round <= ROUNDS; round++) {
      // Arrange
      const mock = await startMock(['--db', file, '--quiet'])
      started.push(mock)
      const stop = { now: false }
      const creating = burst(mock, round, stop)

      // Act: kill it while creates are in flight, once a count of them that differs from round
      // to round has been acknowledged (counted, not timed: the same at any machine speed)
      while (creating.acknowledged.length < CLIENTS * (1 + round)) {
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      mock.child.kill('SIGKILL')
      stop.now = true
      await creating.done
      acknowledged.push(...creating.acknowledged)
      await mock.exited
    }
    const restarted = await startMock(['--db', file, '--quiet'])
    started.push(restarted)
    const present = await listAllIds(restarted)
    restarted.child.kill('SIGKILL')

    // Assert
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * CLIENTS * 2)
    expect(acknowledged.filter((id) => !present.has(id))).toEqual([])
  })
})
