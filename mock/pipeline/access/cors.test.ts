import { describe, expect, test } from '@jest/globals'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import cors from 'cors'
import { CORS_HEADERS, preflightReply } from './cors.ts'

// the options the mock answered CORS with when it used the package itself
const viaPackage = cors({
  exposedHeaders: ['Location', 'WWW-Authenticate', 'Allow', 'Retry-After'],
  maxAge: 600,
})

function answerOf(method: string, headers: Record<string, string>) {
  const req = new IncomingMessage(new Socket())
  req.method = method
  req.headers = headers
  const res = new ServerResponse(req)
  viaPackage(req, res, () => undefined)
  const lower = (record: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(record).map(([name, value]) => [name.toLowerCase(), value]))
  return { status: res.statusCode, headers: lower(res.getHeaders()), lower }
}

describe('CORS on the API', () => {
  test.each(['GET', 'POST', 'DELETE'])(
    'When a %s that is not a preflight is answered, then it carries what the cors package sets',
    (method) => {
      // Act
      const expected = answerOf(method, { origin: 'http://localhost:5173' })

      // Assert
      expect(expected.lower(CORS_HEADERS)).toEqual(expected.headers)
    },
  )

  test.each([
    [{ origin: 'http://localhost:5173', 'access-control-request-method': 'PATCH' }],
    [
      {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    ],
  ])('When a preflight asks %j, then it is answered as the cors package answers it', (headers) => {
    // Act
    const expected = answerOf('OPTIONS', headers)
    const reply = preflightReply(headers)

    // Assert
    expect(reply.status).toBe(expected.status)
    expect(expected.lower(reply.headers)).toEqual(expected.headers)
  })
})
