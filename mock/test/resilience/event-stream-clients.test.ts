// Clients of the inspector's event stream that stop reading: a stream ends after its bytes and a
// client that does not take the end is reset, so the mock keeps answering and its memory stays
// bounded, while a client that reads (and asks again, as the page does) gets every event.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { Agent, request, type ClientRequest } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'

const STALLED_CLIENTS = 300
const REQUESTS = 2000
const SENDERS = 16
const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
// a long URL makes each event ~2 KB; a body near the recorder's 32 KiB keeps its ring full
const TARGET = `${CONTACTS}?note=${'n'.repeat(2000)}`
const BODY = `contact[first_name]=Big&contact[notes]=${'b'.repeat(30_000)}`

const dir = mkdtempSync(join(tmpdir(), 'mock-event-streams-'))
const sockets: Socket[] = []
const stops: (() => void)[] = []
let mock: RunningMock | undefined

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  for (const stop of stops) stop()
  mock?.child.kill('SIGKILL')
  await mock?.exited
  rmSync(dir, { recursive: true, force: true })
})

/** A client that asks for the stream and never reads a byte of it. */
function openStalledStream(url: URL): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => {
      socket.pause()
      socket.write(`GET /__inspector/events HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`, () => {
        resolve()
      })
    })
    socket.on('error', reject)
    sockets.push(socket)
  })
}

/**
 * A client that reads the stream as the inspector's page does: when the stream ends (every 15 s,
 * or dropped) it asks again for what came after the last event it read.
 */
function followStream(url: URL): { ids: number[]; stop: () => void } {
  const ids: number[] = []
  let stopped = false
  let current: ClientRequest | undefined
  const follow = (): void => {
    let buffer = ''
    const after = String(ids.at(-1) ?? 0)
    current = request(new URL(`/__inspector/events?after=${after}`, url), (res) => {
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        buffer += chunk
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const id = /^id: (\d+)$/m.exec(buffer.slice(0, end))?.[1]
          if (id !== undefined) ids.push(Number(id))
          buffer = buffer.slice(end + 2)
        }
      })
      res.on('close', () => {
        if (!stopped) follow()
      })
    })
    current.on('error', () => undefined)
    current.end()
  }
  follow()
  return {
    ids,
    stop: () => {
      stopped = true
      current?.destroy()
    },
  }
}

interface Answer {
  /** 0 for no answer. */
  status: number
}

/** One large POST on `agent`'s connection. */
function sendLarge(url: URL, agent: Agent): Promise<Answer> {
  return new Promise((resolve) => {
    const answer = (status: number): void => {
      resolve({ status })
    }
    const req = request(new URL(TARGET, url), {
      agent,
      method: 'POST',
      headers: {
        Authorization: `Bearer ${ALICE.token}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => {
        answer(res.statusCode ?? 0)
      })
    })
    req.on('error', () => {
      answer(0)
    })
    req.end(BODY)
  })
}

/** `count` large POSTs one after the other on one keep-alive connection. */
async function sendMany(url: URL, count: number): Promise<Answer[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const answers: Answer[] = []
  for (let n = 0; n < count; n++) answers.push(await sendLarge(url, agent))
  agent.destroy()
  return answers
}

const rssMbOf = (pid: number): number => {
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${String(pid)}/status`, 'utf8'))?.[1]
  return Number(kib) / 1024
}

describe('event-stream clients that never read', () => {
  test(`When ${String(STALLED_CLIENTS)} clients never read the stream under ${String(REQUESTS)} large requests, then every request is answered, the mock stays up under 300 MB, and a reading client gets every event`, async () => {
    // Arrange
    mock = await startMock(['--db', join(dir, 'db.json'), '--quiet'])
    const url = new URL(mock.url)
    const pid = mock.child.pid ?? 0
    await Promise.all(Array.from({ length: STALLED_CLIENTS }, () => openStalledStream(url)))
    const reader = followStream(url)
    stops.push(reader.stop)
    await sleep(500)
    let peakMb = rssMbOf(pid)
    const sampler = setInterval(() => {
      if (mock?.child.exitCode === null) peakMb = Math.max(peakMb, rssMbOf(pid))
    }, 100)

    // Act
    const answers = (
      await Promise.all(Array.from({ length: SENDERS }, () => sendMany(url, REQUESTS / SENDERS)))
    ).flat()
    // the reading client gets every event: waited for until it has them (a hang ends the test)
    while (reader.ids.length < REQUESTS) await sleep(50)
    clearInterval(sampler)
    const read = [...reader.ids]
    const after = await fetch(`${mock.url}${CONTACTS}?limit=1`, {
      headers: { Authorization: `Bearer ${ALICE.token}` },
    })

    // Assert
    expect(answers).toHaveLength(REQUESTS)
    expect(answers.filter(({ status }) => status === 0 || status >= 500)).toEqual([])
    expect(mock.child.exitCode).toBeNull()
    expect(after.status).toBe(200)
    expect(peakMb).toBeLessThan(300)
    expect(read).toEqual(Array.from({ length: REQUESTS }, (_, index) => index + 1))
  }, 120_000)
})
