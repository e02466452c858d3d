// Who may use the admin API (/__admin): never another site, and only with the admin token when
// one is configured or the mock listens on a non-loopback address.
import { describe, expect, test } from '@jest/globals'
import type { Response, Test } from 'supertest'
import { ALICE } from '../../../fixtures/identities.ts'
import { expectProblem, paths, useTestApp, type Http } from '../../../test-support/http.ts'

const RESET = '/__admin/reset'
const ADMIN_TOKEN = 'admin-token-for-the-tests-7f3a'
const HOST = 'localhost:4010'

/** A reset as curl sends it from this machine: JSON, no Origin. */
const reset = (http: Http): Test =>
  http.anon.post(RESET).set('Host', HOST).set('Content-Type', 'application/json')

/** No Access-Control-* header: a browser hands the answer to no other site. */
function expectNoCors(res: Response): void {
  const names = Object.keys(res.headers).filter((name) => name.startsWith('access-control-'))
  expect(names).toEqual([])
}

/** Runs `act` and asserts that the contact created before it is still there (no reset ran). */
async function expectNoReset(http: Http, act: () => Promise<Response>): Promise<Response> {
  const kept = await http.createContact({ first_name: 'Kept' })
  const res = await act()
  expect((await http.get(paths.contact(kept.id))).status).toBe(200)
  return res
}

/** Runs `act` and asserts that the contact created before it is gone (the reset ran). */
async function expectReset(http: Http, act: () => Promise<Response>): Promise<Response> {
  const created = await http.createContact({ first_name: 'Ephemeral' })
  const res = await act()
  expect((await http.get(paths.contact(created.id))).status).toBe(404)
  return res
}

describe('the admin API on loopback, without --admin-token', () => {
  const http = useTestApp()

  test('When another site POSTs a reset as text/plain, then it is 403 without CORS headers and nothing changes', async () => {
    // Act
    const res = await expectNoReset(http, () =>
      http.anon
        .post(RESET)
        .set('Host', HOST)
        .set('Origin', 'http://evil.example')
        .set('Content-Type', 'text/plain')
        .send('{}'),
    )

    // Assert
    expect(expectProblem(res, 403).detail).toContain('no other site')
    expectNoCors(res)
  })

  test('When another site sends a preflight for the admin API, then it is 403 without CORS headers', async () => {
    // Act
    const res = await http.anon
      .options(RESET)
      .set('Host', HOST)
      .set('Origin', 'http://localhost:5173')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'content-type')

    // Assert
    expectProblem(res, 403)
    expectNoCors(res)
  })

  test.each([
    ['Origin: null (a sandboxed page)', { Origin: 'null' }],
    ['the same host on another port', { Origin: 'http://localhost:5173' }],
    ['Sec-Fetch-Site: cross-site without an Origin', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site without an Origin', { 'Sec-Fetch-Site': 'same-site' }],
  ])(
    'When a JSON reset carries %s, then it is 403 and nothing changes',
    async (_label, headers) => {
      // Act
      const res = await expectNoReset(http, () => reset(http).set(headers))

      // Assert
      expectProblem(res, 403)
      expectNoCors(res)
    },
  )

  test.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
  ])(
    'When a reset is sent as %s from this machine, then it is 415 asking for JSON and nothing changes',
    async (_label, type) => {
      // Act
      const res = await expectNoReset(http, () =>
        http.anon.post(RESET).set('Host', HOST).set('Content-Type', type).send('x=1'),
      )

      // Assert
      expect(expectProblem(res, 415).detail).toContain("-H 'Content-Type: application/json'")
    },
  )

  test('When a reset has no Content-Type at all, then it is 415 and nothing changes', async () => {
    // Act
    const res = await expectNoReset(http, () => http.anon.post(RESET).set('Host', HOST))

    // Assert
    expectProblem(res, 415)
  })

  test.each([
    ['no Origin (curl)', {}],
    ['its own origin', { Origin: `http://${HOST}`, 'Sec-Fetch-Site': 'same-origin' }],
  ])(
    'When a JSON reset comes with %s, then it is 204 without CORS headers',
    async (_label, headers) => {
      // Act
      const res = await expectReset(http, () => reset(http).set(headers))

      // Assert
      expect(res.status).toBe(204)
      expectNoCors(res)
    },
  )
})

describe('the admin API on a non-loopback address, without --admin-token', () => {
  const http = useTestApp({ access: { exposed: true } })

  test('When a reset is sent, then it is 403 saying to start with --admin-token, and nothing changes', async () => {
    // Act
    const res = await expectNoReset(http, () =>
      reset(http).set('Authorization', `Bearer ${ALICE.token}`),
    )

    // Assert
    expect(expectProblem(res, 403).detail).toContain('--admin-token')
  })
})

describe('the admin API on a non-loopback address, with --admin-token', () => {
  const http = useTestApp({ access: { exposed: true, adminToken: ADMIN_TOKEN } })

  test.each([
    ['no Authorization header', undefined],
    ['a user token', `Bearer ${ALICE.token}`],
    ['a wrong token', 'Bearer not-the-admin-token'],
    ['the token with one more character', `Bearer ${ADMIN_TOKEN}x`],
    ['the token as Basic', `Basic ${ADMIN_TOKEN}`],
  ])(
    'When a reset carries %s, then it is 403 and nothing changes',
    async (_label, authorization) => {
      // Act
      const res = await expectNoReset(http, () => {
        const req = reset(http)
        return authorization === undefined ? req : req.set('Authorization', authorization)
      })

      // Assert
      expectProblem(res, 403)
      expect(res.text).not.toContain(ADMIN_TOKEN)
    },
  )

  test('When a reset carries the admin token as a bearer token, then it is 204', async () => {
    // Act
    const res = await expectReset(http, () =>
      reset(http).set('Authorization', `bearer ${ADMIN_TOKEN}`),
    )

    // Assert
    expect(res.status).toBe(204)
  })

  test('When the API is used, then it needs no admin token', async () => {
    // Act
    const res = await http.get(paths.catalog)

    // Assert
    expect(res.status).toBe(200)
  })
})

describe('--admin-token on loopback', () => {
  const http = useTestApp({ access: { adminToken: ADMIN_TOKEN } })

  test('When a reset has no token, then it is 403: a configured token is always required', async () => {
    // Act
    const res = await expectNoReset(http, () => reset(http))

    // Assert
    expectProblem(res, 403)
  })

  test('When a reset carries the token, then it is 204', async () => {
    // Act
    const res = await expectReset(http, () =>
      reset(http).set('Authorization', `Bearer ${ADMIN_TOKEN}`),
    )

    // Assert
    expect(res.status).toBe(204)
  })
})
