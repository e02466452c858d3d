// MSW's setupServer with createHandlers: the platform's fetch to the API is answered by the mock's
// core, in this process; what is not the API's goes on to the network (a server on port 0 here).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, test } from '@jest/globals'
import { setupServer } from 'msw/node'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createHandlers } from '../../fetch/node/msw.ts'

const auth = { Authorization: `Bearer ${ALICE.token}` }
const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`

// the network: what MSW lets through reaches this server, which names itself
let network: Server
let networkUrl = ''
const anyOrigin = createHandlers()
const oneOrigin = createHandlers({ baseUrl: 'https://api.example.test' })
const msw = setupServer()

beforeAll(async () => {
  network = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`network ${req.url ?? ''}`)
  })
  await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve))
  networkUrl = `http://127.0.0.1:${String((network.address() as AddressInfo).port)}`
  msw.listen({ onUnhandledRequest: 'bypass' })
})
afterEach(async () => {
  msw.resetHandlers()
  await Promise.all([anyOrigin.reset(), oneOrigin.reset()])
  await anyOrigin.mock('http://localhost/__admin/faults', { method: 'DELETE' })
})
afterAll(async () => {
  msw.close()
  await Promise.all([anyOrigin.close(), oneOrigin.close()])
  await new Promise((resolve) => network.close(resolve))
})

describe('createHandlers in setupServer', () => {
  test('When the page fetches the API on any origin, then the mock answers, and its own fetch sees the write', async () => {
    // Arrange
    msw.use(...anyOrigin)

    // Act
    const created = await fetch(`http://localhost:5173${CONTACTS}`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ contact: { first_name: 'Handled', relationship_type: 1 } }),
    })
    const location = created.headers.get('location') ?? ''
    const read = await anyOrigin.mock(`http://localhost${location}`, { headers: auth })

    // Assert
    expect(created.status).toBe(201)
    expect(await read.json()).toMatchObject({ first_name: 'Handled' })
  })

  test('When a path outside the API is fetched, then it goes on to the network, and the API’s do not', async () => {
    // Arrange
    msw.use(...anyOrigin)

    // Act
    const api = await fetch(`${networkUrl}/api/v1/relationships`, { headers: auth })
    const page = await fetch(`${networkUrl}/index.html`)

    // Assert
    expect(api.headers.get('content-type')).toContain('application/json')
    expect(await page.text()).toBe('network /index.html')
  })

  test('When the handlers have a base URL, then only that origin is the mock', async () => {
    // Arrange
    msw.use(...oneOrigin)

    // Act
    const mocked = await fetch(`https://api.example.test${CONTACTS}`, { headers: auth })
    const elsewhere = await fetch(`${networkUrl}${CONTACTS}`, { headers: auth })

    // Assert
    expect(mocked.status).toBe(200)
    expect(await elsewhere.text()).toBe(`network ${CONTACTS}`)
  })

  test('When a fault rule breaks the connection, then fetch rejects with a TypeError', async () => {
    // Arrange
    msw.use(...anyOrigin)
    const rule = await fetch('http://localhost/__admin/faults', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        match: { operationId: 'listContacts' },
        respond: { network: 'reset' },
      }),
    })

    // Act
    const call = fetch(`http://localhost${CONTACTS}`, { headers: auth })

    // Assert
    expect(rule.status).toBe(201)
    await expect(call).rejects.toThrow(TypeError)
  })

  test('When Prefer asks for a 503, then the handlers answer the problem the server would', async () => {
    // Arrange
    msw.use(...anyOrigin)

    // Act
    const response = await fetch(`http://localhost${CONTACTS}`, {
      headers: { ...auth, Prefer: 'code=503' },
    })

    // Assert
    expect(response.status).toBe(503)
    expect(response.headers.get('content-type')).toBe('application/problem+json; charset=utf-8')
    expect(await response.json()).toMatchObject({ status: 503, instance: CONTACTS })
  })
})
