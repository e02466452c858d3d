// Faults drawn at random from a seeded generator, and a mock without fault simulation.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, test } from '@jest/globals'
import { startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'
import { addRule, clearRules, send, statusOf } from '../../../test-support/http-client.ts'

const dir = mkdtempSync(join(tmpdir(), 'mock-fault-draws-'))
const running: RunningMock[] = []

async function start(name: string, flags: string[] = []): Promise<RunningMock> {
  const started = await startMock(['--db', join(dir, name, 'db.json'), '--quiet', ...flags])
  running.push(started)
  return started
}

afterAll(() => {
  for (const started of running) started.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

describe('probability', () => {
  /** The statuses of `count` fetches under a rule failing 30% of them, on a mock of `seed`. */
  async function draws(target: RunningMock, count: number): Promise<(number | string)[]> {
    await addRule(target.url, { respond: { status: 503 }, probability: 0.3 })
    const statuses: (number | string)[] = []
    for (let index = 0; index < count; index++)
      statuses.push(statusOf(await send(target.url, { path: '/api/v1/relationships' })))
    await clearRules(target.url)
    return statuses
  }

  test('When a rule fires with probability 0.3 over 1000 requests, then it hits 300 ± 45 times, the same ones for the same seed', async () => {
    // Arrange: two fresh mocks, so that no earlier draw shifts either sequence
    const [one, other] = await Promise.all([
      start('seed-a', ['--seed', '7']),
      start('seed-b', ['--seed', '7']),
    ])

    // Act
    const first = await draws(one, 1000)
    const second = await draws(other, 1000)

    // Assert
    const hits = first.filter((status) => status === 503).length
    expect(hits).toBeGreaterThanOrEqual(255)
    expect(hits).toBeLessThanOrEqual(345)
    expect(first.filter((status) => status !== 503 && status !== 200)).toEqual([])
    expect(second).toEqual(first)
  }, 60_000)
})

describe('--no-faults', () => {
  test('When the mock runs with --no-faults, then Prefer is ignored and the rules API answers 403', async () => {
    // Arrange
    const plain = await start('plain', ['--no-faults'])

    // Act
    // the longest delay there is: were it taken, the client would give up (TIMEOUT) before it ends
    const preferred = await send(plain.url, {
      headers: { Prefer: 'code=503, delay=60000' },
      timeoutMs: 30_000,
    })
    const rule = await fetch(new URL('/__admin/faults', plain.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ respond: { status: 503 } }),
    })

    // Assert
    expect(statusOf(preferred)).toBe(200)
    expect(rule.status).toBe(403)
  })
})
