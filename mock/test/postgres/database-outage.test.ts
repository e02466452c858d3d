// PostgreSQL stopped at once (pg_ctl stop -m immediate) and started again, cycle after cycle, under
// concurrent creates on two instances: neither exits, every request is answered (201, or a 503
// problem while the database is down), creates succeed again after each start, and every create
// answered 201 is there afterwards.
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import type { RunningMock } from '../../../test-support/spawn-mock.ts'
import { useOwnCluster } from '../../../test-support/postgres/own-cluster.ts'

const CYCLES = 8
const WRITERS = 16
// creates acknowledged after each start before the next stop: the database is in use when it goes
const WRITES_BETWEEN = 2 * WRITERS
// a hang ceiling only: the cycles go by counts, each a few seconds on an idle machine
const HANG_CEILING_MS = 15 * 60_000

const contacts = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const auth = { Authorization: `Bearer ${ALICE.token}` }

const cluster = useOwnCluster()

interface Tally {
  /** Ids of the creates answered 201. */
  acknowledged: string[]
  /** Creates answered 503 with a problem. */
  unavailable: number
  /** Anything else: another status, a 503 that is no problem, a request never answered. */
  wrong: string[]
  /** Resolves once `reached()` holds, or something went wrong; checked at each `note()`. */
  until: (reached: () => boolean) => Promise<void>
  /** Says the tally changed. */
  note: () => void
}

function createTally(): Tally {
  const waiting = new Set<() => void>()
  const tally: Tally = {
    acknowledged: [],
    unavailable: 0,
    wrong: [],
    until: (reached) =>
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (!reached() && tally.wrong.length === 0) return
          waiting.delete(check)
          resolve()
        }
        waiting.add(check)
        check()
      }),
    note: () => {
      for (const check of [...waiting]) check()
    },
  }
  return tally
}

/** One writer: creates on `mock` until `done()`, or until a request goes unanswered. */
async function write(
  mock: RunningMock,
  name: string,
  tally: Tally,
  done: () => boolean,
): Promise<void> {
  for (let n = 0; !done(); n++) {
    try {
      const res = await fetch(`${mock.url}${contacts}`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          contact: { first_name: `${name}-${String(n)}`, relationship_type: 1 },
        }),
      })
      const text = await res.text()
      const type = res.headers.get('content-type') ?? ''
      if (res.status === 201) tally.acknowledged.push((JSON.parse(text) as { id: string }).id)
      else if (res.status === 503 && type.startsWith('application/problem+json'))
        tally.unavailable++
      else tally.wrong.push(`${String(res.status)} ${type}: ${text.slice(0, 200)}`)
    } catch (error) {
      tally.wrong.push(
        `unanswered: ${(error as Error).message} (${String((error as Error).cause)})`,
      )
    }
    tally.note()
    if (tally.wrong.length > 0) return
  }
}

describe('PostgreSQL stopped and started under writes', () => {
  test(
    `When PostgreSQL stops at once and starts again ${String(CYCLES)} times under ${String(WRITERS)} writers, then the instances answer 201 or 503 throughout and keep every 201`,
    async () => {
      // Arrange
      const url = await cluster.createDatabase()
      const first = await cluster.startInstance(['--store', url, '--quiet'])
      const second = await cluster.startInstance(['--store', url, '--quiet'])
      const instances = [first, second]
      const tally = createTally()
      let done = false
      instances.forEach((mock, index) => {
        void mock.exited.then((code) => {
          if (done) return // killed after the test
          tally.wrong.push(
            `instance ${String(index)} exited (${String(code)}): ${mock.output().slice(-1500)}`,
          )
          tally.note()
        })
      })
      const writers = Array.from({ length: WRITERS }, (_, index) =>
        write(index % 2 === 0 ? first : second, `Outage-${String(index)}`, tally, () => done),
      )
      const acknowledgedAgain = (): Promise<void> => {
        const before = tally.acknowledged.length
        return tally.until(() => tally.acknowledged.length >= before + WRITES_BETWEEN)
      }

      // Act
      const outages: number[] = []
      for (let cycle = 0; cycle < CYCLES && tally.wrong.length === 0; cycle++) {
        await acknowledgedAgain()
        await cluster.crash()
        const before = tally.unavailable
        // every writer's worth of 503s: the instances saw the database gone
        await tally.until(() => tally.unavailable >= before + WRITERS)
        outages.push(tally.unavailable - before)
        await cluster.restart()
      }
      await acknowledgedAgain()
      done = true
      await Promise.all(writers)

      // Assert
      expect(tally.wrong).toEqual([])
      expect(outages).toHaveLength(CYCLES)
      expect(instances.map((mock) => mock.child.exitCode)).toEqual([null, null])
      const missing: string[] = []
      for (let start = 0; start < tally.acknowledged.length; start += 32) {
        const ids = tally.acknowledged.slice(start, start + 32)
        const statuses = await Promise.all(
          ids.map(async (id) => {
            const res = await fetch(`${first.url}${contacts}/${id}`, { headers: auth })
            return res.status
          }),
        )
        missing.push(...ids.filter((_, index) => statuses[index] !== 200))
      }
      expect(missing).toEqual([])
    },
    HANG_CEILING_MS,
  )
})
