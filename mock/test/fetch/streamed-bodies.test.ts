// A body sent without a server is read as the server reads one: not before the token is checked,
// stopped and let go one chunk past the document's limit, inflated no further than the limit, and
// let go at once when the call is aborted. Counted in bytes pulled from the caller's stream: what
// the mock read, not what memory a collector happened to give back (the memory itself:
// streamed-bodies-memory.test.ts).
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { deflateSync, gzipSync } from 'node:zlib'
import { setupServer } from 'msw/node'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { loadDocument } from '../../../openapi/document-files.ts'
import { maxBodyBytesOf } from '../../../openapi/document.ts'
import { createMockFetch } from '../../fetch/node/fetch.ts'
import { createHandlers } from '../../fetch/node/msw.ts'
import { countingStream, gzipOfZeros } from '../../../test-support/fetch/counting-stream.ts'

const CONTACTS = `http://localhost/api/v1/orgs/${ACME_ORG_ID}/contacts`
const LIMIT = maxBodyBytesOf(loadDocument())
const CHUNK = 64 * 1024
const BIG = 64 * 1024 * 1024
const json = { 'Content-Type': 'application/json' }
const auth = { ...json, Authorization: `Bearer ${ALICE.token}` }

const mock = createMockFetch()
const msw = setupServer(...createHandlers({ mock }))
let bomb: Uint8Array

beforeAll(async () => {
  msw.listen({ onUnhandledRequest: 'error' })
  bomb = await gzipOfZeros(BIG)
  await mock.ready
})
afterAll(async () => {
  msw.close()
  await mock.close()
})

/** A POST with a stream body, as a caller of fetch sends one (`duplex: 'half'`). */
const post = (body: ReadableStream<Uint8Array>, headers: Record<string, string>): RequestInit => ({
  method: 'POST',
  body,
  headers,
  duplex: 'half',
})

// MSW hands its handler a clone of the request: the clone's tee reads one chunk ahead of it, and
// the caller's stream is cancelled only when both branches are
const transports = [
  { name: 'createMockFetch', call: mock, readAhead: 0, lets: true },
  {
    name: 'MSW setupServer',
    call: (...args: Parameters<typeof fetch>) => fetch(...args),
    readAhead: CHUNK,
    lets: false,
  },
] as const

describe.each(transports)('$name', ({ call, readAhead, lets }) => {
  test('When a 64 MiB body comes without a token, then it is 401 and none of it is read', async () => {
    // Arrange
    const body = countingStream(BIG)

    // Act
    const response = await call(CONTACTS, post(body.stream, json))

    // Assert
    expect(response.status).toBe(401)
    expect(body.pulled()).toBeLessThanOrEqual(readAhead)
    if (lets) expect(body.cancelled()).toBe(true)
  })

  test('When a 64 MiB body comes with a token, then it is 413 and reading stopped within a chunk past the limit', async () => {
    // Arrange
    const body = countingStream(BIG)

    // Act
    const response = await call(CONTACTS, post(body.stream, auth))

    // Assert
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({
      detail: 'The body is larger than the server accepts.',
    })
    expect(body.pulled()).toBeLessThanOrEqual(LIMIT + CHUNK + readAhead)
    if (lets) expect(body.cancelled()).toBe(true)
  })

  test('When 64 MiB of zeros come gzipped (some 64 KB), then it is 413 and the inflation stopped before half of it was read', async () => {
    // Arrange: 1 KiB chunks, so that what is read shows in the count
    const body = countingStream(bomb, { chunk: 1024 })

    // Act
    const response = await call(
      CONTACTS,
      post(body.stream, { ...auth, 'Content-Encoding': 'gzip' }),
    )

    // Assert
    expect(response.status).toBe(413)
    expect(body.pulled()).toBeLessThan(bomb.length / 2)
    if (lets) expect(body.cancelled()).toBe(true)
  })

  test('When an upload stalls and its call is aborted, then the call rejects with the reason at once', async () => {
    // Arrange: one chunk, then nothing more and no end
    const body = countingStream(BIG, { stallAfter: CHUNK })
    const controller = new AbortController()
    const reason = new Error('the caller gave up')

    // Act
    const settled = call(CONTACTS, { ...post(body.stream, auth), signal: controller.signal })
    await body.firstPull
    controller.abort(reason)

    // Assert
    await expect(settled).rejects.toBe(reason)
    if (lets) expect(body.cancelled()).toBe(true)
  })
})

describe('createMockFetch: bodies at hand', () => {
  test('When a string body of 64 MiB comes without a token, then it is 401, and with one 413', async () => {
    // Arrange
    const text = 'a'.repeat(BIG)

    // Act
    const refused = await mock(CONTACTS, { method: 'POST', body: text, headers: json })
    const tooLarge = await mock(CONTACTS, { method: 'POST', body: text, headers: auth })

    // Assert
    expect([refused.status, tooLarge.status]).toEqual([401, 413])
  })

  test('When a Content-Encoding is an unknown name, even one of Object.prototype’s, then it is 415', async () => {
    // Act
    const statuses = await Promise.all(
      ['br', 'constructor', '__proto__', 'toString'].map(async (coding) => {
        const headers = { ...auth, 'Content-Encoding': coding }
        return (await mock(CONTACTS, { method: 'POST', body: '{}', headers })).status
      }),
    )

    // Assert
    expect(statuses).toEqual([415, 415, 415, 415])
  })

  test('When a Blob over the limit comes, then it is 413 without its stream being read', async () => {
    // Arrange
    const blob = new Blob([new Uint8Array(LIMIT + 1)], { type: 'application/json' })

    // Act
    const response = await mock(CONTACTS, { method: 'POST', body: blob, headers: auth })

    // Assert
    expect(response.status).toBe(413)
  })
})

describe('createMockFetch: bodies read as the server reads them', () => {
  const contact = JSON.stringify({ contact: { first_name: 'Inflated', relationship_type: 1 } })

  test.each([
    ['gzip', gzipSync(contact)],
    ['deflate', deflateSync(contact)],
  ])(
    'When a contact comes %s-encoded, as bytes or as a stream, then it is created',
    async (coding, compressed) => {
      // Arrange
      const headers = { ...auth, 'Content-Encoding': coding }
      const bytes = new Uint8Array(compressed)

      // Act
      const atHand = await mock(CONTACTS, { method: 'POST', body: bytes, headers })
      const streamed = await mock(
        CONTACTS,
        post(countingStream(bytes, { chunk: 7 }).stream, headers),
      )

      // Assert
      expect([atHand.status, streamed.status]).toEqual([201, 201])
    },
  )

  test('When a body said to be gzip is not, then it is 400', async () => {
    // Arrange
    const headers = { ...auth, 'Content-Encoding': 'gzip' }

    // Act
    const response = await mock(CONTACTS, { method: 'POST', body: contact, headers })

    // Assert
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      detail: 'The request could not be read: the body could not be inflated.',
    })
  })

  test.each([
    [
      'fails',
      (controller: ReadableStreamDefaultController) => {
        controller.error(new Error('gone'))
      },
    ],
    [
      'gives text',
      (controller: ReadableStreamDefaultController) => {
        controller.enqueue('{}')
      },
    ],
  ])('When the caller’s stream %s, then the call rejects as fetch does', async (_, pull) => {
    // Arrange
    const stream = new ReadableStream({ pull })

    // Act
    const call = mock(CONTACTS, post(stream as ReadableStream<Uint8Array>, auth))

    // Assert
    await expect(call).rejects.toMatchObject({ name: 'TypeError', message: 'Failed to fetch' })
  })
})

describe('createMockFetch: whether a body was sent, for an operation that takes none', () => {
  const LOGOUT = 'http://localhost/api/v1/logout'

  test('When a Request with an empty body stream logs out, then it is 204, and with a byte in it 400', async () => {
    // Arrange: what MSW's service worker hands the page (an empty ArrayBuffer for a DELETE)
    const login = await mock('http://localhost/api/v1/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ user: { email: ALICE.email, password: ALICE.password } }),
    })
    const { token } = (await login.json()) as { token: string }
    const request = (body: Uint8Array) =>
      new Request(LOGOUT, { method: 'DELETE', body, headers: { Authorization: `Bearer ${token}` } })

    // Act
    const withByte = await mock(request(new Uint8Array([0x7b])))
    const empty = await mock(request(new Uint8Array(0)))

    // Assert
    expect(withByte.status).toBe(400)
    expect(empty.status).toBe(204)
  })
})
