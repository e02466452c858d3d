// Writes past a file-size limit (ulimit -f) are refused; the refused ones leave no trace and every
// acknowledged one survives a restart without --recover.
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'

const CLIENTS = 16
// The fixtures' snapshot is about 130 KB; the journal may grow to the limit, then writes fail.
const LIMIT_KIB = 200
const auth = { Authorization: `Bearer ${ALICE.token}` }
const root = mkdtempSync(join(tmpdir(), 'mock-disk-full-'))
const started: RunningMock[] = []

afterAll(() => {
  for (const mock of started) mock.child.kill('SIGKILL')
  rmSync(root, { recursive: true, force: true })
})

interface Outcome {
  acknowledged: string[]
  refused: { name: string; status: number }[]
}

/** Creates from many clients until writes have failed a few times; names each contact uniquely. */
async function createUntilRefused(mock: RunningMock): Promise<Outcome> {
  const outcome: Outcome = { acknowledged: [], refused: [] }
  const client = async (index: number): Promise<void> => {
    for (let n = 0; outcome.refused.length < 3 * CLIENTS && n < 200; n++) {
      const name = `Limit${String(index)}x${String(n)}`
      const res = await fetch(`${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`, {
        method: 'POST',
        headers: { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `contact[first_name]=${name}&contact[relationship_type]=1`,
      })
      if (res.status === 201) outcome.acknowledged.push(((await res.json()) as { id: string }).id)
      else outcome.refused.push({ name, status: res.status })
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)))
  return outcome
}

/** The acknowledged contacts the mock cannot find. */
async function missingOf(mock: RunningMock, acknowledged: string[]): Promise<string[]> {
  const missing: string[] = []
  for (const id of acknowledged) {
    const res = await fetch(`${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts/${id}`, {
      headers: auth,
    })
    if (res.status !== 200) missing.push(id)
  }
  return missing
}

async function found(mock: RunningMock, name: string): Promise<number> {
  const url = `${mock.url}/api/v1/orgs/${ACME_ORG_ID}/contacts?include[]=deleted&search=${name}`
  const res = await fetch(url, { headers: auth })
  expect(res.status).toBe(200)
  return ((await res.json()) as { count: number }).count
}

describe('A file-size limit reached while clients create', () => {
  test('When writes start to fail, then they are 507, invisible, and every 201 survives a restart', async () => {
    // Arrange
    const file = join(mkdtempSync(join(root, 'kill-')), 'db.json')
    const limited = await startMock(['--db', file, '--quiet'], 20_000, {
      fileSizeLimitKiB: LIMIT_KIB,
    })
    started.push(limited)

    // Act
    const { acknowledged, refused } = await createUntilRefused(limited)
    const visibleWhileRunning = await Promise.all(
      refused.slice(0, 10).map(({ name }) => found(limited, name)),
    )
    limited.child.kill('SIGKILL')
    await limited.exited
    const restarted = await startMock(['--db', file, '--quiet'])
    started.push(restarted)
    const missing = await missingOf(restarted, acknowledged)
    const refusedFound = await Promise.all(refused.map(({ name }) => found(restarted, name)))

    // Assert
    expect(acknowledged.length).toBeGreaterThan(100)
    expect(refused.length).toBeGreaterThanOrEqual(3 * CLIENTS)
    expect(new Set(refused.map(({ status }) => status))).toEqual(new Set([507]))
    expect(visibleWhileRunning.every((count) => count === 0)).toBe(true)
    expect(missing).toEqual([])
    expect(refusedFound.every((count) => count === 0)).toBe(true)
  })

  test('When the stop cannot write its snapshot, then it says so, exits 1, unlocks, and every start after it has every 201 and no 507', async () => {
    // Arrange
    const file = join(mkdtempSync(join(root, 'stop-')), 'db.json')
    const limited = await startMock(['--db', file, '--quiet'], 20_000, {
      fileSizeLimitKiB: LIMIT_KIB,
    })
    started.push(limited)
    const { acknowledged, refused } = await createUntilRefused(limited)

    // Act: the stop's snapshot is larger than the limit
    limited.child.kill('SIGTERM')
    const code = await limited.exited
    const lockLeft = existsSync(`${file}.lock`)
    const outputs: string[] = []
    const results: { missing: string[]; visible: number; code: number | string }[] = []
    // limited again first: the start, then the stop, cannot write their snapshots either
    for (const limit of [LIMIT_KIB, undefined, LIMIT_KIB]) {
      const restarted = await startMock(['--db', file, '--quiet'], 20_000, {
        fileSizeLimitKiB: limit,
      })
      started.push(restarted)
      const missing = await missingOf(restarted, acknowledged)
      const visible = await Promise.all(refused.map(({ name }) => found(restarted, name)))
      restarted.child.kill('SIGTERM')
      const stopped = await restarted.exited
      results.push({ missing, visible: visible.filter((n) => n > 0).length, code: stopped })
      outputs.push(restarted.output())
    }

    // Assert
    expect(acknowledged.length).toBeGreaterThan(100)
    expect(code).toBe(1)
    expect(limited.output()).toContain('could not be written (EFBIG)')
    expect(limited.output()).toContain('Every acknowledged write is kept')
    expect(lockLeft).toBe(false)
    expect(outputs[0]).toContain('The data is served from the journal.')
    expect(results).toEqual([
      { missing: [], visible: 0, code: 1 },
      { missing: [], visible: 0, code: 0 },
      { missing: [], visible: 0, code: 0 },
    ])
  })
})
