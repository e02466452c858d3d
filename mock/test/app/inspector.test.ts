// The inspector on a real port: what it records, what it never shows, who may read it, and the
// live stream.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import type { RecordedDetail, RecordedSummary } from '../../face/recorded-views.ts'
import { createRecorder, RECORDED_BODY_BYTES } from '../../face/recorder.ts'
import { sendRaw } from '../../../test-support/resilience/raw-http.ts'
import { serveTestApp, type ServedApp } from '../../../test-support/serve-test-app.ts'

const ADMIN_TOKEN = 'inspector-admin-secret'
let open: ServedApp
let exposed: ServedApp
const contactsOf = (served: ServedApp): string =>
  `${served.url}/api/v1/orgs/${ACME_ORG_ID}/contacts`
const auth = { Authorization: `Bearer ${ALICE.token}` }

beforeAll(async () => {
  open = await serveTestApp()
  exposed = await serveTestApp({ access: { adminToken: ADMIN_TOKEN, exposed: true } })
})
afterAll(async () => {
  await Promise.all([open.close(), exposed.close()])
})

const listOf = async (served: ServedApp): Promise<RecordedSummary[]> => {
  const res = await fetch(`${served.url}/__inspector/requests`)
  return ((await res.json()) as { requests: RecordedSummary[] }).requests
}

describe('recording', () => {
  test('When a bad contact is posted, then the inspector shows it with its verdict, field errors and bodies, never the token', async () => {
    // Arrange
    const body = 'contact[first_name]=Ann&contact[relationship_type]=9'
    const headers = { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' }
    await fetch(contactsOf(open), { method: 'POST', headers, body })

    // Act
    const recorded = (await listOf(open)).at(-1)
    const res = await fetch(`${open.url}/__inspector/requests/${String(recorded?.id)}`)
    const text = await res.text()
    const detail = JSON.parse(text) as RecordedDetail

    // Assert
    expect(detail).toMatchObject({
      method: 'POST',
      operationId: 'createContact',
      status: 422,
      verdict: 'invalid',
      reason: '1 field error',
      requestBody: body,
      errors: [
        { field: 'contact[relationship_type]', message: 'must be a whole number from 0 to 5' },
      ],
    })
    expect(detail.requestHeaders['authorization']).toBe('(sent, not shown)')
    expect(detail.curl).toContain('"Authorization: Bearer $TOKEN"')
    expect(text).not.toContain(ALICE.token)
  })

  test('When headers are named constructor, __proto__ and toString, then the inspector shows each as sent', async () => {
    // Arrange: on a socket, as fetch would not send a header named __proto__
    const { host, pathname } = new URL(contactsOf(open))
    await sendRaw(
      Number(new URL(open.url).port),
      `GET ${pathname} HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${auth.Authorization}\r\n` +
        'constructor: sent-c\r\n__proto__: sent-p\r\ntoString: sent-t\r\nConnection: close\r\n\r\n',
    )

    // Act
    const recorded = (await listOf(open)).at(-1)
    const res = await fetch(`${open.url}/__inspector/requests/${String(recorded?.id)}`)
    const detail = (await res.json()) as RecordedDetail

    // Assert
    expect(Object.entries(detail.requestHeaders)).toEqual(
      expect.arrayContaining([
        ['constructor', 'sent-c'],
        ['__proto__', 'sent-p'],
        ['tostring', 'sent-t'],
      ]),
    )
  })

  test("When the inspector's own pages and documents are fetched, then they are not recorded", async () => {
    // Arrange
    const before = (await listOf(open)).length

    // Act
    await Promise.all(
      ['/', '/openapi.json', '/problems', '/__inspector'].map((p) => fetch(open.url + p)),
    )

    // Assert
    expect((await listOf(open)).length).toBe(before)
  })

  test('When more than the ring holds is recorded, then the newest are kept and large bodies are cut', async () => {
    // Arrange: a ring of 3
    const small = await serveTestApp({ recorder: createRecorder(3) })
    const big = `contact[first_name]=${'a'.repeat(RECORDED_BODY_BYTES + 10)}`
    const headers = { ...auth, 'Content-Type': 'application/x-www-form-urlencoded' }

    // Act
    for (let i = 0; i < 4; i++)
      await fetch(`${contactsOf(small)}?page=${String(i + 1)}`, { headers })
    await fetch(contactsOf(small), { method: 'POST', headers, body: big })
    const list = await listOf(small)
    const last = (await (
      await fetch(`${small.url}/__inspector/requests/${String(list.at(-1)?.id)}`)
    ).json()) as RecordedDetail
    await small.close()

    // Assert
    expect(list.map((entry) => entry.id)).toEqual([3, 4, 5])
    // the places of 1 and 2 were reused: nothing of theirs is left in 4 and 5
    expect(list.map((entry) => new URL(entry.url, small.url).search)).toEqual([
      '?page=3',
      '?page=4',
      '',
    ])
    expect(last.method).toBe('POST')
    expect(last.requestHeaders['content-type']).toBe('application/x-www-form-urlencoded')
    expect(last.requestBody).toHaveLength(RECORDED_BODY_BYTES)
  })
})

describe('clearing', () => {
  test('When the list is cleared, then it is empty, a cleared request is gone, and later ones are listed', async () => {
    // Arrange
    const served = await serveTestApp()
    try {
      await fetch(contactsOf(served), { headers: auth })
      const [before] = await listOf(served)

      // Act
      const cleared = await fetch(`${served.url}/__inspector/requests`, { method: 'DELETE' })
      const emptied = await listOf(served)
      const gone = await fetch(`${served.url}/__inspector/requests/${String(before?.id)}`)
      await fetch(`${contactsOf(served)}?limit=2`, { headers: auth })
      const after = await listOf(served)

      // Assert
      expect(cleared.status).toBe(204)
      expect(emptied).toEqual([])
      expect(gone.status).toBe(404)
      expect(after.map((r) => r.url)).toEqual([`/api/v1/orgs/${ACME_ORG_ID}/contacts?limit=2`])
      expect(after[0]?.id).toBeGreaterThan(before?.id ?? Infinity)
    } finally {
      await served.close()
    }
  })

  test('When the mock is exposed, then clearing needs the admin token, and another site may not clear', async () => {
    // Arrange
    await fetch(contactsOf(exposed), { headers: auth })
    const admin = { Authorization: `Bearer ${ADMIN_TOKEN}` }
    const count = async (): Promise<number> => {
      const res = await fetch(`${exposed.url}/__inspector/requests`, { headers: admin })
      return ((await res.json()) as { requests: unknown[] }).requests.length
    }

    // Act
    const without = await fetch(`${exposed.url}/__inspector/requests`, { method: 'DELETE' })
    const foreign = await fetch(`${exposed.url}/__inspector/requests`, {
      method: 'DELETE',
      headers: { ...admin, Origin: 'http://evil.example' },
    })
    const kept = await count()
    const withToken = await fetch(`${exposed.url}/__inspector/requests`, {
      method: 'DELETE',
      headers: admin,
    })

    // Assert
    expect([without.status, foreign.status, withToken.status]).toEqual([403, 403, 204])
    expect(kept).toBeGreaterThan(0)
    expect(await count()).toBe(0)
  })
})

describe('who may read it', () => {
  test('When another site asks, then it is 403 without CORS headers', async () => {
    // Act
    const res = await fetch(`${open.url}/__inspector/requests`, {
      headers: { Origin: 'http://evil.example' },
    })
    const preflight = await fetch(`${open.url}/__inspector/events`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://evil.example', 'Access-Control-Request-Method': 'GET' },
    })

    // Assert
    expect([res.status, preflight.status]).toEqual([403, 403])
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
  })

  test('When the mock is exposed, then the data needs the admin token, the page does not, and neither shows it', async () => {
    // Act
    const without = await fetch(`${exposed.url}/__inspector/requests`)
    const withToken = await fetch(`${exposed.url}/__inspector/requests`, {
      headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
    })
    const page = await fetch(`${exposed.url}/__inspector`)

    // Assert
    expect([without.status, withToken.status, page.status]).toEqual([403, 200, 200])
    expect(await page.text()).not.toContain(ADMIN_TOKEN)
    expect(await withToken.text()).not.toContain(ADMIN_TOKEN)
  })
})

describe('the live stream', () => {
  test('When a request is made while the stream is open, then its event arrives on the stream, with its verdict', async () => {
    // Arrange
    const controller = new AbortController()
    const after = (await listOf(open)).at(-1)?.id ?? 0
    const stream = await fetch(`${open.url}/__inspector/events?after=${String(after)}`, {
      signal: controller.signal,
    })
    const reader = stream.body?.pipeThrough(new TextDecoderStream()).getReader()

    // Act
    await fetch(contactsOf(open), { headers: auth })
    let text = ''
    while (!text.includes('event: request') && reader) text += (await reader.read()).value ?? ''
    controller.abort()

    // Assert
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    expect(text).toContain('"operationId":"listContacts","status":200')
    expect(text).toContain('"verdict":"valid"')
  })
})

describe('--no-inspector', () => {
  test('When recording is off, then a request leaves no trace in the inspector', async () => {
    // Arrange
    const quiet = await serveTestApp({ recorder: 'off' })

    // Act
    const res = await fetch(contactsOf(quiet), { headers: auth })
    const recorded = await listOf(quiet)
    await quiet.close()

    // Assert
    expect(res.status).toBe(200)
    expect(recorded).toEqual([])
  })
})
