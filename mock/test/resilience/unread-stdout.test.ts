// A mock whose stdout nobody reads (a pipe whose reader is stuck): the request log fills the pipe,
// yet SIGTERM ends the process with the pipe still unread, saying once how many log lines were
// dropped, and a second signal ends it at once. Waiting for a reader would never end: that the
// process exits at all is the proof, and the ceilings below only catch a hang.
import { spawn, type ChildProcessByStdio } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, describe, expect, test } from '@jest/globals'
import { READY_LINE } from '../../process/ready-line.ts'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'

const MAIN = fileURLToPath(new URL('../../process/main.ts', import.meta.url))
// each log line carries the URL: ~1 KB a line, 1,000 of them are far more than a pipe holds
const REQUESTS = 1000
const TARGET = `/api/v1/orgs/${ACME_ORG_ID}/contacts?limit=1&q=${'q'.repeat(900)}`
/** Far beyond the documented bound (5 s for requests in flight, the snapshot, 1 s for the log). */
const HANG_MS = 30_000

type MockChild = ChildProcessByStdio<null, Readable, Readable>
const dir = mkdtempSync(join(tmpdir(), 'mock-unread-stdout-'))
const children: MockChild[] = []

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL')
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

interface StuckMock {
  child: MockChild
  url: string
  stderr: () => string
}

/** Starts the mock with the request log on, reads stdout up to the banner, then never again. */
async function startWithStuckStdout(file: string): Promise<StuckMock> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', MAIN, '--host', '127.0.0.1', '--port', '0', '--db', file],
    { env: { ...process.env, NODE_OPTIONS: '' }, stdio: ['ignore', 'pipe', 'pipe'] },
  )
  children.push(child)
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  let banner = ''
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer): void => {
      banner += chunk.toString('utf8')
      const found = READY_LINE.exec(banner)?.[1]
      if (found === undefined) return
      // from here on nobody reads: the pipe fills and the mock's writes meet EAGAIN
      child.stdout.off('data', read)
      child.stdout.pause()
      resolve(found)
    }
    child.stdout.on('data', read)
    child.once('exit', () => {
      reject(new Error(`The mock did not start:\n${banner}${stderr}`))
    })
  })
  return { child, url, stderr: () => stderr }
}

/** The exit code once the process has ended, or 'running' after `ms`. */
function exitWithin(child: MockChild, ms: number): Promise<number | string> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode)
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      resolve('running')
    }, ms)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      resolve(code ?? signal ?? 'unknown')
    })
  })
}

/** `count` logged requests over 8 keep-alive connections; resolves with the statuses. */
async function sendLogged(url: string, count: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 8 })
  const statuses = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<number>((resolve) => {
          const req = request(new URL(TARGET, url), {
            agent,
            headers: { Authorization: `Bearer ${ALICE.token}` },
          })
          req.on('response', (res) => {
            res.resume()
            res.on('end', () => {
              resolve(res.statusCode ?? 0)
            })
          })
          req.on('error', () => {
            resolve(0)
          })
          req.end()
        }),
    ),
  )
  agent.destroy()
  return statuses
}

describe('a stdout nobody reads', () => {
  test(
    `When ${String(REQUESTS)} logged requests fill stdout and SIGTERM arrives, then the mock exits with 0 and says once how many log lines were dropped`,
    async () => {
      // Arrange
      const mock = await startWithStuckStdout(join(dir, 'term.json'))
      const statuses = await sendLogged(mock.url, REQUESTS)
      await sleep(300)

      // Act
      mock.child.kill('SIGTERM')
      const code = await exitWithin(mock.child, HANG_MS)

      // Assert
      expect(statuses.filter((status) => status === 0)).toEqual([])
      expect(code).toBe(0)
      const notes = mock
        .stderr()
        .match(/(\d+) request-log lines were dropped: stdout was not read\./g)
      expect(notes).toHaveLength(1)
      const dropped = Number(/^(\d+)/.exec(notes?.[0] ?? '')?.[1])
      expect(dropped).toBeGreaterThan(REQUESTS / 2)
      expect(dropped).toBeLessThanOrEqual(REQUESTS)
    },
    HANG_MS + 30_000,
  )

  test(
    'When a second SIGTERM arrives while the log cannot be written, then the mock exits at once',
    async () => {
      // Arrange
      const mock = await startWithStuckStdout(join(dir, 'twice.json'))
      await sendLogged(mock.url, REQUESTS)
      await sleep(300)

      // Act
      mock.child.kill('SIGTERM')
      await sleep(100)
      mock.child.kill('SIGTERM')
      const code = await exitWithin(mock.child, HANG_MS)

      // Assert: the first signal's way ends with 0 once the log's bound has passed; 1 is the second's
      expect(code).toBe(1)
      expect(mock.stderr()).toContain('SIGTERM again: exiting now')
      expect(mock.stderr()).toMatch(/\d+ request-log lines were dropped: stdout was not read\./)
    },
    HANG_MS + 30_000,
  )
})
