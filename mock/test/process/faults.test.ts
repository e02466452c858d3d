// Faults seen from a real HTTP client over a real port, as a frontend would see them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { startMock, type RunningMock } from '../../../test-support/spawn-mock.ts'
import {
  addRule,
  clearRules,
  contactsPath,
  send,
  statusOf,
  type Answer,
  type Outcome,
} from '../../../test-support/http-client.ts'

const dir = mkdtempSync(join(tmpdir(), 'mock-faults-'))
const running: RunningMock[] = []
let mock: RunningMock

/** A mock that checks every answer against the document: a faulted answer that drifts is a 500. */
async function start(name: string, flags: string[] = []): Promise<RunningMock> {
  const started = await startMock([
    '--db',
    join(dir, name, 'db.json'),
    '--quiet',
    '--validate-responses',
    ...flags,
  ])
  running.push(started)
  return started
}

beforeAll(async () => {
  mock = await start('main', ['--seed', '7'])
})
afterEach(async () => {
  await clearRules(mock.url)
})
afterAll(() => {
  for (const started of running) started.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
})

const answered = (outcome: Outcome): Answer => {
  if (!('status' in outcome)) throw new Error(`no answer: ${outcome.message}`)
  return outcome
}
const create = (name: string): Promise<Outcome> =>
  send(mock.url, {
    method: 'POST',
    path: contactsPath,
    body: `contact[first_name]=${name}&contact[relationship_type]=1`,
  })
const countNamed = async (name: string): Promise<number> => {
  const res = answered(
    await send(mock.url, { path: `${contactsPath}?search=${name}&include[]=deleted` }),
  )
  return (JSON.parse(res.body) as { count: number }).count
}

// That a delay ends on time, and that delays run side by side, is proven on Jest's clock
// (test/fetch/fault-delays.test.ts); over a real port, what holds at any machine speed is that
// the delay is taken.
describe('latency', () => {
  test('When the mock runs with --delay 300 and three requests come at once, then each answer takes 300 ms or more', async () => {
    // Arrange
    const slow = await start('slow', ['--delay', '300'])

    // Act
    const outcomes = await Promise.all([send(slow.url), send(slow.url), send(slow.url)])

    // Assert
    for (const outcome of outcomes) {
      expect(answered(outcome).status).toBe(200)
      expect(outcome.ms).toBeGreaterThanOrEqual(300)
    }
  })

  test('When a request sends Prefer: delay=250, then its answer takes 250 ms or more', async () => {
    // Act
    const outcome = answered(await send(mock.url, { headers: { Prefer: 'delay=250' } }))

    // Assert
    expect(outcome.status).toBe(200)
    expect(outcome.ms).toBeGreaterThanOrEqual(250)
  })
})

describe('forced statuses', () => {
  test('When a request sends Prefer: code=503, then it gets the documented 503 problem with Retry-After', async () => {
    // Act
    const res = answered(await send(mock.url, { headers: { Prefer: 'code=503' } }))

    // Assert
    expect(res.status).toBe(503)
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
    expect(res.headers['retry-after']).toBe('1')
    expect(JSON.parse(res.body)).toMatchObject({ status: 503, title: 'Service Unavailable' })
  })

  test('When a request asks for a status its operation does not declare, then it is a 400 listing those it may ask for', async () => {
    // Act
    const res = answered(await send(mock.url, { headers: { Prefer: 'code=418' } }))

    // Assert
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body)).toMatchObject({
      detail: expect.stringContaining('200, 400, 401, 403, 429, 500, 503'),
    })
  })

  test('When a rule answers 429 twice for creates, then exactly two creates fail, with Retry-After, and store nothing', async () => {
    // Arrange
    await addRule(mock.url, {
      match: { operationId: 'createContact' },
      respond: { status: 429 },
      times: 2,
    })

    // Act
    const outcomes = [
      await create('Twice'),
      await create('Twice'),
      await create('Twice'),
      await create('Twice'),
    ]

    // Assert
    expect(outcomes.map(statusOf)).toEqual([429, 429, 201, 201])
    const [first] = outcomes
    expect(first && answered(first).headers['retry-after']).toBe('1')
    expect(await countNamed('Twice')).toBe(2)
  })
})

describe('network faults', () => {
  test('When a rule resets the connection, then the client sees a reset and others are served', async () => {
    // Arrange
    await addRule(mock.url, {
      match: { operationId: 'listContacts' },
      respond: { network: 'reset' },
      times: 1,
    })

    // Act
    const faulted = await send(mock.url)
    const next = await send(mock.url)

    // Assert
    expect(faulted).toMatchObject({ error: 'ECONNRESET', message: 'read ECONNRESET' })
    expect(statusOf(next)).toBe(200)
  })

  test('When a rule closes the connection empty, then the client gets no answer at all', async () => {
    // Arrange
    await addRule(mock.url, {
      match: { operationId: 'listContacts' },
      respond: { network: 'empty' },
      times: 1,
    })

    // Act
    const faulted = await send(mock.url)

    // Assert: Node's name for a connection closed before any answer (not the client's own
    // TIMEOUT, which a connection left open would end in)
    expect(faulted).toMatchObject({ message: 'socket hang up' })
  })

  test('When a rule hangs a request, then it gets no answer while other clients are served', async () => {
    // Arrange
    await addRule(mock.url, {
      match: { operationId: 'listContacts' },
      respond: { network: 'hang' },
      times: 1,
    })

    // Act
    const hanging = send(mock.url, { timeoutMs: 1500 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    const others = await Promise.all([
      send(mock.url, { path: '/api/v1/relationships' }),
      send(mock.url),
    ])

    // Assert
    expect(others.map(statusOf)).toEqual([200, 200])
    expect(statusOf(await hanging)).toBe('TIMEOUT')
  })
})

describe('before and after', () => {
  test('When a create fails before it is handled, then nothing is stored', async () => {
    // Arrange
    await addRule(mock.url, {
      match: { method: 'POST', path: '/api/v1/orgs/{org_id}/contacts' },
      respond: { status: 500 },
      times: 1,
    })

    // Act
    const outcome = await create('Before')

    // Assert
    expect(statusOf(outcome)).toBe(500)
    expect(await countNamed('Before')).toBe(0)
  })

  test('When a create fails after it is handled, then the client sees the fault and a later GET finds the contact', async () => {
    // Arrange
    await addRule(mock.url, {
      match: { operationId: 'createContact' },
      respond: { status: 503 },
      when: 'after',
      times: 1,
    })

    // Act
    const outcome = await create('After')

    // Assert
    expect(statusOf(outcome)).toBe(503)
    expect(await countNamed('After')).toBe(1)
  })

  test('When a create is reset after it is handled, then the contact is stored all the same', async () => {
    // Arrange
    await addRule(mock.url, {
      match: { operationId: 'createContact' },
      respond: { network: 'reset' },
      when: 'after',
      times: 1,
    })

    // Act
    const outcome = await create('Resetafter')

    // Assert
    expect(statusOf(outcome)).toBe('ECONNRESET')
    expect(await countNamed('Resetafter')).toBe(1)
  })
})
