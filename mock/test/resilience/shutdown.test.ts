// SIGTERM while clients are busy: requests in flight finish, later ones get a 503, and every
// create answered 201 is there after a restart. A reset create was never applied, unless the mock
// says it left requests unfinished when its grace had passed (a slow machine): what is asserted
// holds at any speed.
import { mkdtempSync, rmSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, afterEach, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'

const CLIENTS = 32
const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const dir = mkdtempSync(join(tmpdir(), 'mock-shutdown-'))
const running: RunningMock[] = []

afterEach(() => {
  for (const mock of running.splice(0)) mock.child.kill('SIGKILL')
})
afterAll(() => {
  rmSync(dir, { recursive: true, force: true })
})

/** How many requests the mock said it left unfinished when its grace had passed. */
const unfinishedOf = (mock: RunningMock): number => {
  const said = /(\d+) requests? (?:was|were) still in flight/.exec(mock.output())
  return said ? Number(said[1]) : 0
}

async function start(file: string): Promise<RunningMock> {
  const mock = await startMock(['--db', file, '--quiet'])
  running.push(mock)
  return mock
}

type Outcome = { status: number; body: string } | { error: string }

/** One HTTP request on the client's own keep-alive connection (`agent`). */
function send(agent: Agent, url: URL, method: string, body = ''): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(url, {
      agent,
      method,
      headers: {
        Authorization: `Bearer ${ALICE.token}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    })
    req.on('response', (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: text })
      })
    })
    req.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ error: error.code ?? error.message })
    })
    req.end(body)
  })
}

interface Tally {
  created: string[]
  statuses: number[]
  /** Errors other than a refused connection (the mock no longer listens) or a reset. */
  failures: string[]
  /** The first names of the creates whose connection was reset. */
  reset: string[]
}

/** Creates contacts on one connection until the mock refuses connections (or `limit` are sent). */
async function createUntilRefused(
  mock: RunningMock,
  client: number,
  tally: Tally,
  limit = 5000,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    for (let n = 0; n < limit; n++) {
      const name = `Stop${String(client)}-${String(n)}`
      const body = `contact[first_name]=${name}&contact[relationship_type]=1`
      const outcome = await send(agent, new URL(CONTACTS, mock.url), 'POST', body)
      if ('error' in outcome) {
        if (outcome.error === 'ECONNRESET') tally.reset.push(name)
        else if (outcome.error !== 'ECONNREFUSED') tally.failures.push(outcome.error)
        return
      }
      tally.statuses.push(outcome.status)
      if (outcome.status === 201)
        tally.created.push((JSON.parse(outcome.body) as { id: string }).id)
    }
  } finally {
    agent.destroy()
  }
}

/** The ids and the first names of every contact the mock holds. */
async function listAllIds(mock: RunningMock): Promise<Set<string>> {
  const agent = new Agent({ keepAlive: true })
  const ids = new Set<string>()
  for (let page = 1; ; page++) {
    const url = new URL(`${CONTACTS}?limit=100&page=${String(page)}&include[]=deleted`, mock.url)
    const outcome = await send(agent, url, 'GET')
    if ('error' in outcome || outcome.status !== 200) throw new Error(JSON.stringify(outcome))
    const { contacts } = JSON.parse(outcome.body) as {
      contacts: { id: string; first_name: string }[]
    }
    for (const contact of contacts) ids.add(contact.id).add(contact.first_name)
    if (contacts.length < 100) {
      agent.destroy()
      return ids
    }
  }
}

/** A create whose body never arrives: it stays in flight until the mock gives up on it. */
function stallUpload(mock: RunningMock): void {
  const url = new URL(mock.url)
  const socket = connect(Number(url.port), url.hostname)
  socket.on('error', () => undefined)
  socket.write(
    `POST ${CONTACTS} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${ALICE.token}\r\n` +
      'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\ncontact',
  )
}

describe('SIGTERM', () => {
  test('When SIGTERM arrives while 32 connections create contacts, then none gets a 500, every 201 is there after a restart, and a reset create was never applied', async () => {
    // Arrange
    const file = join(dir, 'busy.json')
    const mock = await start(file)
    const tally: Tally = { created: [], statuses: [], failures: [], reset: [] }
    const clients = Array.from({ length: CLIENTS }, (_, client) =>
      createUntilRefused(mock, client, tally),
    )
    // busy at any speed: the signal comes once every client has had a create acknowledged
    while (tally.created.length < CLIENTS) await sleep(20)

    // Act
    mock.child.kill('SIGTERM')
    await Promise.all(clients)
    const code = await mock.exited
    const present = await listAllIds(await start(file))

    // Assert
    expect(code).toBe(0)
    // A reset is a clean refusal when the create was never read: an idle keep-alive connection
    // closed once no request had come for a while, while the client's next one was on its way
    // (on a busy machine a client may take that long). Only the requests the mock says it left
    // unfinished at the end of its grace may have been applied without an answer.
    expect(tally.failures).toEqual([])
    const applied = tally.reset.filter((name) => present.has(name))
    expect(applied.length).toBeLessThanOrEqual(unfinishedOf(mock))
    expect(tally.statuses.filter((status) => status !== 201 && status !== 503)).toEqual([])
    expect(tally.created.length).toBeGreaterThanOrEqual(CLIENTS)
    expect(tally.created.filter((id) => !present.has(id))).toEqual([])
  })

  test("When a request stays in flight, then the mock still exits (code 0) once the 5 s grace has passed, saying it closed that request's connection", async () => {
    // Arrange
    const mock = await start(join(dir, 'stalled.json'))
    stallUpload(mock)
    await sleep(200)

    // Act
    const stopAt = Date.now()
    mock.child.kill('SIGTERM')
    const code = await mock.exited
    const elapsed = Date.now() - stopAt

    // Assert: it waited the grace, then gave up on the upload (waiting for it would never end)
    expect(code).toBe(0)
    expect(elapsed).toBeGreaterThan(4500)
    expect(unfinishedOf(mock)).toBe(1)
  })

  test('When a second SIGTERM arrives during the drain, then it exits at once and nothing acknowledged is lost', async () => {
    // Arrange
    const file = join(dir, 'twice.json')
    const mock = await start(file)
    const tally: Tally = { created: [], statuses: [], failures: [], reset: [] }
    await createUntilRefused(mock, 0, tally, 20)
    stallUpload(mock)
    await sleep(200)

    // Act
    mock.child.kill('SIGTERM')
    await sleep(300)
    mock.child.kill('SIGTERM')
    const code = await mock.exited
    const present = await listAllIds(await start(file))

    // Assert: the drain's way ends with 0 once the grace has passed; 1 is the second signal's
    expect(code).toBe(1)
    expect(mock.output()).toContain('SIGTERM again: exiting now')
    expect(tally.created).toHaveLength(20)
    expect(tally.created.filter((id) => !present.has(id))).toEqual([])
  })
})
