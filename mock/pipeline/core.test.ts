// The core's list of steps and its life cycle: the compiler holds the order of the steps, and the
// life cycle's listeners observe the answers without changing them.
import { describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../fixtures/identities.ts'
import { createSeed } from '../../fixtures/seed.ts'
import { searchFieldsOf } from '../../openapi/document.ts'
import { loadAdminDocument, loadDocument } from '../../openapi/document-files.ts'
import { createMock, type MockDeps } from '../app.ts'
import type { Handler } from '../handlers/operation.ts'
import type { Data } from '../shared/data.ts'
import { createSearchText } from '../store/memory/search-text.ts'
import { createVolatileEngine } from '../store/memory/volatile.ts'
import type { CoreRequest, Facts, Known } from './exchange.ts'
import { listSteps } from './steps.ts'

const document = loadDocument()
const adminDocument = loadAdminDocument()

function createCoreOf(deps: Pick<MockDeps, 'validateResponses' | 'handlers'> = {}) {
  const data: Data = createSeed()
  const engine = createVolatileEngine(data, createSearchText(searchFieldsOf(document)), {})
  const createData = (): Data => structuredClone(data)
  return createMock({ ...deps, engine, createData, document, adminDocument }).core
}

const get = (url: string, headers: Record<string, string> = {}): CoreRequest => ({
  method: 'GET',
  url,
  headers: { host: 'localhost', ...headers },
  hasBody: false,
  body: () => Promise.resolve(new Uint8Array()),
})

describe('the list of steps', () => {
  test('When a step reads a fact no step before it learnt, then the list does not compile', () => {
    // Arrange
    const readsOperation = (x: Known<'target'>): undefined => {
      if (x.target.operation.secured) return undefined
    }

    // Act
    // @ts-expect-error: the operation is learnt by no step before this one
    const early = listSteps().check(readsOperation)
    const findsOperation = (): Facts['target'] => {
      throw new Error('a list is only built here, never run')
    }
    const inOrder = listSteps().learn('target', findsOperation).check(readsOperation)

    // Assert
    expect([early, inOrder].map((list) => typeof list.check)).toEqual(['function', 'function'])
  })
})

describe('the life cycle', () => {
  test('When requests are answered, then each is told at its start and its answer, with its id', async () => {
    // Arrange
    const core = createCoreOf()
    const told: [string, number, number?][] = []
    core.lifecycle.on('request:start', (x) => told.push(['start', x.id]))
    core.lifecycle.on('response:mocked', (x, reply) => told.push(['mocked', x.id, reply.status]))

    // Act
    await core.handle(get('/api/v1/nowhere'))
    await core.handle(get('/api/v1/relationships', { authorization: `Bearer ${ALICE.token}` }))

    // Assert
    const [first, second] = [told[0]?.[1] ?? 0, told[2]?.[1] ?? 0]
    expect(told).toEqual([
      ['start', first],
      ['mocked', first, 404],
      ['start', second],
      ['mocked', second, 200],
    ])
    expect(second).toBeGreaterThan(first)
  })

  test('When a listener returns an answer of its own, then the answer sent is the core’s', async () => {
    // Arrange
    const core = createCoreOf()
    const other = { status: 500, headers: {}, text: 'replaced' }
    core.lifecycle.on('response:mocked', () => other)

    // Act
    const reply = await core.handle(get('/api/v1/nowhere'))

    // Assert
    expect(reply?.status).toBe(404)
    expect(reply?.text).toContain('There is no /api/v1/nowhere in this API.')
  })

  test('When the response check finds a drift, then it is told as an unhandled exception and answered 500', async () => {
    // Arrange: a handler answering a status its operation does not document (its type refuses it)
    const accepted = (() => Promise.resolve({ status: 202 })) as unknown as Handler<'listContacts'>
    const core = createCoreOf({
      validateResponses: true,
      handlers: { listContacts: accepted },
    })
    const exceptions: unknown[] = []
    core.lifecycle.on('unhandledException', (_x, error) => exceptions.push(error))
    const list = `/api/v1/orgs/${ACME_ORG_ID}/contacts`

    // Act
    const reply = await core.handle(get(list, { authorization: `Bearer ${ALICE.token}` }))

    // Assert
    expect(reply?.status).toBe(500)
    expect(reply?.text).toContain('status 202 is not documented')
    expect(exceptions).toEqual([expect.objectContaining({ status: 500 })])
  })
})
