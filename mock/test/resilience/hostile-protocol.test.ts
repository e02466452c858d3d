// Requests that Node's HTTP parser rejects before Express sees them, sent over a real port with a
// raw socket: each must still be answered with a problem+json, and nothing smuggled may run.
import { STATUS_CODES, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals'
import { ACME_ORG_ID, ALICE } from '../../../fixtures/identities.ts'
import { createHttpServer } from '../../process/create-server.ts'
import { createTestApp, type TestApp } from '../../../test-support/test-app.ts'
import { expectClientProblem } from '../../../test-support/resilience/problem-assertions.ts'
import { sendRaw } from '../../../test-support/resilience/raw-http.ts'

const CONTACTS = `/api/v1/orgs/${ACME_ORG_ID}/contacts`
const AUTH = `Authorization: Bearer ${ALICE.token}`
const CREATE = 'contact[first_name]=Smuggled&contact[relationship_type]=1'
/** A whole create request, as a smuggler hides it in a body. */
const SMUGGLED = `POST ${CONTACTS} HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${String(CREATE.length)}\r\n\r\n${CREATE}`

let testApp: TestApp
let server: Server
let port: number
let before: string

beforeAll(async () => {
  testApp = await createTestApp()
  server = createHttpServer(testApp.app, {
    headersTimeoutMs: 500,
    requestTimeoutMs: 2000,
    keepAliveTimeoutMs: 5000,
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
  before = JSON.stringify(await testApp.engine.exportData())
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
  await testApp.close()
})

describe('requests the HTTP parser rejects', () => {
  test.each<[label: string, request: string, status: number]>([
    [
      'the URL is 270 KB',
      `GET ${CONTACTS}?search=${'a'.repeat(270 * 1024)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      431,
    ],
    [
      'a header is 20 KB',
      `GET ${CONTACTS} HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(20 * 1024)}\r\n\r\n`,
      431,
    ],
    [
      'Content-Length and Transfer-Encoding hide a second request (CL+TE)',
      `POST ${CONTACTS} HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n${SMUGGLED}`,
      400,
    ],
    [
      'two different Content-Lengths hide a second request',
      `POST ${CONTACTS} HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${String(CREATE.length)}\r\nContent-Length: 0\r\n\r\n${SMUGGLED}`,
      400,
    ],
    [
      'Content-Length is sent twice with one value',
      `POST ${CONTACTS} HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\nContent-Length: 2\r\nContent-Length: 2\r\n\r\nab`,
      400,
    ],
    [
      'Transfer-Encoding is obfuscated',
      `POST ${CONTACTS} HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n`,
      400,
    ],
    ['the lines end in a bare LF', `GET ${CONTACTS} HTTP/1.1\nHost: localhost\n${AUTH}\n\n`, 400],
    [
      'one header ends in a bare LF',
      `GET ${CONTACTS} HTTP/1.1\r\nHost: localhost\n${AUTH}\r\n\r\n`,
      400,
    ],
    [
      'a chunked body has an invalid chunk size',
      `POST ${CONTACTS} HTTP/1.1\r\nHost: localhost\r\n${AUTH}\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n${CREATE}\r\n0\r\n\r\n`,
      400,
    ],
    [
      'a header name has a space',
      `GET ${CONTACTS} HTTP/1.1\r\nHost: localhost\r\nX Y: 1\r\n\r\n`,
      400,
    ],
    ['the request line is garbage', '\u0000\u0001 nonsense\r\n\r\n', 400],
  ])(
    'When %s, then the answer is a problem+json and the connection is closed',
    async (label, request, status) => {
      // Act
      const res = await sendRaw(port, request)

      // Assert
      const problem = expectClientProblem(res, label)
      expect(res.status).toBe(status)
      expect(problem.title).toBe(STATUS_CODES[status])
      expect(res.headers['connection']).toBe('close')
      expect(res.closed).toBe(true)
      expect(res.rest).toBe('')
    },
  )

  test.each([
    ['HTTP/1.1', `GET ${CONTACTS} HTTP/1.1\r\n${AUTH}\r\nConnection: close\r\n\r\n`],
    ['HTTP/1.0', `GET ${CONTACTS} HTTP/1.0\r\n${AUTH}\r\n\r\n`],
  ])('When an %s request has no Host, then it is a 400 problem+json', async (label, request) => {
    // Act
    const res = await sendRaw(port, request)

    // Assert
    expect(expectClientProblem(res, label).detail).toContain('Host')
    expect(res.status).toBe(400)
  })

  test('When the headers do not arrive in time, then it is a 408 problem+json', async () => {
    // Act: half a request, then nothing
    const res = await sendRaw(port, `GET ${CONTACTS} HTTP/1.1\r\nHost: localhost\r\n`)

    // Assert
    expectClientProblem(res, 'slow headers')
    expect(res.status).toBe(408)
    expect(res.closed).toBe(true)
  })

  test('When all these requests are done, then nothing changed and nothing smuggled ran', async () => {
    // Act
    const after = JSON.stringify(await testApp.engine.exportData())

    // Assert
    expect(after).toBe(before)
    expect(after).not.toContain('Smuggled')
  })
})
